/**
 * Multichannel Wiener refinement of a soft vocal mask (the post-processing of Open-Unmix, after
 * Duong, Vincent and Gribonval 2010, "Under-determined reverberant audio source separation using a
 * full-rank spatial covariance model").
 *
 * A scalar mask gives both channels of a bin the same share. A stereo mix says more: each source
 * has, per frequency, a spatial covariance (how loud it is in each channel and how coherent the two
 * are), and a bin whose left/right relation matches the vocals' covariance is more likely vocal.
 * From the first estimates (mask · x and (1 − mask) · x) each source gets
 * - a power per bin, v_j(t, f) = its estimate's power, averaged over the channels, and
 * - a 2 × 2 spatial covariance per frequency, R_j(f) = Σ_t y_j y_jᴴ / Σ_t v_j,
 * and the vocals are re-estimated as v_v R_v (v_v R_v + v_a R_a)⁻¹ x. A full-rank R models a wide
 * source (reverb, panned doubles) as well as a point source.
 *
 * The source powers are smoothed across neighbouring frames first: a Wiener filter wants the
 * expected power, and a single bin's masked power is a noisy estimate of it.
 */
import type { Spectrogram } from '../dsp/stft'

export interface WienerSettings {
  /** Frames on each side over which the source powers are averaged (0: none). */
  powerSmoothingFrames: number
  /** Floor of each source's power, relative to the bin's power, so no source is ruled out. */
  powerFloor: number
  /** Per-frame power decay of the vocals' reverb tail (0: no tail is modelled). */
  reverbDecay: number
  /** Power fed into the tail each frame, relative to the vocals' power in that frame. */
  reverbFeed: number
}

const COVARIANCE_REGULARISATION = 1e-3
/**
 * Source powers are the mask times the bin's power (not the mask squared, as in Open-Unmix, whose
 * masks come from magnitudes): the mask here is a probability, and squaring sharpened it, which cost
 * 0.2–0.3 dB on the tuning songs.
 */
const POWER_EXPONENT = 1

interface Covariance {
  /** Left power, right power, and the real and imaginary parts of left · conj(right). */
  ll: Float64Array
  rr: Float64Array
  lrReal: Float64Array
  lrImag: Float64Array
}

/** Spatial covariance per bin of the source whose share of each bin is `share(mask)`. */
function spatialCovariance(
  left: Spectrogram,
  right: Spectrogram,
  mask: Float32Array,
  share: (mask: number) => number,
): Covariance {
  const { frameCount, binCount } = left
  const ll = new Float64Array(binCount)
  const rr = new Float64Array(binCount)
  const lrReal = new Float64Array(binCount)
  const lrImag = new Float64Array(binCount)
  const total = new Float64Array(binCount)
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < binCount; k++) {
      const i = t * binCount + k
      const gain = share(mask[i]!)
      const weight = gain ** POWER_EXPONENT
      const lr = left.real[i]!
      const li = left.imag[i]!
      const rRe = right.real[i]!
      const rIm = right.imag[i]!
      const leftPower = lr * lr + li * li
      const rightPower = rRe * rRe + rIm * rIm
      ll[k]! += weight * leftPower
      rr[k]! += weight * rightPower
      lrReal[k]! += weight * (lr * rRe + li * rIm)
      lrImag[k]! += weight * (li * rRe - lr * rIm)
      total[k]! += (weight * (leftPower + rightPower)) / 2
    }
  }
  for (let k = 0; k < binCount; k++) {
    const scale = total[k]! > 1e-30 ? 1 / total[k]! : 0
    // A source never seen at this frequency gets an uncorrelated, equal-power image.
    const regularisation = COVARIANCE_REGULARISATION + (scale === 0 ? 1 : 0)
    ll[k] = ll[k]! * scale + regularisation
    rr[k] = rr[k]! * scale + regularisation
    lrReal[k]! *= scale
    lrImag[k]! *= scale
  }
  return { ll, rr, lrReal, lrImag }
}

/**
 * Each source's power per bin, its masked power (channel mean) averaged over ±`frames` frames,
 * floored at `floor` times the bin's own power.
 */
