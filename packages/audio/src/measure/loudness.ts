import { cloneAudio, dbToGain, gainToDb } from '../mix'
import type { PcmAudio } from '../types'
import { TruePeakMeter, accumulateBlockTruePeaks, channelTruePeak } from './truePeak'

/**
 * Loudness per ITU-R BS.1770-4 / EBU R128: K-weighting (a high shelf then a high pass), mean square
 * per 400 ms block with 75% overlap, an absolute gate at -70 LUFS and a relative gate 10 LU below.
 */

export const DEFAULT_TARGET_LUFS = -14
export const DEFAULT_MAX_TRUE_PEAK_DB = -1
const ABSOLUTE_GATE_LUFS = -70
const RELATIVE_GATE_LU = -10
const LOUDNESS_OFFSET = -0.691

interface Biquad {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

/** The two K-weighting stages for any sample rate (the analogue prototypes used by libebur128). */
function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533
  const gainDb = 3.999843853973347
  let q = 0.7071752369554196
  let k = Math.tan((Math.PI * f0) / sampleRate)
  const vh = Math.pow(10, gainDb / 20)
  const vb = Math.pow(vh, 0.4996667741545416)
  let a0 = 1 + k / q + k * k
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  }
  f0 = 38.13547087602444
  q = 0.5003270373238773
  k = Math.tan((Math.PI * f0) / sampleRate)
  a0 = 1 + k / q + k * k
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  }
  return [shelf, highPass]
}

/** BS.1770 channel weights for the usual layouts: surrounds (5th and 6th of 5.1) count 1.41, LFE 0. */
function channelWeight(index: number, channelCount: number): number {
  if (channelCount >= 6 && index === 3) return 0
  if (channelCount >= 5 && (index === 4 || index === 5)) return 1.41
  return 1
}

/**
 * Streaming loudness meter: push consecutive chunks of one stream, then read the integrated
 * loudness. Holds only one number per 100 ms, so a 30-minute file needs about 18 000 numbers.
 */
export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad]
  private readonly state: Float64Array
  private readonly subBlockLength: number
  private readonly subBlockEnergies: number[] = []
  private partialEnergy = 0
  private partialLength = 0
  private frames = 0

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
  ) {
    this.filters = kWeightingFilters(sampleRate)
    // Four state values per stage per channel (direct form I: x1 x2 y1 y2).
    this.state = new Float64Array(channelCount * 8)
    this.subBlockLength = Math.max(1, Math.round(sampleRate / 10))
  }

  push(channels: readonly Float32Array[]): void {
    const length = channels[0]?.length ?? 0
    let position = 0
    while (position < length) {
      const take = Math.min(length - position, this.subBlockLength - this.partialLength)
      for (let c = 0; c < this.channelCount; c++) {
        const weight = channelWeight(c, this.channelCount)
        const channel = channels[c]
        if (weight === 0 || !channel) continue
        this.partialEnergy += weight * this.filterSum(channel, c, position, position + take)
      }
      position += take
      this.partialLength += take
      if (this.partialLength === this.subBlockLength) {
        this.subBlockEnergies.push(this.partialEnergy / this.subBlockLength)
        this.partialEnergy = 0
        this.partialLength = 0
      }
    }
    this.frames += length
  }

  /** Runs the K-weighting over [from, to) of one channel and returns the sum of squared output. */
  private filterSum(channel: Float32Array, c: number, from: number, to: number): number {
    const [s, h] = this.filters
    const st = this.state
    const o = c * 8
    let x1 = st[o] as number
    let x2 = st[o + 1] as number
    let y1 = st[o + 2] as number
    let y2 = st[o + 3] as number
    let z1 = st[o + 4] as number
    let z2 = st[o + 5] as number
    let w1 = st[o + 6] as number
    let w2 = st[o + 7] as number
    let sum = 0
    for (let i = from; i < to; i++) {
      const x = channel[i] as number
      const y = s.b0 * x + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2
      x2 = x1
      x1 = x
      y2 = y1
      y1 = y
      const w = y - 2 * z1 + z2 - h.a1 * w1 - h.a2 * w2
      z2 = z1
      z1 = y
      w2 = w1
      w1 = w
      sum += w * w
    }
    st[o] = x1
    st[o + 1] = x2
    st[o + 2] = y1
    st[o + 3] = y2
    st[o + 4] = z1
    st[o + 5] = z2
    st[o + 6] = w1
    st[o + 7] = w2
    return sum
  }

  /** Mean K-weighted power (summed over channels) of each complete 100 ms block so far. */
  get blockPowers(): readonly number[] {
    return this.subBlockEnergies
  }

  /**
   * Integrated loudness in LUFS, -Infinity for silence. Audio shorter than one 400 ms block is
   * measured as a single block so short clips still get a usable figure.
   */
  integrated(): number {
    const energies = this.subBlockEnergies
    const blockPowers: number[] = []
    for (let i = 0; i + 4 <= energies.length; i++) {
      blockPowers.push(
        ((energies[i] as number) +
          (energies[i + 1] as number) +
          (energies[i + 2] as number) +
          (energies[i + 3] as number)) /
          4,
      )
    }
    if (blockPowers.length === 0) {
      const total = energies.reduce((sum, e) => sum + e * this.subBlockLength, this.partialEnergy)
      if (this.frames === 0) return -Infinity
      blockPowers.push(total / this.frames)
    }
    const toLufs = (power: number) => LOUDNESS_OFFSET + 10 * Math.log10(power)
    const aboveAbsolute = blockPowers.filter((p) => p > 0 && toLufs(p) > ABSOLUTE_GATE_LUFS)
    if (aboveAbsolute.length === 0) return -Infinity
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    const relativeGate = toLufs(mean(aboveAbsolute)) + RELATIVE_GATE_LU
    const gated = aboveAbsolute.filter((p) => toLufs(p) > relativeGate)
    return toLufs(mean(gated.length > 0 ? gated : aboveAbsolute))
  }
}

