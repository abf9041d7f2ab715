import { RealFft } from '../dsp/fft'
import { createResamplePlan, resampleInto } from '../resample'
import { TIMBRE_BAND_HZ } from './timbre'
import { ToneFilter, toneCurveGainDb, type ToneBand } from './toneCurve'

/**
 * Pitch shifting with independent formant shifting, for a voice.
 *
 * Method: a phase vocoder with identity phase locking (Laroche & Dolson 1999) changes duration by
 * the pitch ratio r without changing pitch, and a band-limited resampler by 1/r multiplies every
 * frequency by r and restores the duration. Pitch up resamples first (the vocoder then works on a
 * shorter signal), pitch down stretches first; either way the vocoder runs about one frame per
 * hop of output. The pitch is exact (set by the resampling ratio), and the output stays aligned
 * sample for sample with the input because analysis frames are read at round(k × hop / r), not at
 * a rounded hop.
 *
 * Cost: only spectral peaks need phases (atan2); the bins around a peak are rotated by the peak's
 * phase change as one complex number (identity phase locking), so the per-bin work is a few
 * multiplications.
 *
 * Formants: resampling would scale the spectral envelope by r as well. Each frame's envelope E is
 * estimated by cepstral smoothing (on a 4x coarser copy of the log spectrum; the envelope is smooth)
 * and the bins are scaled by E(f × r / φ) / E(f) before resynthesis, so the output's envelope sits
 * at E(f / φ) of the original: φ = 1 keeps the formants where
 * they were (a natural-sounding shift), φ > 1 raises them (younger, brighter), φ < 1 lowers them.
 *
 * The envelope is trusted only where the frame has sound: bins more than 60 dB below the frame's
 * loudest envelope point (above the band a resampler passed, above the top of a dull recording)
 * are left alone, and a formant looked up beyond that band takes the band's top value. Dividing by
 * an envelope that has fallen to nothing used to push the top octave of an upward shift 24 dB
 * down (the resampler's stop band was read as the formant there).
 *
 * Top band on downward shifts: resampling by r < 1 squeezes the whole spectrum under r × Nyquist,
 * so a -7 shift of a vocal whose breath and sibilants reach 10.5 kHz stops at 7 kHz, and no
 * envelope correction can restore what is not there. Above `HIGH_BAND_HZ` the output is the
 * original's own top band (breath, sibilants, air: noise, in which pitch is barely heard), joined
 * to the shifted voice by a Linkwitz-Riley crossover (4th order; both halves in phase).
 *
 * Timbre transfer (`targetEnvelopeDb`): the output's long-term envelope (the mean of the frames'
 * power, after the formant correction, over the sounding frames so far) is moved towards a target
 * voice's: each frame is scaled by the cepstrally smoothed ratio target / source over the timbre
 * band, within ±12 dB, its mean level left to the caller. The estimate starts from nothing, so
 * the transfer fades in over the first two seconds of voice.
 *
 * Streaming: `PitchShifter` takes the input in chunks and hands back every output sample as soon as
 * no later frame can change it, holding only a few frames of each stage, so a long recording
 * needs no more memory than its input and output (or none beyond them, fed chunk by chunk).
 */

export interface PitchShiftOptions {
  /** Pitch ratio (2 = an octave up). */
  pitchRatio: number
  /** Formant ratio φ (1 = keep the formants). */
  formantRatio: number
  /** A target voice's long-term envelope in dB (any reference level): the timbre to move towards. */
  targetEnvelopeDb?: (frequency: number) => number
  onProgress?: (fraction: number) => void
}

/** Downward shifts keep the original above this (or lower, where the shifted band ends sooner). */
const HIGH_BAND_HZ = 5000
/** Below this a kept top band would hold pitched harmonics, not air (an 8 kHz telephone recording). */
const MIN_HIGH_BAND_HZ = 3000
/**
 * Of a resampled source, the envelope is trusted up to this fraction of Nyquist: the resampler's
 * pass band ends at 0.94, and cepstral smoothing smears its edge down by a few coarse bins.
 */
