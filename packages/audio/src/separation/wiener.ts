/**
 * Multichannel Wiener refinement of a soft vocal mask (the post-processing of Open-Unmix, after
 * Duong, Vincent and Gribonval 2010, "Under-determined reverberant audio source separation using a
 * full-rank spatial covariance model").
 *
 * A scalar mask gives both channels of a bin the same share. A stereo mix says more: each source
 * has, per frequency, a spatial covariance (how loud it is in each channel and how coherent the two
 * are), and a bin whose left/right relation matches the vocals' covariance is more likely vocal.
 * From the mask each source gets
 * - a power per bin, v_j(t, f) = its share of the bin's power (mask · |x|², channel mean; not the
 *   mask squared, as in Open-Unmix, whose masks come from magnitudes: the mask here is a
 *   probability, and squaring it sharpened it, which cost 0.2–0.3 dB on the tuning songs), and
 * - a 2 × 2 spatial covariance per frequency, R_j(f) = Σ_t share_j · x xᴴ / Σ_t v_j,
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

interface Covariance {
  /** Left power, right power, and the real and imaginary parts of left · conj(right). */
  ll: Float64Array
  rr: Float64Array
  lrReal: Float64Array
  lrImag: Float64Array
}

/** Sums of one source's weighted channel products per bin, before normalisation. */
function emptyCovariance(binCount: number): Covariance & { total: Float64Array } {
  return {
    ll: new Float64Array(binCount),
    rr: new Float64Array(binCount),
    lrReal: new Float64Array(binCount),
    lrImag: new Float64Array(binCount),
    total: new Float64Array(binCount),
  }
}

/** R = Σ w·x xᴴ / Σ w·(|x|² mean), regularised so it can always be inverted. */
function normalise(sums: Covariance & { total: Float64Array }): Covariance {
  const { ll, rr, lrReal, lrImag, total } = sums
  for (let k = 0; k < ll.length; k++) {
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
 * Spatial covariance per bin of the vocals (each bin weighted by the mask) and of the
 * accompaniment (weighted by 1 − mask), in one pass: the accompaniment's sums are the mixture's
 * minus the vocals'.
 */
function spatialCovariances(
  left: Spectrogram,
  right: Spectrogram,
  mask: Float32Array,
): { vocals: Covariance; accompaniment: Covariance } {
  const { frameCount, binCount } = left
  const vocals = emptyCovariance(binCount)
  const mixture = emptyCovariance(binCount)
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < binCount; k++) {
      const i = t * binCount + k
      const weight = mask[i]!
      const lr = left.real[i]!
      const li = left.imag[i]!
      const rRe = right.real[i]!
      const rIm = right.imag[i]!
      const leftPower = lr * lr + li * li
      const rightPower = rRe * rRe + rIm * rIm
      const crossReal = lr * rRe + li * rIm
      const crossImag = li * rRe - lr * rIm
      const power = (leftPower + rightPower) / 2
      mixture.ll[k]! += leftPower
      mixture.rr[k]! += rightPower
      mixture.lrReal[k]! += crossReal
      mixture.lrImag[k]! += crossImag
      mixture.total[k]! += power
      vocals.ll[k]! += weight * leftPower
      vocals.rr[k]! += weight * rightPower
      vocals.lrReal[k]! += weight * crossReal
      vocals.lrImag[k]! += weight * crossImag
      vocals.total[k]! += weight * power
    }
  }
  for (let k = 0; k < binCount; k++) {
    mixture.ll[k]! -= vocals.ll[k]!
    mixture.rr[k]! -= vocals.rr[k]!
    mixture.lrReal[k]! -= vocals.lrReal[k]!
    mixture.lrImag[k]! -= vocals.lrImag[k]!
    mixture.total[k]! -= vocals.total[k]!
  }
  return { vocals: normalise(vocals), accompaniment: normalise(mixture) }
}

/**
 * Replaces each bin by its running mean over ±`frames` frames (at the edges, over the frames that
 * exist). Row by row, so memory is read in order; the rows about to leave the window are kept in a
 * ring, since the array is overwritten as it goes.
 */
export function smoothOverFrames(
  values: Float32Array,
  frameCount: number,
  binCount: number,
  frames: number,
): void {
  const sum = new Float64Array(binCount)
  const ring = new Float32Array((frames + 1) * binCount)
  let count = 0
  for (let u = 0; u < Math.min(frameCount, frames); u++) {
    for (let k = 0; k < binCount; k++) sum[k]! += values[u * binCount + k]!
    count++
  }
  for (let t = 0; t < frameCount; t++) {
    const entering = t + frames
    if (entering < frameCount) {
      for (let k = 0; k < binCount; k++) sum[k]! += values[entering * binCount + k]!
      count++
    }
    // The row leaving the window (t − frames − 1) sits in the ring slot that row t is about to use.
    const slot = (t % (frames + 1)) * binCount
    if (t - frames - 1 >= 0) {
      for (let k = 0; k < binCount; k++) sum[k]! -= ring[slot + k]!
      count--
    }
    const row = t * binCount
    ring.set(values.subarray(row, row + binCount), slot)
    for (let k = 0; k < binCount; k++) values[row + k] = Math.max(0, sum[k]! / count)
  }
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
    vocals[i] = mask[i]! * power
    accompaniment[i] = power - vocals[i]!
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
    for (const values of [vocals, accompaniment])
      smoothOverFrames(values, frameCount, binCount, frames)
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
  const images = spatialCovariances(left, right, mask)
  const vocalsImage = images.vocals
  const accompanimentImage = images.accompaniment
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
