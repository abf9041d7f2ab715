/**
 * Finds the time lags at which a song repeats itself, from its beat spectrum (REPET): the
 * autocorrelation over time of each band's power, summed over bands. Its peaks are the beat, the bar
 * and multiples of them; the separation compares every frame with frames at these lags only.
 */
import { ComplexFft, nextPowerOfTwo } from '../dsp/fft'

const MIN_LAG_SECONDS = 0.3
const MAX_LAG_SECONDS = 20
const BAND_COUNT = 24

/**
 * Up to `maxLags` lags in frames, strongest first; empty when the input is too short to repeat.
 * `magnitude` is a row-major frames × `featureBins` magnitude spectrogram.
 */
export function findRepetitionLags(
  magnitude: Float32Array,
  frameCount: number,
  featureBins: number,
  binHz: number,
  frameSeconds: number,
  maxLags: number,
): number[] {
  const minLag = Math.max(1, Math.round(MIN_LAG_SECONDS / frameSeconds))
  // A lag needs at least two repetitions inside the analysed span to be trusted.
  const maxLag = Math.min(Math.floor(frameCount / 2), Math.round(MAX_LAG_SECONDS / frameSeconds))
  if (maxLag <= minLag + 2) return []

  const spectrum = beatSpectrum(magnitude, frameCount, featureBins, binHz, maxLag)
  const peaks: { lag: number; value: number }[] = []
  for (let lag = minLag; lag < maxLag; lag++) {
    const value = spectrum[lag]!
    if (value > 0 && value >= spectrum[lag - 1]! && value > spectrum[lag + 1]!) {
      peaks.push({ lag, value })
    }
  }
  peaks.sort((a, b) => b.value - a.value)
  return peaks.slice(0, maxLags).map((peak) => peak.lag)
}

/**
 * The beat spectrum for lags 0..maxLag: per band, the unbiased autocorrelation of the mean-removed
 * band power (computed with an FFT), normalised by its lag-0 value, averaged over bands.
 */
export function beatSpectrum(
  magnitude: Float32Array,
  frameCount: number,
  featureBins: number,
  binHz: number,
  maxLag: number,
): Float64Array {
  const size = nextPowerOfTwo(frameCount * 2)
  const fft = new ComplexFft(size)
  const real = new Float64Array(size)
  const imag = new Float64Array(size)
  const result = new Float64Array(maxLag + 1)
  // Bands evenly spaced in log frequency from 60 Hz up to the feature ceiling.
  const low = Math.max(1, Math.round(60 / binHz))
  const ratio = (featureBins / low) ** (1 / BAND_COUNT)
  let usedBands = 0
  for (let b = 0; b < BAND_COUNT; b++) {
    const from = Math.round(low * ratio ** b)
    const to = Math.max(from + 1, Math.min(featureBins, Math.round(low * ratio ** (b + 1))))
    if (from >= featureBins) break
    real.fill(0)
    imag.fill(0)
    let mean = 0
    for (let t = 0; t < frameCount; t++) {
      let power = 0
      for (let k = from; k < to; k++) power += magnitude[t * featureBins + k]! ** 2
      real[t] = power
      mean += power
    }
    mean /= frameCount
    for (let t = 0; t < frameCount; t++) real[t]! -= mean
    fft.forward(real, imag)
    for (let i = 0; i < size; i++) {
      real[i] = real[i]! * real[i]! + imag[i]! * imag[i]!
      imag[i] = 0
    }
    fft.inverse(real, imag)
    const zero = real[0]!
    if (zero <= 1e-20) continue
    usedBands++
    for (let lag = 0; lag <= maxLag; lag++) {
      result[lag]! += ((real[lag]! / zero) * frameCount) / (frameCount - lag)
    }
  }
  if (usedBands > 0) for (let lag = 0; lag <= maxLag; lag++) result[lag]! /= usedBands
  return result
}