const RESAMPLED_BAND_TOP = 0.85
/** Envelope points this far (60 dB, as a natural-log amplitude) below the frame's loudest are not trusted. */
const ENVELOPE_FLOOR = Math.log(1000)
/** Octaves over which the timbre transfer fades to 0 dB outside `TIMBRE_BAND_HZ`. */
const TIMBRE_FADE_OCTAVES = 0.5
/** Largest boost or cut of the timbre transfer, as a natural-log amplitude (12 dB). */
const MAX_TIMBRE = Math.log(4)
/** Frames within 30 dB of the loudest so far count as voice for the long-term envelope. */
const TIMBRE_VOICED_RATIO = 1e-3
/** BS.1770's K-weighting (its shelf and high pass) as tone-curve bands, close enough to weigh a spectrum. */
const K_WEIGHTING: readonly ToneBand[] = [
  { type: 'highShelf', frequency: 1682, gainDb: 4 },
  { type: 'highPass', frequency: 38, gainDb: 0, q: 0.5 },
]
/** Within the band, points of the long-term envelope 40 dB under its loudest are left alone. */
const TIMBRE_CONTENT_RATIO = 1e-4
/** Voiced frames (about 2 s) over which the transfer fades in while its estimate settles. */
const TIMBRE_RAMP_FRAMES = 170
/** The transfer is recomputed every this many frames (it follows a long-term average). */
const TIMBRE_UPDATE_FRAMES = 8

/** Quefrency below which the cepstrum is the envelope: 1.5 ms, i.e. voices up to about 650 Hz. */
const ENVELOPE_QUEFRENCY_SECONDS = 0.0015
/** The envelope correction is kept within ±24 dB so deep spectral valleys cannot explode. */
const MAX_CORRECTION = 16
const MIN_CORRECTION = 1 / 16

export function frameSizeFor(sampleRate: number): number {
  let size = 256
  // About 46 ms at 44.1 kHz: several periods of a low voice, short enough to follow syllables.
  while (size < sampleRate * 0.04) size *= 2
  return size
}

function periodicHann(size: number): Float64Array {
  const window = new Float64Array(size)
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size)
  return window
}

function wrapPhase(phase: number): number {
  return phase - 2 * Math.PI * Math.round(phase / (2 * Math.PI))
}

/** The log spectrum is averaged over this many bins before the cepstrum is taken. */
const ENVELOPE_DECIMATION = 4

/** Samples with absolute positions: `data[i]` is sample `start + i`; older samples can be dropped. */
class SlidingBuffer {
  start = 0
  length = 0
  data: Float32Array

  constructor(capacity: number, start = 0) {
    this.data = new Float32Array(Math.max(16, capacity))
    this.start = start
  }

  get end(): number {
    return this.start + this.length
  }

  /** Makes room up to absolute position `end` (new samples are zero). */
  ensure(end: number): void {
    const needed = end - this.start
    if (needed <= this.length) return
    if (needed > this.data.length) {
      const grown = new Float32Array(Math.max(needed, this.data.length * 2))
      grown.set(this.data.subarray(0, this.length))
      this.data = grown
    }
    this.data.fill(0, this.length, needed)
    this.length = needed
  }

  append(samples: Float32Array): void {
    const at = this.length
    this.ensure(this.end + samples.length)
    this.data.set(samples, at)
  }

  /** Forgets everything before absolute position `position`. */
  dropBefore(position: number): void {
    const shift = Math.min(this.length, position - this.start)
    if (shift <= 0) return
    this.data.copyWithin(0, shift, this.length)
    this.length -= shift
    this.start += shift
  }

  view(): Float32Array {
    return this.data.subarray(0, this.length)
  }
}

