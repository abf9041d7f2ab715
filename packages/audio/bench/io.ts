// Audio I/O benchmark: decode/encode speed and the peak memory of whole jobs on a 10-minute song.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BenchLabels, BenchRow } from '../../../scripts/bench-types'
import { AudioError } from '../src/errors'
import { decodeAudio } from '../src/io/decode'
import { encodeMp3 } from '../src/io/mp3'
import { encodeWav } from '../src/io/wav'
import { convertFile, coverFile, normalizeFile, separateFile } from '../src/jobs'
import { integratedLoudness, truePeakDb } from '../src/measure/loudness'
import type { PcmAudio } from '../src/types'
import { synthesizeSong } from './fixtures/song'
import { synthesizeVoice } from './fixtures/voice'
import { realtimeFactor, timed, wallRealtime } from './timing'

const SONG_SECONDS = 600
const MEMORY_BUDGET_MB = 500
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const probePath = fileURLToPath(new URL('./memoryProbe.ts', import.meta.url))

interface ProbeResult {
  seconds: number
  cpuSeconds: number
  maxRssMb: number
}

type ProbeTask = 'master' | 'separate' | 'cover'

const PROBE_LABELS: Record<ProbeTask, string> = {
  master: 'normalizeFile: decode → normalise to -14 LUFS → encode',
  separate: 'separateFile: decode → separate → encode both stems',
  cover: 'coverFile: decode → separate → convert → remix → normalise → encode',
}

/** The file jobs' outputs whose decoded MP3 is measured; the normalised ones are set to -14 LUFS. */
const DELIVERED_FILES = [
  { name: 'normalizeFile', normalised: true },
  { name: 'separateFile vocals', normalised: false },
  { name: 'separateFile accompaniment', normalised: false },
  { name: 'coverFile', normalised: true },
  { name: 'convertFile', normalised: true },
] as const
type DeliveredFile = (typeof DELIVERED_FILES)[number]['name']
/** The MP3 ceiling and the delivery gain were set on generated songs, never on these. */
const DELIVERY_MATERIAL =
  "on the bench's synthetic song and formant voice (held out from the generated songs the delivery ceiling was set on)"

const BUDGETS = {
  truePeak: `File jobs: true peak of the decoded MP3 (${DELIVERED_FILES.map((file) => file.name).join(', ')}), ${DELIVERY_MATERIAL}`,
  loudness: `File jobs: loudness of the decoded MP3 (${DELIVERED_FILES.filter(
    (file) => file.normalised,
  )
    .map((file) => file.name)
    .join(', ')}), ${DELIVERY_MATERIAL}`,
  encode: 'MP3 encode (LAME, 192 kbit/s stereo, 10-min song)',
  decode: 'MP3 decode (mpg123 WebAssembly, 10-min song)',
  wav: 'WAV 16-bit encode + decode (10-min song)',
  loudnessSpeed: 'Loudness (BS.1770) + true peak (4× oversampled), 10-min song',
  badInput: 'Bad input (empty, truncated, corrupted, silent, 1 s, 30 min, renamed, 8 kHz, 96 kHz)',
  tooLong: '30-minute WAV refused from its header, before any decoding (wall clock)',
} as const
const memoryBudget = (task: ProbeTask) =>
  `Memory, 10-min MP3 song, ${PROBE_LABELS[task]} (peak RSS incl. Node)`

export const labels: BenchLabels = {
  budgets: [
    ...Object.values(BUDGETS),
    ...(Object.keys(PROBE_LABELS) as ProbeTask[]).map(memoryBudget),
  ],
  references: [],
}

async function probe(task: ProbeTask, file: string): Promise<ProbeResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', probePath, task, file],
    {
      cwd: repositoryRoot,
      maxBuffer: 1 << 20,
      timeout: 15 * 60 * 1000,
    },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ProbeResult
}