/** Integrated loudness (LUFS) of the whole audio; -Infinity for silence. */
export function integratedLoudness(audio: PcmAudio): number {
  const meter = new LoudnessMeter(audio.sampleRate, audio.channels.length)
  meter.push(audio.channels)
  return meter.integrated()
}

/** True peak in dBTP (4x oversampled, BS.1770-4 Annex 2); -Infinity for silence. */
export function truePeakDb(audio: PcmAudio): number {
  let peak = 0
  for (const channel of audio.channels) peak = Math.max(peak, channelTruePeak(channel))
  return gainToDb(peak)
}

export interface NormalizeOptions {
  targetLufs?: number
  maxTruePeakDb?: number
}

/** Gain is computed per block of this many samples and interpolated inside it (about 0.7 ms). */
const LIMITER_BLOCK = 32
/** How long before a peak the limiter starts to turn the gain down. */
export const LIMITER_ATTACK_SECONDS = 0.005
/** Time constant of the gain's recovery after a peak. */
export const LIMITER_RELEASE_SECONDS = 0.12
/** Aim a little under the ceiling so interpolation between gain steps cannot poke above it. */
const LIMITER_MARGIN_DB = 0.1

/**
 * Per-block gain (linear, ≤ 1) of a look-ahead peak limiter that keeps the true peak of
 * `blockPeaks × preGain` under `ceiling`: the required gain is min-filtered over the attack window,
 * released exponentially and smoothed by a moving average over the same window, so the gain
 * interpolated between block k and k+1 never exceeds what block k needs.
 */
function limiterGains(
  blockPeaks: Float32Array,
  preGain: number,
  ceiling: number,
  sampleRate: number,
): Float32Array {
  const count = blockPeaks.length
  const attack = Math.max(1, Math.round((LIMITER_ATTACK_SECONDS * sampleRate) / LIMITER_BLOCK))
  const releaseCoefficient = 1 - Math.exp(-LIMITER_BLOCK / (LIMITER_RELEASE_SECONDS * sampleRate))
  const required = new Float32Array(count)
  for (let b = 0; b < count; b++) {
    const peak = (blockPeaks[b] as number) * preGain
    required[b] = peak > ceiling ? ceiling / peak : 1
  }
  // Sliding minimum over required[b-1 .. b+attack] with a monotonic deque.
  const minimum = new Float32Array(count)
  const deque = new Int32Array(count + attack + 2)
  let head = 0
  let tail = 0
  let next = 0
  for (let b = 0; b < count; b++) {
    const windowEnd = Math.min(count - 1, b + attack)
    while (next <= windowEnd) {
      while (
        tail > head &&
        (required[deque[tail - 1] as number] as number) >= (required[next] as number)
      )
        tail--
      deque[tail++] = next++
    }
    while ((deque[head] as number) < b - 1) head++
    minimum[b] = required[deque[head] as number] as number
  }
  const released = new Float32Array(count)
  let envelope = 1
  for (let b = 0; b < count; b++) {
    envelope = Math.min(minimum[b] as number, envelope + (1 - envelope) * releaseCoefficient)
    released[b] = envelope
  }
  const smoothed = new Float32Array(count)
  let runningSum = 0
  for (let b = 0; b < count; b++) {
    runningSum += released[b] as number
    if (b >= attack) runningSum -= released[b - attack] as number
    // At the start only the blocks that exist are averaged (never an assumed gain of 1).
    smoothed[b] = runningSum / Math.min(b + 1, attack)
  }
  return smoothed
}