/** The phase vocoder proper: turns one analysis frame into one synthesis frame (windowed). */
class Vocoder {
  readonly size: number
  readonly half: number
  readonly hop: number
  private readonly bins: number
  private readonly fft: RealFft
  private readonly window: Float64Array
  private readonly synthesisWindow: Float64Array
  private readonly correctEnvelope: boolean
  private readonly coarseSize: number
  private readonly coarseBins: number
  private readonly coarseFft: RealFft
  private readonly lifter: number
  private readonly coarseLog: Float64Array
  private readonly coarseZeros: Float64Array
  private readonly coarseImag: Float64Array
  private readonly cepstrum: Float64Array
  private readonly coarseCorrection: Float64Array
  private readonly frame: Float64Array
  private readonly real: Float64Array
  private readonly imag: Float64Array
  private readonly power: Float64Array
  private readonly previousReal: Float64Array
  private readonly previousImag: Float64Array
  private readonly synthesisReal: Float64Array
  private readonly synthesisImag: Float64Array
  private readonly peaks: Int32Array
  private readonly coarsePower: Float64Array
  private readonly bandTop: number
  private readonly timbre: TimbreTransfer | undefined
  private previousCentre = 0
  private started = false

  /**
   * `outputScale`: the factor from a bin's frequency to the frequency it is heard at (the pitch
   * ratio when the vocoder's output is resampled afterwards, else 1). `bandTop`: the fraction of
   * Nyquist below which the source has its own content (less than 1 for a resampled source).
   */
  constructor(
    sampleRate: number,
    private readonly envelopeRatio: number,
    outputScale = 1,
    targetEnvelopeDb?: (frequency: number) => number,
    bandTop = 1,
  ) {
    this.size = frameSizeFor(sampleRate)
    this.half = this.size / 2
    this.hop = this.size / 4
    this.bins = this.half + 1
    this.fft = new RealFft(this.size)
    this.window = periodicHann(this.size)
    // Hann analysis × Hann synthesis at 75% overlap sums to 1.5 everywhere; fold it into the window.
    this.synthesisWindow = this.window.map((w) => w / 1.5)
    this.correctEnvelope = Math.abs(Math.log(envelopeRatio)) > 1e-6
    this.coarseSize = this.size / ENVELOPE_DECIMATION
    this.coarseBins = this.coarseSize / 2 + 1
    this.coarseFft = new RealFft(this.coarseSize)
    this.lifter = Math.max(
      3,
      Math.round((ENVELOPE_QUEFRENCY_SECONDS * sampleRate) / ENVELOPE_DECIMATION),
    )
    this.coarseLog = new Float64Array(this.coarseBins)
    this.coarseZeros = new Float64Array(this.coarseBins)
    this.coarseImag = new Float64Array(this.coarseBins)
    this.cepstrum = new Float64Array(this.coarseSize)
    this.coarseCorrection = new Float64Array(this.coarseBins)
    this.frame = new Float64Array(this.size)
    this.real = new Float64Array(this.bins)
    this.imag = new Float64Array(this.bins)
    this.power = new Float64Array(this.bins)
    this.previousReal = new Float64Array(this.bins)
    this.previousImag = new Float64Array(this.bins)
    this.synthesisReal = new Float64Array(this.bins)
    this.synthesisImag = new Float64Array(this.bins)
    this.peaks = new Int32Array(this.bins)
    this.coarsePower = new Float64Array(this.coarseBins)
    this.bandTop = Math.floor(bandTop * (this.coarseBins - 1))
    this.timbre =
      targetEnvelopeDb &&
      new TimbreTransfer(
        sampleRate,
        this.coarseSize,
        this.lifter,
        (c) => ((c * ENVELOPE_DECIMATION * sampleRate) / this.size) * outputScale,
        targetEnvelopeDb,
      )
  }

