// `npm run audio -- <command> ...`: the audio engine from the command line. Run without arguments for help.
import { Console } from 'node:console'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { SINGER_PRESETS, SINGER_PRESET_IDS, type SingerPresetId } from './conversion/singers'
import { createLocalAiEngine } from './engine'
import { AudioError } from './errors'
import type { GenerationRequest } from './generation/generate'
import { generateSong } from './generation/generate'
import { writeMp3Aigc, writeWavAigc, type AigcLabel } from './io/aigc'
import { decodeAudio, probeAudio, streamAudio } from './io/decode'
import { encodeWav } from './io/wav'
import { convertFile, coverFile, generateFile, normalizeFile, separateFile } from './jobs'
import { durationSeconds, formatDuration } from './measure/duration'
import {
  LoudnessMeter,
  integratedLoudness,
  normalizeLoudness,
  truePeakDb,
} from './measure/loudness'
import { estimateTempo } from './measure/tempo'
import { TruePeakMeter } from './measure/truePeak'
import type { PcmAudio, ProgressCallback } from './types'

const HELP = `GY音乐 音频引擎

用法: npm run audio -- <命令> [参数]

  info <文件>                         时长、采样率、响度 (LUFS)、真峰值 (dBTP)、速度 (BPM)
  loudness <输入> [输出]               测量响度；给出输出时归一化到 -14 LUFS、真峰值 ≤ -1 dBTP
        [--target -14] [--ceiling -1]
  separate <输入> <输出目录>           分离人声与伴奏 (vocals / accompaniment)
  convert <输入> <输出> --semitones N  人声变调 (-12..12)，[--formant N] [--singer ID]
  cover <输入> <输出> --singer ID      翻唱：分离、转换人声、重新混音
        [--semitones N] [--vocal-gain dB] [--accompaniment-gain dB]
  generate <输出目录> --prompt "描述"   智能模式生成歌曲 (音频、LRC 歌词、封面)
  generate <输出目录> --title 标题 --lyrics 歌词文件 --style 风格
        [--mood 情绪] [--tempo BPM] [--key "A minor"] [--instrumental] [--seed N]
        [--variants 1|2]              生成几首 (默认 2，与平台相同)
        [--sections N]                只生成每首的前 N 段 (每段约 20 秒)，快速试听开头
  singers                             列出歌手音色

输出文件的格式由扩展名决定 (.mp3 或 .wav)；目录输出用 --format mp3|wav (默认 mp3)。
MP3 输出与平台相同：-14 LUFS，解码后真峰值 ≤ -1 dBTP。
AI 生成的文件 (separate、convert、cover、generate) 都带有 GB 45438-2025 的隐式标识 (AIGC 元数据)。
`

class UsageError extends Error {}

/** Where a run writes: what it made and measured to `stdout`; progress and errors to `stderr`. */
export interface CliStreams {
  stdout: Writable
  stderr: Writable & { isTTY?: boolean }
}

/** A run's output: its `console` writes lines to the run's streams; progress draws on `stderr`. */
interface Output {
  console: Console
  stderr: CliStreams['stderr']
}

/** The stems `separate` writes, each to a file of its name. */
const STEMS = ['vocals', 'accompaniment'] as const

/** Who labels what this command line makes (the platform's own name, as the server's labels). */
const CONTENT_PRODUCER = 'GY音乐'

/**
 * The implicit label of GB 45438-2025 for one file the command line makes with AI: produced here,
 * under an id of its own (the command and a random UUID), not yet propagated by anyone.
 */
function aigcLabel(command: string): AigcLabel {
  return {
    Label: '1',
    ContentProducer: CONTENT_PRODUCER,
    ProduceID: `cli-${command}-${randomUUID()}`,
    ContentPropagator: '',
    PropagateID: '',
  }
}

