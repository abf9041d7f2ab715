/**
 * BSS Eval version 4 as museval computes it (sigsep-mus-eval, `museval.metrics.bss_eval` with its
 * defaults as `museval.evaluate` calls it): one time-invariant distortion filter of 512 taps per
 * pair of sources, fitted by least squares on the whole excerpt, then the decomposition of each
 * estimate into true source image, spatial distortion, interference and artefacts over 1 s frames
 * with a 1 s hop, giving SDR, ISR, SIR and SAR per frame. A frame where any reference or any
 * estimate is silent (its channel sum is zero at every sample) is NaN for every source, and the
 * trailing partial frame is dropped, as museval's `Framing` does. The figure reported is the median
 * over frames of SDR (NaN frames skipped).
 *
 * Two facts of museval's default (`bsseval_sources_version=False`, the "images" variant SiSEC uses)
 * that a reader may not expect, kept here on purpose:
 * - SDR does not use the distortion filter at all: the four components sum back to the estimate,
 *   so SDR = |s|² / |ŝ − s|² per frame. A delayed, sign-flipped or filtered estimate therefore
 *   scores a LOW SDR; the filter forgives it in SIR and SAR (and measures it in ISR).
 * - The filter is fitted on the whole signal and applied to each frame's references zero-padded
 *   by 511 samples, so each frame's decomposition covers the frame plus that tail.
 * The BSS Eval v3 `bss_eval_sources` variant (`sourcesVersion: true`), where SDR is measured
 * against the filtered reference and so forgives a filter, is available for comparison.
 *
 * Cost for a 30 s stereo excerpt with two sources: a few real FFTs of 2²¹ points for the
 * correlations, one Cholesky factorisation of the 2048 × 2048 Gram matrix (shared by every
 * estimate) and one of 1024 × 1024 per source.
 */
import { AudioError } from '../src/errors'
import { nextPowerOfTwo, RealFft } from '../src/dsp/fft'
import type { PcmAudio } from '../src/types'

export interface BssEvalOptions {
  /** Frame length in samples; museval's default through `evaluate` is one second. */
  windowSamples?: number
  /** Hop between frames in samples; one second by default (no overlap). */
  hopSamples?: number
  /** Taps of the distortion filters: 512 in museval. */
  filterLength?: number
  /** BSS Eval v3 `bss_eval_sources` criteria instead of the v4 image criteria. */
  sourcesVersion?: boolean
}

/** Per source, one value per frame (NaN where the frame was silent). */
export interface BssEvalFrames {
  sdr: Float64Array[]
  isr: Float64Array[]
  sir: Float64Array[]
  sar: Float64Array[]
}

/** The medians over frames per source: the figures museval's aggregate reports for a track. */
export interface BssEvalSummary {
  sdr: number[]
  isr: number[]
  sir: number[]
  sar: number[]
}

const MACHINE_EPSILON = 2 ** -52

/** Median of the values that are not NaN; NaN when there are none (museval's nanmedian). */
export function nanMedian(values: ArrayLike<number>): number {
  const kept: number[] = []
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) kept.push(values[i]!)
  if (kept.length === 0) return Number.NaN
  kept.sort((a, b) => a - b)
  const middle = kept.length >> 1
  return kept.length % 2 === 1 ? kept[middle]! : (kept[middle - 1]! + kept[middle]!) / 2
}

export function summariseBssEval(frames: BssEvalFrames): BssEvalSummary {
  return {
    sdr: frames.sdr.map(nanMedian),
    isr: frames.isr.map(nanMedian),
    sir: frames.sir.map(nanMedian),
    sar: frames.sar.map(nanMedian),
  }
}

interface Spectrum {
  real: Float64Array
  imag: Float64Array
}

function checkInput(references: PcmAudio[], estimates: PcmAudio[]): void {
  if (references.length === 0 || references.length !== estimates.length) {
    throw new AudioError('invalid_option', '参考声源与估计声源的数量必须相同且不为零')
  }
  const { sampleRate } = references[0]!
  const channels = references[0]!.channels.length
  for (const audio of [...references, ...estimates]) {
    if (audio.sampleRate !== sampleRate || audio.channels.length !== channels || channels === 0) {
      throw new AudioError('invalid_option', '所有声源的采样率和声道数必须相同')
    }
  }
  if (references.some((reference) => reference.channels[0]!.length === 0)) {
    throw new AudioError('empty', '参考声源没有采样')
  }
}

