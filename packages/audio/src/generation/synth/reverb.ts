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

/**
 * One channel's delay lines and filter states. They live between calls, so a song can be
 * processed in ranges as it is rendered and come out exactly as if processed in one go.
 */
class ReverbChannel {
  private readonly combs: Float32Array[]
  private readonly allPasses: Float32Array[]
  /** Write positions: four combs, then two all-passes. */
  private readonly positions = new Int32Array(6)
  /** The damping low-pass state of each comb. */
  private readonly damped = new Float64Array(4)
  private readonly feedback: number
  private readonly damp: number

  constructor(
    spread: number,
    sampleRate: number,
    private readonly options: ReverbOptions,
  ) {
    const scale = sampleRate / 44100
    this.combs = COMB_TUNING.map(
      (length) => new Float32Array(Math.round((length + spread) * scale)),
    )
    this.allPasses = ALLPASS_TUNING.map(
      (length) => new Float32Array(Math.round((length + spread) * scale)),
    )
    this.feedback = 0.7 + options.roomSize * 0.28
    this.damp = options.damping * 0.4
  }

  /** Adds the reverb of `send[from, to)` into `out` over the same range. */
  process(send: Float32Array, out: Float32Array, from: number, to: number): void {
    const [c0, c1, c2, c3] = this.combs
    const [p0, p1] = this.allPasses
    if (!c0 || !c1 || !c2 || !c3 || !p0 || !p1) return
    const { positions, damped, feedback, damp } = this
    // The state is copied into locals for the loop, which runs once per sample of the song.
    let i0 = positions[0] as number
    let i1 = positions[1] as number
    let i2 = positions[2] as number
    let i3 = positions[3] as number
    let j0 = positions[4] as number
    let j1 = positions[5] as number
    let s0 = damped[0] as number
    let s1 = damped[1] as number
    let s2 = damped[2] as number
    let s3 = damped[3] as number
    const gainIn = 0.015 * 2
    const wet = this.options.wet
    for (let index = from; index < to; index++) {
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
    positions.set([i0, i1, i2, i3, j0, j1])
    damped.set([s0, s1, s2, s3])
  }
}

/**
 * The room of one bus. `process` may be called on consecutive ranges of any size: the tail
 * carries over from one call to the next.
 */
export class Reverb {
  private readonly left: ReverbChannel
  private readonly right: ReverbChannel

  constructor(sampleRate: number, options: ReverbOptions) {
    this.left = new ReverbChannel(0, sampleRate, options)
    this.right = new ReverbChannel(STEREO_SPREAD, sampleRate, options)
  }

  /** Adds the reverb of the bus's send over [from, to) into its left and right channels. */
  process(bus: MixBus, from: number, to: number): void {
    this.left.process(bus.reverbSend, bus.left, from, to)
    this.right.process(bus.reverbSend, bus.right, from, to)
  }
}