  /**
   * Analyses the frame centred on source sample `centre` (read from `source`, silence outside it)
   * and returns the synthesis frame, windowed, to be overlap-added one hop after the previous one.
   */
  process(source: SlidingBuffer, centre: number): Float64Array {
    const { size, half, bins, frame, real, imag, power, window } = this
    const data = source.data
    const offset = centre - half - source.start
    let energy = 0
    for (let i = 0; i < size; i++) {
      const index = offset + i
      const value =
        index >= 0 && index < source.length ? (data[index] as number) * (window[i] as number) : 0
      frame[i] = value
      energy += value * value
    }
    if (energy === 0) {
      // Digital silence (rests, a centred vocal's empty side channel): nothing to transform, and
      // the phases start afresh when sound returns.
      this.previousReal.fill(0)
      this.previousImag.fill(0)
      this.synthesisReal.fill(0)
      this.synthesisImag.fill(0)
      this.previousCentre = centre
      return frame
    }
    this.fft.forward(frame, real, imag)
    for (let b = 0; b < bins; b++) {
      const re = real[b] as number
      const im = imag[b] as number
      power[b] = re * re + im * im
    }
    if (!this.started) {
      this.synthesisReal.set(real)
      this.synthesisImag.set(imag)
      this.started = true
    } else {
      this.lockPhases(centre - this.previousCentre)
    }
    this.previousReal.set(real)
    this.previousImag.set(imag)
    this.previousCentre = centre
    if (this.correctEnvelope || this.timbre) {
      this.shapeSpectrum(energy)
    } else {
      real.set(this.synthesisReal)
      imag.set(this.synthesisImag)
    }
    this.fft.inverse(real, imag, frame)
    const synthesisWindow = this.synthesisWindow
    for (let i = 0; i < size; i++) frame[i] = (frame[i] as number) * (synthesisWindow[i] as number)
    return frame
  }

  /** Identity phase locking: each peak advances by its own frequency, its region rotates with it. */
  private lockPhases(analysisHop: number): void {
    const { bins, real, imag, power, peaks, size, hop } = this
    const synthesisReal = this.synthesisReal
    const synthesisImag = this.synthesisImag
    let peakCount = 0
    for (let b = 1; b < bins - 1; b++) {
      const p = power[b] as number
      if (p > (power[b - 1] as number) && p >= (power[b + 1] as number)) peaks[peakCount++] = b
    }
    if (peakCount === 0) peaks[peakCount++] = 1
    let regionStart = 0
    for (let p = 0; p < peakCount; p++) {
      const peak = peaks[p] as number
      const re = real[peak] as number
      const im = imag[peak] as number
      // Phase change of the peak since the previous analysis frame, from one complex division.
      const pr = this.previousReal[peak] as number
      const pi = this.previousImag[peak] as number
      const advance = Math.atan2(im * pr - re * pi, re * pr + im * pi)
      const omega = (2 * Math.PI * peak) / size
      const deviation = wrapPhase(advance - omega * analysisHop)
      const instantaneous = analysisHop > 0 ? omega + deviation / analysisHop : omega
      const previousSynthesis = Math.atan2(
        synthesisImag[peak] as number,
        synthesisReal[peak] as number,
      )
      const target = previousSynthesis + instantaneous * hop
      // The rotation that takes the peak's analysis phase to its synthesis phase.
      const rotation = target - Math.atan2(im, re)
      const cos = Math.cos(rotation)
      const sin = Math.sin(rotation)
      const nextPeak = p + 1 < peakCount ? (peaks[p + 1] as number) : bins
      const regionEnd = p + 1 < peakCount ? Math.floor((peak + nextPeak) / 2) + 1 : bins
      for (let b = regionStart; b < regionEnd; b++) {
        const br = real[b] as number
        const bi = imag[b] as number
        synthesisReal[b] = br * cos - bi * sin
        synthesisImag[b] = br * sin + bi * cos
      }
      regionStart = regionEnd
    }
  }

  /**
   * Scales the synthesis bins by E(f × ratio) / E(f), E the cepstrally smoothed envelope (where it
   * can be trusted), and by the timbre transfer.
   */
  private shapeSpectrum(energy: number): void {
    const { bins, power, real, imag, coarseBins, coarseCorrection, coarsePower } = this
    for (let c = 0; c < coarseBins; c++) {
      let sum = 0
      let count = 0
      for (let b = c * ENVELOPE_DECIMATION - 2; b <= c * ENVELOPE_DECIMATION + 1; b++) {
        if (b < 0 || b >= bins) continue
        sum += power[b] as number
        count++
      }
      coarsePower[c] = sum / count
    }
    if (this.correctEnvelope) this.envelopeCorrection()
    else coarseCorrection.fill(1)
    if (this.timbre) {
      this.timbre.observe(coarsePower, coarseCorrection, energy)
      const gains = this.timbre.gains
      for (let c = 0; c < coarseBins; c++) {
        coarseCorrection[c] = (coarseCorrection[c] as number) * (gains[c] as number)
      }
    }
    for (let b = 0; b < bins; b++) {
      const position = b / ENVELOPE_DECIMATION
      const lower = Math.min(coarseBins - 2, Math.floor(position))
      const t = position - lower
      const gain =
        (1 - t) * (coarseCorrection[lower] as number) + t * (coarseCorrection[lower + 1] as number)
      real[b] = (this.synthesisReal[b] as number) * gain
      imag[b] = (this.synthesisImag[b] as number) * gain
    }
  }

