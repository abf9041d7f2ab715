/**
 * The learnt combination of the separation's cues: a two-stage model of each bin's share of
 * vocals, logistic with a few hidden units in its second stage.
 *
 * The cues (lead harmonics, repetition, harmonic/percussive, stereo image, frequency) were first
 * combined by hand-weighted voting of their log-odds. That treats every frequency alike and lets no
 * cue qualify another: bass bins under a sung note, an instrument's harmonics that the tracker
 * followed between phrases, and the reverb that rings on after a note all got the same weights. Here
 * the weights are fitted instead (bench/separation-train.ts) by weighted logistic regression (the
 * hidden units by gradient descent on the same loss) on songs of the realistic generator's training
 * seeds, never on the seeds the bench scores. The
 * target of each bin is its share of the true vocals; its weight is its power over the error of the
 * hand-weighted method in the second around it, so the fit works on what the per-second SDR of
 * BSS Eval counts (a second's SDR moves with the log of its error).
 *
 * - Stage one reads the cues of each bin: per frequency band, how much the lead, the stereo image
 *   and the harmonic/percussive cue count, and the rest with one weight each.
 * - Stage two reads stage one's log-odds around the bin (vocals come in ridges, held harmonics with
 *   reverb trailing behind) and how often this song's vocals, by stage one's estimate, sit at the
 *   bin's stereo position: each instrument of the accompaniment has a pan of its own, which one
 *   image of "the voice" cannot describe, and the song's own histograms learn them. It reads a few
 *   cues again too, with how much the melody's pitch moves (a voice never holds still; a keyboard
 *   line the tracker followed between phrases does).
 * - Stage two is a linear model plus eight hidden units (tanh) over the same features: a weight
 *   per feature cannot say that a cue counts only where another agrees, or up to a point, and on
 *   the validation songs these units were worth about +0.7 dB on every kind of mix.
 *
 * Stage one and stage two's linear part stay readable: each weight says how much a cue counts
 * where. The hidden units are the part that does not, and there are few of them.
 */
import {
  CONTEXT_WEIGHTS,
  CUE_WEIGHTS,
  HIDDEN_INPUT_WEIGHTS,
  HIDDEN_OUTPUT_WEIGHTS,
} from './cueWeights'
import { pitchMovement } from './melody'
import type { StereoPositions } from './stereoImage'

const BAND_CENTRES = [62.5, 125, 250, 500, 1000, 2000, 4000, 8000, 16000]
const BAND_COUNT = BAND_CENTRES.length
const BAND_NAMES = BAND_CENTRES.map((hz) =>
  hz < 1000 ? `${Math.round(hz)} Hz` : `${hz / 1000} kHz`,
)

export const CUE_FEATURE_NAMES = [
  'bias',
  ...BAND_NAMES.map((band) => `band ${band}`),
  'harmonic log-odds',
  'percussive (harmonic log-odds below 0)',
  'repetition log-odds',
  'repetition abstains',
  'lead log-odds',
  'lead abstains',
  'lead log-odds, neighbouring frames',
  'lead long tail log-odds',
  'stereo off-image',
  'stereo off-image × lead evidence',
  'mono',
  'voiced frame',
  'below the lead f0',
  'bin level in its frame',
  'frame level in the block',
  'repetition × lead',
  ...BAND_NAMES.map((band) => `lead log-odds × ${band}`),
  ...BAND_NAMES.map((band) => `stereo off-image × ${band}`),
  ...BAND_NAMES.map((band) => `harmonic log-odds × ${band}`),
] as const

export const CUE_FEATURE_COUNT = CUE_FEATURE_NAMES.length

export const CONTEXT_FEATURE_NAMES = [
  'bias',
  'own log-odds',
  'mean over 3 × 3 neighbours',
  'mean over ±4 frames',
  'mean over ±3 bins',
  'mean over the 8 frames before',
  'mean over the 8 frames after',
  'largest over 3 × 3 neighbours',
  'stereo position likelihood',
  'stereo position likelihood, 3 × 3 mean',
  'reverb of the estimated vocals, 0.5 s, over the power',
  'reverb of the estimated vocals, 2 s, over the power',
  'vocal share of the frame',
  'vocal share of the frame, ±4 frames',
  'cue: harmonic log-odds',
  'cue: lead log-odds',
  'cue: stereo off-image',
  'cue: octave of the bin',
  'cue: bin level in its frame',
  'cue: pitch movement of the melody',
] as const

export const CONTEXT_FEATURE_COUNT = CONTEXT_FEATURE_NAMES.length

export interface LearntWeights {
  cues: ArrayLike<number>
  context: ArrayLike<number>
  /**
   * Stage two's hidden units: each a row of CONTEXT_FEATURE_COUNT input weights (the first the
   * bias), and their weights in the log-odds.
   */
  hidden?: { inputs: ArrayLike<number>; output: ArrayLike<number> }
}

