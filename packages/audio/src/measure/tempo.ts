import { RealFft } from '../dsp/fft'
import type { PcmAudio } from '../types'

export interface TempoEstimate {
  /** Beats per minute, between 50 and 220. */
  bpm: number
  /** How clearly the beat stands out from the rest of the rhythm, 0 (none) to 1 (metronome). */
  confidence: number
}

const MIN_BPM = 50
const MAX_BPM = 220
/** Tempi near this are preferred when two octaves fit about equally (a log-normal prior). */
const PRIOR_CENTRE_BPM = 120
const PRIOR_WIDTH_OCTAVES = 1
/** Analyse at most this much, from the middle of the piece. */
const MAX_ANALYSIS_SECONDS = 90

/** Onset bands, log-spaced, so a kick in a few low bins counts as much as a hi-hat across hundreds. */
const BAND_COUNT = 12
const LOWEST_BAND_HZ = 30
const HIGHEST_BAND_HZ = 16000

/**
 * Onset strength per hop: the rise of log-compressed band energies (how much energy appears), with
 * every band weighted equally and the local mean removed so sustained loudness does not count.
 */
function onsetEnvelope(samples: Float32Array, sampleRate: number, hop: number): Float32Array {
  let frameSize = 256
  while (frameSize < sampleRate * 0.046) frameSize *= 2
  const fft = new RealFft(frameSize)
  const bins = frameSize / 2 + 1
  const window = new Float64Array(frameSize)
  for (let i = 0; i < frameSize; i++)
    window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / frameSize)
  const top = Math.min(HIGHEST_BAND_HZ, sampleRate / 2)
  const bandOfBin = new Int32Array(bins).fill(-1)
  for (let k = 1; k < bins; k++) {
    const frequency = (k * sampleRate) / frameSize
    if (frequency < LOWEST_BAND_HZ || frequency >= top) continue
    const position = Math.log(frequency / LOWEST_BAND_HZ) / Math.log(top / LOWEST_BAND_HZ)
    bandOfBin[k] = Math.min(BAND_COUNT - 1, Math.floor(position * BAND_COUNT))
  }
  const frame = new Float64Array(frameSize)
  const real = new Float64Array(bins)
  const imag = new Float64Array(bins)
  let previous = new Float64Array(BAND_COUNT)
  let current = new Float64Array(BAND_COUNT)
  const frames = Math.max(0, Math.floor((samples.length - frameSize) / hop) + 1)
  const flux = new Float32Array(frames)
  for (let t = 0; t < frames; t++) {
    const start = t * hop
    for (let i = 0; i < frameSize; i++)
      frame[i] = (samples[start + i] as number) * (window[i] as number)
    fft.forward(frame, real, imag)
    current.fill(0)
    for (let k = 1; k < bins; k++) {
      const band = bandOfBin[k] as number
      if (band < 0) continue
      const re = real[k] as number
      const im = imag[k] as number
      current[band] = (current[band] as number) + re * re + im * im
    }
    let sum = 0
    for (let b = 0; b < BAND_COUNT; b++) {
      const value = Math.log1p(1000 * (current[b] as number))
      current[b] = value
      const rise = value - (previous[b] as number)
      if (rise > 0 && t > 0) sum += rise
    }
    flux[t] = sum
    ;[previous, current] = [current, previous]
  }
  // Subtract a moving average (about 0.4 s) and keep only what rises above it.
  const radius = Math.max(1, Math.round((0.2 * sampleRate) / hop))
  const out = new Float32Array(frames)
  let running = 0
  let count = 0
  for (let t = 0; t < frames + radius; t++) {
    if (t < frames) {
      running += flux[t] as number
      count++
    }
    if (t - 2 * radius - 1 >= 0) {
      running -= flux[t - 2 * radius - 1] as number
      count--
    }
    const centre = t - radius
    if (centre >= 0 && centre < frames)
      out[centre] = Math.max(0, (flux[centre] as number) - running / count)
  }
  return out
}

/**
 * Estimates the tempo from the autocorrelation of the onset envelope, weighted towards moderate
 * tempi and reinforced by the autocorrelation at twice and half the lag (a beat also repeats every
 * two beats, and is usually subdivided), which settles most octave confusions. Returns undefined for silence or audio shorter than 4 seconds.
 */
export function estimateTempo(audio: PcmAudio): TempoEstimate | undefined {
  const { sampleRate } = audio
  const total = audio.channels[0]?.length ?? 0
  if (total < sampleRate * 4) return undefined
  const span = Math.min(total, Math.round(MAX_ANALYSIS_SECONDS * sampleRate))
  const offset = Math.floor((total - span) / 2)
  const mono = new Float32Array(span)
  for (const channel of audio.channels) {
    for (let i = 0; i < span; i++) mono[i] = (mono[i] as number) + (channel[offset + i] as number)
  }
  const hop = Math.max(1, Math.round(sampleRate / 200))
  const framesPerSecond = sampleRate / hop
  const envelope = onsetEnvelope(mono, sampleRate, hop)
  const minLag = Math.floor((60 / MAX_BPM) * framesPerSecond)
  const maxLag = Math.ceil((60 / MIN_BPM) * framesPerSecond)
  const n = envelope.length
  if (n < maxLag * 2 + 2) return undefined
  let energy = 0
  for (let t = 0; t < n; t++) energy += (envelope[t] as number) * (envelope[t] as number)
  if (energy === 0) return undefined
  const autocorrelation = new Float64Array(2 * maxLag + 2)
  for (let lag = 0; lag < autocorrelation.length; lag++) {
    let sum = 0
    for (let t = lag; t < n; t++) sum += (envelope[t] as number) * (envelope[t - lag] as number)
    // Unbiased: longer lags overlap fewer frames.
    autocorrelation[lag] = sum / (n - lag) / (energy / n)
  }
  const score = (lag: number) => {
    const bpm = (60 * framesPerSecond) / lag
    const octaves = Math.log2(bpm / PRIOR_CENTRE_BPM) / PRIOR_WIDTH_OCTAVES
    const prior = Math.exp(-0.5 * octaves * octaves)
    const half = autocorrelation[Math.round(lag / 2)] as number
    return (
      prior *
      ((autocorrelation[lag] as number) + 0.5 * (autocorrelation[2 * lag] as number) + 0.5 * half)
    )
  }
  let bestLag = minLag
  let bestScore = -Infinity
  let scoreSum = 0
  for (let lag = minLag; lag <= maxLag; lag++) {
    const value = score(lag)
    scoreSum += value
    if (value > bestScore) {
      bestScore = value
      bestLag = lag
    }
  }
  // Parabolic interpolation between neighbouring lags for a tempo finer than one hop.
  const left = autocorrelation[bestLag - 1] as number
  const centre = autocorrelation[bestLag] as number
  const right = autocorrelation[bestLag + 1] as number
  const curvature = left - 2 * centre + right
  const shift =
    curvature < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / curvature)) : 0
  const bpm = (60 * framesPerSecond) / (bestLag + shift)
  const meanScore = scoreSum / (maxLag - minLag + 1)
  const confidence = bestScore > 0 ? Math.max(0, Math.min(1, 1 - meanScore / bestScore)) : 0
  return { bpm: Math.round(bpm * 10) / 10, confidence: Math.round(confidence * 100) / 100 }
}