/** A text progress bar on stderr; redrawn in place on a terminal, one line per 10% otherwise. */
function progressBar(output: Output, label: string): ProgressCallback & { done: () => void } {
  const width = 30
  const tty = output.stderr.isTTY === true
  let lastShown = -1
  const draw = (fraction: number) => {
    const clamped = Math.max(0, Math.min(1, fraction))
    const percent = Math.floor(clamped * 100)
    if (tty ? percent === lastShown : Math.floor(percent / 10) === Math.floor(lastShown / 10))
      return
    lastShown = percent
    const filled = Math.round(clamped * width)
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`
    output.stderr.write(
      `${tty ? '\r' : ''}${label} [${bar}] ${String(percent).padStart(3)}%${tty ? '' : '\n'}`,
    )
  }
  return Object.assign(draw, {
    done: () => {
      draw(1)
      if (tty) output.stderr.write('\n')
    },
  })
}

async function readAudio(path: string): Promise<PcmAudio> {
  return decodeAudio(new Uint8Array(await readFile(path)))
}

function formatFor(path: string, fallback: string): 'mp3' | 'wav' {
  const extension = extname(path).toLowerCase().slice(1) || fallback
  if (extension !== 'mp3' && extension !== 'wav')
    throw new UsageError(`不支持的输出格式 .${extension}，请用 .mp3 或 .wav`)
  return extension
}

/** Writes a WAV (24-bit) of `audio`, labelled when `label` is given, and says what it holds. */
async function writeWav(
  output: Output,
  path: string,
  audio: PcmAudio,
  label?: AigcLabel,
): Promise<void> {
  const bytes = encodeWav(audio, { bitDepth: 24 })
  await writeFile(path, label ? writeWavAigc(bytes, label) : bytes)
  const loudness = integratedLoudness(audio).toFixed(1)
  const peak = truePeakDb(audio).toFixed(1)
  output.console.log(
    `已写入 ${path}  (${formatDuration(durationSeconds(audio))}, ${loudness} LUFS, ${peak} dBTP)`,
  )
}

/**
 * Writes an MP3 a file job made, labelled when `label` is given, and says what it holds as a
 * player decodes it (the loudness and true peak are measured on the decoded file).
 */
async function writeMp3(
  output: Output,
  path: string,
  mp3: Uint8Array,
  label?: AigcLabel,
): Promise<void> {
  await writeFile(path, label ? writeMp3Aigc(mp3, label) : mp3)
  const audio = await decodeAudio(mp3)
  const loudness = integratedLoudness(audio).toFixed(1)
  const peak = truePeakDb(audio).toFixed(1)
  output.console.log(
    `已写入 ${path}  (${formatDuration(durationSeconds(audio))}, ${loudness} LUFS, ${peak} dBTP)`,
  )
}

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const parsed = Number(value)
  if (!Number.isFinite(parsed)) throw new UsageError(`--${name} 需要一个数字`)
  return parsed
}

function singerOption(value: string | undefined): SingerPresetId {
  if (!value || !(SINGER_PRESET_IDS as readonly string[]).includes(value)) {
    throw new UsageError(`--singer 需要以下之一: ${SINGER_PRESET_IDS.join(', ')}`)
  }
  return value as SingerPresetId
}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`缺少${what}`)
  return value
}

async function info(output: Output, path: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(path))
  const probe = probeAudio(bytes)
  // Streamed, so even a file too long to process can be measured.
  const loudness = new LoudnessMeter(probe.sampleRate, probe.channelCount)
  const peak = new TruePeakMeter()
  const bar = progressBar(output, '测量')
  let frames = 0
  const expected = probe.durationSeconds * probe.sampleRate
  for await (const chunk of streamAudio(bytes)) {
    loudness.push(chunk.channels)
    peak.push(chunk.channels)
    frames += chunk.channels[0]?.length ?? 0
    bar(frames / expected)
  }
  bar.done()
  const lines = [
    ['文件', basename(path)],
    [
      '格式',
      `${probe.format.toUpperCase()}${probe.bitDepth ? ` ${probe.bitDepth}-bit${probe.isFloat ? ' float' : ''}` : ''}`,
    ],
    ['采样率', `${probe.sampleRate} Hz`],
    ['声道', String(probe.channelCount)],
    [
      '时长',
      `${formatDuration(frames / probe.sampleRate)} (${(frames / probe.sampleRate).toFixed(2)} s)`,
    ],
    ['响度', `${loudness.integrated().toFixed(1)} LUFS`],
    ['真峰值', `${(20 * Math.log10(peak.finish())).toFixed(1)} dBTP`],
  ]
  if (probe.truncated) lines.push(['注意', '文件不完整，只读取了已有的部分'])
  if (probe.durationSeconds <= 15 * 60) {
    const tempo = estimateTempo(await decodeAudio(bytes))
    lines.push(['速度', tempo ? `${tempo.bpm} BPM (置信度 ${tempo.confidence})` : '无法估计'])
  }
  for (const [name, value] of lines) output.console.log(`${name}\t${value}`)
}

/** `--semitones -5` would read "-5" as an option; joining it into `--semitones=-5` keeps negatives natural. */
function joinNegativeValues(argv: string[]): string[] {
  const joined: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const next = argv[i + 1]
    if (arg.startsWith('--') && !arg.includes('=') && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`)
      i++
    } else {
      joined.push(arg)
    }
  }
  return joined
}