/** The cue values of one block, each frameCount × featureBins unless said otherwise. */
export interface BlockCues {
  frameCount: number
  featureBins: number
  /** Bins per frame of the spectrogram (the stereo measure's row length). */
  binCount: number
  binHz: number
  /** Seconds between frames. */
  frameSeconds: number
  magnitude: Float32Array
  /** Log-odds of harmonic against percussive (H² / (H² + P²)). */
  harmonicLogOdds: Float32Array
  /** Log-odds of the non-repeating share; NaN where the cue abstains. */
  repetitionLogOdds: Float32Array
  /** Lead evidence 0..1 (NaN: abstains), with its short reverb tail. */
  lead: Float32Array
  /** Lead evidence with a long (hall) tail. */
  leadLongTail: Float32Array
  /** How far the tracked melody is trusted, 0..1. */
  trust: number
  /** The stereo off-image measure (≥ 0, capped at 6; frameCount × binCount), or undefined for mono. */
  stereoOffImage: Float32Array | undefined
  /** Each bin's panning index and coherence, or undefined for mono. */
  stereoPosition: StereoPositions | undefined
  /** Tracked f0 per frame (0: unvoiced). */
  f0: Float32Array
}

function logOdds(probability: number): number {
  const p = probability < 0.01 ? 0.01 : probability > 0.99 ? 0.99 : probability
  return Math.log(p / (1 - p))
}

/** Triangular weights of each bin over the bands (log-frequency), featureBins × BAND_COUNT. */
function bandWeights(featureBins: number, binHz: number): Float32Array {
  const weights = new Float32Array(featureBins * BAND_COUNT)
  for (let k = 0; k < featureBins; k++) {
    const position = Math.log2(Math.max(k * binHz, 1) / BAND_CENTRES[0]!)
    const clamped = Math.max(0, Math.min(BAND_COUNT - 1, position))
    for (let b = 0; b < BAND_COUNT; b++) {
      weights[k * BAND_COUNT + b] = Math.max(0, 1 - Math.abs(clamped - b))
    }
  }
  return weights
}

/** The lead evidence as trusted log-odds (0 where it abstains). */
function trustedLeadLogOdds(evidence: Float32Array, trust: number): Float32Array {
  const result = new Float32Array(evidence.length)
  for (let i = 0; i < evidence.length; i++) {
    const value = evidence[i]!
    result[i] = value === value ? trust * logOdds(0.08 + 0.84 * value) : 0
  }
  return result
}

/** Per-bin and per-frame quantities the stage-one features share, computed once per block. */
export interface StageOneInputs {
  bands: Float32Array
  lead: Float32Array
  leadLongTail: Float32Array
  binLevel: Float32Array
  frameLevel: Float32Array
}

function stageOneInputs(cues: BlockCues): StageOneInputs {
  const { frameCount, featureBins, magnitude } = cues
  const binLevel = new Float32Array(frameCount * featureBins)
  const frameLevel = new Float32Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    const row = t * featureBins
    let mean = 0
    let power = 0
    for (let k = 0; k < featureBins; k++) {
      const value = magnitude[row + k]!
      const level = Math.log(value + 1e-9)
      binLevel[row + k] = level
      mean += level
      power += value * value
    }
    mean /= featureBins
    for (let k = 0; k < featureBins; k++) {
      binLevel[row + k] = Math.max(-6, Math.min(6, binLevel[row + k]! - mean))
    }
    frameLevel[t] = 0.5 * Math.log(power / featureBins + 1e-18)
  }
  const sorted = Float32Array.from(frameLevel).sort()
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  for (let t = 0; t < frameCount; t++) {
    frameLevel[t] = Math.max(-6, Math.min(3, frameLevel[t]! - median))
  }
  return {
    bands: bandWeights(featureBins, cues.binHz),
    lead: trustedLeadLogOdds(cues.lead, cues.trust),
    leadLongTail: trustedLeadLogOdds(cues.leadLongTail, cues.trust),
    binLevel,
    frameLevel,
  }
}

/** Writes the stage-one features of frame t's bins (featureBins × CUE_FEATURE_COUNT) into `out`. */
function writeFrameFeatures(
  cues: BlockCues,
  inputs: StageOneInputs,
  t: number,
  out: Float32Array,
): void {
  const { frameCount, featureBins, binHz, binCount } = cues
  const { bands, lead: leadLogOdds } = inputs
  const f0 = cues.f0[t]!
  const stereoRow = cues.stereoOffImage
  const previous = t > 0 ? t - 1 : t
  const next = t + 1 < frameCount ? t + 1 : t
  for (let k = 0; k < featureBins; k++) {
    const index = t * featureBins + k
    const o = k * CUE_FEATURE_COUNT
    const frequency = k * binHz
    const harmonic = cues.harmonicLogOdds[index]!
    const repetition = cues.repetitionLogOdds[index]!
    const repeats = repetition === repetition
    const lead = leadLogOdds[index]!
    const evidence = cues.lead[index]!
    const stereo = stereoRow ? stereoRow[t * binCount + k]! : 0
    let f = 0
    out[o + f++] = 1
    for (let b = 0; b < BAND_COUNT; b++) out[o + f++] = bands[k * BAND_COUNT + b]!
    out[o + f++] = harmonic
    out[o + f++] = Math.min(0, harmonic)
    out[o + f++] = repeats ? repetition : 0
    out[o + f++] = repeats ? 0 : 1
    out[o + f++] = lead
    out[o + f++] = evidence === evidence ? 0 : 1
    out[o + f++] =
      0.5 * (leadLogOdds[previous * featureBins + k]! + leadLogOdds[next * featureBins + k]!)
    out[o + f++] = inputs.leadLongTail[index]!
    out[o + f++] = stereo
    out[o + f++] = stereo * (evidence === evidence ? evidence : 0)
    out[o + f++] = stereoRow ? 0 : 1
    out[o + f++] = f0 > 0 ? 1 : 0
    out[o + f++] = f0 > 0 && frequency < 0.75 * f0 ? 1 : 0
    out[o + f++] = inputs.binLevel[index]!
    out[o + f++] = inputs.frameLevel[t]!
    out[o + f++] = (repeats ? repetition : 0) * lead * 0.25
    for (let b = 0; b < BAND_COUNT; b++) out[o + f++] = lead * bands[k * BAND_COUNT + b]!
    for (let b = 0; b < BAND_COUNT; b++) out[o + f++] = stereo * bands[k * BAND_COUNT + b]!
    for (let b = 0; b < BAND_COUNT; b++) out[o + f++] = harmonic * bands[k * BAND_COUNT + b]!
  }
}

