// Vocal separation benchmark (`npm run bench -- audio`, or AUDIO_BENCH=separation).
//
// Quality is measured on two sets, mixed alike (light / produced / mono), with BSS Eval v4 as
// museval computes it (bench/bssEval.ts). The figure per song is the median over its 1 s frames
// and the figure per set is the median over its songs, as SiSEC and the MUSDB papers report.
// - Held-out material (bench/realistic/heldOut.ts): the engine's generated accompaniment under the
//   bench's formant voice, generators nothing of the separation was fitted or tuned on. The
//   budgets are judged on it.
// - Own material (bench/realistic/set.ts: humanised General MIDI songs rendered through FluidR3
//   under the engine's eSpeak-based singing voice): the kind of song the learnt cue model was
//   fitted on (TRAINING_SEEDS) and the method tuned on (TUNING_SEEDS); the bench scores other
//   seeds (BENCH_SEEDS), but the generator is the one the engine learnt, so its figures are
//   references, beside the budgets they mirror.
//
// The old synthetic set (bench/separation-set.ts, a dry centred vocal over sample-identical loops,
// on which the hand-set cues were first tried) is kept as an own-material reference with its plain
// SDR; it rewards exactly the method's two cues.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BenchLabels, BenchReference, BenchRow } from '../../../scripts/bench-types'
import { istft, stft } from '../src/dsp/stft'
import { analysisSettings, separate, type SeparatedStems } from '../src/separation/separate'
import type { PcmAudio } from '../src/types'
import { createBssEvaluator, nanMedian, summariseBssEval } from './bssEval'
import { HELD_OUT_SEEDS, heldOutSet } from './realistic/heldOut'
import {
  BENCH_SEEDS,
  loadGeneralMidiFont,
  MIX_KINDS,
  type MixedSong,
  realisticSet,
  type MixKind,
} from './realistic/set'
import { SEPARATION_STYLES, synthesiseSeparationExample } from './separation-set'
import { realtimeFactor, timed, wallRealtime } from './timing'

const AREA = 'audio'
const SPEED_SECONDS = 180
const MEMORY_BUDGET_MB = 500
const REALTIME_TARGET = 20
const PRODUCED_VOCALS_SDR_TARGET_DB = 6
const PRODUCED_VOCALS_GAIN_TARGET_DB = 8
const SYNTHETIC_SEEDS = [101, 202]
const SYNTHETIC_VOCAL_LEVELS_DB = [0, 2, -3, -1, 1]

/**
 * Published vocals SDR on the MUSDB18 test set (BSS Eval v4, median over frames then over tracks):
 * the systems a careful listener compares the engine with.
 */
const PUBLISHED_ANCHORS = 'Spleeter 6.9 dB, Open-Unmix 6.3 dB, HTDemucs 9.0 dB'

/** What each quality figure is measured on; the budgets are judged on the held-out material. */
const MATERIAL = {
  heldOut: 'held-out material (generated accompaniment, formant voice)',
  own: "own material (FluidR3 arrangements, the engine's singing voice)",
} as const
type Material = keyof typeof MATERIAL

const sdrLabel = (material: Material) =>
  `Separation: vocals SDR (BSS Eval v4), produced mixes, ${MATERIAL[material]}`
const gainLabel = (material: Material) =>
  `Separation: vocals SDR gain over the mixture, produced mixes, ${MATERIAL[material]}`
const otherMixLabel = (kind: 'light' | 'mono', material: Material) =>
  `Separation, ${kind === 'light' ? 'light stereo' : 'mono (produced, folded down)'} mixes (BSS Eval v4), ${MATERIAL[material]}`