/** Runs one command (`argv` without node and the script); throws what stops it. */
async function runCommand(output: Output, argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: joinNegativeValues(argv),
    allowPositionals: true,
    options: {
      target: { type: 'string' },
      ceiling: { type: 'string' },
      semitones: { type: 'string' },
      formant: { type: 'string' },
      singer: { type: 'string' },
      'vocal-gain': { type: 'string' },
      'accompaniment-gain': { type: 'string' },
      prompt: { type: 'string' },
      title: { type: 'string' },
      lyrics: { type: 'string' },
      style: { type: 'string' },
      mood: { type: 'string' },
      tempo: { type: 'string' },
      key: { type: 'string' },
      seed: { type: 'string' },
      instrumental: { type: 'boolean' },
      variants: { type: 'string' },
      sections: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, first, second] = positionals
  if (!command || values.help) {
    output.console.log(HELP)
    return
  }
  const engine = createLocalAiEngine()
  const directoryFormat = formatFor(`x.${values.format ?? 'mp3'}`, 'mp3')
  switch (command) {
    case 'info':
      return info(output, need(first, '输入文件'))
    case 'loudness': {
      const input = need(first, '输入文件')
      const audio = await readAudio(input)
      output.console.log(
        `响度 ${integratedLoudness(audio).toFixed(2)} LUFS，真峰值 ${truePeakDb(audio).toFixed(2)} dBTP`,
      )
      if (!second) return
      const targetLufs = numberOption(values.target, 'target')
      const maxTruePeakDb = numberOption(values.ceiling, 'ceiling')
      // Normalising is not AI generation: the user's own audio, louder or quieter, is not labelled.
      if (
        formatFor(second, 'mp3') === 'mp3' &&
        targetLufs === undefined &&
        maxTruePeakDb === undefined
      ) {
        // The platform's own normalisation, with the true peak kept on the decoded MP3.
        const bar = progressBar(output, '归一化')
        const result = await normalizeFile(new Uint8Array(await readFile(input)), {
          onProgress: bar,
        })
        bar.done()
        await writeMp3(output, second, result.audio)
        return
      }
      if (formatFor(second, 'mp3') === 'mp3') {
        throw new UsageError(
          '--target 和 --ceiling 只用于 .wav 输出；MP3 输出固定为 -14 LUFS、-1 dBTP',
        )
      }
      await writeWav(output, second, normalizeLoudness(audio, { targetLufs, maxTruePeakDb }))
      return
    }
    case 'separate': {
      const input = need(first, '输入文件')
      const outDir = need(second, '输出目录')
      const bar = progressBar(output, '分离')
      if (directoryFormat === 'mp3') {
        const stems = await separateFile(new Uint8Array(await readFile(input)), { onProgress: bar })
        bar.done()
        await mkdir(outDir, { recursive: true })
        for (const stem of STEMS) {
          await writeMp3(output, join(outDir, `${stem}.mp3`), stems[stem], aigcLabel('separate'))
        }
        return
      }
      const result = await engine.separate(await readAudio(input), { onProgress: bar })
      bar.done()
      await mkdir(outDir, { recursive: true })
      for (const stem of STEMS) {
        await writeWav(output, join(outDir, `${stem}.wav`), result[stem], aigcLabel('separate'))
      }
      return
    }
    case 'convert': {
      const input = need(first, '输入文件')
      const out = need(second, '输出文件')
      const semitones = numberOption(values.semitones, 'semitones')
      if (semitones === undefined) throw new UsageError('convert 需要 --semitones N (-12..12)')
      const options = {
        semitones,
        formantShift: numberOption(values.formant, 'formant'),
        singer: values.singer === undefined ? undefined : singerOption(values.singer),
      }
      const bar = progressBar(output, '变声')
      if (formatFor(out, 'mp3') === 'mp3') {
        const bytes = new Uint8Array(await readFile(input))
        const converted = await convertFile(bytes, { ...options, onProgress: bar })
        bar.done()
        await writeMp3(output, out, converted.audio, aigcLabel('convert'))
        return
      }
      const converted = await engine.convertVoice(await readAudio(input), options, {
        onProgress: bar,
      })
      bar.done()
      await writeWav(output, out, converted, aigcLabel('convert'))
      return
    }
    case 'cover': {
      const input = need(first, '输入文件')
      const out = need(second, '输出文件')
      const options = {
        singer: singerOption(values.singer),
        semitones: numberOption(values.semitones, 'semitones'),
        vocalGainDb: numberOption(values['vocal-gain'], 'vocal-gain'),
        accompanimentGainDb: numberOption(values['accompaniment-gain'], 'accompaniment-gain'),
      }
      const bar = progressBar(output, '翻唱')
      if (formatFor(out, 'mp3') === 'mp3') {
        const bytes = new Uint8Array(await readFile(input))
        const cover = await coverFile(bytes, { ...options, onProgress: bar })
        bar.done()
        await writeMp3(output, out, cover.audio, aigcLabel('cover'))
        return
      }
      const cover = await engine.cover(await readAudio(input), options, { onProgress: bar })
      bar.done()
      await writeWav(output, out, cover, aigcLabel('cover'))
      return
    }
    case 'generate':
      return generate(output, need(first, '输出目录'), values, directoryFormat)
    case 'singers':
      for (const preset of SINGER_PRESETS) {
        const sign = (value: number) => (value > 0 ? `+${value}` : String(value))
        output.console.log(
          `${preset.id}\t${preset.name}\t音高 ${sign(preset.pitchOffset)}，共振峰 ${sign(preset.formantOffset)}\t${preset.description}`,
        )
      }
      return
    default:
      throw new UsageError(`未知命令 ${command}`)
  }
}

