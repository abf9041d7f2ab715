import { RealFft } from '../dsp/fft'

/** A dip counts as the period only if it is within this of the deepest one. */
const OCTAVE_MARGIN = 0.04

export interface PitchTrackOptions {
  /** Seconds between estimates. Default 0.01. */
  hopSeconds?: number
  minHz?: number
  maxHz?: number
  /** YIN's threshold on the normalised difference; lower is stricter about what counts as voiced. */
  threshold?: number
}

/**
 * Fundamental frequency per hop by YIN (de Cheveigné & Kawahara 2002), with the difference
 * function computed through an FFT cross-correlation; 0 where the frame is not clearly voiced.
 * Used to measure voice conversion (and to describe an input's register).
 */
export function trackPitch(
  samples: Float32Array,
  sampleRate: number,
  options: PitchTrackOptions = {},
): Float32Array {
  const hop = Math.max(1, Math.round((options.hopSeconds ?? 0.01) * sampleRate))
  const minHz = options.minHz ?? 70
  const maxHz = options.maxHz ?? 1000
  const threshold = options.threshold ?? 0.12
  const maxLag = Math.ceil(sampleRate / minHz)
  const minLag = Math.max(2, Math.floor(sampleRate / maxHz))
  let integration = 256
  while (integration < maxLag + 2) integration *= 2
  const size = integration * 2
  const fft = new RealFft(size)
  const bins = size / 2 + 1
  const a = new Float64Array(size)
  const b = new Float64Array(size)
  const aRe = new Float64Array(bins)
  const aIm = new Float64Array(bins)
  const bRe = new Float64Array(bins)
  const bIm = new Float64Array(bins)
  const correlation = new Float64Array(size)
  const energy = new Float64Array(size + 1)
  const normalised = new Float64Array(integration)
  const frames = Math.max(0, Math.floor((samples.length - size) / hop) + 1)
  const track = new Float32Array(frames)
  for (let t = 0; t < frames; t++) {
    const start = t * hop
    a.fill(0)
    for (let i = 0; i < integration; i++) a[i] = samples[start + i] as number
    energy[0] = 0
    for (let i = 0; i < size; i++) {
      const x = samples[start + i] as number
      b[i] = x
      energy[i + 1] = (energy[i] as number) + x * x
    }
    const frameEnergy = energy[integration] as number
    if (frameEnergy < 1e-8 * integration) continue
    fft.forward(a, aRe, aIm)
    fft.forward(b, bRe, bIm)
    // Cross-correlation: conj(A) × B; with `a` zero beyond `integration` nothing wraps for lag < integration.
    for (let k = 0; k < bins; k++) {
      const re = (aRe[k] as number) * (bRe[k] as number) + (aIm[k] as number) * (bIm[k] as number)
      const im = (aRe[k] as number) * (bIm[k] as number) - (aIm[k] as number) * (bRe[k] as number)
      aRe[k] = re
      aIm[k] = im
    }
    fft.inverse(aRe, aIm, correlation)
    let runningSum = 0
    normalised[0] = 1
    for (let lag = 1; lag < integration; lag++) {
      const shifted = (energy[lag + integration] as number) - (energy[lag] as number)
      const difference = frameEnergy + shifted - 2 * (correlation[lag] as number)
      runningSum += difference
      normalised[lag] = runningSum > 0 ? (difference * lag) / runningSum : 1
    }
    // YIN takes the first dip under an absolute threshold; a strong second harmonic can make the
    // half-period dip pass it, so the threshold is also tied to the deepest dip in range.
    const lastLag = Math.min(maxLag, integration - 2)
    let deepest = Infinity
    for (let lag = minLag; lag <= lastLag; lag++)
      deepest = Math.min(deepest, normalised[lag] as number)
    if (deepest >= threshold) continue
    const accept = Math.min(threshold, deepest + OCTAVE_MARGIN)
    let chosen = -1
    for (let lag = minLag; lag <= lastLag; lag++) {
      if ((normalised[lag] as number) < accept) {
        while (
          lag + 1 < integration &&
          (normalised[lag + 1] as number) < (normalised[lag] as number)
        )
          lag++
        chosen = lag
        break
      }
    }
    if (chosen < 0) continue
    // Parabolic interpolation around the dip for sub-sample precision.
    const left = normalised[chosen - 1] as number
    const centre = normalised[chosen] as number
    const right = normalised[chosen + 1] as number
    const curvature = left - 2 * centre + right
    const shift = curvature > 0 ? (0.5 * (left - right)) / curvature : 0
    track[t] = sampleRate / (chosen + shift)
  }
  return track
}

/** The median of the voiced (non-zero) values, or 0 when nothing is voiced. */
export function medianVoicedPitch(track: Float32Array): number {
  const voiced = Array.from(track).filter((f) => f > 0)
  if (voiced.length === 0) return 0
  voiced.sort((x, y) => x - y)
  return voiced[Math.floor(voiced.length / 2)] as number
}