/**
 * Visits every frame's stage-one features (featureBins × CUE_FEATURE_COUNT, one buffer reused), so
 * a block's features are never all held at once.
 */
export function forEachFrameFeatures(
  cues: BlockCues,
  visit: (t: number, features: Float32Array) => void,
): void {
  const inputs = stageOneInputs(cues)
  const buffer = new Float32Array(cues.featureBins * CUE_FEATURE_COUNT)
  for (let t = 0; t < cues.frameCount; t++) {
    writeFrameFeatures(cues, inputs, t, buffer)
    visit(t, buffer)
  }
}

const cueFeature = (name: (typeof CUE_FEATURE_NAMES)[number]): number =>
  CUE_FEATURE_NAMES.indexOf(name)

/** The weights of the band features and of one cue's per-band interactions, in band order. */
function bandFeatureWeights(weights: ArrayLike<number>, prefix: string): number[] {
  return BAND_NAMES.map((band) => {
    const index = (CUE_FEATURE_NAMES as readonly string[]).indexOf(`${prefix}${band}`)
    if (index < 0) throw new Error(`no stage-one feature ${prefix}${band}`)
    return weights[index]!
  })
}

/**
 * Stage one's log-odds of every bin below featureBins (frameCount × featureBins): the dot product
 * of `writeFrameFeatures`' rows with the weights, computed without writing them. The band features
 * and the cues' per-band interactions depend on the bin alone, so their weights fold into one
 * constant and one weight per cue for each bin; separating a song then costs a fraction of the
 * full feature rows, which only the training script needs.
 */
export function cueLogOdds(
  cues: BlockCues,
  weights: ArrayLike<number>,
  inputs: StageOneInputs = stageOneInputs(cues),
): Float32Array {
  const { frameCount, featureBins, binHz, binCount } = cues
  const weight = (name: (typeof CUE_FEATURE_NAMES)[number]): number => weights[cueFeature(name)]!
  const stereoRow = cues.stereoOffImage
  const bandWeight = bandFeatureWeights(weights, 'band ')
  const leadBandWeight = bandFeatureWeights(weights, 'lead log-odds × ')
  const stereoBandWeight = bandFeatureWeights(weights, 'stereo off-image × ')
  const harmonicBandWeight = bandFeatureWeights(weights, 'harmonic log-odds × ')
  const constant = new Float32Array(featureBins)
  const leadWeight = new Float32Array(featureBins)
  const stereoWeight = new Float32Array(featureBins)
  const harmonicWeight = new Float32Array(featureBins)
  for (let k = 0; k < featureBins; k++) {
    constant[k] = weight('bias') + (stereoRow ? 0 : weight('mono'))
    leadWeight[k] = weight('lead log-odds')
    stereoWeight[k] = weight('stereo off-image')
    harmonicWeight[k] = weight('harmonic log-odds')
    for (let b = 0; b < BAND_COUNT; b++) {
      const share = inputs.bands[k * BAND_COUNT + b]!
      constant[k]! += bandWeight[b]! * share
      leadWeight[k]! += leadBandWeight[b]! * share
      stereoWeight[k]! += stereoBandWeight[b]! * share
      harmonicWeight[k]! += harmonicBandWeight[b]! * share
    }
  }
  const percussive = weight('percussive (harmonic log-odds below 0)')
  const repetitionWeight = weight('repetition log-odds')
  const repetitionAbstains = weight('repetition abstains')
  const repetitionTimesLead = 0.25 * weight('repetition × lead')
  const leadAbstains = weight('lead abstains')
  const neighbourWeight = 0.5 * weight('lead log-odds, neighbouring frames')
  const longTailWeight = weight('lead long tail log-odds')
  const stereoTimesEvidence = weight('stereo off-image × lead evidence')
  const voiced = weight('voiced frame')
  const belowF0 = weight('below the lead f0')
  const binLevelWeight = weight('bin level in its frame')
  const frameLevelWeight = weight('frame level in the block')
  const { lead, leadLongTail, binLevel, frameLevel } = inputs
  const result = new Float32Array(frameCount * featureBins)
  for (let t = 0; t < frameCount; t++) {
    const f0 = cues.f0[t]!
    const row = t * featureBins
    const previous = (t > 0 ? t - 1 : t) * featureBins
    const next = (t + 1 < frameCount ? t + 1 : t) * featureBins
    const frameConstant = frameLevelWeight * frameLevel[t]! + (f0 > 0 ? voiced : 0)
    // Bins below 0.75 f0 (the "below the lead f0" feature) in voiced frames.
    const belowBins = f0 > 0 ? Math.ceil((0.75 * f0) / binHz) : 0
    for (let k = 0; k < featureBins; k++) {
      const index = row + k
      const harmonic = cues.harmonicLogOdds[index]!
      const repetition = cues.repetitionLogOdds[index]!
      const leadLogOdds = lead[index]!
      const evidence = cues.lead[index]!
      const stereo = stereoRow ? stereoRow[t * binCount + k]! : 0
      let sum =
        constant[k]! +
        frameConstant +
        harmonicWeight[k]! * harmonic +
        percussive * (harmonic < 0 ? harmonic : 0) +
        leadWeight[k]! * leadLogOdds +
        neighbourWeight * (lead[previous + k]! + lead[next + k]!) +
        longTailWeight * leadLongTail[index]! +
        stereoWeight[k]! * stereo +
        binLevelWeight * binLevel[index]!
      sum +=
        repetition === repetition
          ? repetitionWeight * repetition + repetitionTimesLead * repetition * leadLogOdds
          : repetitionAbstains
      sum += evidence === evidence ? stereoTimesEvidence * stereo * evidence : leadAbstains
      if (k < belowBins) sum += belowF0
      result[index] = sum
    }
  }
  return result
}