/** The bad inputs of the issue, each of which must be decoded correctly or refused with a reason. */
async function badInputCases(): Promise<{
  handled: number
  total: number
  failures: string[]
  /** Wall-clock seconds to refuse the 30-minute file: its header says so, nothing is decoded. */
  tooLongRefusalSeconds: number
}> {
  const tone = (
    seconds: number,
    sampleRate: number,
    channels: number,
    amplitude = 0.3,
  ): PcmAudio => ({
    sampleRate,
    channels: Array.from({ length: channels }, () => {
      const samples = new Float32Array(Math.round(seconds * sampleRate))
      for (let i = 0; i < samples.length; i++)
        samples[i] = amplitude * Math.sin((2 * Math.PI * 440 * i) / sampleRate)
      return samples
    }),
  })
  const mp3 = encodeMp3(tone(2, 44100, 2))
  const corrupted = mp3.slice()
  for (let i = 2000; i < corrupted.length; i += 3) corrupted[i] = (i * 7919) & 0xff
  const thirtyMinutes = new Uint8Array(44 + 30 * 60 * 8000).fill(128)
  thirtyMinutes.set(encodeWav(tone(0.001, 8000, 1)).subarray(0, 44))
  const view = new DataView(thirtyMinutes.buffer)
  view.setUint32(28, 8000, true)
  view.setUint16(32, 1, true)
  view.setUint16(34, 8, true)
  view.setUint32(40, 30 * 60 * 8000, true)
  const cases: [string, Uint8Array, 'decode' | 'refuse'][] = [
    ['empty', new Uint8Array(0), 'refuse'],
    ['truncated MP3', mp3.subarray(0, mp3.length >> 1), 'decode'],
    ['truncated WAV', encodeWav(tone(1, 44100, 2)).subarray(0, 20000), 'decode'],
    ['WAV cut inside its header', encodeWav(tone(1, 44100, 2)).subarray(0, 30), 'refuse'],
    ['corrupted MP3', corrupted, 'refuse'],
    ['silent WAV', encodeWav(tone(1, 44100, 2, 0)), 'decode'],
    ['1-second MP3', encodeMp3(tone(1, 44100, 2)), 'decode'],
    ['30-minute WAV', thirtyMinutes, 'refuse'],
    [
      'PNG renamed to .mp3',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(4000).fill(7)]),
      'refuse',
    ],
    ['text renamed to .mp3', new TextEncoder().encode('not audio '.repeat(400)), 'refuse'],
    ['8 kHz mono MP3', encodeMp3(tone(1, 8000, 1), { kbps: 32 }), 'decode'],
    ['96 kHz 24-bit WAV', encodeWav(tone(1, 96000, 2), { bitDepth: 24 }), 'decode'],
  ]
  const failures: string[] = []
  let tooLongRefusalSeconds = Number.NaN
  for (const [name, bytes, expected] of cases) {
    const { result: outcome, wallSeconds } = await timed(() =>
      decodeAudio(bytes).then(
        (audio) =>
          audio.channels.length > 0 && (audio.channels[0]?.length ?? 0) > 0 ? 'decode' : 'broken',
        (error: unknown) => (error instanceof AudioError ? 'refuse' : 'crash'),
      ),
    )
    if (bytes === thirtyMinutes) tooLongRefusalSeconds = wallSeconds
    if (outcome !== expected) failures.push(`${name}: ${outcome}`)
  }
  return {
    handled: cases.length - failures.length,
    total: cases.length,
    failures,
    tooLongRefusalSeconds,
  }
}

/**
 * What the file jobs deliver, measured as a player meets it: each output MP3 decoded, its true
 * peak and loudness measured. The material is the bench's synthetic song and voice (other seeds
 * than the other rows), nothing the MP3 ceiling was chosen on (generated songs).
 */