/** True when the channel sum is zero at every sample of [start, stop): museval's silence test. */
function isSilent(channels: Float32Array[], start: number, stop: number): boolean {
  for (let n = start; n < stop; n++) {
    let sum = 0
    for (const channel of channels) sum += channel[n] ?? 0
    if (sum !== 0) return false
  }
  return true
}

/** museval pads or truncates each estimate to the reference length before scoring. */
function fitLength(audio: PcmAudio, length: number): Float32Array[] {
  return audio.channels.map((channel) => {
    if (channel.length === length) return channel
    const fitted = new Float32Array(length)
    fitted.set(channel.subarray(0, length))
    return fitted
  })
}

function forwardSpectrum(
  fft: RealFft,
  samples: Float32Array,
  offset: number,
  count: number,
): Spectrum {
  const input = new Float64Array(fft.size)
  for (let n = 0; n < count; n++) input[n] = samples[offset + n]!
  const real = new Float64Array(fft.binCount)
  const imag = new Float64Array(fft.binCount)
  fft.forward(input, real, imag)
  return { real, imag }
}

/**
 * Cross-correlations r[k] = Σₙ a[n + k]·b[n] for the lags |k| < taps only, computed block by block
 * (overlap-save) with FFTs of 16 384 points instead of one FFT of the whole signal: the same sums,
 * in a quarter of the time, because the small transforms stay in the processor's cache.
 * Each signal is transformed once per role: "extended" blocks (the block plus taps − 1 samples on
 * each side) for a, "centred" blocks (the block alone, zero-padded) for b; the cross-spectra of the
 * blocks add up, and one inverse transform gives the lags.
 */
class BlockCorrelator {
  private readonly fft: RealFft
  private readonly blockLength: number
  private readonly blockCount: number
  private readonly input: Float64Array
  private readonly sumReal: Float64Array
  private readonly sumImag: Float64Array
  private readonly output: Float64Array

  constructor(
    private readonly length: number,
    private readonly taps: number,
  ) {
    const size = Math.max(16_384, nextPowerOfTwo(8 * taps))
    this.fft = new RealFft(size)
    // Lags up to ±(taps − 1) of a block of B samples need B + 2·taps − 2 < size points.
    this.blockLength = size - 2 * taps + 1
    this.blockCount = Math.max(1, Math.ceil(length / this.blockLength))
    this.input = new Float64Array(size)
    this.sumReal = new Float64Array(this.fft.binCount)
    this.sumImag = new Float64Array(this.fft.binCount)
    this.output = new Float64Array(size)
  }

  /** Spectra of the signal's blocks, as `a` (extended) or as `b` (centred) of a correlation. */
  blocks(signal: Float32Array, extended: boolean): Spectrum[] {
    const spectra: Spectrum[] = []
    const margin = extended ? this.taps - 1 : 0
    for (let block = 0; block < this.blockCount; block++) {
      const offset = block * this.blockLength - margin
      const count = this.blockLength + 2 * margin
      this.input.fill(0)
      for (let i = 0; i < count; i++) {
        const n = offset + i
        if (n >= 0 && n < this.length) this.input[i] = signal[n]!
      }
      const real = new Float64Array(this.fft.binCount)
      const imag = new Float64Array(this.fft.binCount)
      this.fft.forward(this.input, real, imag)
      spectra.push({ real, imag })
    }
    return spectra
  }

  /**
   * r[k] = Σₙ a[n + k]·b[n] from a's extended and b's centred blocks, returned for the lags
   * 0, −1, …, −(taps − 1) (`negative[d]` = r[−d]) and 0, 1, …, taps − 1 (`positive[d]` = r[d]).
   */
  correlate(a: Spectrum[], b: Spectrum[]): { negative: Float64Array; positive: Float64Array } {
    const { sumReal, sumImag } = this
    sumReal.fill(0)
    sumImag.fill(0)
    for (let block = 0; block < this.blockCount; block++) {
      const x = a[block]!
      const y = b[block]!
      for (let k = 0; k < sumReal.length; k++) {
        // x · conj(y)
        sumReal[k]! += x.real[k]! * y.real[k]! + x.imag[k]! * y.imag[k]!
        sumImag[k]! += x.imag[k]! * y.real[k]! - x.real[k]! * y.imag[k]!
      }
    }
    this.fft.inverse(sumReal, sumImag, this.output)
    // Circular lag m of the extended block is the signal lag m − (taps − 1).
    const negative = new Float64Array(this.taps)
    const positive = new Float64Array(this.taps)
    for (let d = 0; d < this.taps; d++) {
      negative[d] = this.output[this.taps - 1 - d]!
      positive[d] = this.output[this.taps - 1 + d]!
    }
    return { negative, positive }
  }
}