  /** The formant correction E(f × ratio) / E(f) per coarse bin, into `coarseCorrection`. */
  private envelopeCorrection(): void {
    const { coarseBins, coarseLog, coarseCorrection, coarsePower, cepstrum, lifter } = this
    for (let c = 0; c < coarseBins; c++)
      coarseLog[c] = 0.5 * Math.log((coarsePower[c] as number) + 1e-18)
    smoothCepstrally(this.coarseFft, coarseLog, this.coarseZeros, this.coarseImag, cepstrum, lifter)
    let loudest = -Infinity
    for (let c = 0; c < coarseBins; c++) loudest = Math.max(loudest, coarseLog[c] as number)
    // The top of the band with sound in it: above it the envelope is the resampler's stop band or
    // the recording's own floor, not a formant.
    let top = this.bandTop
    while (top > 0 && (coarseLog[top] as number) < loudest - ENVELOPE_FLOOR) top--
    for (let c = 0; c < coarseBins; c++) {
      if (c > top) {
        coarseCorrection[c] = 1
        continue
      }
      const source = Math.min(top, c * this.envelopeRatio)
      const lower = Math.min(top - 1, Math.floor(source))
      let target: number
      if (lower < 0) {
        target = coarseLog[0] as number
      } else {
        const t = source - lower
        target = (1 - t) * (coarseLog[lower] as number) + t * (coarseLog[lower + 1] as number)
      }
      const correction = Math.exp(target - (coarseLog[c] as number))
      coarseCorrection[c] = Math.min(MAX_CORRECTION, Math.max(MIN_CORRECTION, correction))
    }
  }
}

/**
 * Replaces a log spectrum (`log`, `log.length` = size / 2 + 1) by its cepstrally smoothed self:
 * quefrencies above `lifter` are dropped. `zeros`, `imag` and `cepstrum` are scratch buffers.
 */
function smoothCepstrally(
  fft: RealFft,
  log: Float64Array,
  zeros: Float64Array,
  imag: Float64Array,
  cepstrum: Float64Array,
  lifter: number,
): void {
  fft.inverse(log, zeros, cepstrum)
  for (let q = lifter + 1; q < cepstrum.length - lifter; q++) cepstrum[q] = 0
  fft.forward(cepstrum, log, imag)
}

/**
 * The timbre transfer's state: the long-term envelope of the output so far (before the transfer)
 * and the per-coarse-bin gains that move it towards the target's envelope.
 */
class TimbreTransfer {
  readonly gains: Float64Array
  private readonly longTerm: Float64Array
  private readonly target: Float64Array
  /** 1 inside the timbre band, fading to 0 outside it. */
  private readonly weight: Float64Array
  /** `weight` where the voice has content, 0 elsewhere (recomputed with each update). */
  private readonly used: Float64Array
  /** The K-weighting of BS.1770 as a power gain at each coarse bin's frequency. */
  private readonly loudnessWeight: Float64Array
  private readonly fft: RealFft
  private readonly log: Float64Array
  private readonly zeros: Float64Array
  private readonly imag: Float64Array
  private readonly cepstrum: Float64Array
  private loudest = 0
  private voicedFrames = 0