const BUDGETS = {
  producedSdr: sdrLabel('heldOut'),
  producedGain: gainLabel('heldOut'),
  speed: 'Separation speed, 3-min stereo 44.1 kHz song, one core (single-threaded)',
  memory:
    'Separation memory, 10-min stereo song streamed through SeparationStream (peak RSS incl. Node)',
} as const
const SUBJECTS = {
  ownSdr: sdrLabel('own'),
  ownGain: gainLabel('own'),
  ownSet: `Separation: ${MATERIAL.own} renders (FluidR3 General MIDI soundfont)`,
  synthetic:
    'Separation: vocals plain-SDR gain, old synthetic stereo set (dry centred vocal over loops), own material',
  ideal: 'Separation upper anchor: ideal ratio mask on the same STFT (BSS Eval v4 SDR)',
  voting:
    'Separation with the cues combined by hand-weighted voting (before the learnt cue model), same songs',
  published: 'Published vocals SDR on MUSDB18 (BSS Eval v4), for comparison with ours',
  whole: '10-min stereo song held whole in separate(), peak RSS incl. Node (jobs stream instead)',
} as const

export const labels: BenchLabels = {
  budgets: Object.values(BUDGETS),
  references: [
    ...Object.values(SUBJECTS),
    ...(['light', 'mono'] as const).flatMap((kind) =>
      (Object.keys(MATERIAL) as Material[]).map((material) => otherMixLabel(kind, material)),
    ),
  ],
}

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const memoryProbePath = fileURLToPath(new URL('./separation-memory.ts', import.meta.url))

/** Plain SDR in dB of an estimate against the reference, over all channels (the old metric). */
export function signalToDistortionDb(reference: PcmAudio, estimate: PcmAudio): number {
  let signal = 0
  let error = 0
  reference.channels.forEach((channel, c) => {
    const guess = estimate.channels[c]!
    for (let i = 0; i < channel.length; i++) {
      signal += channel[i]! ** 2
      error += (channel[i]! - guess[i]!) ** 2
    }
  })
  return 10 * Math.log10(signal / Math.max(error, 1e-30))
}

interface StemsWithMixture {
  mixture: PcmAudio
  vocals: PcmAudio
  accompaniment: PcmAudio
}

/**
 * The oracle: each channel's mixture STFT masked by |V|² / (|V|² + |A|²) computed from the true
 * stems, with the same frames as the method. No mask-based method on this STFT can do much better.
 */
export function idealRatioMaskSeparation(example: StemsWithMixture): SeparatedStems {
  const { sampleRate } = example.mixture
  const settings = analysisSettings(sampleRate)
  const options = { frameSize: settings.frameSize, hopSize: settings.hopSize }
  const vocals: Float32Array[] = []
  const accompaniment: Float32Array[] = []
  example.mixture.channels.forEach((mixture, c) => {
    const spectrum = stft(mixture, options)
    const vocal = stft(example.vocals.channels[c]!, options)
    const rest = stft(example.accompaniment.channels[c]!, options)
    for (let i = 0; i < spectrum.real.length; i++) {
      const vocalPower = vocal.real[i]! ** 2 + vocal.imag[i]! ** 2
      const restPower = rest.real[i]! ** 2 + rest.imag[i]! ** 2
      const gain = vocalPower + restPower > 0 ? vocalPower / (vocalPower + restPower) : 0
      spectrum.real[i]! *= gain
      spectrum.imag[i]! *= gain
    }
    const estimate = istft(spectrum, mixture.length)
    vocals.push(estimate)
    accompaniment.push(mixture.map((x, i) => x - estimate[i]!))
  })
  return {
    vocals: { sampleRate, channels: vocals },
    accompaniment: { sampleRate, channels: accompaniment },
  }
}

/** Medians over one song's frames (BSS Eval v4) of one separation. */
export interface StemScores {
  vocals: { sdr: number; sir: number; sar: number; isr: number }
  accompaniment: { sdr: number }
}

export interface SongScores {
  name: string
  mix: MixKind
  mixture: StemScores
  method: StemScores
  ideal: StemScores
  /** The cues combined by hand-weighted voting instead of the learnt model (`learnt: false`). */
  voting: StemScores
}

export type Separator = (mixture: PcmAudio) => SeparatedStems