const PAN_CELLS = 32
const COHERENCE_CELLS = 4
const REGION_EDGES_HZ = [500, 2000]
const REGION_COUNT = REGION_EDGES_HZ.length + 1
const CELLS_PER_REGION = COHERENCE_CELLS * PAN_CELLS

/** Each bin's power, and the part of it an estimate gives the vocals. */
interface EstimatedPowers {
  power: Float32Array
  vocal: Float32Array
}

/** The powers stage two's histograms and sums are filled with, from stage one's estimate. */
function estimatedPowers(cues: BlockCues, estimate: Float32Array): EstimatedPowers {
  const power = new Float32Array(estimate.length)
  const vocal = new Float32Array(estimate.length)
  for (let i = 0; i < estimate.length; i++) {
    power[i] = cues.magnitude[i]! ** 2
    vocal[i] = power[i]! / (1 + Math.exp(-estimate[i]!))
  }
  return { power, vocal }
}

/** Frames [first, last) of a block. */
interface FrameSpan {
  first: number
  last: number
}

/** The shape of a frameCount × featureBins array. */
interface Grid {
  frameCount: number
  featureBins: number
}

/** A window of frames [t + from, t + to] (alongTime) or of bins [k + from, k + to]. */
interface SlidingWindow {
  alongTime: boolean
  from: number
  to: number
}

/**
 * What the stereo likelihood reads from the song's histograms: the log-ratio of vocal to
 * accompaniment share in each cell of frequency region, coherence and pan, and each bin's region.
 */
interface StereoShares {
  ratioOfCell: Float32Array
  regionOfBin: Uint8Array
}

function stereoCell(position: StereoPositions, index: number, region: number): number {
  const pan = Math.min(PAN_CELLS - 1, Math.floor(((position.pan[index]! + 1) / 2) * PAN_CELLS))
  const coherence = Math.min(
    COHERENCE_CELLS - 1,
    Math.max(0, Math.floor(((position.coherence[index]! + 1) / 2) * COHERENCE_CELLS)),
  )
  return (region * COHERENCE_CELLS + coherence) * PAN_CELLS + pan
}

/**
 * How much of this song's vocal power against its accompaniment power (by stage one's estimate)
 * lies in each cell of pan and coherence per frequency region: the histograms, smoothed across
 * neighbouring pans, as clamped log-ratios. Undefined for mono.
 */
function stereoShares(cues: BlockCues, powers: EstimatedPowers): StereoShares | undefined {
  const { frameCount, featureBins, binHz } = cues
  const position = cues.stereoPosition
  if (!position) return undefined
  const regionOfBin = new Uint8Array(featureBins)
  for (let k = 0; k < featureBins; k++) {
    let region = 0
    while (region < REGION_EDGES_HZ.length && k * binHz >= REGION_EDGES_HZ[region]!) region++
    regionOfBin[k] = region
  }
  const vocal = new Float64Array(REGION_COUNT * CELLS_PER_REGION)
  const rest = new Float64Array(REGION_COUNT * CELLS_PER_REGION)
  for (let t = 0; t < frameCount; t++) {
    for (let k = 0; k < featureBins; k++) {
      const index = t * featureBins + k
      const cell = stereoCell(position, index, regionOfBin[k]!)
      vocal[cell]! += powers.vocal[index]!
      rest[cell]! += powers.power[index]! - powers.vocal[index]!
    }
  }
  const vocalShare = smoothedShares(vocal)
  const restShare = smoothedShares(rest)
  const floor = 1e-3
  const ratioOfCell = new Float32Array(vocal.length)
  for (let cell = 0; cell < ratioOfCell.length; cell++) {
    const ratio = Math.log((vocalShare[cell]! + floor) / (restShare[cell]! + floor))
    ratioOfCell[cell] = Math.max(-5, Math.min(5, ratio))
  }
  return { ratioOfCell, regionOfBin }
}