  constructor(
    sampleRate: number,
    coarseSize: number,
    private readonly lifter: number,
    frequencyOf: (coarseBin: number) => number,
    targetEnvelopeDb: (frequency: number) => number,
  ) {
    const count = coarseSize / 2 + 1
    this.gains = new Float64Array(count).fill(1)
    this.longTerm = new Float64Array(count)
    this.target = new Float64Array(count)
    this.weight = new Float64Array(count)
    this.used = new Float64Array(count)
    this.loudnessWeight = new Float64Array(count)
    for (let c = 0; c < count; c++) {
      const frequency = frequencyOf(c)
      // dB of power to a natural-log amplitude.
      this.target[c] = (targetEnvelopeDb(frequency) * Math.LN10) / 20
      this.loudnessWeight[c] = Math.pow(
        10,
        toneCurveGainDb(K_WEIGHTING, frequency, sampleRate) / 10,
      )
      const octavesOutside = Math.max(
        Math.log2(TIMBRE_BAND_HZ[0] / Math.max(1, frequency)),
        Math.log2(frequency / TIMBRE_BAND_HZ[1]),
        0,
      )
      this.weight[c] = Math.max(0, 1 - octavesOutside / TIMBRE_FADE_OCTAVES)
    }
    this.fft = new RealFft(coarseSize)
    this.log = new Float64Array(count)
    this.zeros = new Float64Array(count)
    this.imag = new Float64Array(count)
    this.cepstrum = new Float64Array(coarseSize)
  }

  /** Adds one frame (coarse power and the correction it will get) to the long-term envelope. */
  observe(coarsePower: Float64Array, correction: Float64Array, energy: number): void {
    this.loudest = Math.max(this.loudest, energy)
    if (energy < this.loudest * TIMBRE_VOICED_RATIO) return
    const { longTerm } = this
    // A plain power average, as a long-term spectrum is measured: loud notes count for more.
    for (let c = 0; c < longTerm.length; c++) {
      const corrected = (coarsePower[c] as number) * (correction[c] as number) ** 2
      longTerm[c] = (longTerm[c] as number) + corrected
    }
    this.voicedFrames++
    if (this.voicedFrames % TIMBRE_UPDATE_FRAMES === 0) this.update()
  }

  private update(): void {
    const { log, longTerm, target, weight, gains, used } = this
    let loudest = 0
    for (let c = 0; c < log.length; c++) {
      if ((weight[c] as number) > 0) loudest = Math.max(loudest, longTerm[c] as number)
    }
    const inBand: number[] = []
    for (let c = 0; c < log.length; c++) {
      // Where the voice has nothing (below its lowest pitch, say) there is nothing to reshape.
      const content = (longTerm[c] as number) >= loudest * TIMBRE_CONTENT_RATIO
      used[c] = content ? (weight[c] as number) : 0
      const difference =
        (target[c] as number) - 0.5 * Math.log((longTerm[c] as number) / this.voicedFrames + 1e-30)
      log[c] = difference
      if ((used[c] as number) >= 0.5) inBand.push(difference)
    }
    // The median, not the mean: a model's steep flank (or a deep valley) must not drag every
    // other point to the clamp.
    inBand.sort((a, b) => a - b)
    const centre = inBand[Math.floor(inBand.length / 2)] ?? 0
    // Only the shape moves; outside the band the transfer fades to nothing.
    for (let c = 0; c < log.length; c++) {
      log[c] = ((log[c] as number) - centre) * (used[c] as number)
    }
    smoothCepstrally(this.fft, log, this.zeros, this.imag, this.cepstrum, this.lifter)
    const strength = Math.min(1, this.voicedFrames / TIMBRE_RAMP_FRAMES)
    let before = 0
    let after = 0
    for (let c = 0; c < log.length; c++) {
      const limited = Math.min(MAX_TIMBRE, Math.max(-MAX_TIMBRE, log[c] as number))
      gains[c] = Math.exp(strength * limited)
      const heard = (longTerm[c] as number) * (this.loudnessWeight[c] as number)
      before += heard
      after += heard * (gains[c] as number) ** 2
    }
    // The shape changes, the loudness (K-weighted power) does not: a change of level would only
    // be undone downstream, and late, while the transfer fades in.
    const level = after > 0 ? Math.sqrt(before / after) : 1
    for (let c = 0; c < log.length; c++) gains[c] = (gains[c] as number) * level
  }
}