/**
 * Writes `input × preGain × trim × (the limiter's interpolated gain curve)` into `output`, where
 * `input[0]` is sample `start` of the stream; the same call serves a whole song or one chunk.
 */
function applyGainCurve(
  input: Float32Array,
  output: Float32Array,
  start: number,
  plan: LoudnessGainPlan,
): void {
  const scale = plan.preGain * plan.trim
  const gains = plan.gains
  const n = input.length
  if (!gains) {
    for (let i = 0; i < n; i++) output[i] = (input[i] as number) * scale
    return
  }
  for (let i = 0; i < n;) {
    const position = start + i
    const b = Math.floor(position / LIMITER_BLOCK)
    const g0 = (gains[b] ?? 1) * scale
    const g1 = (gains[b + 1] ?? gains[b] ?? 1) * scale
    const slope = (g1 - g0) / LIMITER_BLOCK
    const blockStart = b * LIMITER_BLOCK
    const stop = Math.min(n, blockStart + LIMITER_BLOCK - start)
    for (; i < stop; i++) output[i] = (input[i] as number) * (g0 + slope * (start + i - blockStart))
  }
}

/**
 * A stored signal read in consecutive chunks from its start: a song in memory, or one kept
 * compactly on a `PcmTape` while a streaming job runs. Each pass calls `chunks()` afresh.
 */
export interface PcmChunkSource {
  readonly sampleRate: number
  readonly channelCount: number
  /** Consecutive chunks covering the whole signal; a chunk's arrays may be reused by the next. */
  chunks(): Iterable<readonly Float32Array[]>
}

/** How to bring a signal to its loudness target: one gain, a limiter's gain curve, a final trim. */
export interface LoudnessGainPlan {
  preGain: number
  /** Limiter gain per `LIMITER_BLOCK` samples (interpolated within a block); none when not needed. */
  gains?: Float32Array
  /** A last scale that makes the true-peak ceiling a guarantee (1 when nothing is over). */
  trim: number
}

/** Samples per step of the limiter's gain curve: the block size `BlockTruePeakMeter` is run with. */
export const LIMITER_BLOCK_SAMPLES = LIMITER_BLOCK

function chunkSourceOf(audio: PcmAudio): PcmChunkSource {
  return {
    sampleRate: audio.sampleRate,
    channelCount: audio.channels.length,
    *chunks() {
      const frames = audio.channels[0]?.length ?? 0
      const span = LIMITER_BLOCK * 4096
      for (let start = 0; start < frames; start += span) {
        yield audio.channels.map((channel) => channel.subarray(start, start + span))
      }
    },
  }
}

/**
 * Plans loudness normalisation from the signal's integrated loudness and its true peak per
 * `LIMITER_BLOCK_SAMPLES` block (blocks that could never reach the ceiling may be under-reported):
 * the gain to `targetLufs`; where that would push peaks over `maxTruePeakDb`, a look-ahead limiter
 * curve with make-up gain for the loudness it takes (a few rounds; if the ceiling and the target
 * cannot both be met, the ceiling wins); and a final trim measured on the result. Reads `source`
 * a few times but never holds it. Returns undefined for silence (which stays as it is).
 */