export async function deliveredFileRows(): Promise<BenchRow[]> {
  const song = encodeWav(synthesizeSong({ seconds: 60, seed: 4711 }), { bitDepth: 24 })
  const voice = encodeWav(synthesizeVoice({ seed: 4712, voice: 'male', seconds: 20 }).audio)
  const stems = await separateFile(song)
  const files: Record<DeliveredFile, Uint8Array> = {
    normalizeFile: (await normalizeFile(song)).audio,
    'separateFile vocals': stems.vocals,
    'separateFile accompaniment': stems.accompaniment,
    coverFile: (await coverFile(song, { singer: 'warm-male', semitones: -3 })).audio,
    convertFile: (await convertFile(voice, { semitones: 5 })).audio,
  }
  const measured = await Promise.all(
    DELIVERED_FILES.map(async (output) => {
      const audio = await decodeAudio(files[output.name])
      return { ...output, truePeak: truePeakDb(audio), loudness: integratedLoudness(audio) }
    }),
  )
  const highest = measured.reduce((top, output) => (output.truePeak > top.truePeak ? output : top))
  const normalised = measured.filter((output) => output.normalised)
  const worst = normalised.reduce((far, output) =>
    Math.abs(output.loudness + 14) > Math.abs(far.loudness + 14) ? output : far,
  )
  return [
    {
      area: 'audio',
      budget: BUDGETS.truePeak,
      target: '≤ -1 dBTP, every file',
      measured: `max ${highest.truePeak.toFixed(2)} dBTP (${highest.name}); ${measured.map((output) => output.truePeak.toFixed(2)).join(', ')}`,
      pass: highest.truePeak <= -1,
    },
    {
      area: 'audio',
      budget: BUDGETS.loudness,
      target: '-14 ± 1 LUFS',
      measured: `${normalised.map((output) => output.loudness.toFixed(2)).join(', ')} LUFS (worst ${worst.name})`,
      pass: Math.abs(worst.loudness + 14) <= 1,
    },
  ]
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [...(await deliveredFileRows())]
  const song = synthesizeSong({ seconds: SONG_SECONDS, seed: 2024 })
  const directory = await mkdtemp(join(tmpdir(), 'gy-audio-bench-'))
  try {
    const encode = await timed(() => encodeMp3(song, { kbps: 192 }))
    rows.push({
      area: 'audio',
      budget: BUDGETS.encode,
      target: '≥ 10× realtime',
      measured: realtimeFactor(SONG_SECONDS, encode),
      pass: wallRealtime(SONG_SECONDS, encode) >= 10,
    })
    const decode = await timed(() => decodeAudio(encode.result))
    rows.push({
      area: 'audio',
      budget: BUDGETS.decode,
      target: '≥ 30× realtime',
      measured: realtimeFactor(SONG_SECONDS, decode),
      pass: wallRealtime(SONG_SECONDS, decode) >= 30,
    })
    const wav = await timed(() => encodeWav(song, { bitDepth: 16 }))
    const wavDecode = await timed(() => decodeAudio(wav.result))
    const wavRoundTrip = {
      cpuSeconds: wav.cpuSeconds + wavDecode.cpuSeconds,
      wallSeconds: wav.wallSeconds + wavDecode.wallSeconds,
    }
    rows.push({
      area: 'audio',
      budget: BUDGETS.wav,
      target: '≥ 100× realtime',
      measured: realtimeFactor(SONG_SECONDS, wavRoundTrip),
      pass: wallRealtime(SONG_SECONDS, wavRoundTrip) >= 100,
    })
    const measure = await timed(() => [integratedLoudness(song), truePeakDb(song)])
    rows.push({
      area: 'audio',
      budget: BUDGETS.loudnessSpeed,
      target: '≥ 100× realtime',
      measured: realtimeFactor(SONG_SECONDS, measure),
      pass: wallRealtime(SONG_SECONDS, measure) >= 100,
    })

    const file = join(directory, 'song.mp3')
    await writeFile(file, encode.result)
    for (const task of ['master', 'separate', 'cover'] as const) {
      try {
        const result = await probe(task, file)
        rows.push({
          area: 'audio',
          budget: memoryBudget(task),
          target: `≤ ${MEMORY_BUDGET_MB} MB`,
          measured: `${result.maxRssMb.toFixed(0)} MB (job took ${result.seconds.toFixed(1)} s wall = ${(SONG_SECONDS / result.seconds).toFixed(1)}× realtime, ${result.cpuSeconds.toFixed(1)} s CPU)`,
          pass: result.maxRssMb <= MEMORY_BUDGET_MB,
        })
      } catch (error) {
        rows.push({
          area: 'audio',
          budget: memoryBudget(task),
          target: `≤ ${MEMORY_BUDGET_MB} MB`,
          measured: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          pass: false,
        })
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }

  const bad = await badInputCases()
  rows.push({
    area: 'audio',
    budget: BUDGETS.badInput,
    target: 'all decoded or refused with a reason',
    measured: `${bad.handled}/${bad.total}${bad.failures.length > 0 ? ` (${bad.failures.join('; ')})` : ''}`,
    pass: bad.failures.length === 0,
  })
  rows.push({
    area: 'audio',
    budget: BUDGETS.tooLong,
    target: '< 1 s',
    measured: `${(bad.tooLongRefusalSeconds * 1000).toFixed(0)} ms`,
    pass: bad.tooLongRefusalSeconds < 1,
  })
  return rows
}