/**
 * Streaming pitch and formant shifter for one channel. `push` input chunks, collecting what each
 * returns; `end` returns the rest. The outputs concatenated have exactly the input's length and
 * are aligned with it sample for sample.
 */
export class PitchShifter {
  private readonly ratio: number
  private readonly vocoder: Vocoder
  /** r ≥ 1: the input is resampled first (stage A) and the vocoder's output is final. */
  private readonly resampleFirst: boolean
  private readonly plan: ReturnType<typeof createResamplePlan>
  private readonly input: SlidingBuffer
  /** The vocoder's source: the resampled input (r ≥ 1) or the input itself. */
  private readonly source: SlidingBuffer
  /** Overlap-add of synthesis frames: the output (r ≥ 1) or the stretched signal to resample. */
  private readonly synthesis: SlidingBuffer
  private inputLength = 0
  private sourceProduced = 0
  private nextFrame: number
  private outputProduced = 0
  private ended = false
  private readonly highBand: HighBand | undefined

  constructor(
    sampleRate: number,
    private readonly options: PitchShiftOptions,
  ) {
    this.ratio = options.pitchRatio
    this.vocoder = new Vocoder(
      sampleRate,
      options.pitchRatio / options.formantRatio,
      Math.min(1, options.pitchRatio),
      options.targetEnvelopeDb,
      options.pitchRatio > 1 ? RESAMPLED_BAND_TOP : 1,
    )
    const crossover = Math.min(HIGH_BAND_HZ, 0.45 * sampleRate * this.ratio)
    if (this.ratio < 1 && crossover >= MIN_HIGH_BAND_HZ) {
      this.highBand = new HighBand(sampleRate, crossover)
    }
    this.resampleFirst = this.ratio >= 1
    this.plan = createResamplePlan(1 / this.ratio)
    const size = this.vocoder.size
    this.input = new SlidingBuffer(size * 4)
    this.source = this.resampleFirst ? new SlidingBuffer(size * 4) : this.input
    this.nextFrame = -Math.ceil(this.vocoder.half / this.vocoder.hop)
    this.synthesis = new SlidingBuffer(
      size * 4,
      this.nextFrame * this.vocoder.hop - this.vocoder.half,
    )
  }

  push(chunk: Float32Array): Float32Array {
    this.input.append(chunk)
    this.inputLength += chunk.length
    this.highBand?.keep(chunk)
    return this.advance()
  }

  end(): Float32Array {
    this.ended = true
    return this.advance()
  }

  private advance(): Float32Array {
    const from = this.outputProduced
    const out = this.shift()
    this.highBand?.join(out, from)
    return out
  }