/**
 * The stereo likelihood of the frames of `span`, into `out`'s rows: per bin, the log-ratio of how
 * much of this song's vocal power against its accompaniment power (by stage one's estimate) lies
 * at the bin's stereo position, read from `stereoShares`. 0 for mono.
 */
function stereoLikelihoodRows(
  cues: BlockCues,
  shares: StereoShares | undefined,
  span: FrameSpan,
  out: Float32Array,
): Float32Array {
  const { featureBins } = cues
  const position = cues.stereoPosition
  if (!shares || !position) return out.fill(0, 0, (span.last - span.first) * featureBins)
  const { ratioOfCell, regionOfBin } = shares
  for (let t = span.first; t < span.last; t++) {
    const row = (t - span.first) * featureBins
    for (let k = 0; k < featureBins; k++) {
      out[row + k] = ratioOfCell[stereoCell(position, t * featureBins + k, regionOfBin[k]!)]!
    }
  }
  return out
}

/** A histogram smoothed across neighbouring pans (1-2-1) and normalised per frequency region. */
function smoothedShares(histogram: Float64Array): Float64Array {
  const out = new Float64Array(histogram.length)
  for (let row = 0; row < histogram.length / PAN_CELLS; row++) {
    for (let p = 0; p < PAN_CELLS; p++) {
      let sum = 2 * histogram[row * PAN_CELLS + p]!
      if (p > 0) sum += histogram[row * PAN_CELLS + p - 1]!
      if (p + 1 < PAN_CELLS) sum += histogram[row * PAN_CELLS + p + 1]!
      out[row * PAN_CELLS + p] = sum
    }
  }
  for (let region = 0; region < REGION_COUNT; region++) {
    const from = region * CELLS_PER_REGION
    let total = 0
    for (let c = from; c < from + CELLS_PER_REGION; c++) total += out[c]!
    for (let c = from; c < from + CELLS_PER_REGION; c++) out[c] = total > 0 ? out[c]! / total : 0
  }
  return out
}

/**
 * Largest of `values` (rows of a `grid` array from frame `valuesFirst` on) over `window`, clamped
 * at the block's edges (an edge value repeats), for the frames of `span`, into `out`'s rows.
 */
function windowedLargest(
  values: Float32Array,
  valuesFirst: number,
  grid: Grid,
  window: SlidingWindow,
  span: FrameSpan,
  out: Float32Array,
): Float32Array {
  const { frameCount, featureBins } = grid
  const { from, to } = window
  if (window.alongTime) {
    for (let t = span.first; t < span.last; t++) {
      const row = (t - span.first) * featureBins
      for (let d = from; d <= to; d++) {
        const u = t + d < 0 ? 0 : t + d >= frameCount ? frameCount - 1 : t + d
        const source = (u - valuesFirst) * featureBins
        if (d === from) {
          for (let k = 0; k < featureBins; k++) out[row + k] = values[source + k]!
        } else {
          for (let k = 0; k < featureBins; k++) {
            const value = values[source + k]!
            if (value > out[row + k]!) out[row + k] = value
          }
        }
      }
    }
    return out
  }
  for (let t = span.first; t < span.last; t++) {
    const row = (t - span.first) * featureBins
    const source = (t - valuesFirst) * featureBins
    for (let k = 0; k < featureBins; k++) {
      let accumulated = Number.NEGATIVE_INFINITY
      for (let d = from; d <= to; d++) {
        const j = k + d < 0 ? 0 : k + d >= featureBins ? featureBins - 1 : k + d
        const value = values[source + j]!
        if (value > accumulated) accumulated = value
      }
      out[row + k] = accumulated
    }
  }
  return out
}

/**
 * Mean of `values` over the same windows as `windowedLargest`, by running sums: moving the window
 * one step drops the value that leaves it and adds the one that enters (with the edges clamped,
 * both are the edge value where the window hangs over), so a wide window costs no more than a
 * narrow one.
 */
function windowedMean(
  values: Float32Array,
  valuesFirst: number,
  grid: Grid,
  window: SlidingWindow,
  span: FrameSpan,
  out: Float32Array,
): Float32Array {
  const { frameCount, featureBins } = grid
  const { from, to } = window
  const scale = 1 / (to - from + 1)
  if (window.alongTime) {
    const rowOf = (u: number): number =>
      ((u < 0 ? 0 : u >= frameCount ? frameCount - 1 : u) - valuesFirst) * featureBins
    const sum = new Float64Array(featureBins)
    for (let d = from; d <= to; d++) {
      const source = rowOf(span.first + d)
      for (let k = 0; k < featureBins; k++) sum[k]! += values[source + k]!
    }
    for (let t = span.first; t < span.last; t++) {
      const row = (t - span.first) * featureBins
      for (let k = 0; k < featureBins; k++) out[row + k] = sum[k]! * scale
      // The rows past the span's window may lie outside `values`.
      if (t + 1 === span.last) break
      const leaving = rowOf(t + from)
      const entering = rowOf(t + 1 + to)
      for (let k = 0; k < featureBins; k++) {
        sum[k]! += values[entering + k]! - values[leaving + k]!
      }
    }
    return out
  }
  const clamp = (j: number): number => (j < 0 ? 0 : j >= featureBins ? featureBins - 1 : j)
  for (let t = span.first; t < span.last; t++) {
    const row = (t - span.first) * featureBins
    const source = (t - valuesFirst) * featureBins
    let sum = 0
    for (let d = from; d <= to; d++) sum += values[source + clamp(d)]!
    for (let k = 0; k < featureBins; k++) {
      out[row + k] = sum * scale
      sum += values[source + clamp(k + 1 + to)]! - values[source + clamp(k + from)]!
    }
  }
  return out
}

