import { RealFft } from '../dsp/fft'

/**
 * The voice a singer preset stands for, and measures of how close a vocal comes to it.
 *
 * A preset's voice is given as formant parameters, not as a recording: the long-term spectral
 * envelope of a singer is, to a good approximation, the power average over the vowels they sing
 * of a glottal source (a spectral tilt) through the vocal tract's resonances (the formants). The
 * formant table is Mandarin's five monophthongs (a, i, u, ü, e), rounded textbook averages for
 * adult women and men; a preset scales the tract (shorter tract, higher formants) and sets the
 * tilt (a bright or breathy voice falls off more slowly).
 */

export const VOICE_TRACTS = ['female', 'male'] as const
export type VoiceTract = (typeof VOICE_TRACTS)[number]

export interface VoiceModel {
  /** Which table of vowel formants the voice starts from. */
  tract: VoiceTract
  /** Multiplies every formant frequency (1 = the table's average speaker). */
  formantScale: number
  /** Slope of source and radiation above 300 Hz, in dB per octave (about -6 for a modal voice). */
  tiltDbPerOctave: number
}

/** F1 to F4 (Hz) of a, i, u, ü, e (ɤ). */
const VOWEL_FORMANTS: Record<VoiceTract, readonly (readonly number[])[]> = {
  female: [
    [990, 1470, 2900, 4000],
    [320, 2850, 3500, 4300],
    [400, 760, 2900, 4000],
    [320, 2300, 3000, 4100],
    [560, 1250, 2950, 4000],
  ],
  male: [
    [800, 1250, 2600, 3500],
    [290, 2300, 3100, 3700],
    [360, 650, 2500, 3400],
    [290, 1950, 2450, 3500],
    [480, 1100, 2700, 3500],
  ],
}
const FORMANT_BANDWIDTHS = [90, 110, 170, 250]
/** Below this the glottal source is taken as flat; the tilt applies above it. */
const SOURCE_CORNER_HZ = 300

/** The voice's long-term envelope at `frequency`, in dB (an arbitrary but fixed reference level). */
export function referenceEnvelopeDb(model: VoiceModel, frequency: number): number {
  const f = Math.max(1, frequency)
  const squared = f * f
  const exponent = -model.tiltDbPerOctave / (20 * Math.log10(2))
  const source = Math.pow(1 + squared / (SOURCE_CORNER_HZ * SOURCE_CORNER_HZ), -exponent / 2)
  let total = 0
  for (const vowel of VOWEL_FORMANTS[model.tract]) {
    let tract = 1
    vowel.forEach((formant, k) => {
      const centre = formant * model.formantScale
      const bandwidth = (FORMANT_BANDWIDTHS[k] as number) * model.formantScale
      // |H|² of a two-pole resonance normalised to 1 at 0 Hz.
      const difference = centre * centre - squared
      tract *=
        (centre * centre * centre * centre) /
        (difference * difference + bandwidth * bandwidth * squared)
    })
    total += source * source * tract
  }
  return 10 * Math.log10(total / VOWEL_FORMANTS[model.tract].length)
}

/**
 * The band where a voice's identity lives (the first four formants, not pitch or air): timbre is
 * compared and moved here. Above it a voice is breath and sibilants, which the model leaves out.
 */
export const TIMBRE_BAND_HZ = [150, 4000] as const

export interface LongTermSpectrum {
  /** Mean power per FFT bin over the sounding frames. */
  power: Float64Array
  binHz: number
}