/**
 * Scores the method, the unprocessed mixture and the ideal ratio mask on a set's songs (the
 * realistic set's for BENCH_SEEDS, never its TUNING_SEEDS or TRAINING_SEEDS; or the held-out
 * set's). `separator` defaults to the engine's `separate`, so a variant can be scored the same way.
 */
export function scoreSongs(
  songs: Iterable<MixedSong>,
  separator: Separator = (mixture) => separate(mixture),
  kinds: readonly MixKind[] = MIX_KINDS,
  onSong?: (scores: SongScores) => void,
): SongScores[] {
  const results: SongScores[] = []
  for (const song of songs) {
    for (const kind of kinds) {
      const example = song.examples[kind]
      const evaluator = createBssEvaluator([example.vocals, example.accompaniment])
      const score = (stems: SeparatedStems): StemScores => {
        const summary = summariseBssEval(evaluator.evaluate([stems.vocals, stems.accompaniment]))
        return {
          vocals: {
            sdr: summary.sdr[0]!,
            sir: summary.sir[0]!,
            sar: summary.sar[0]!,
            isr: summary.isr[0]!,
          },
          accompaniment: { sdr: summary.sdr[1]! },
        }
      }
      const scores: SongScores = {
        name: example.name,
        mix: kind,
        mixture: score({ vocals: example.mixture, accompaniment: example.mixture }),
        method: score(separator(example.mixture)),
        ideal: score(idealRatioMaskSeparation(example)),
        voting: score(separate(example.mixture, { tuning: { learnt: false } })),
      }
      onSong?.(scores)
      results.push(scores)
    }
  }
  return results
}

interface SetSummary {
  songs: number
  mixture: { vocals: number; accompaniment: number }
  method: { vocals: number; accompaniment: number; vocalsSir: number; vocalsSar: number }
  ideal: { vocals: number; accompaniment: number }
  gain: number
  voting: { vocals: number; gain: number }
}

function summarise(scores: SongScores[]): SetSummary {
  const median = (pick: (song: SongScores) => number): number => nanMedian(scores.map(pick))
  return {
    songs: scores.length,
    mixture: {
      vocals: median((song) => song.mixture.vocals.sdr),
      accompaniment: median((song) => song.mixture.accompaniment.sdr),
    },
    method: {
      vocals: median((song) => song.method.vocals.sdr),
      accompaniment: median((song) => song.method.accompaniment.sdr),
      vocalsSir: median((song) => song.method.vocals.sir),
      vocalsSar: median((song) => song.method.vocals.sar),
    },
    ideal: {
      vocals: median((song) => song.ideal.vocals.sdr),
      accompaniment: median((song) => song.ideal.accompaniment.sdr),
    },
    // The gain is taken per song, then its median: a song's own mixture is its baseline.
    gain: median((song) => song.method.vocals.sdr - song.mixture.vocals.sdr),
    voting: {
      vocals: median((song) => song.voting.vocals.sdr),
      gain: median((song) => song.voting.vocals.sdr - song.mixture.vocals.sdr),
    },
  }
}

const decibels = (value: number): string => `${value >= 0 ? '' : '−'}${Math.abs(value).toFixed(1)}`
const signedDecibels = (value: number): string =>
  `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`

function describe(summary: SetSummary): string {
  return (
    `vocals ${decibels(summary.method.vocals)} dB (SIR ${decibels(summary.method.vocalsSir)}, ` +
    `SAR ${decibels(summary.method.vocalsSar)}), gain over the mixture ${signedDecibels(summary.gain)} dB ` +
    `(mixture ${decibels(summary.mixture.vocals)}); ` +
    `accompaniment ${decibels(summary.method.accompaniment)} dB (mixture ` +
    `${decibels(summary.mixture.accompaniment)}); median of ${summary.songs} songs × 30 s`
  )
}

/** Prints each song's figure as it is scored: a set takes minutes. */
function logSong(song: SongScores): void {
  console.error(
    `  ${song.name}: vocals ${song.method.vocals.sdr.toFixed(2)} dB ` +
      `(mixture ${song.mixture.vocals.sdr.toFixed(2)}, ideal ${song.ideal.vocals.sdr.toFixed(2)})`,
  )
}