const alongTime = (from: number, to: number): SlidingWindow => ({ alongTime: true, from, to })
const alongBins = (from: number, to: number): SlidingWindow => ({ alongTime: false, from, to })

/** Hands `visit` stage two's features of the frames of `span`, one at a time (see below). */
type ContextSpanFeatures = (
  span: FrameSpan,
  visit: (feature: number, values: Float32Array) => void,
) => void

/**
 * Stage two's features in CONTEXT_FEATURE_NAMES order, read from stage one's log-odds
 * (`estimate`) and the block's cues, a span of frames at a time: the returned function hands
 * `visit` each feature's rows for the span's frames (span frames × featureBins, reused after it
 * returns; the bias feature is not handed). Spans come in order from frame 0, each at most
 * `largestSpan` frames long: the reverb features carry their tails from one span to the next.
 * What the whole block decides (the stereo histograms, the frames' vocal shares) is reckoned
 * first, so any division into spans gives the same features.
 */
function contextFeatureSpans(
  cues: BlockCues,
  estimate: Float32Array,
  inputs: StageOneInputs,
  largestSpan: number,
): ContextSpanFeatures {
  const { frameCount, featureBins, binCount, stereoOffImage } = cues
  const powers = estimatedPowers(cues, estimate)
  const shares = stereoShares(cues, powers)
  const wholeBlock = { first: 0, last: frameCount }
  const share = frameShares(cues, powers)
  const shareAround = windowedMean(
    share,
    0,
    { frameCount, featureBins: 1 },
    alongTime(-4, 4),
    wholeBlock,
    new Float32Array(frameCount),
  )
  const movement = pitchMovement(cues.f0, cues.frameSeconds).map((value) => Math.min(3, value / 10))
  const octave = new Float32Array(featureBins)
  for (let k = 0; k < featureBins; k++) {
    octave[k] = Math.max(0, Math.log2(Math.max(k * cues.binHz, 1) / BAND_CENTRES[0]!))
  }
  const reverbs = [0.5, 2].map((seconds) => ({
    decay: Math.exp(-cues.frameSeconds / seconds),
    tail: new Float32Array(featureBins),
  }))
  // The box features read one frame either side of the span.
  const scratch = new Float32Array((largestSpan + 2) * featureBins)
  const likelihood = new Float32Array((largestSpan + 2) * featureBins)
  const out = new Float32Array(largestSpan * featureBins)
  let nextFrame = 0
  return (span, visit) => {
    if (span.first !== nextFrame || span.last - span.first > largestSpan) {
      throw new Error(`stage two's spans must follow on, at most ${largestSpan} frames each`)
    }
    nextFrame = span.last
    const rows = out.subarray(0, (span.last - span.first) * featureBins)
    const widened = {
      first: Math.max(0, span.first - 1),
      last: Math.min(frameCount, span.last + 1),
    }
    const spanOf = (values: Float32Array): Float32Array =>
      values.subarray(span.first * featureBins, span.last * featureBins)
    const box = (values: Float32Array, valuesFirst: number, largest: boolean): Float32Array => {
      const window = largest ? windowedLargest : windowedMean
      window(values, valuesFirst, cues, alongBins(-1, 1), widened, scratch)
      return window(scratch, widened.first, cues, alongTime(-1, 1), span, rows)
    }
    const frameWide = (perFrame: Float32Array): Float32Array => {
      for (let t = span.first; t < span.last; t++) {
        const row = (t - span.first) * featureBins
        rows.fill(perFrame[t]!, row, row + featureBins)
      }
      return rows
    }
    visit(1, spanOf(estimate))
    visit(2, box(estimate, 0, false))
    visit(3, windowedMean(estimate, 0, cues, alongTime(-4, 4), span, rows))
    visit(4, windowedMean(estimate, 0, cues, alongBins(-3, 3), span, rows))
    visit(5, windowedMean(estimate, 0, cues, alongTime(-8, -1), span, rows))
    visit(6, windowedMean(estimate, 0, cues, alongTime(1, 8), span, rows))
    visit(7, box(estimate, 0, true))
    stereoLikelihoodRows(cues, shares, widened, likelihood)
    const spanStart = (span.first - widened.first) * featureBins
    visit(8, likelihood.subarray(spanStart, spanStart + rows.length))
    visit(9, box(likelihood, widened.first, false))
    visit(10, reverbOverPower(powers, reverbs[0]!, span, rows))
    visit(11, reverbOverPower(powers, reverbs[1]!, span, rows))
    visit(12, frameWide(share))
    visit(13, frameWide(shareAround))
    // The cues themselves, for the hidden units to weigh against the estimate.
    visit(14, spanOf(cues.harmonicLogOdds))
    visit(15, spanOf(inputs.lead))
    for (let t = span.first; t < span.last; t++) {
      const row = (t - span.first) * featureBins
      if (stereoOffImage) {
        rows.set(stereoOffImage.subarray(t * binCount, t * binCount + featureBins), row)
      } else {
        rows.fill(0, row, row + featureBins)
      }
    }
    visit(16, rows)
    for (let t = span.first; t < span.last; t++) rows.set(octave, (t - span.first) * featureBins)
    visit(17, rows)
    visit(18, spanOf(inputs.binLevel))
    visit(19, frameWide(movement))
  }
}