/** Welch average of the power spectrum over all frames that are not digital silence. */
export function longTermSpectrum(samples: Float32Array, sampleRate: number): LongTermSpectrum {
  let size = 1024
  // About 93 ms at 44.1 kHz: fine enough to resolve formants of low voices.
  while (size < sampleRate * 0.09) size *= 2
  const fft = new RealFft(size)
  const frame = new Float64Array(size)
  const real = new Float64Array(size / 2 + 1)
  const imag = new Float64Array(size / 2 + 1)
  const power = new Float64Array(size / 2 + 1)
  let frames = 0
  for (let start = 0; start + size <= samples.length; start += size / 2) {
    let energy = 0
    for (let i = 0; i < size; i++) {
      const value =
        (samples[start + i] as number) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size))
      frame[i] = value
      energy += value * value
    }
    if (energy === 0) continue
    fft.forward(frame, real, imag)
    for (let b = 0; b < power.length; b++) {
      power[b] = (power[b] as number) + (real[b] as number) ** 2 + (imag[b] as number) ** 2
    }
    frames++
  }
  if (frames > 0) for (let b = 0; b < power.length; b++) power[b] = (power[b] as number) / frames
  return { power, binHz: sampleRate / size }
}

/** The long-term spectrum's level in dB at `frequency`, averaged over ± a sixth of an octave. */
export function smoothedLevelDb(spectrum: LongTermSpectrum, frequency: number): number {
  const { power, binHz } = spectrum
  const low = Math.max(1, Math.floor((frequency * Math.pow(2, -1 / 6)) / binHz))
  const high = Math.min(power.length - 1, Math.ceil((frequency * Math.pow(2, 1 / 6)) / binHz))
  let sum = 0
  for (let b = low; b <= high; b++) sum += power[b] as number
  return 10 * Math.log10(sum / Math.max(1, high - low + 1) + 1e-30)
}

/** `count` frequencies spaced evenly in log frequency from `low` to `high`. */
function logGrid(low: number, high: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => low * Math.pow(high / low, i / (count - 1)))
}

/** Envelope points this far under the vocal's loudest are left out of the timbre distance. */
const CONTENT_FLOOR_DB = 40

/**
 * Log-spectral distance (dB, RMS over 40 log-spaced points of the timbre band, those where the
 * vocal has content: within 40 dB of its loudest) between a vocal's
 * long-term envelope and a voice model's, after removing the mean difference: it compares the
 * shape of the envelope (who is singing), not the level.
 */
export function timbreDistanceDb(
  samples: Float32Array,
  sampleRate: number,
  model: VoiceModel,
): number {
  const spectrum = longTermSpectrum(samples, sampleRate)
  const high = Math.min(TIMBRE_BAND_HZ[1], 0.45 * sampleRate)
  const grid = logGrid(TIMBRE_BAND_HZ[0], high, 40)
  const levels = grid.map((f) => smoothedLevelDb(spectrum, f))
  const loudest = Math.max(...levels)
  // Points where the vocal has nothing (below its lowest pitch) say nothing about its timbre.
  const differences = grid.flatMap((f, i) =>
    (levels[i] as number) >= loudest - CONTENT_FLOOR_DB
      ? [(levels[i] as number) - referenceEnvelopeDb(model, f)]
      : [],
  )
  const mean = differences.reduce((sum, d) => sum + d, 0) / differences.length
  return Math.sqrt(
    differences.reduce((sum, d) => sum + (d - mean) * (d - mean), 0) / differences.length,
  )
}

/**
 * The top of a vocal's band: the highest frequency (on a grid of twelfths of an octave from
 * 200 Hz up to 95% of Nyquist) at which the smoothed long-term spectrum is within `floorDb` of
 * its loudest point.
 */
export function spectralEdgeHz(samples: Float32Array, sampleRate: number, floorDb = 50): number {
  const spectrum = longTermSpectrum(samples, sampleRate)
  const top = 0.95 * (sampleRate / 2)
  const grid = logGrid(200, top, Math.max(2, Math.round(12 * Math.log2(top / 200)) + 1))
  const levels = grid.map((f) => smoothedLevelDb(spectrum, f))
  const loudest = Math.max(...levels)
  let edge = 0
  levels.forEach((level, i) => {
    if (level >= loudest - floorDb) edge = grid[i] as number
  })
  return edge
}