/**
 * In-place Cholesky factorisation of the symmetric matrix `a` (n × n, row-major); the lower
 * triangle becomes L with A = L·Lᵀ. Returns false when a pivot is not positive.
 */
function choleskyInPlace(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const rowJ = j * n
    let diagonal = a[rowJ + j]!
    for (let k = 0; k < j; k++) diagonal -= a[rowJ + k]! ** 2
    if (!(diagonal > 0)) return false
    const pivot = Math.sqrt(diagonal)
    a[rowJ + j] = pivot
    // Four rows at a time share each load of row j: about five times faster than one at a time
    // in V8, which is most of the cost of scoring a stereo excerpt.
    let i = j + 1
    for (; i + 3 < n; i += 4) {
      const row0 = i * n
      const row1 = row0 + n
      const row2 = row1 + n
      const row3 = row2 + n
      let sum0 = a[row0 + j]!
      let sum1 = a[row1 + j]!
      let sum2 = a[row2 + j]!
      let sum3 = a[row3 + j]!
      for (let k = 0; k < j; k++) {
        const x = a[rowJ + k]!
        sum0 -= a[row0 + k]! * x
        sum1 -= a[row1 + k]! * x
        sum2 -= a[row2 + k]! * x
        sum3 -= a[row3 + k]! * x
      }
      a[row0 + j] = sum0 / pivot
      a[row1 + j] = sum1 / pivot
      a[row2 + j] = sum2 / pivot
      a[row3 + j] = sum3 / pivot
    }
    for (; i < n; i++) {
      const rowI = i * n
      let sum = a[rowI + j]!
      for (let k = 0; k < j; k++) sum -= a[rowI + k]! * a[rowJ + k]!
      a[rowI + j] = sum / pivot
    }
  }
  return true
}

/**
 * Factorises G + εI as museval does (numpy's solve on G + eps·I). A Gram matrix of delayed signals
 * can be singular (a band-limited or mono-in-stereo reference); numpy then falls back to least
 * squares, and here the diagonal loading grows until the factorisation holds, which picks the same
 * minimum-norm-like filter up to a negligible error.
 */
function factorise(gram: Float64Array, n: number): Float64Array {
  let trace = 0
  for (let i = 0; i < n; i++) trace += gram[i * n + i]!
  let loading = MACHINE_EPSILON
  for (;;) {
    const factor = Float64Array.from(gram)
    for (let i = 0; i < n; i++) factor[i * n + i]! += loading
    if (choleskyInPlace(factor, n)) return factor
    loading = Math.max(loading * 100, (trace / n) * 1e-12)
  }
}

/** Solves (L·Lᵀ)·x = b for one right-hand side, in place in b. */
function solveFactorised(factor: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let sum = b[i]!
    const row = i * n
    for (let k = 0; k < i; k++) sum -= factor[row + k]! * b[k]!
    b[i] = sum / factor[row + i]!
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = b[i]!
    for (let k = i + 1; k < n; k++) sum -= factor[k * n + i]! * b[k]!
    b[i] = sum / factor[i * n + i]!
  }
}

/**
 * Everything the frames need: for each estimate j, the filters projecting each of its channels
 * onto all references (`interference[j][c]`, laid out (source, channel, tap)) and onto its own
 * reference only (`spatial[j][c]`, laid out (channel, tap)).
 */
interface DistortionFilters {
  interference: Float64Array[][]
  spatial: Float64Array[][]
}

/** What depends on the references alone, computed once and shared by every set of estimates. */
interface ReferenceModel {
  correlator: BlockCorrelator
  /** Per source and channel, the blocks as the first signal of a correlation. */
  extended: Spectrum[][][]
  /** Cholesky factor of the Gram matrix of all delayed reference channels. */
  fullFactor: Float64Array
  /** Per source, the Cholesky factor of the Gram matrix of its own delayed channels. */
  ownFactors: Float64Array[]
}

