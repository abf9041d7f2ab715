/**
 * The effects a produced mix puts on a vocal and on the whole mix: a stereo hall reverb with a long
 * tail, a ping-pong delay, and a stereo-linked bus compressor whose gain curve is returned rather
 * than applied, so that the same gain can be applied to each stem and the stems still sum to the
 * mixture (as a bench needs its references to).
 */

export interface Stereo {
  left: Float32Array
  right: Float32Array
}

/** Comb and all-pass lengths of the classic Schroeder-Moorer ("Freeverb") design at 44.1 kHz. */
const COMB_LENGTHS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617]
const ALLPASS_LENGTHS = [556, 441, 341, 225]
/** Extra samples on the right side's delays: what decorrelates the two sides of the tail. */
const STEREO_SPREAD = 23

export interface ReverbOptions {
  sampleRate: number
  /** 0..1: the comb feedback from 0.7 to 0.98; 0.9 and above is a long hall tail. */
  roomSize: number
  /** 0..1: high-frequency damping in the combs. */
  damping: number
  /** Seconds before the tail starts. */
  preDelay: number
}

function reverbSide(input: Float32Array, options: ReverbOptions, spread: number): Float32Array {
  const scale = options.sampleRate / 44_100
  const feedback = 0.7 + 0.28 * options.roomSize
  const damping = options.damping * 0.4
  const preDelay = Math.round(options.preDelay * options.sampleRate)
  const output = new Float32Array(input.length)
  for (const length of COMB_LENGTHS) {
    const buffer = new Float32Array(Math.round((length + spread) * scale))
    let index = 0
    let filtered = 0
    for (let i = 0; i < input.length; i++) {
      const delayed = buffer[index]!
      filtered = delayed * (1 - damping) + filtered * damping
      const x = i >= preDelay ? input[i - preDelay]! : 0
      buffer[index] = x * 0.015 + filtered * feedback
      output[i]! += delayed
      if (++index === buffer.length) index = 0
    }
  }
  for (const length of ALLPASS_LENGTHS) {
    const buffer = new Float32Array(Math.round((length + spread) * scale))
    let index = 0
    for (let i = 0; i < input.length; i++) {
      const delayed = buffer[index]!
      const x = output[i]!
      buffer[index] = x + delayed * 0.5
      output[i] = delayed - x
      if (++index === buffer.length) index = 0
    }
  }
  return output
}

/** The wet signal of a stereo reverb fed with a stereo input (its tail is longer than the input). */
export function stereoReverb(input: Stereo, options: ReverbOptions): Stereo {
  return {
    left: reverbSide(input.left, options, 0),
    right: reverbSide(input.right, options, STEREO_SPREAD),
  }
}

export interface DelayOptions {
  sampleRate: number
  /** Seconds between repeats. */
  time: number
  /** 0..1 */
  feedback: number
}

/**
 * The wet signal of a ping-pong delay: the first repeat on the left, the next on the right, and so
 * on, each darker than the last (a one-pole low-pass in the loop, as tape and analogue delays do).
 */
export function pingPongDelay(input: Float32Array, options: DelayOptions): Stereo {
  const delay = Math.max(1, Math.round(options.time * options.sampleRate))
  const left = new Float32Array(input.length)
  const right = new Float32Array(input.length)
  const smoothing = 1 - Math.exp((-2 * Math.PI * 3500) / options.sampleRate)
  let lowLeft = 0
  let lowRight = 0
  for (let i = delay; i < input.length; i++) {
    // Left repeats the dry input and what came back from the right; right repeats the left.
    lowLeft += smoothing * (input[i - delay]! + right[i - delay]! * options.feedback - lowLeft)
    lowRight += smoothing * (left[i - delay]! * options.feedback - lowRight)
    left[i] = lowLeft
    right[i] = lowRight
  }
  return { left, right }
}

export interface CompressorOptions {
  sampleRate: number
  /** Threshold in dB relative to full scale. */
  thresholdDb: number
  ratio: number
  attackSeconds: number
  releaseSeconds: number
}

/**
 * The gain (linear, per sample) a stereo-linked feed-forward compressor applies to `mix`: the
 * detector follows the louder side's level in dB with attack and release smoothing.
 */
export function compressorGain(mix: Stereo, options: CompressorOptions): Float32Array {
  const attack = Math.exp(-1 / (options.attackSeconds * options.sampleRate))
  const release = Math.exp(-1 / (options.releaseSeconds * options.sampleRate))
  const gain = new Float32Array(mix.left.length)
  let reductionDb = 0
  for (let i = 0; i < gain.length; i++) {
    const peak = Math.max(Math.abs(mix.left[i]!), Math.abs(mix.right[i]!), 1e-9)
    const overDb = 20 * Math.log10(peak) - options.thresholdDb
    const target = overDb > 0 ? overDb * (1 - 1 / options.ratio) : 0
    const coefficient = target > reductionDb ? attack : release
    reductionDb = target + (reductionDb - target) * coefficient
    gain[i] = 10 ** (-reductionDb / 20)
  }
  return gain
}