/**
 * Stage two's features in CONTEXT_FEATURE_NAMES order for the whole block, one frameCount ×
 * featureBins array each, handed to `visit` one at a time (and reused after it returns; the bias
 * feature is not handed).
 */
export function forEachContextFeature(
  cues: BlockCues,
  estimate: Float32Array,
  visit: (feature: number, values: Float32Array) => void,
  inputs: StageOneInputs = stageOneInputs(cues),
  spanFrames = cues.frameCount,
): void {
  const step = Math.max(1, spanFrames)
  const features = contextFeatureSpans(cues, estimate, inputs, step)
  for (let first = 0; first < cues.frameCount; first += step) {
    features({ first, last: Math.min(cues.frameCount, first + step) }, visit)
  }
}

/**
 * The log-odds of the vocals' share of each frame's power by stage one's estimate, one value per
 * frame: between phrases the whole frame leans to the accompaniment.
 */
function frameShares(cues: BlockCues, powers: EstimatedPowers): Float32Array {
  const { frameCount, featureBins } = cues
  const out = new Float32Array(frameCount)
  for (let t = 0; t < frameCount; t++) {
    const row = t * featureBins
    let vocal = 0
    let total = 0
    for (let k = 0; k < featureBins; k++) {
      vocal += powers.vocal[row + k]!
      total += powers.power[row + k]!
    }
    out[t] = logOdds(total > 0 ? vocal / total : 0.5)
  }
  return out
}

/**
 * The log of the estimated vocals' reverb over each bin's power, for the frames of `span`: the
 * vocal power stage one finds in the frames before, averaged with an exponential decay (the
 * late-reverberation estimate of dereverberation methods, its `tail` carried from span to span),
 * against the power the bin has. A voice's hall keeps ringing between its harmonics and after its
 * notes, where no cue of its own reaches.
 */
function reverbOverPower(
  powers: EstimatedPowers,
  reverb: { decay: number; tail: Float32Array },
  span: FrameSpan,
  out: Float32Array,
): Float32Array {
  const { decay, tail } = reverb
  const featureBins = tail.length
  for (let t = span.first; t < span.last; t++) {
    const row = t * featureBins
    const outRow = (t - span.first) * featureBins
    for (let k = 0; k < featureBins; k++) {
      const ratio = Math.log((tail[k]! + 1e-12) / (powers.power[row + k]! + 1e-12))
      out[outRow + k] = ratio < -8 ? -8 : ratio > 4 ? 4 : ratio
      tail[k] = decay * tail[k]! + (1 - decay) * powers.vocal[row + k]!
    }
  }
  return out
}

const contextFeature = (name: (typeof CONTEXT_FEATURE_NAMES)[number]): number =>
  CONTEXT_FEATURE_NAMES.indexOf(name)

/** Stage-two features with one value for every bin of a frame... */
const FRAME_WIDE_FEATURES: readonly number[] = [
  contextFeature('vocal share of the frame'),
  contextFeature('vocal share of the frame, ±4 frames'),
  contextFeature('cue: pitch movement of the melody'),
]
/** ...and the one with one value for every frame of a bin. */
const BIN_WIDE_FEATURES: readonly number[] = [contextFeature('cue: octave of the bin')]

/**
 * tanh to within 1e-4 (Lambert's continued fraction cut at the seventh order, within 1e-6
 * below |x| = 3, clamped where it would pass ±1): stage two takes tanh 35 million times for a
 * 3-minute song, and in V8 this is faster than 1 − 2 / (e^2x + 1) through Math.exp (by a tenth to
 * a half in a loop of its own) and than Math.tanh (2.5×). With the output weights' absolute values
 * summing to 6.6, the approximation moves a bin's log-odds by less than a thousandth.
 */
export function tanhApproximation(x: number): number {
  if (x > 4.97) return 1
  if (x < -4.97) return -1
  const square = x * x
  return (
    (x * (135135 + square * (17325 + square * (378 + square)))) /
    (135135 + square * (62370 + square * (3150 + square * 28)))
  )
}

/**
 * `target`'s rows of nine (eight hidden units and the linear part) each gain the weights times
 * their value. Written out for the shipped model's eight units: V8 then keeps the nine weights in
 * registers, and this takes half the time of the loop over slots.
 */