function modelReferences(references: Float32Array[][], taps: number): ReferenceModel {
  const sourceCount = references.length
  const channelCount = references[0]!.length
  const length = references[0]![0]!.length
  const correlator = new BlockCorrelator(length, taps)
  const extended = references.map((channels) =>
    channels.map((channel) => correlator.blocks(channel, true)),
  )
  const centred = references.map((channels) =>
    channels.map((channel) => correlator.blocks(channel, false)),
  )
  // Unknowns are indexed (source, channel, tap), as museval's _reshape_G lays them out.
  const blocks = sourceCount * channelCount
  const size = blocks * taps
  const gram = new Float64Array(size * size)
  const channelOf = <T>(perSource: T[][], block: number): T =>
    perSource[Math.floor(block / channelCount)]![block % channelCount]!
  for (let first = 0; first < blocks; first++) {
    for (let second = first; second < blocks; second++) {
      // G[(first, p), (second, q)] = Σₙ a[n − p]·b[n − q] = r[q − p] with r[k] = Σₙ a[n+k]·b[n].
      const { negative, positive } = correlator.correlate(
        channelOf(extended, first),
        channelOf(centred, second),
      )
      for (let p = 0; p < taps; p++) {
        const row = (first * taps + p) * size
        for (let q = 0; q < taps; q++) {
          const value = p >= q ? negative[p - q]! : positive[q - p]!
          gram[row + second * taps + q] = value
          gram[(second * taps + q) * size + first * taps + p] = value
        }
      }
    }
  }
  const ownSize = channelCount * taps
  const ownFactors = references.map((_, source) => {
    const own = new Float64Array(ownSize * ownSize)
    const offset = source * ownSize
    for (let row = 0; row < ownSize; row++) {
      const from = (offset + row) * size + offset
      own.set(gram.subarray(from, from + ownSize), row * ownSize)
    }
    return factorise(own, ownSize)
  })
  return { correlator, extended, fullFactor: factorise(gram, size), ownFactors }
}

function fitFilters(
  model: ReferenceModel,
  estimates: Float32Array[][],
  taps: number,
): DistortionFilters {
  const { correlator, extended } = model
  const channelCount = extended[0]!.length
  const blocks = extended.length * channelCount
  const size = blocks * taps
  const ownSize = channelCount * taps
  const interference: Float64Array[][] = []
  const spatial: Float64Array[][] = []
  estimates.forEach((estimate, estimateIndex) => {
    const estimateBlocks = estimate.map((channel) => correlator.blocks(channel, false))
    interference.push([])
    spatial.push([])
    for (let c = 0; c < channelCount; c++) {
      // D[(source, channel, p)] = Σₙ s[n − p]·ŝ_c[n] = r[−p] with r[k] = Σₙ s[n + k]·ŝ_c[n].
      const right = new Float64Array(size)
      for (let block = 0; block < blocks; block++) {
        const reference = extended[Math.floor(block / channelCount)]![block % channelCount]!
        const { negative } = correlator.correlate(reference, estimateBlocks[c]!)
        right.set(negative, block * taps)
      }
      const own = right.slice(estimateIndex * ownSize, (estimateIndex + 1) * ownSize)
      solveFactorised(model.fullFactor, size, right)
      solveFactorised(model.ownFactors[estimateIndex]!, ownSize, own)
      interference[estimateIndex]!.push(right)
      spatial[estimateIndex]!.push(own)
    }
  })
  return { interference, spatial }
}

function decibels(numerator: number, denominator: number): number {
  if (denominator === 0) return Number.POSITIVE_INFINITY
  return 10 * Math.log10(numerator / denominator)
}

/** Frame `frame`'s sample range, or undefined when a reference or estimate is silent there. */
function scoredFrame(
  frame: number,
  hop: number,
  window: number,
  length: number,
  referenceChannels: Float32Array[][],
  estimateChannels: Float32Array[][],
): { start: number; stop: number } | undefined {
  const start = Math.floor(frame * hop)
  const stop = Math.min(start + window, length)
  const silent =
    referenceChannels.some((channels) => isSilent(channels, start, stop)) ||
    estimateChannels.some((channels) => isSilent(channels, start, stop))
  return silent ? undefined : { start, stop }
}

/**
 * The SDR per frame alone, as `bssEval` reports it (the v4 images variant: plain SDR, with the
 * same frames and the same silent-frame rule), without fitting the distortion filters, which only
 * SIR, ISR and SAR need: a hundred times cheaper, for tuning loops.
 */