interface GenerateValues {
  prompt?: string
  title?: string
  lyrics?: string
  style?: string
  mood?: string
  tempo?: string
  key?: string
  seed?: string
  instrumental?: boolean
  variants?: string
  sections?: string
}

/**
 * `generate`: MP3s exactly as the platform makes them (rendered, mastered and encoded section by
 * section by `generateFile`), or WAVs of the same songs; each with its LRC and cover.
 */
async function generate(
  output: Output,
  outDir: string,
  values: GenerateValues,
  format: 'mp3' | 'wav',
): Promise<void> {
  const seed = numberOption(values.seed, 'seed')
  const instrumental = values.instrumental === true
  const variants = numberOption(values.variants, 'variants') ?? 2
  if (variants !== 1 && variants !== 2) throw new UsageError('--variants 只能是 1 或 2')
  const sections = numberOption(values.sections, 'sections')
  if (sections !== undefined && (!Number.isInteger(sections) || sections < 1)) {
    throw new UsageError('--sections 需要一个正整数')
  }
  let request: GenerationRequest
  if (values.prompt !== undefined) {
    request = { mode: 'smart', prompt: values.prompt, instrumental, seed }
  } else {
    const lyrics = values.lyrics === undefined ? '' : await readFile(values.lyrics, 'utf8')
    request = {
      mode: 'advanced',
      title: need(values.title, '--title'),
      lyrics,
      style: need(values.style, '--style'),
      mood: values.mood,
      tempo: numberOption(values.tempo, 'tempo'),
      key: values.key,
      instrumental,
      seed,
    }
  }
  await mkdir(outDir, { recursive: true })
  const bar = progressBar(output, '生成')
  const describe = (song: {
    title: string
    style: string
    key: string
    tempo: number
    seed: number
  }) =>
    output.console.log(
      `  《${song.title}》 ${song.style}，${song.key}，${song.tempo} BPM，种子 ${song.seed}`,
    )
  if (format === 'mp3') {
    const written: Promise<void>[] = []
    // Each variant is written as soon as it is encoded, while the next one renders.
    await generateFile(request, {
      variants,
      sections,
      onProgress: bar,
      onVariant: (file, index) => {
        describe(file)
        const stem = join(outDir, `song-${index + 1}`)
        written.push(
          Promise.all([
            writeFile(`${stem}.mp3`, writeMp3Aigc(file.mp3, aigcLabel('generate'))),
            writeFile(`${stem}.lrc`, file.lrc),
            writeFile(`${stem}.svg`, file.coverSvg),
          ]).then(() => undefined),
        )
      },
    })
    bar.done()
    await Promise.all(written)
    // Measuring the files would add a decode per song to every run; the bench measures them.
    for (let index = 0; index < variants; index++) {
      output.console.log(`已写入 ${join(outDir, `song-${index + 1}.mp3`)}`)
    }
    return
  }
  const songs = generateSong(request, { onProgress: bar, variants, sections })
  bar.done()
  for (const [index, song] of songs.entries()) {
    const stem = join(outDir, `song-${index + 1}`)
    await writeWav(output, `${stem}.wav`, song.audio, aigcLabel('generate'))
    await writeFile(`${stem}.lrc`, song.lrc)
    await writeFile(`${stem}.svg`, song.coverSvg)
    describe(song)
  }
}