  private shift(): Float32Array {
    const { vocoder, ratio, plan } = this
    const { hop, half } = vocoder
    // Stage A (pitch up): resample the input by 1/r as far as the input allows.
    if (this.resampleFirst) {
      const total = Math.round(this.inputLength / ratio)
      let end = this.sourceProduced
      if (this.ended) end = total
      else while (Math.floor((end + 1) * ratio) + plan.reach < this.inputLength) end++
      if (end > this.sourceProduced) {
        const out = new Float32Array(end - this.sourceProduced)
        // Resampling by 1/r here reads input at j × r: the plan's ratio is output rate / input rate.
        resampleInto(plan, this.input.view(), this.input.start, out, this.sourceProduced, end)
        this.source.append(out)
        this.sourceProduced = end
        this.input.dropBefore(Math.floor(end * ratio) - plan.reach - 1)
      }
    }
    const sourceAvailable = this.resampleFirst ? this.sourceProduced : this.inputLength
    // Stage B: frames whose analysis window has arrived (all remaining ones at the end).
    const stretchedLength = this.resampleFirst
      ? this.inputLength
      : Math.ceil(this.inputLength * ratio)
    const lastFrame = Math.ceil((stretchedLength + half) / hop)
    for (;;) {
      const k = this.nextFrame
      const centre = Math.round((k * hop) / ratio)
      if (this.ended ? k > lastFrame : centre + half > sourceAvailable) break
      const frame = vocoder.process(this.source, centre)
      const start = k * hop - half
      this.synthesis.ensure(start + frame.length)
      const data = this.synthesis.data
      const offset = start - this.synthesis.start
      for (let i = 0; i < frame.length; i++)
        data[offset + i] = (data[offset + i] as number) + (frame[i] as number)
      this.nextFrame = k + 1
      if (this.options.onProgress && k % 256 === 0 && this.ended) {
        this.options.onProgress(Math.min(1, Math.max(0, k / Math.max(1, lastFrame))))
      }
      const nextCentre = Math.round(((k + 1) * hop) / ratio)
      this.source.dropBefore(nextCentre - half)
    }
    // Everything before the next frame's start is final.
    const finalBefore = this.ended ? Infinity : this.nextFrame * hop - half
    const total = this.ended ? this.inputLength : Infinity
    let end = this.outputProduced
    if (this.resampleFirst) {
      end = Math.min(total, Math.max(end, finalBefore))
      if (!Number.isFinite(end)) end = this.outputProduced
      this.synthesis.ensure(end)
      const out = this.synthesis.data.slice(
        this.outputProduced - this.synthesis.start,
        end - this.synthesis.start,
      )
      this.outputProduced = end
      this.synthesis.dropBefore(end)
      return out
    }
    // Stage C (pitch down): resample the stretched signal by 1/r as it becomes final.
    if (this.ended) end = this.inputLength
    else while (Math.floor((end + 1) * ratio) + plan.reach + 1 < finalBefore) end++
    const out = new Float32Array(Math.max(0, end - this.outputProduced))
    if (out.length > 0) {
      resampleInto(plan, this.synthesis.view(), this.synthesis.start, out, this.outputProduced, end)
      this.outputProduced = end
      this.synthesis.dropBefore(Math.floor(end * ratio) - plan.reach - 1)
    }
    return out
  }
}

/**
 * The original's top band, kept for a downward shift: the input's high-passed copy waits until
 * the shifted output of the same samples is ready, which is low-passed at the same frequency and
 * summed with it (a Linkwitz-Riley crossover: two Butterworth sections each side).
 */
class HighBand {
  private readonly lowPass: ToneFilter
  private readonly highPass: ToneFilter
  private readonly kept: SlidingBuffer

  constructor(sampleRate: number, crossover: number) {
    const band = { frequency: crossover, gainDb: 0, q: Math.SQRT1_2 }
    this.lowPass = new ToneFilter(sampleRate, [
      { type: 'lowPass', ...band },
      { type: 'lowPass', ...band },
    ])
    this.highPass = new ToneFilter(sampleRate, [
      { type: 'highPass', ...band },
      { type: 'highPass', ...band },
    ])
    this.kept = new SlidingBuffer(sampleRate)
  }

  keep(input: Float32Array): void {
    const high = input.slice()
    this.highPass.process(high)
    this.kept.append(high)
  }

  /** Low-passes `shifted` (output samples from `from` on) in place and adds the kept top band. */
  join(shifted: Float32Array, from: number): void {
    this.lowPass.process(shifted)
    const { data, start } = this.kept
    for (let i = 0; i < shifted.length; i++) {
      shifted[i] = (shifted[i] as number) + (data[from + i - start] ?? 0)
    }
    this.kept.dropBefore(from + shifted.length)
  }
}

/** Shifts a whole channel at once (see `PitchShifter` for chunks). */
export function pitchShiftChannel(
  input: Float32Array,
  sampleRate: number,
  options: PitchShiftOptions,
): Float32Array {
  const output = new Float32Array(input.length)
  const shifter = new PitchShifter(sampleRate, { ...options, onProgress: undefined })
  const step = Math.max(1, sampleRate * 5)
  let written = 0
  for (let start = 0; start < input.length; start += step) {
    const part = shifter.push(input.subarray(start, start + step))
    output.set(part, written)
    written += part.length
    options.onProgress?.(Math.min(0.99, (start + step) / input.length))
  }
  const rest = shifter.end()
  output.set(rest, written)
  options.onProgress?.(1)
  return output
}