function sourcePowers(
  spectra: Spectrogram[],
  mask: Float32Array,
  settings: WienerSettings,
): { vocals: Float32Array; accompaniment: Float32Array } {
  const { frameCount, binCount } = spectra[0]!
  // Two spectrogram-sized arrays and no more: a block's spectrograms dominate the peak memory.
  const binPower = (i: number): number => {
    let power = 0
    for (const spectrum of spectra) power += spectrum.real[i]! ** 2 + spectrum.imag[i]! ** 2
    return power / spectra.length
  }
  const vocals = new Float32Array(frameCount * binCount)
  const accompaniment = new Float32Array(frameCount * binCount)
  for (let i = 0; i < vocals.length; i++) {
    const power = binPower(i)
    vocals[i] = mask[i]! ** POWER_EXPONENT * power
    accompaniment[i] = (1 - mask[i]!) ** POWER_EXPONENT * power
  }
  if (settings.reverbDecay > 0 && settings.reverbFeed > 0) {
    // The vocals' reverb tail in power: what the voice sang in earlier frames, decaying, moved
    // from the accompaniment's estimate to the vocals' (never more than the bin holds).
    for (let k = 0; k < binCount; k++) {
      let tail = 0
      for (let t = 0; t < frameCount; t++) {
        const i = t * binCount + k
        const moved = Math.min(tail, accompaniment[i]!)
        const dry = vocals[i]!
        vocals[i] = dry + moved
        accompaniment[i]! -= moved
        tail = settings.reverbDecay * tail + settings.reverbFeed * dry
      }
    }
  }
  const frames = settings.powerSmoothingFrames
  if (frames > 0) {
    const column = new Float32Array(frameCount)
    for (const values of [vocals, accompaniment]) {
      for (let k = 0; k < binCount; k++) {
        for (let t = 0; t < frameCount; t++) column[t] = values[t * binCount + k]!
        // Running mean over ±frames; at the edges, over the frames that exist.
        let sum = 0
        let count = 0
        for (let u = 0; u < Math.min(frameCount, frames); u++) {
          sum += column[u]!
          count++
        }
        for (let t = 0; t < frameCount; t++) {
          const entering = t + frames
          if (entering < frameCount) {
            sum += column[entering]!
            count++
          }
          const leaving = t - frames - 1
          if (leaving >= 0) {
            sum -= column[leaving]!
            count--
          }
          values[t * binCount + k] = Math.max(0, sum / count)
        }
      }
    }
  }
  const floor = settings.powerFloor
  for (let i = 0; i < vocals.length; i++) {
    const least = floor * binPower(i)
    vocals[i] = Math.max(vocals[i]!, least) + 1e-20
    accompaniment[i] = Math.max(accompaniment[i]!, least) + 1e-20
  }
  return { vocals, accompaniment }
}

/**
 * Replaces the two spectra (left, right) by the vocals' estimate, refined from `mask` by the
 * multichannel Wiener filter. Other channel counts are left to the caller.
 */
export function multichannelWienerVocals(
  left: Spectrogram,
  right: Spectrogram,
  mask: Float32Array,
  settings: WienerSettings,
): void {
  const vocalsImage = spatialCovariance(left, right, mask, (m) => m)
  const accompanimentImage = spatialCovariance(left, right, mask, (m) => 1 - m)
  const powers = sourcePowers([left, right], mask, settings)
  const { frameCount, binCount } = left
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < binCount; k++) {
      const i = t * binCount + k
      const vv = powers.vocals[i]!
      const va = powers.accompaniment[i]!
      // Vocal covariance V = vv · R_v, mixture covariance C = V + va · R_a (Hermitian 2 × 2).
      const vLl = vv * vocalsImage.ll[k]!
      const vRr = vv * vocalsImage.rr[k]!
      const vRe = vv * vocalsImage.lrReal[k]!
      const vIm = vv * vocalsImage.lrImag[k]!
      const cLl = vLl + va * accompanimentImage.ll[k]!
      const cRr = vRr + va * accompanimentImage.rr[k]!
      const cRe = vRe + va * accompanimentImage.lrReal[k]!
      const cIm = vIm + va * accompanimentImage.lrImag[k]!
      const determinant = cLl * cRr - (cRe * cRe + cIm * cIm)
      if (!(determinant > 0)) {
        left.real[i]! *= mask[i]!
        left.imag[i]! *= mask[i]!
        right.real[i]! *= mask[i]!
        right.imag[i]! *= mask[i]!
        continue
      }
      // z = C⁻¹ x, with C⁻¹ = [[cRr, −c], [−c*, cLl]] / det and c = cRe + i·cIm.
      const xlr = left.real[i]!
      const xli = left.imag[i]!
      const xrr = right.real[i]!
      const xri = right.imag[i]!
      const zlr = (cRr * xlr - (cRe * xrr - cIm * xri)) / determinant
      const zli = (cRr * xli - (cRe * xri + cIm * xrr)) / determinant
      const zrr = (cLl * xrr - (cRe * xlr + cIm * xli)) / determinant
      const zri = (cLl * xri - (cRe * xli - cIm * xlr)) / determinant
      // y = V z, with V = [[vLl, v], [v*, vRr]] and v = vRe + i·vIm.
      left.real[i] = vLl * zlr + (vRe * zrr - vIm * zri)
      left.imag[i] = vLl * zli + (vRe * zri + vIm * zrr)
      right.real[i] = vRr * zrr + (vRe * zlr + vIm * zli)
      right.imag[i] = vRr * zri + (vRe * zli - vIm * zlr)
    }
  }
}

/**
 * The single-channel case of the same filter: each bin's vocal share is the smoothed vocal power
 * over the smoothed total (with no smoothing this only sharpens the mask).
 */
export function wienerMask(
  spectra: Spectrogram[],
  mask: Float32Array,
  settings: WienerSettings,
): Float32Array {
  const powers = sourcePowers(spectra, mask, settings)
  const refined = new Float32Array(mask.length)
  for (let i = 0; i < mask.length; i++) {
    const vv = powers.vocals[i]!
    refined[i] = vv / (vv + powers.accompaniment[i]!)
  }
  return refined
}
