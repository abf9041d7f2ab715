/** A tone curve is a short list of EQ bands (RBJ "Audio EQ Cookbook" biquads) applied in series. */
export const TONE_BAND_TYPES = ['lowShelf', 'highShelf', 'peaking', 'lowPass', 'highPass'] as const
export type ToneBandType = (typeof TONE_BAND_TYPES)[number]

export interface ToneBand {
  type: ToneBandType
  /** Centre (peaking) or corner (shelves, passes) frequency in Hz. */
  frequency: number
  /** Ignored by the low and high passes (their pass band is at 0 dB). */
  gainDb: number
  /** Bandwidth of a peaking band or resonance of a pass (default 0.9; 1/√2 is Butterworth); shelves use a slope of 1. */
  q?: number
}

interface BiquadCoefficients {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

function coefficients(band: ToneBand, sampleRate: number): BiquadCoefficients | undefined {
  // A band at or above Nyquist cannot be realised at this rate; it is skipped.
  if (band.frequency <= 0 || band.frequency >= sampleRate / 2) return undefined
  const pass = band.type === 'lowPass' || band.type === 'highPass'
  if (band.gainDb === 0 && !pass) return undefined
  const a = Math.pow(10, band.gainDb / 40)
  const w0 = (2 * Math.PI * band.frequency) / sampleRate
  const cos = Math.cos(w0)
  const sin = Math.sin(w0)
  let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number
  if (pass) {
    const alpha = sin / (2 * (band.q ?? 0.9))
    const sign = band.type === 'lowPass' ? 1 : -1
    b0 = (1 - sign * cos) / 2
    b1 = sign * (1 - sign * cos)
    b2 = b0
    a0 = 1 + alpha
    a1 = -2 * cos
    a2 = 1 - alpha
  } else if (band.type === 'peaking') {
    const alpha = sin / (2 * (band.q ?? 0.9))
    b0 = 1 + alpha * a
    b1 = -2 * cos
    b2 = 1 - alpha * a
    a0 = 1 + alpha / a
    a1 = -2 * cos
    a2 = 1 - alpha / a
  } else {
    const alpha = (sin / 2) * Math.SQRT2
    const root = 2 * Math.sqrt(a) * alpha
    if (band.type === 'lowShelf') {
      b0 = a * (a + 1 - (a - 1) * cos + root)
      b1 = 2 * a * (a - 1 - (a + 1) * cos)
      b2 = a * (a + 1 - (a - 1) * cos - root)
      a0 = a + 1 + (a - 1) * cos + root
      a1 = -2 * (a - 1 + (a + 1) * cos)
      a2 = a + 1 + (a - 1) * cos - root
    } else {
      b0 = a * (a + 1 + (a - 1) * cos + root)
      b1 = -2 * a * (a - 1 + (a + 1) * cos)
      b2 = a * (a + 1 + (a - 1) * cos - root)
      a0 = a + 1 - (a - 1) * cos + root
      a1 = 2 * (a - 1 - (a + 1) * cos)
      a2 = a + 1 - (a - 1) * cos - root
    }
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 }
}

/**
 * A tone curve as a running filter: `process` filters chunks of one channel in place, keeping its
 * state between them, so a long channel can be filtered piece by piece.
 */
export class ToneFilter {
  private readonly stages: BiquadCoefficients[]
  private readonly state: Float64Array

  constructor(sampleRate: number, curve: readonly ToneBand[]) {
    this.stages = curve.flatMap((band) => coefficients(band, sampleRate) ?? [])
    this.state = new Float64Array(this.stages.length * 4)
  }

  process(samples: Float32Array): void {
    this.stages.forEach((c, s) => {
      const st = this.state
      let x1 = st[s * 4] as number
      let x2 = st[s * 4 + 1] as number
      let y1 = st[s * 4 + 2] as number
      let y2 = st[s * 4 + 3] as number
      for (let i = 0; i < samples.length; i++) {
        const x = samples[i] as number
        const y = c.b0 * x + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2
        x2 = x1
        x1 = x
        y2 = y1
        y1 = y
        samples[i] = y
      }
      st[s * 4] = x1
      st[s * 4 + 1] = x2
      st[s * 4 + 2] = y1
      st[s * 4 + 3] = y2
    })
  }
}

/** Filters one channel in place through every band of the curve. */
export function applyToneCurve(
  samples: Float32Array,
  sampleRate: number,
  curve: readonly ToneBand[],
): void {
  new ToneFilter(sampleRate, curve).process(samples)
}

/** The curve's gain in dB at one frequency (for drawing it and for tests). */
export function toneCurveGainDb(
  curve: readonly ToneBand[],
  frequency: number,
  sampleRate: number,
): number {
  const w = (2 * Math.PI * frequency) / sampleRate
  let total = 0
  for (const band of curve) {
    const c = coefficients(band, sampleRate)
    if (!c) continue
    // |H(e^jw)|² from the numerator and denominator polynomials.
    const numRe = c.b0 + c.b1 * Math.cos(w) + c.b2 * Math.cos(2 * w)
    const numIm = -(c.b1 * Math.sin(w) + c.b2 * Math.sin(2 * w))
    const denRe = 1 + c.a1 * Math.cos(w) + c.a2 * Math.cos(2 * w)
    const denIm = -(c.a1 * Math.sin(w) + c.a2 * Math.sin(2 * w))
    total += 10 * Math.log10((numRe * numRe + numIm * numIm) / (denRe * denRe + denIm * denIm))
  }
  return total
}
