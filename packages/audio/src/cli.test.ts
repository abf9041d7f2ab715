import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from './cli'
import { readMp3Aigc, readWavAigc, type AigcLabel } from './io/aigc'
import { decodeAudio } from './io/decode'
import { encodeWav } from './io/wav'
import { mp3TruePeakDb } from './measure/delivery'

const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))

interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** A stream that keeps what is written to it, as text. */
function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') }
}

/** The command line run in this process, as `npm run audio -- ...args` runs it, output kept. */
async function runCli(args: string[]): Promise<CliRun> {
  const stdout = collector()
  const stderr = collector()
  const code = await main(args, { stdout: stdout.stream, stderr: stderr.stream })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

/** The command line run as its own process (`node --import tsx cli.ts`, as `npm run audio`). */
async function spawnCli(args: string[]): Promise<CliRun> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', cliPath, ...args], {
    cwd: repositoryRoot,
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  )
}

describe('cli', () => {
  let directory = ''
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'gy-audio-cli-'))
    const sampleRate = 22050
    const samples = new Float32Array(sampleRate * 2)
    for (let i = 0; i < samples.length; i++) {
      samples[i] =
        0.3 *
        Math.sin(
          (2 * Math.PI * 220 * i) / sampleRate + 2 * Math.sin((2 * Math.PI * 5 * i) / sampleRate),
        )
    }
    await writeFile(join(directory, 'voice.wav'), encodeWav({ sampleRate, channels: [samples] }))
    await writeFile(join(directory, 'fake.mp3'), new TextEncoder().encode('这不是音频'.repeat(100)))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  it('prints what a file holds', async () => {
    const result = await runCli(['info', join(directory, 'voice.wav')])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/22050 Hz/)
    expect(result.stdout).toMatch(/LUFS/)
    expect(result.stderr).toMatch(/测量 \[/)
  })

  it('converts with a negative shift and writes the output format of the extension', async () => {
    const out = join(directory, 'lower.wav')
    const result = await runCli([
      'convert',
      join(directory, 'voice.wav'),
      out,
      '--semitones',
      '-3',
      '--singer',
      'warm-male',
    ])
    expect(result.code).toBe(0)
    const audio = await decodeAudio(new Uint8Array(await readFile(out)))
    expect(audio.sampleRate).toBe(22050)
    expect(audio.channels[0]).toHaveLength(44100)
  })

  // The one case run as a program, so its entry point and exit code are proven end to end.
  it('refuses a renamed non-audio file with the Chinese reason and exit code 1', async () => {
    const result = await spawnCli(['info', join(directory, 'fake.mp3')])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/无法识别的音频格式/)
    expect(result.stdout).toBe('')
  })

  it('explains usage mistakes with exit code 2', async () => {
    const result = await runCli(['convert', join(directory, 'voice.wav'), join(directory, 'x.wav')])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--semitones/)
  })
})

/** The `AIGC` entry of a WAV, found by walking its RIFF chunks here rather than with io/aigc.ts. */
function riffAigcText(wav: Uint8Array): string | undefined {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength)
  const id = (offset: number) => String.fromCharCode(...wav.subarray(offset, offset + 4))
  for (let offset = 12; offset + 8 <= wav.length;) {
    const size = view.getUint32(offset + 4, true)
    if (id(offset) === 'LIST' && id(offset + 8) === 'INFO') {
      for (let entry = offset + 12; entry + 8 <= offset + 8 + size;) {
        const entrySize = view.getUint32(entry + 4, true)
        if (id(entry) === 'AIGC') {
          return new TextDecoder()
            .decode(wav.subarray(entry + 8, entry + 8 + entrySize))
            .replace(/\0+$/, '')
        }
        entry += 8 + entrySize + (entrySize & 1)
      }
    }
    offset += 8 + size + (size & 1)
  }
  return undefined
}

