/**
 * The stereo mix bus every instrument renders into, plus a mono send to the reverb. Instruments
 * add their samples straight into these preallocated arrays (no per-note buffers), at a place in
 * the stereo image given by constant-power pan gains.
 */
export interface MixBus {
  sampleRate: number
  length: number
  left: Float32Array
  right: Float32Array
  reverbSend: Float32Array
}

export function createMixBus(sampleRate: number, length: number): MixBus {
  return {
    sampleRate,
    length,
    left: new Float32Array(length),
    right: new Float32Array(length),
    reverbSend: new Float32Array(length),
  }
}

/** Where a voice sits: gains for left, right and the reverb send. */
export interface Placement {
  left: number
  right: number
  send: number
}

/** Constant-power pan: -1 is hard left, 0 centre, 1 hard right. */
export function place(pan: number, gain: number, send: number): Placement {
  const clamped = Math.max(-1, Math.min(1, pan))
  const angle = ((clamped + 1) * Math.PI) / 4
  return { left: Math.cos(angle) * gain, right: Math.sin(angle) * gain, send: send * gain }
}

const SINE_TABLE_SIZE = 4096
/** One period of a sine plus a guard sample, so interpolation never reads past the end. */
export const SINE_TABLE: Float32Array = (() => {
  const table = new Float32Array(SINE_TABLE_SIZE + 1)
  for (let index = 0; index <= SINE_TABLE_SIZE; index++) {
    table[index] = Math.sin((2 * Math.PI * index) / SINE_TABLE_SIZE)
  }
  return table
})()

/** Sine of a phase in cycles (any real number), by table lookup: far cheaper than Math.sin. */
export function sineCycles(phase: number): number {
  const wrapped = phase - Math.floor(phase)
  const position = wrapped * SINE_TABLE_SIZE
  const index = position | 0
  const fraction = position - index
  const low = SINE_TABLE[index] as number
  const high = SINE_TABLE[index + 1] as number
  return low + (high - low) * fraction
}

/** PolyBLEP correction that removes most aliasing from a naive sawtooth step. */
export function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const t = phase / increment
    return t + t - t * t - 1
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment
    return t * t + t + t + 1
  }
  return 0
}

/** A cheap soft clipper (x / (1 + |x|) scaled to unity slope at 0) for drive and saturation. */
export function softClip(sample: number): number {
  return sample / (1 + Math.abs(sample))
}

/** One-pole low-pass coefficient for a cutoff in Hz. */
export function onePoleCoefficient(cutoffHz: number, sampleRate: number): number {
  return 1 - Math.exp((-2 * Math.PI * Math.min(cutoffHz, sampleRate * 0.45)) / sampleRate)
}

/** Per-sample multiplier for an exponential decay that falls by 60 dB over `seconds`. */
export function decayFactor(seconds: number, sampleRate: number): number {
  return Math.exp(Math.log(0.001) / Math.max(1e-4, seconds * sampleRate))
}

/** Biquad band-pass coefficients (RBJ cookbook, constant 0 dB peak gain). */
export interface BiquadCoefficients {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

export function bandPass(frequency: number, q: number, sampleRate: number): BiquadCoefficients {
  const omega = (2 * Math.PI * Math.min(frequency, sampleRate * 0.45)) / sampleRate
  const alpha = Math.sin(omega) / (2 * q)
  const a0 = 1 + alpha
  return {
    b0: alpha / a0,
    b1: 0,
    b2: -alpha / a0,
    a1: (-2 * Math.cos(omega)) / a0,
    a2: (1 - alpha) / a0,
  }
}

export function highPass(frequency: number, q: number, sampleRate: number): BiquadCoefficients {
  const omega = (2 * Math.PI * Math.min(frequency, sampleRate * 0.45)) / sampleRate
  const alpha = Math.sin(omega) / (2 * q)
  const cos = Math.cos(omega)
  const a0 = 1 + alpha
  return {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  }
}

/** Filters a buffer in place with a biquad (transposed direct form II). */
export function filterInPlace(samples: Float32Array, coefficients: BiquadCoefficients): void {
  const { b0, b1, b2, a1, a2 } = coefficients
  let z1 = 0
  let z2 = 0
  for (let index = 0; index < samples.length; index++) {
    const input = samples[index] as number
    const output = b0 * input + z1
    z1 = b1 * input - a1 * output + z2
    z2 = b2 * input - a2 * output
    samples[index] = output
  }
}