function accumulateNine(
  values: Float32Array,
  count: number,
  step: number,
  weights: Float32Array,
  target: Float32Array,
): void {
  const w0 = weights[0]!
  const w1 = weights[1]!
  const w2 = weights[2]!
  const w3 = weights[3]!
  const w4 = weights[4]!
  const w5 = weights[5]!
  const w6 = weights[6]!
  const w7 = weights[7]!
  const w8 = weights[8]!
  for (let i = 0, row = 0; i < count; i++, row += 9) {
    const value = values[i * step]!
    target[row]! += w0 * value
    target[row + 1]! += w1 * value
    target[row + 2]! += w2 * value
    target[row + 3]! += w3 * value
    target[row + 4]! += w4 * value
    target[row + 5]! += w5 * value
    target[row + 6]! += w6 * value
    target[row + 7]! += w7 * value
    target[row + 8]! += w8 * value
  }
}

/**
 * Frames of stage two worked at a time: its nine sums per bin then stay in the processor's cache
 * (16 frames of 559 bins take 320 KB) while fifteen features are added to them, where a whole
 * block's (26 MB for 30 s) went out to memory and back for each feature.
 */
const CONTEXT_SPAN_FRAMES = 16

/**
 * Stage two's log-odds of every bin below featureBins, into `score`'s rows: its weighted
 * features, plus its hidden units' weighted tanh of their own weighted sums of the same features.
 * Each bin's units and linear sum lie side by side, so a feature is read once for all of them;
 * a feature with one value per frame or per bin is weighed once per frame or bin, not per cell.
 */
function contextLogOdds(
  cues: BlockCues,
  estimate: Float32Array,
  weights: LearntWeights,
  inputs: StageOneInputs,
  score: Float32Array,
  binCount: number,
): void {
  const { frameCount, featureBins } = cues
  const hidden = weights.hidden
  const unitCount = hidden ? hidden.output.length : 0
  // Slots 0..unitCount-1 are the hidden units, the last is the linear part.
  const slots = unitCount + 1
  const weightOf = (feature: number, slot: number): number =>
    slot < unitCount
      ? hidden!.inputs[slot * CONTEXT_FEATURE_COUNT + feature]!
      : weights.context[feature]!
  const spanFrames = Math.max(1, Math.min(CONTEXT_SPAN_FRAMES, frameCount))
  const cells = new Float32Array(spanFrames * featureBins * slots)
  const frames = new Float32Array(spanFrames * slots)
  const bins = new Float32Array(featureBins * slots)
  const slotWeights = new Float32Array(slots)
  const outputWeight = Float32Array.from(hidden ? hidden.output : [])
  const featuresOf = contextFeatureSpans(cues, estimate, inputs, spanFrames)
  for (let first = 0; first < frameCount; first += spanFrames) {
    const last = Math.min(frameCount, first + spanFrames)
    cells.fill(0)
    frames.fill(0)
    for (let k = 0; k < featureBins; k++) {
      for (let slot = 0; slot < slots; slot++) bins[k * slots + slot] = weightOf(0, slot)
    }
    featuresOf({ first, last }, (feature, values) => {
      for (let slot = 0; slot < slots; slot++) slotWeights[slot] = weightOf(feature, slot)
      const frameWide = FRAME_WIDE_FEATURES.includes(feature)
      const binWide = BIN_WIDE_FEATURES.includes(feature)
      const target = frameWide ? frames : binWide ? bins : cells
      const count = frameWide ? last - first : binWide ? featureBins : values.length
      const step = frameWide ? featureBins : 1
      if (slots === 9) {
        accumulateNine(values, count, step, slotWeights, target)
        return
      }
      for (let i = 0; i < count; i++) {
        const value = values[i * step]!
        const row = i * slots
        for (let slot = 0; slot < slots; slot++) target[row + slot]! += slotWeights[slot]! * value
      }
    })
    for (let t = first; t < last; t++) {
      const frameRow = (t - first) * slots
      for (let k = 0; k < featureBins; k++) {
        const cellRow = ((t - first) * featureBins + k) * slots
        const binRow = k * slots
        let total =
          cells[cellRow + unitCount]! + frames[frameRow + unitCount]! + bins[binRow + unitCount]!
        for (let h = 0; h < unitCount; h++) {
          const unit = cells[cellRow + h]! + frames[frameRow + h]! + bins[binRow + h]!
          total += outputWeight[h]! * tanhApproximation(unit)
        }
        score[t * binCount + k] = total
      }
    }
  }
}

/** The learnt log-odds of being vocal of every bin below featureBins, into `score`'s rows. */
export function learntLogOdds(
  cues: BlockCues,
  weights: LearntWeights,
  score: Float32Array,
  binCount: number,
): void {
  const inputs = stageOneInputs(cues)
  contextLogOdds(cues, cueLogOdds(cues, weights.cues, inputs), weights, inputs, score, binCount)
}

export {
  CONTEXT_WEIGHTS,
  CUE_WEIGHTS,
  HIDDEN_INPUT_WEIGHTS,
  HIDDEN_OUTPUT_WEIGHTS,
} from './cueWeights'

/** The weights `separate` uses, as bench/separation-train.ts fitted them. */
export const LEARNT_WEIGHTS: LearntWeights = {
  cues: CUE_WEIGHTS,
  context: CONTEXT_WEIGHTS,
  hidden: { inputs: HIDDEN_INPUT_WEIGHTS, output: HIDDEN_OUTPUT_WEIGHTS },
}
