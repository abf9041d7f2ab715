// Vocal separation benchmark (`npm run bench -- audio`, or AUDIO_BENCH=separation): quality on the
// synthetic set (bench/separation-set.ts) against the unprocessed mixture and the ideal ratio mask,
// speed on a 3-minute stereo song, and the peak memory of a 10-minute song in a child process.
//
// SDR here is plain SDR = 10·log10(|s|² / |s − ŝ|²) over all channels, not BSS-eval: no distortion
// filter is allowed for, so it is stricter than the BSS-eval figures usually quoted for real songs.
// The examples are synthesised with seeds other than the one the method's knobs were chosen on.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BenchReference, BenchRow } from '../../../scripts/bench-types'
import { istft, stft } from '../src/dsp/stft'
import { analysisSettings, separate, type SeparatedStems } from '../src/separation/separate'
import type { PcmAudio } from '../src/types'
import {
  SEPARATION_STYLES,
  synthesiseSeparationExample,
  type SeparationExample,
  type SeparationStyle,
} from './separation-set'
import { realtimeFactor, timed, wallRealtime } from './timing'

const AREA = 'audio'
const EXAMPLE_SECONDS = 30
const SPEED_SECONDS = 180
const MEMORY_BUDGET_MB = 500
const REALTIME_TARGET = 30
const VOCAL_GAIN_TARGET_DB = 6
/** Vocal level against the accompaniment per style: from a buried to a forward vocal. */
const VOCAL_LEVELS_DB: Record<SeparationStyle, number> = {
  pop: 0,
  ballad: 2,
  rock: -3,
  electronic: -1,
  folk: 1,
}
/** The knobs were tuned on seed 11; the benchmark set uses these. */
const BENCH_SEEDS = [101, 202]

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const memoryProbePath = fileURLToPath(new URL('./separation-memory.ts', import.meta.url))

/** Plain SDR in dB of an estimate against the reference, over all channels. */
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

/**
 * The oracle: each channel's mixture STFT masked by |V|² / (|V|² + |A|²) computed from the true
 * stems, with the same frames as the method. No mask-based method on this STFT can do much better.
 */
export function idealRatioMaskSeparation(example: SeparationExample): SeparatedStems {
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

interface SetScores {
  examples: number
  mixture: { vocals: number; accompaniment: number }
  method: { vocals: number; accompaniment: number }
  ideal: { vocals: number; accompaniment: number }
}

function scoreSet(mono: boolean, repetitive = true, seeds = BENCH_SEEDS): SetScores {
  const totals: SetScores = {
    examples: 0,
    mixture: { vocals: 0, accompaniment: 0 },
    method: { vocals: 0, accompaniment: 0 },
    ideal: { vocals: 0, accompaniment: 0 },
  }
  for (const seed of seeds) {
    for (const style of SEPARATION_STYLES) {
      const example = synthesiseSeparationExample({
        style,
        seed: seed + SEPARATION_STYLES.indexOf(style),
        durationSeconds: EXAMPLE_SECONDS,
        vocalToAccompanimentDb: VOCAL_LEVELS_DB[style],
        mono,
        repetitive,
      })
      const estimates = {
        mixture: { vocals: example.mixture, accompaniment: example.mixture },
        method: separate(example.mixture),
        ideal: idealRatioMaskSeparation(example),
      }
      for (const key of ['mixture', 'method', 'ideal'] as const) {
        totals[key].vocals += signalToDistortionDb(example.vocals, estimates[key].vocals)
        totals[key].accompaniment += signalToDistortionDb(
          example.accompaniment,
          estimates[key].accompaniment,
        )
      }
      totals.examples++
    }
  }
  for (const key of ['mixture', 'method', 'ideal'] as const) {
    totals[key].vocals /= totals.examples
    totals[key].accompaniment /= totals.examples
  }
  return totals
}

function qualityRows(label: string, scores: SetScores, vocalTarget: number): BenchRow[] {
  const describe = (stem: 'vocals' | 'accompaniment'): string =>
    `+${(scores.method[stem] - scores.mixture[stem]).toFixed(1)} dB (mixture ${scores.mixture[stem].toFixed(1)}, ` +
    `ours ${scores.method[stem].toFixed(1)}, ideal ratio mask ${scores.ideal[stem].toFixed(1)} dB; ` +
    `mean of ${scores.examples} × ${EXAMPLE_SECONDS} s)`
  const vocalGain = scores.method.vocals - scores.mixture.vocals
  const accompanimentGain = scores.method.accompaniment - scores.mixture.accompaniment
  return [
    {
      area: AREA,
      budget: `Separation: vocals SDR gain over the mixture, ${label} synthetic set`,
      target: `≥ +${vocalTarget} dB`,
      measured: describe('vocals'),
      pass: vocalGain >= vocalTarget,
    },
    {
      area: AREA,
      budget: `Separation: accompaniment SDR gain over the mixture, ${label} synthetic set`,
      target: '> 0 dB',
      measured: describe('accompaniment'),
      pass: accompanimentGain > 0,
    },
  ]
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
  const rows: (BenchRow | BenchReference)[] = []
  rows.push(...qualityRows('stereo', scoreSet(false), VOCAL_GAIN_TARGET_DB))
  // The issue sets no target for mono; the row asks only that separation helps at all.
  rows.push(...qualityRows('mono', scoreSet(true), 0))
  // Repetition is the method's main cue: a set without looped progressions shows what it costs.
  rows.push(...qualityRows('stereo through-composed', scoreSet(false, false, [505]), 0).slice(0, 1))

  const song = synthesiseSeparationExample({
    style: 'pop',
    seed: 303,
    durationSeconds: SPEED_SECONDS,
  }).mixture
  const timing = await timed(() => separate(song))
  rows.push({
    area: AREA,
    budget: 'Separation speed, 3-min stereo 44.1 kHz song, one core (single-threaded)',
    target: `≥ ${REALTIME_TARGET}× realtime`,
    measured: realtimeFactor(SPEED_SECONDS, timing),
    pass: wallRealtime(SPEED_SECONDS, timing) >= REALTIME_TARGET,
  })

  const streamed = await probeMemory('stream')
  rows.push({
    area: AREA,
    budget:
      'Separation memory, 10-min stereo song streamed through SeparationStream (peak RSS incl. Node)',
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
    subject:
      '10-min stereo song held whole in separate(), peak RSS incl. Node (jobs stream instead)',
    measured: `${whole.maxRssMb.toFixed(0)} MB, of which ${whole.buffersMb.toFixed(0)} MB are the input and both stems as Float32`,
  })
  return rows
}