export function plainSdrFrames(
  references: PcmAudio[],
  estimates: PcmAudio[],
  options: Pick<BssEvalOptions, 'windowSamples' | 'hopSamples'> = {},
): Float64Array[] {
  checkInput(references, estimates)
  const { sampleRate } = references[0]!
  const window = options.windowSamples ?? sampleRate
  const hop = options.hopSamples ?? sampleRate
  const length = references[0]!.channels[0]!.length
  const referenceChannels = references.map((reference) => fitLength(reference, length))
  const estimateChannels = estimates.map((estimate) => fitLength(estimate, length))
  const frameCount = window < length ? Math.floor((length - window + hop) / hop) : 1
  const result = references.map(() => new Float64Array(frameCount).fill(Number.NaN))
  for (let frame = 0; frame < frameCount; frame++) {
    const bounds = scoredFrame(frame, hop, window, length, referenceChannels, estimateChannels)
    if (!bounds) continue
    const { start, stop } = bounds
    referenceChannels.forEach((channels, source) => {
      let trueEnergy = 0
      let errorEnergy = 0
      channels.forEach((reference, c) => {
        const estimate = estimateChannels[source]![c]!
        for (let n = start; n < stop; n++) {
          trueEnergy += reference[n]! * reference[n]!
          errorEnergy += (estimate[n]! - reference[n]!) ** 2
        }
      })
      result[source]![frame] = decibels(trueEnergy, errorEnergy)
    })
  }
  return result
}

/**
 * BSS Eval v4 of `estimates[j]` against `references[j]` for every source j (the same order, no
 * permutation search, as museval's default). All inputs share one sample rate and channel count;
 * estimates are padded or cut to the reference length.
 */
export function bssEval(
  references: PcmAudio[],
  estimates: PcmAudio[],
  options: BssEvalOptions = {},
): BssEvalFrames {
  checkInput(references, estimates)
  return createBssEvaluator(references, options).evaluate(estimates)
}

export interface BssEvaluator {
  /** Scores one estimate per reference, in the references' order. */
  evaluate(estimates: PcmAudio[]): BssEvalFrames
}

/**
 * Prepares the references once (their spectra and the factorised Gram matrices, the costly part)
 * so that several separations of the same example (the mixture, a method, an oracle) are scored
 * without repeating it.
 */
export function createBssEvaluator(
  references: PcmAudio[],
  options: BssEvalOptions = {},
): BssEvaluator {
  checkInput(references, references)
  const { sampleRate } = references[0]!
  const window = options.windowSamples ?? sampleRate
  const hop = options.hopSamples ?? sampleRate
  const taps = options.filterLength ?? 512
  if (!(window > 0 && hop > 0 && taps > 0 && Number.isInteger(taps))) {
    throw new AudioError('invalid_option', '帧长、帧移和滤波器长度必须为正数')
  }
  const length = references[0]!.channels[0]!.length
  const referenceChannels = references.map((reference) => fitLength(reference, length))
  referenceChannels.forEach((channels) => {
    if (isSilent(channels, 0, length)) throw new AudioError('silent', '参考声源全为静音，无法评分')
  })
  const model = modelReferences(referenceChannels, taps)
  return {
    evaluate: (estimates) => {
      checkInput(references, estimates)
      const estimateChannels = estimates.map((estimate) => fitLength(estimate, length))
      estimateChannels.forEach((channels) => {
        if (isSilent(channels, 0, length)) {
          throw new AudioError('silent', '估计声源全为静音，无法评分')
        }
      })
      return scoreFrames(
        referenceChannels,
        estimateChannels,
        fitFilters(model, estimateChannels, taps),
        { window, hop, taps, sourcesVersion: options.sourcesVersion ?? false },
      )
    },
  }
}

interface FrameSettings {
  window: number
  hop: number
  taps: number
  sourcesVersion: boolean
}