export function planNormalization(
  source: PcmChunkSource,
  loudness: number,
  blockPeaks: Float32Array,
  options: NormalizeOptions = {},
): LoudnessGainPlan | undefined {
  if (!Number.isFinite(loudness)) return undefined
  const targetLufs = options.targetLufs ?? DEFAULT_TARGET_LUFS
  const ceilingDb = options.maxTruePeakDb ?? DEFAULT_MAX_TRUE_PEAK_DB
  const ceiling = dbToGain(ceilingDb - LIMITER_MARGIN_DB)
  let gainDb = targetLufs - loudness
  let maxPeak = 0
  for (let b = 0; b < blockPeaks.length; b++) maxPeak = Math.max(maxPeak, blockPeaks[b] as number)
  let plan: LoudnessGainPlan = { preGain: dbToGain(gainDb), trim: 1 }
  if (maxPeak * plan.preGain > ceiling) {
    // The limiter's loss of loudness is found on the gain curve alone: the K-weighted loudness of
    // the limited signal is measured by applying the curve to a meter instead of to the samples,
    // so in-place work never has to undo itself.
    for (let attempt = 0; attempt < 4; attempt++) {
      const gains = limiterGains(blockPeaks, dbToGain(gainDb), ceiling, source.sampleRate)
      plan = { preGain: dbToGain(gainDb), gains, trim: 1 }
      const shortfall = targetLufs - measurePlanned(source, plan).loudness
      if (Math.abs(shortfall) < 0.05 || attempt === 3) break
      gainDb += shortfall
    }
  }
  // The limiter works on blocks; a final check makes the ceiling a guarantee, not a hope.
  const peakDb = gainToDb(measurePlanned(source, plan, false).truePeak)
  if (peakDb > ceilingDb) plan.trim = dbToGain(ceilingDb - peakDb - 0.01)
  return plan
}

/** Writes the planned gain into `output` (default: in place); `start` is the chunk's first sample. */
export function applyNormalization(
  plan: LoudnessGainPlan,
  channels: readonly Float32Array[],
  start: number,
  output: readonly Float32Array[] = channels,
): void {
  channels.forEach((channel, c) => applyGainCurve(channel, output[c] ?? channel, start, plan))
}

/** Loudness or true peak of `source` as it would be after the plan, measured chunk by chunk. */
function measurePlanned(
  source: PcmChunkSource,
  plan: LoudnessGainPlan,
  loudness = true,
): { loudness: number; truePeak: number } {
  const meter = loudness ? new LoudnessMeter(source.sampleRate, source.channelCount) : undefined
  const peaks = loudness ? undefined : new TruePeakMeter()
  let scratch: Float32Array[] = []
  let start = 0
  for (const chunk of source.chunks()) {
    const length = chunk[0]?.length ?? 0
    if ((scratch[0]?.length ?? 0) < length) scratch = chunk.map(() => new Float32Array(length))
    const out = scratch.map((buffer) => buffer.subarray(0, length))
    applyNormalization(plan, chunk, start, out)
    meter?.push(out)
    peaks?.push(out)
    start += length
  }
  return { loudness: meter?.integrated() ?? -Infinity, truePeak: peaks?.finish() ?? 0 }
}

/**
 * Returns a copy at `targetLufs` (default -14) whose true peak does not exceed `maxTruePeakDb`
 * (default -1 dBTP). When the gain alone would push peaks over the ceiling, a look-ahead true-peak
 * limiter takes them down and the gain is raised again to make up the loudness the limiter took,
 * a few times; if the ceiling and the target cannot both be met, the ceiling wins. Silence is
 * returned unchanged.
 */
export function normalizeLoudness(audio: PcmAudio, options: NormalizeOptions = {}): PcmAudio {
  const copy = cloneAudio(audio)
  normalizeLoudnessInPlace(copy, options, audio)
  return copy
}

/**
 * `normalizeLoudness` that overwrites the audio instead of copying it: for long songs, where a
 * second copy would double the memory. (`original` lets the copying variant read the untouched
 * samples while writing into its copy.)
 */
export function normalizeLoudnessInPlace(
  audio: PcmAudio,
  options: NormalizeOptions = {},
  original: PcmAudio = audio,
): void {
  const targetLufs = options.targetLufs ?? DEFAULT_TARGET_LUFS
  const ceilingDb = options.maxTruePeakDb ?? DEFAULT_MAX_TRUE_PEAK_DB
  const loudness = integratedLoudness(original)
  if (!Number.isFinite(loudness)) return
  const ceiling = dbToGain(ceilingDb - LIMITER_MARGIN_DB)
  const frames = original.channels[0]?.length ?? 0
  // Blocks that stay under the ceiling even with 6 dB of make-up gain never need limiting, so their
  // exact true peak is not worth computing.
  const floor = ceiling / dbToGain(targetLufs - loudness + 6)
  const blockPeaks = new Float32Array(Math.ceil(frames / LIMITER_BLOCK))
  for (const channel of original.channels) {
    accumulateBlockTruePeaks(channel, LIMITER_BLOCK, blockPeaks, floor)
  }
  const plan = planNormalization(chunkSourceOf(original), loudness, blockPeaks, options)
  if (plan) applyNormalization(plan, original.channels, 0, audio.channels)
}