describe('cli commands in-process', () => {
  let directory = ''
  let input = ''
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'gy-audio-cli-label-'))
    // Two seconds of a "voice" over a steady chord, so separation and covers have both parts.
    const sampleRate = 22050
    const left = new Float32Array(sampleRate * 2)
    const right = new Float32Array(sampleRate * 2)
    for (let i = 0; i < left.length; i++) {
      const t = i / sampleRate
      const voice = 0.25 * Math.sin(2 * Math.PI * 220 * t + 2 * Math.sin(2 * Math.PI * 5 * t))
      const chord = 0.1 * Math.sin(2 * Math.PI * 110 * t) + 0.08 * Math.sin(2 * Math.PI * 330 * t)
      left[i] = voice + chord
      right[i] = voice + 0.7 * chord
    }
    input = join(directory, 'song.wav')
    await writeFile(input, encodeWav({ sampleRate, channels: [left, right] }))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  const read = async (name: string) => new Uint8Array(await readFile(join(directory, name)))

  /** Runs a command in this process and expects it done (exit code 0). */
  async function run(args: string[]): Promise<CliRun> {
    const result = await runCli(args)
    expect(result.code, result.stderr).toBe(0)
    return result
  }

  function expectLabel(label: AigcLabel | null, command: string): void {
    expect(label).not.toBeNull()
    expect(label?.Label).toBe('1')
    expect(label?.ContentProducer).toBe('GY音乐')
    expect(label?.ProduceID).toMatch(new RegExp(`^cli-${command}-[0-9a-f-]{36}$`))
  }

  it('labels the MP3s of separate, convert and cover, each kept at or under -1 dBTP decoded', async () => {
    await run(['separate', input, join(directory, 'stems')])
    await run(['convert', input, join(directory, 'converted.mp3'), '--semitones', '-3'])
    await run(['cover', input, join(directory, 'cover.mp3'), '--singer', 'warm-male'])
    const outputs = [
      ['stems/vocals.mp3', 'separate'],
      ['stems/accompaniment.mp3', 'separate'],
      ['converted.mp3', 'convert'],
      ['cover.mp3', 'cover'],
    ] as const
    for (const [name, command] of outputs) {
      const mp3 = await read(name)
      expectLabel(readMp3Aigc(mp3), command)
      expect(await mp3TruePeakDb(mp3)).toBeLessThanOrEqual(-1)
    }
  }, 120_000)

  it('labels the WAVs of separate, convert and cover in a RIFF LIST/INFO AIGC chunk', async () => {
    await run(['separate', input, join(directory, 'wav-stems'), '--format', 'wav'])
    await run(['convert', input, join(directory, 'converted.wav'), '--semitones', '4'])
    await run(['cover', input, join(directory, 'cover.wav'), '--singer', 'warm-male'])
    const outputs = [
      ['wav-stems/vocals.wav', 'separate'],
      ['wav-stems/accompaniment.wav', 'separate'],
      ['converted.wav', 'convert'],
      ['cover.wav', 'cover'],
    ] as const
    for (const [name, command] of outputs) {
      const wav = await read(name)
      expectLabel(readWavAigc(wav), command)
      const text = riffAigcText(wav)
      expect(text && JSON.parse(text)).toEqual(readWavAigc(wav))
      // The label sits beside the audio, which still decodes in full.
      expect((await decodeAudio(wav)).channels[0]).toHaveLength(44100)
    }
  }, 120_000)

  it('labels a generated song as MP3 and as WAV, one variant when asked', async () => {
    // The song's first section only (about 20 seconds): the labels do not depend on its length.
    const args = ['--prompt', '一首安静的钢琴曲，关于清晨', '--seed', '31', '--variants', '1']
    args.push('--sections', '1')
    const made = await run(['generate', join(directory, 'mp3-song'), ...args])
    expect(made.stdout).toContain(join(directory, 'mp3-song/song-1.mp3'))
    await run(['generate', join(directory, 'wav-song'), ...args, '--format', 'wav'])
    const mp3 = await read('mp3-song/song-1.mp3')
    expectLabel(readMp3Aigc(mp3), 'generate')
    await expect(readFile(join(directory, 'mp3-song/song-2.mp3'))).rejects.toThrow()
    expect(await mp3TruePeakDb(mp3)).toBeLessThanOrEqual(-1)
    const wav = await read('wav-song/song-1.wav')
    expectLabel(readWavAigc(wav), 'generate')
    expect(riffAigcText(wav)).toBeDefined()
    const audio = await decodeAudio(wav)
    expect((audio.channels[0]?.length ?? 0) / audio.sampleRate).toBeLessThan(30)
    expect(await read('mp3-song/song-1.lrc')).not.toHaveLength(0)
  }, 120_000)

  it('leaves a loudness-normalised file unlabelled: the user’s own audio is not AI-made', async () => {
    await run(['loudness', input, join(directory, 'normalised.mp3')])
    const mp3 = await read('normalised.mp3')
    expect(readMp3Aigc(mp3)).toBeNull()
    expect(await mp3TruePeakDb(mp3)).toBeLessThanOrEqual(-1)
  }, 60_000)

  it('refuses a third variant and a section count that is not a whole number, exit code 2', async () => {
    const args = ['generate', join(directory, 'refused'), '--prompt', '海边']
    const variants = await runCli([...args, '--variants', '3'])
    expect(variants.code).toBe(2)
    expect(variants.stderr).toMatch(/--variants 只能是 1 或 2/)
    const sections = await runCli([...args, '--sections', '1.5'])
    expect(sections.code).toBe(2)
    expect(sections.stderr).toMatch(/--sections 需要一个正整数/)
  })
})