/** museval's framewise decomposition with the time-invariant filters fitted on the whole signal. */
function scoreFrames(
  referenceChannels: Float32Array[][],
  estimateChannels: Float32Array[][],
  filters: DistortionFilters,
  { window, hop, taps, sourcesVersion }: FrameSettings,
): BssEvalFrames {
  const length = referenceChannels[0]![0]!.length
  const sourceCount = referenceChannels.length
  const channelCount = referenceChannels[0]!.length
  const frameCount = window < length ? Math.floor((length - window + hop) / hop) : 1
  const frameLength = Math.min(window, length)
  const padded = frameLength + taps - 1
  const fft = new RealFft(nextPowerOfTwo(Math.max(2, padded)))
  const filterSpectrum = (filter: Float64Array, offset: number): Spectrum => {
    const input = new Float64Array(fft.size)
    input.set(filter.subarray(offset, offset + taps))
    const real = new Float64Array(fft.binCount)
    const imag = new Float64Array(fft.binCount)
    fft.forward(input, real, imag)
    return { real, imag }
  }
  // Spectra of every filter, indexed [estimate][output channel][source · channels + channel].
  const interferenceSpectra = filters.interference.map((perChannel) =>
    perChannel.map((filter) =>
      Array.from({ length: sourceCount * channelCount }, (_, block) =>
        filterSpectrum(filter, block * taps),
      ),
    ),
  )
  const spatialSpectra = filters.spatial.map((perChannel) =>
    perChannel.map((filter) =>
      Array.from({ length: channelCount }, (_, channel) => filterSpectrum(filter, channel * taps)),
    ),
  )

  const result: BssEvalFrames = {
    sdr: referenceChannels.map(() => new Float64Array(frameCount).fill(Number.NaN)),
    isr: referenceChannels.map(() => new Float64Array(frameCount).fill(Number.NaN)),
    sir: referenceChannels.map(() => new Float64Array(frameCount).fill(Number.NaN)),
    sar: referenceChannels.map(() => new Float64Array(frameCount).fill(Number.NaN)),
  }
  const accumulatedReal = new Float64Array(fft.binCount)
  const accumulatedImag = new Float64Array(fft.binCount)
  const spatialProjection = new Float64Array(fft.size)
  const fullProjection = new Float64Array(fft.size)
  const project = (spectra: Spectrum[], inputs: Spectrum[], output: Float64Array): void => {
    accumulatedReal.fill(0)
    accumulatedImag.fill(0)
    spectra.forEach((filter, index) => {
      const input = inputs[index]!
      for (let k = 0; k < fft.binCount; k++) {
        accumulatedReal[k]! += filter.real[k]! * input.real[k]! - filter.imag[k]! * input.imag[k]!
        accumulatedImag[k]! += filter.real[k]! * input.imag[k]! + filter.imag[k]! * input.real[k]!
      }
    })
    fft.inverse(accumulatedReal, accumulatedImag, output)
  }

  for (let frame = 0; frame < frameCount; frame++) {
    const bounds = scoredFrame(frame, hop, window, length, referenceChannels, estimateChannels)
    if (!bounds) continue
    const { start, stop } = bounds
    const count = stop - start
    const frameSpectra = referenceChannels.map((channels) =>
      channels.map((channel) => forwardSpectrum(fft, channel, start, count)),
    )
    const allSpectra = frameSpectra.flat()
    for (let source = 0; source < sourceCount; source++) {
      let trueEnergy = 0
      let errorEnergy = 0
      let spatialErrorEnergy = 0
      let filteredEnergy = 0
      let interferenceEnergy = 0
      let projectedEnergy = 0
      let artefactEnergy = 0
      let filteredErrorEnergy = 0
      for (let c = 0; c < channelCount; c++) {
        project(spatialSpectra[source]![c]!, frameSpectra[source]!, spatialProjection)
        project(interferenceSpectra[source]![c]!, allSpectra, fullProjection)
        const reference = referenceChannels[source]![c]!
        const estimate = estimateChannels[source]![c]!
        for (let n = 0; n < count + taps - 1; n++) {
          const truth = n < count ? reference[start + n]! : 0
          const guess = n < count ? estimate[start + n]! : 0
          const spatialPart = spatialProjection[n]!
          const fullPart = fullProjection[n]!
          trueEnergy += truth * truth
          errorEnergy += (guess - truth) ** 2
          spatialErrorEnergy += (spatialPart - truth) ** 2
          filteredEnergy += spatialPart * spatialPart
          interferenceEnergy += (fullPart - spatialPart) ** 2
          projectedEnergy += fullPart * fullPart
          artefactEnergy += (guess - fullPart) ** 2
          filteredErrorEnergy += (guess - spatialPart) ** 2
        }
      }
      if (sourcesVersion) {
        result.sdr[source]![frame] = decibels(filteredEnergy, filteredErrorEnergy)
        result.sir[source]![frame] = decibels(filteredEnergy, interferenceEnergy)
      } else {
        result.sdr[source]![frame] = decibels(trueEnergy, errorEnergy)
        result.isr[source]![frame] = decibels(trueEnergy, spatialErrorEnergy)
        result.sir[source]![frame] = decibels(filteredEnergy, interferenceEnergy)
      }
      result.sar[source]![frame] = decibels(projectedEnergy, artefactEnergy)
    }
  }
  return result
}