/** One set's summaries by mix. */
function scoreSet(songs: Iterable<MixedSong>): Record<MixKind, SetSummary> {
  const scores = scoreSongs(songs, undefined, MIX_KINDS, logSong)
  const byKind = (kind: MixKind) => summarise(scores.filter((song) => song.mix === kind))
  return { light: byKind('light'), produced: byKind('produced'), mono: byKind('mono') }
}

/** The anchors of one set: the ideal ratio mask's figures, or the hand-weighted voting's. */
function anchors(set: Record<MixKind, SetSummary>, anchor: 'ideal' | 'voting'): string {
  return MIX_KINDS.map((kind) => {
    const summary = set[kind]
    return anchor === 'ideal'
      ? `${kind}: vocals ${decibels(summary.ideal.vocals)} dB, accompaniment ${decibels(summary.ideal.accompaniment)} dB`
      : `${kind}: vocals ${decibels(summary.voting.vocals)} dB, gain ${signedDecibels(summary.voting.gain)} dB`
  }).join('; ')
}

/**
 * The quality rows: the budgets on the held-out set, and the same figures on the realistic set
 * (own material) as references beside them. A realistic set that cannot be rendered (no FluidR3)
 * leaves a reference saying so; the budgets do not depend on it.
 */
function qualityRows(): (BenchRow | BenchReference)[] {
  const heldOut = scoreSet(heldOutSet({ seeds: HELD_OUT_SEEDS }))
  const produced = heldOut.produced
  const rows: (BenchRow | BenchReference)[] = [
    {
      area: AREA,
      budget: BUDGETS.producedSdr,
      target: `≥ ${PRODUCED_VOCALS_SDR_TARGET_DB} dB`,
      measured: describe(produced),
      pass: produced.method.vocals >= PRODUCED_VOCALS_SDR_TARGET_DB,
    },
    {
      area: AREA,
      budget: BUDGETS.producedGain,
      target: `≥ +${PRODUCED_VOCALS_GAIN_TARGET_DB} dB`,
      measured: `${signedDecibels(produced.gain)} dB (median over ${produced.songs} songs of ours minus the mixture's)`,
      pass: produced.gain >= PRODUCED_VOCALS_GAIN_TARGET_DB,
    },
  ]
  const sets: Partial<Record<Material, Record<MixKind, SetSummary>>> = { heldOut }
  try {
    loadGeneralMidiFont()
    sets.own = scoreSet(realisticSet({ seeds: BENCH_SEEDS }))
  } catch (error) {
    rows.push({
      reference: true,
      area: AREA,
      subject: SUBJECTS.ownSet,
      measured: `not measured: ${error instanceof Error ? error.message : String(error)}`,
    })
  }
  const own = sets.own
  if (own) {
    rows.push(
      { reference: true, area: AREA, subject: SUBJECTS.ownSdr, measured: describe(own.produced) },
      {
        reference: true,
        area: AREA,
        subject: SUBJECTS.ownGain,
        measured: `${signedDecibels(own.produced.gain)} dB (median over ${own.produced.songs} songs)`,
      },
    )
  }
  const measuredSets = (Object.keys(MATERIAL) as Material[]).flatMap((material) => {
    const set = sets[material]
    return set ? [{ material, set }] : []
  })
  for (const kind of ['light', 'mono'] as const) {
    for (const { material, set } of measuredSets) {
      rows.push({
        reference: true,
        area: AREA,
        subject: otherMixLabel(kind, material),
        measured: describe(set[kind]),
      })
    }
  }
  const perSet = (describeSet: (set: Record<MixKind, SetSummary>) => string) =>
    measuredSets.map(({ material, set }) => `${MATERIAL[material]}: ${describeSet(set)}`).join('. ')
  rows.push(
    {
      reference: true,
      area: AREA,
      subject: SUBJECTS.ideal,
      measured: perSet((set) => anchors(set, 'ideal')),
    },
    {
      reference: true,
      area: AREA,
      subject: SUBJECTS.voting,
      measured: perSet((set) => anchors(set, 'voting')),
    },
    {
      reference: true,
      area: AREA,
      subject: SUBJECTS.published,
      measured: `${PUBLISHED_ANCHORS}; ours on produced mixes: ${perSet((set) => `${decibels(set.produced.method.vocals)} dB`)} (MUSDB18 is real recordings, ours synthetic)`,
    },
  )
  return rows
}

