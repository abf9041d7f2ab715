import type { MixBus } from './bus'

/**
 * A small Schroeder/Freeverb-style room: four damped comb filters in parallel and two all-passes
 * in series per channel, fed by the bus's mono send. The right channel's delays are offset a few
 * samples from the left's, which decorrelates them into a wide stereo tail.
 */
const COMB_TUNING = [1116, 1188, 1277, 1356] as const
const ALLPASS_TUNING = [556, 341] as const
const STEREO_SPREAD = 23

export interface ReverbOptions {
  /** 0..1: tail length. */
  roomSize: number
  /** 0..1: how quickly high frequencies fade in the tail. */
  damping: number
  /** Level of the wet signal added to the bus. */
  wet: number
}

function renderChannel(
  send: Float32Array,
  out: Float32Array,
  spread: number,
  sampleRate: number,
  options: ReverbOptions,
): void {
  const scale = sampleRate / 44100
  const feedback = 0.7 + options.roomSize * 0.28
  const damp = options.damping * 0.4
  const combs = COMB_TUNING.map((length) => new Float32Array(Math.round((length + spread) * scale)))
  const allPasses = ALLPASS_TUNING.map(
    (length) => new Float32Array(Math.round((length + spread) * scale)),
  )
  const [c0, c1, c2, c3] = combs
  const [p0, p1] = allPasses
  if (!c0 || !c1 || !c2 || !c3 || !p0 || !p1) return
  let i0 = 0
  let i1 = 0
  let i2 = 0
  let i3 = 0
  let j0 = 0
  let j1 = 0
  // The damping low-pass state of each comb.
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let s3 = 0
  const gainIn = 0.015 * 2
  const wet = options.wet
  for (let index = 0; index < send.length; index++) {
    const input = (send[index] as number) * gainIn
    // Four combs, unrolled: each feeds back a low-passed copy of its output.
    let y = c0[i0] as number
    s0 = y * (1 - damp) + s0 * damp
    c0[i0] = input + s0 * feedback
    if (++i0 === c0.length) i0 = 0
    let sum = y
    y = c1[i1] as number
    s1 = y * (1 - damp) + s1 * damp
    c1[i1] = input + s1 * feedback
    if (++i1 === c1.length) i1 = 0
    sum += y
    y = c2[i2] as number
    s2 = y * (1 - damp) + s2 * damp
    c2[i2] = input + s2 * feedback
    if (++i2 === c2.length) i2 = 0
    sum += y
    y = c3[i3] as number
    s3 = y * (1 - damp) + s3 * damp
    c3[i3] = input + s3 * feedback
    if (++i3 === c3.length) i3 = 0
    sum += y
    // Two all-passes smear the comb echoes into a dense tail.
    let buffered = p0[j0] as number
    let output = -sum + buffered
    p0[j0] = sum + buffered * 0.5
    if (++j0 === p0.length) j0 = 0
    buffered = p1[j1] as number
    const final = -output + buffered
    p1[j1] = output + buffered * 0.5
    if (++j1 === p1.length) j1 = 0
    output = final
    out[index] = (out[index] as number) + output * wet
  }
}

/** Adds the reverb of the bus's send into its left and right channels. */
export function applyReverb(bus: MixBus, options: ReverbOptions): void {
  renderChannel(bus.reverbSend, bus.left, 0, bus.sampleRate, options)
  renderChannel(bus.reverbSend, bus.right, STEREO_SPREAD, bus.sampleRate, options)
}
