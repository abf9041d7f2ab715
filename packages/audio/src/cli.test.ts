import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeAudio } from './io/decode'
import { encodeWav } from './io/wav'

const cliPath = fileURLToPath(new URL('./cli.ts', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))

async function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
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

  it('refuses a renamed non-audio file with the Chinese reason and exit code 1', async () => {
    const result = await runCli(['info', join(directory, 'fake.mp3')])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/无法识别的音频格式/)
  })

  it('explains usage mistakes with exit code 2', async () => {
    const result = await runCli(['convert', join(directory, 'voice.wav'), join(directory, 'x.wav')])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--semitones/)
  })
})