/** The old synthetic set, stereo: plain SDR gain of the vocals, mean over its examples. */
function syntheticReference(): BenchReference {
  let gain = 0
  let examples = 0
  for (const seed of SYNTHETIC_SEEDS) {
    SEPARATION_STYLES.forEach((style, index) => {
      const example = synthesiseSeparationExample({
        style,
        seed: seed + index,
        durationSeconds: 30,
        vocalToAccompanimentDb: SYNTHETIC_VOCAL_LEVELS_DB[index],
      })
      const { vocals } = separate(example.mixture)
      gain +=
        signalToDistortionDb(example.vocals, vocals) -
        signalToDistortionDb(example.vocals, example.mixture)
      examples++
    })
  }
  gain /= examples
  return {
    reference: true,
    area: AREA,
    subject: SUBJECTS.synthetic,
    measured: `${signedDecibels(gain)} dB (mean of ${examples} × 30 s)`,
  }
}

interface MemoryProbeResult {
  maxRssMb: number
  wallSeconds: number
  cpuSeconds: number
  audioSeconds: number
  /** Size of the input and both stems when they are held whole (0 when streamed). */
  buffersMb: number
}

async function probeMemory(mode: 'stream' | 'whole'): Promise<MemoryProbeResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', memoryProbePath, mode],
    { cwd: repositoryRoot, maxBuffer: 1 << 20 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as MemoryProbeResult
}

export async function run(): Promise<(BenchRow | BenchReference)[]> {
  // Speed and memory first, while this process is small: a child's peak RSS on Linux starts from
  // its parent's (the high-water mark survives fork and exec), and the realistic set holds the
  // 140 MB soundfont and its songs; a large heap would also slow the timed run with its collector.
  const speedAndMemory = await speedAndMemoryRows()
  return [...qualityRows(), syntheticReference(), ...speedAndMemory]
}

async function speedAndMemoryRows(): Promise<(BenchRow | BenchReference)[]> {
  const rows: (BenchRow | BenchReference)[] = []

  // Speed depends on length, not on content: the synthetic song is quick to make.
  const song = synthesiseSeparationExample({
    style: 'pop',
    seed: 303,
    durationSeconds: SPEED_SECONDS,
  }).mixture
  const timing = await timed(() => separate(song))
  rows.push({
    area: AREA,
    budget: BUDGETS.speed,
    target: `≥ ${REALTIME_TARGET}× realtime`,
    measured: realtimeFactor(SPEED_SECONDS, timing),
    pass: wallRealtime(SPEED_SECONDS, timing) >= REALTIME_TARGET,
  })

  const streamed = await probeMemory('stream')
  rows.push({
    area: AREA,
    budget: BUDGETS.memory,
    target: `≤ ${MEMORY_BUDGET_MB} MB`,
    measured: `${streamed.maxRssMb.toFixed(0)} MB (${realtimeFactor(streamed.audioSeconds, streamed)})`,
    pass: streamed.maxRssMb <= MEMORY_BUDGET_MB,
  })
  // For reference only: the in-memory API holds the whole song and both stems as Float32, which
  // no job does (jobs stream through separateFile, measured in the io suite). Reported so the cost
  // of calling separate() on a long song is known, not counted against the budget.
  const whole = await probeMemory('whole')
  rows.push({
    reference: true,
    area: AREA,
    subject: SUBJECTS.whole,
    measured: `${whole.maxRssMb.toFixed(0)} MB, of which ${whole.buffersMb.toFixed(0)} MB are the input and both stems as Float32`,
  })
  return rows
}
