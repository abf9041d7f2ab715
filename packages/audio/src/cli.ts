// `npm run audio -- <command> ...`: the audio engine from the command line. Run without arguments for help.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { parseArgs } from 'node:util'
import { SINGER_PRESETS, SINGER_PRESET_IDS, type SingerPresetId } from './conversion/singers'
import { createLocalAiEngine } from './engine'
import { AudioError } from './errors'
import type { GenerationRequest } from './generation/generate'
import { decodeAudio, probeAudio, streamAudio } from './io/decode'
import { encodeMp3 } from './io/mp3'
import { encodeWav } from './io/wav'
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
  generate <输出目录> --prompt "描述"   智能模式生成两首歌 (音频、LRC 歌词、封面)
  generate <输出目录> --title 标题 --lyrics 歌词文件 --style 风格
        [--mood 情绪] [--tempo BPM] [--key "A minor"] [--instrumental] [--seed N]
  singers                             列出歌手音色

输出文件的格式由扩展名决定 (.mp3 或 .wav)；目录输出用 --format mp3|wav (默认 mp3)。
`

class UsageError extends Error {}

/** A text progress bar on stderr; redrawn in place on a terminal, one line per 10% otherwise. */
function progressBar(label: string): ProgressCallback & { done: () => void } {
  const width = 30
  const tty = process.stderr.isTTY === true
  let lastShown = -1
  const draw = (fraction: number) => {
    const clamped = Math.max(0, Math.min(1, fraction))
    const percent = Math.floor(clamped * 100)
    if (tty ? percent === lastShown : Math.floor(percent / 10) === Math.floor(lastShown / 10))
      return
    lastShown = percent
    const filled = Math.round(clamped * width)
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`
    process.stderr.write(
      `${tty ? '\r' : ''}${label} [${bar}] ${String(percent).padStart(3)}%${tty ? '' : '\n'}`,
    )
  }
  return Object.assign(draw, {
    done: () => {
      draw(1)
      if (tty) process.stderr.write('\n')
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

async function writeAudio(
  path: string,
  audio: PcmAudio,
  format = formatFor(path, 'mp3'),
): Promise<void> {
  const bytes =
    format === 'mp3' ? encodeMp3(audio, { kbps: 192 }) : encodeWav(audio, { bitDepth: 24 })
  await writeFile(path, bytes)
  const seconds = durationSeconds(audio)
  const loudness = integratedLoudness(audio).toFixed(1)
  const peak = truePeakDb(audio).toFixed(1)
  console.log(`已写入 ${path}  (${formatDuration(seconds)}, ${loudness} LUFS, ${peak} dBTP)`)
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

async function info(path: string): Promise<void> {
  const bytes = new Uint8Array(await readFile(path))
  const probe = probeAudio(bytes)
  // Streamed, so even a file too long to process can be measured.
  const loudness = new LoudnessMeter(probe.sampleRate, probe.channelCount)
  const peak = new TruePeakMeter()
  const bar = progressBar('测量')
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
  for (const [name, value] of lines) console.log(`${name}\t${value}`)
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

async function main(argv: string[]): Promise<void> {
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
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [command, first, second] = positionals
  if (!command || values.help) {
    console.log(HELP)
    return
  }
  const engine = createLocalAiEngine()
  const directoryFormat = formatFor(`x.${values.format ?? 'mp3'}`, 'mp3')
  switch (command) {
    case 'info':
      return info(need(first, '输入文件'))
    case 'loudness': {
      const audio = await readAudio(need(first, '输入文件'))
      console.log(
        `响度 ${integratedLoudness(audio).toFixed(2)} LUFS，真峰值 ${truePeakDb(audio).toFixed(2)} dBTP`,
      )
      if (second) {
        const normalized = normalizeLoudness(audio, {
          targetLufs: numberOption(values.target, 'target') ?? -14,
          maxTruePeakDb: numberOption(values.ceiling, 'ceiling') ?? -1,
        })
        await writeAudio(second, normalized)
      }
      return
    }
    case 'separate': {
      const audio = await readAudio(need(first, '输入文件'))
      const outDir = need(second, '输出目录')
      const bar = progressBar('分离')
      const result = await engine.separate(audio, { onProgress: bar })
      bar.done()
      await mkdir(outDir, { recursive: true })
      await writeAudio(join(outDir, `vocals.${directoryFormat}`), result.vocals, directoryFormat)
      await writeAudio(
        join(outDir, `accompaniment.${directoryFormat}`),
        result.accompaniment,
        directoryFormat,
      )
      return
    }
    case 'convert': {
      const audio = await readAudio(need(first, '输入文件'))
      const out = need(second, '输出文件')
      const semitones = numberOption(values.semitones, 'semitones')
      if (semitones === undefined) throw new UsageError('convert 需要 --semitones N (-12..12)')
      const bar = progressBar('变声')
      const converted = await engine.convertVoice(
        audio,
        {
          semitones,
          formantShift: numberOption(values.formant, 'formant'),
          singer: values.singer === undefined ? undefined : singerOption(values.singer),
        },
        { onProgress: bar },
      )
      bar.done()
      await writeAudio(out, converted)
      return
    }
    case 'cover': {
      const audio = await readAudio(need(first, '输入文件'))
      const out = need(second, '输出文件')
      const bar = progressBar('翻唱')
      const cover = await engine.cover(
        audio,
        {
          singer: singerOption(values.singer),
          semitones: numberOption(values.semitones, 'semitones'),
          vocalGainDb: numberOption(values['vocal-gain'], 'vocal-gain'),
          accompanimentGainDb: numberOption(values['accompaniment-gain'], 'accompaniment-gain'),
        },
        { onProgress: bar },
      )
      bar.done()
      await writeAudio(out, cover)
      return
    }
    case 'generate': {
      const outDir = need(first, '输出目录')
      const seed = numberOption(values.seed, 'seed')
      const instrumental = values.instrumental === true
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
      const bar = progressBar('生成')
      const songs = await engine.generate(request, { onProgress: bar })
      bar.done()
      await mkdir(outDir, { recursive: true })
      for (const [index, song] of songs.entries()) {
        const stem = join(outDir, `song-${index + 1}`)
        await writeAudio(`${stem}.${directoryFormat}`, song.audio, directoryFormat)
        await writeFile(`${stem}.lrc`, song.lrc)
        await writeFile(`${stem}.svg`, song.coverSvg)
        console.log(
          `  《${song.title}》 ${song.style}，${song.key}，${song.tempo} BPM，种子 ${song.seed}`,
        )
      }
      return
    }
    case 'singers':
      for (const preset of SINGER_PRESETS) {
        const sign = (value: number) => (value > 0 ? `+${value}` : String(value))
        console.log(
          `${preset.id}\t${preset.name}\t音高 ${sign(preset.pitchOffset)}，共振峰 ${sign(preset.formantOffset)}\t${preset.description}`,
        )
      }
      return
    default:
      throw new UsageError(`未知命令 ${command}`)
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof AudioError) {
      console.error(`\n错误 (${error.code}): ${error.message}`)
      process.exit(1)
    }
    if (
      error instanceof UsageError ||
      (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      console.error(`${error.message}\n\n${HELP}`)
      process.exit(2)
    }
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
      console.error(`找不到文件: ${(error as Error & { path?: string }).path ?? ''}`)
      process.exit(1)
    }
    console.error(error)
    process.exit(1)
  },
)