/** Says on stderr why a command stopped, and gives its exit code. */
function exitCodeFor(output: Output, error: unknown): number {
  if (error instanceof AudioError) {
    output.console.error(`\n错误 (${error.code}): ${error.message}`)
    return 1
  }
  if (
    error instanceof UsageError ||
    (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    output.console.error(`${error.message}\n\n${HELP}`)
    return 2
  }
  if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
    output.console.error(`找不到文件: ${(error as Error & { path?: string }).path ?? ''}`)
    return 1
  }
  output.console.error(error)
  return 1
}

/**
 * Runs one command line (`argv` without node and the script) and resolves with its exit code: 0
 * done, 1 the audio could not be processed (a Chinese reason on stderr), 2 a usage mistake. It
 * never exits the process, so a test can run it in-process with streams of its own.
 */
export async function main(
  argv: string[],
  streams: CliStreams = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const output = { console: new Console(streams), stderr: streams.stderr }
  try {
    await runCommand(output, argv)
    return 0
  } catch (error) {
    return exitCodeFor(output, error)
  }
}

// Run as a program (`npm run audio`), not when a test imports it. The process exits with the
// code: the encoder pools and eSpeak's thread would otherwise keep it running.
if (
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(resolve(process.argv[1])).href
) {
  void main(process.argv.slice(2)).then((code) => process.exit(code))
}
