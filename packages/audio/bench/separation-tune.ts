// Tuning harness for the separation method, on the realistic set's TUNING_SEEDS only.
//
//   node --import tsx packages/audio/bench/separation-tune.ts '[{}, {"leadWeight": 1.5}]' [seeds] [kinds]
//
// (seeds like 1-9 or 1,4,7; kinds like produced,light; by default TUNING_SEEDS and every kind)
//
// Each argument variant is a partial SeparationTuning; every variant is scored on the same songs
// with the vocals' BSS Eval v4 SDR (plain SDR per 1 s frame, median over frames, as
// `bssEval.ts` computes it; the 512-tap filter only enters SIR, ISR and SAR, which tuning does not
// need) and its gain over the mixture, per mix kind, median over songs. Songs are rendered once
// and kept under GY_SEPARATION_TUNE_CACHE (default /tmp/gy-separation-tune), since rendering them
// through the soundfont costs more than separating them.
//
// The seeds must not be BENCH_SEEDS: the bench's figures come from songs nobody tuned on.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { separate, type SeparationTuning } from '../src/separation/separate'
import type { PcmAudio } from '../src/types'
import { nanMedian, plainSdrFrames } from './bssEval'
import { BENCH_SEEDS, MIX_KINDS, realisticSet, TUNING_SEEDS, type MixKind } from './realistic/set'

const cacheDirectory = process.env.GY_SEPARATION_TUNE_CACHE ?? '/tmp/gy-separation-tune'

export interface CachedExample {
  name: string
  mix: MixKind
  mixture: PcmAudio
  vocals: PcmAudio
  accompaniment: PcmAudio
}

function writePcm(path: string, audio: PcmAudio): void {
  const length = audio.channels[0]!.length
  const data = new Float32Array(audio.channels.length * length)
  audio.channels.forEach((channel, c) => data.set(channel, c * length))
  writeFileSync(path, new Uint8Array(data.buffer))
  writeFileSync(
    `${path}.json`,
    JSON.stringify({ sampleRate: audio.sampleRate, channels: audio.channels.length }),
  )
}

function readPcm(path: string): PcmAudio {
  const header = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as {
    sampleRate: number
    channels: number
  }
  const bytes = readFileSync(path)
  const data = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
  const length = data.length / header.channels
  return {
    sampleRate: header.sampleRate,
    channels: Array.from({ length: header.channels }, (_, c) =>
      data.slice(c * length, (c + 1) * length),
    ),
  }
}

const STEMS = ['mixture', 'vocals', 'accompaniment'] as const

export function* tuningExamples(
  seeds: readonly number[],
  kinds: readonly MixKind[],
): Generator<CachedExample> {
  mkdirSync(cacheDirectory, { recursive: true })
  for (const seed of seeds) {
    const path = (kind: MixKind, stem: string): string =>
      join(cacheDirectory, `${seed}-${kind}-${stem}.f32`)
    if (!MIX_KINDS.every((kind) => STEMS.every((stem) => existsSync(`${path(kind, stem)}.json`)))) {
      for (const song of realisticSet({ seeds: [seed] })) {
        for (const kind of MIX_KINDS) {
          for (const stem of STEMS) writePcm(path(kind, stem), song.examples[kind][stem])
        }
        writeFileSync(join(cacheDirectory, `${seed}.name`), song.name)
      }
    }
    const name = readFileSync(join(cacheDirectory, `${seed}.name`), 'utf8')
    for (const kind of kinds) {
      yield {
        name: `${name}-${kind}`,
        mix: kind,
        mixture: readPcm(path(kind, 'mixture')),
        vocals: readPcm(path(kind, 'vocals')),
        accompaniment: readPcm(path(kind, 'accompaniment')),
      }
    }
  }
}

export function parseSeeds(argument: string | undefined): number[] {
  if (!argument) return [...TUNING_SEEDS]
  return argument.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number)
    if (to === undefined) return [from!]
    return Array.from({ length: to - from! + 1 }, (_, i) => from! + i)
  })
}

function main(): void {
  const variants = JSON.parse(process.argv[2] ?? '[{}]') as Partial<SeparationTuning>[]
  const seeds = parseSeeds(process.argv[3])
  const kinds = (process.argv[4]?.split(',') as MixKind[] | undefined) ?? MIX_KINDS
  const benchSeeds: readonly number[] = BENCH_SEEDS
  if (seeds.some((seed) => benchSeeds.includes(seed))) {
    throw new Error('不能在基准测试的种子上调参')
  }
  // Per variant, per kind: the method's SDR and its gain over the mixture, one per song.
  const results = variants.map(() => new Map<MixKind, { sdr: number[]; gain: number[] }>())
  for (const example of tuningExamples(seeds, kinds)) {
    const references = [example.vocals, example.accompaniment]
    const mixtureSdr = nanMedian(plainSdrFrames(references, [example.mixture, example.mixture])[0]!)
    const line: string[] = [example.name.padEnd(20)]
    variants.forEach((tuning, index) => {
      const stems = separate(example.mixture, { tuning })
      const sdr = nanMedian(plainSdrFrames(references, [stems.vocals, stems.accompaniment])[0]!)
      const byKind = results[index]!
      const entry = byKind.get(example.mix) ?? { sdr: [], gain: [] }
      entry.sdr.push(sdr)
      entry.gain.push(sdr - mixtureSdr)
      byKind.set(example.mix, entry)
      line.push(sdr.toFixed(2).padStart(7))
    })
    console.log(`${line.join(' ')}   (mixture ${mixtureSdr.toFixed(2)})`)
  }
  variants.forEach((tuning, index) => {
    const summary = kinds.map((kind) => {
      const entry = results[index]!.get(kind)!
      return `${kind} ${nanMedian(entry.sdr).toFixed(2)} (+${nanMedian(entry.gain).toFixed(2)}, mean +${(entry.gain.reduce((a, b) => a + b, 0) / entry.gain.length).toFixed(2)})`
    })
    console.log(`${JSON.stringify(tuning)}: ${summary.join('; ')}`)
  })
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) main()
