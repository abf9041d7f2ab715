/**
 * The hosted engine end to end against a stand-in service on 127.0.0.1 whose models compute their
 * results from the audio they are really sent: what comes back is delivered as the built-in engine
 * delivers (measured on the decoded MP3s), bad input is refused before anything is sent, and a
 * model's bad answer is a Chinese reason, never a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_ENGINE_VERSION } from '../engine'
import { AudioError } from '../errors'
import { parseLrc } from '../generation/lrc'
import { decodeMp3 } from '../io/mp3'
import { decodeWav, encodeWav } from '../io/wav'
import { integratedLoudness, truePeakDb } from '../measure/loudness'
import { frameCount, gainToDb } from '../mix'
import type { PcmAudio } from '../types'
import { createConfiguredAiEngine } from './compositeEngine'
import { HostedAiEngine, type HostedEngineSettings } from './hostedEngine'
import { startPredictionStandIn, type PredictionStandIn } from './predictionStandIn'

/** A sung-like line over a chord, panned a little: seconds of stereo at 44.1 kHz. */
function testSong(seconds: number, level = 1): PcmAudio {
  const sampleRate = 44100
  const length = Math.round(seconds * sampleRate)
  const left = new Float32Array(length)
  const right = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const time = i / sampleRate
    const melody = 220 * 2 ** ((Math.floor(time * 2) % 5) / 12)
    const voice = 0.25 * Math.sin(2 * Math.PI * melody * time)
    const chord =
      0.08 * Math.sin(2 * Math.PI * 130.81 * time) + 0.08 * Math.sin(2 * Math.PI * 196 * time)
    left[i] = level * (voice + chord * 1.3)
    right[i] = level * (voice + chord * 0.7)
  }
  return { sampleRate, channels: [left, right] }
}

function scaled(audio: PcmAudio, gain: number): Uint8Array {
  return encodeWav({
    sampleRate: audio.sampleRate,
    channels: audio.channels.map((channel) => channel.map((value) => value * gain)),
  })
}

/** Mono at another rate, as many models answer: the engine must bring it back to the platform's. */
function monoAt(audio: PcmAudio, sampleRate: number, gain: number): Uint8Array {
  const step = audio.sampleRate / sampleRate
  const length = Math.floor(frameCount(audio) / step)
  const out = new Float32Array(length)
  for (let i = 0; i < length; i++) {
    const at = Math.floor(i * step)
    out[i] = (gain * ((audio.channels[0]?.[at] ?? 0) + (audio.channels[1]?.[at] ?? 0))) / 2
  }
  return encodeWav({ sampleRate, channels: [out] })
}

function rms(audio: PcmAudio): number {
  let sum = 0
  let count = 0
  for (const channel of audio.channels) {
    for (const value of channel) sum += value * value
    count += channel.length
  }
  return Math.sqrt(sum / count)
}

async function failureOf(promise: Promise<unknown>): Promise<AudioError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AudioError)
  return error as AudioError
}

const SONG = encodeWav(testSong(3))

let service: PredictionStandIn
let settings: HostedEngineSettings

beforeAll(async () => {
  service = await startPredictionStandIn({
    // An HTDemucs-like model: four stems that sum to the song it was sent.
    demucs: {
      run: (_input, files) => {
        const song = decodeWav(files.audio as Uint8Array)
        return {
          vocals: scaled(song, 0.5),
          drums: scaled(song, 0.25),
          bass: scaled(song, 0.15),
          other: scaled(song, 0.1),
        }
      },
    },
    // Bursts of noise on the vocal: its true peak holds the shared gain, and MP3 encoding
    // pushes such peaks up by about a dB.
    'peaky-stems': {
      run: (_input, files) => {
        const song = decodeWav(files.audio as Uint8Array)
        const vocal = decodeWav(scaled(song, 0.1))
        let seed = 1
        for (const channel of vocal.channels) {
          for (let i = 0; i < channel.length; i++) {
            seed = (seed * 1103515245 + 12345) % 2147483648
            if ((i / song.sampleRate) % 0.5 < 0.01) channel[i] = 0.9 * (seed / 1073741824 - 1)
          }
        }
        return { vocals: encodeWav(vocal), accompaniment: scaled(song, 0.2) }
      },
    },
    // A model answering a mono vocal at 32 kHz beside stereo 44.1 kHz parts of the accompaniment.
    'mixed-stems': {
      run: (_input, files) => {
        const song = decodeWav(files.audio as Uint8Array)
        return {
          vocals: monoAt(song, 32000, 0.5),
          drums: scaled(song, 0.3),
          other: scaled(song, 0.2),
        }
      },
    },
    // An RVC-like model answering quiet mono at 32 kHz.
    rvc: {
      run: (_input, files) => monoAt(decodeWav(files.song_input as Uint8Array), 32000, 0.05),
    },
    musicgen: { run: () => monoAt(testSong(4, 0.1), 32000, 1) },
    'not-audio': { run: () => new TextEncoder().encode('<html>busy</html>') },
    'number-output': { output: 'unrecognised' },
    stuck: { outcome: 'never' },
  })
  settings = {
    baseUrl: service.baseUrl,
    token: service.token,
    pollIntervalMs: 10,
    timeoutSeconds: 20,
    separation: { version: 'demucs' },
    cover: {
      version: 'rvc',
      input: {
        song_input: '{{audio}}',
        rvc_model: '{{singer}}',
        pitch_change_all: '{{semitones}}',
      },
      singers: { 'warm-male': 'https://voices.example.com/warm-male.zip' },
    },
    generation: { version: 'musicgen' },
  }
})
afterAll(() => service.close())

describe('HostedAiEngine', () => {
  it('separates through the model: stems share one gain and sum to the song at -14 LUFS', async () => {
    const engine = new HostedAiEngine(settings)
    const progress: number[] = []
    const stems = await engine.separateFile(SONG, { onProgress: (f) => progress.push(f) })
    const vocals = await decodeMp3(stems.vocals)
    const accompaniment = await decodeMp3(stems.accompaniment)
    // Vocals were half the song, the three other stems the other half, summed.
    expect(Math.abs(gainToDb(rms(vocals) / rms(accompaniment)))).toBeLessThan(0.1)
    const length = Math.min(frameCount(vocals), frameCount(accompaniment))
    const sum: PcmAudio = {
      sampleRate: vocals.sampleRate,
      channels: vocals.channels.map((channel, c) =>
        channel
          .subarray(0, length)
          .map((value, i) => value + (accompaniment.channels[c]?.[i] ?? 0)),
      ),
    }
    expect(Math.abs(integratedLoudness(sum) + 14)).toBeLessThan(0.5)
    expect(truePeakDb(vocals)).toBeLessThanOrEqual(-1)
    expect(stems.durationSeconds).toBeCloseTo(3, 1)
    // Queued, running, done, never backwards.
    expect(progress[0]).toBeLessThan(0.1)
    expect(progress.some((f) => f > 0.1 && f < 0.8)).toBe(true)
    expect(progress.at(-1)).toBe(1)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('keeps both stems at or under -1 dBTP once decoded when their peaks hold the gain', async () => {
    const engine = new HostedAiEngine({ ...settings, separation: { version: 'peaky-stems' } })
    const stems = await engine.separateFile(SONG)
    const vocals = await decodeMp3(stems.vocals)
    const accompaniment = await decodeMp3(stems.accompaniment)
    expect(truePeakDb(vocals)).toBeLessThanOrEqual(-1)
    expect(truePeakDb(vocals)).toBeGreaterThan(-2)
    expect(truePeakDb(accompaniment)).toBeLessThanOrEqual(-1)
    // Held by the peaks: the sum is quieter than -14 LUFS.
    expect(integratedLoudness(vocals)).toBeLessThan(-16)
  })

  it('brings stems of different rates and channel counts to one, summing the accompaniment', async () => {
    const engine = new HostedAiEngine({ ...settings, separation: { version: 'mixed-stems' } })
    const stems = await engine.separate(testSong(3))
    expect(stems.vocals.sampleRate).toBe(32000)
    expect(stems.vocals.channels).toHaveLength(2)
    expect(stems.accompaniment.channels).toHaveLength(2)
    expect(frameCount(stems.vocals)).toBe(frameCount(stems.accompaniment))
    expect(frameCount(stems.vocals) / 32000).toBeCloseTo(3, 1)
    // The vocal was half the song (mono), the two other parts the other half.
    expect(Math.abs(gainToDb(rms(stems.vocals) / rms(stems.accompaniment)))).toBeLessThan(0.5)
  })

  it('covers through the model with the input the operator mapped, mastered like a local cover', async () => {
    const engine = new HostedAiEngine(settings)
    const before = service.predictions.length
    const cover = await engine.coverFile(SONG, { singer: 'warm-male', semitones: -5 })
    const input = service.predictions[before]?.input
    expect(input?.rvc_model).toBe('https://voices.example.com/warm-male.zip')
    expect(input?.pitch_change_all).toBe(-5)
    expect(String(input?.song_input).startsWith('data:audio/wav;base64,')).toBe(true)
    const decoded = await decodeMp3(cover.audio)
    expect(Math.abs(integratedLoudness(decoded) + 14)).toBeLessThan(0.5)
    expect(truePeakDb(decoded)).toBeLessThanOrEqual(-0.5)
  })

  it('generates both variants at once: 44.1 kHz stereo MP3s with their lyrics spread over them', async () => {
    const engine = new HostedAiEngine(settings)
    const before = service.predictions.length
    const started: number[] = []
    const { variants } = await engine.generateFile(
      { mode: 'smart', prompt: '月下思念故乡的诗人' },
      { onVariantStart: (index) => started.push(index) },
    )
    expect(variants).toHaveLength(2)
    expect(started.sort()).toEqual([0, 1])
    const inputs = service.predictions.slice(before).map((prediction) => prediction.input)
    expect(inputs).toHaveLength(2)
    expect(String(inputs[0]?.prompt)).toContain('月下思念故乡的诗人')
    expect(typeof inputs[0]?.duration).toBe('number')
    for (const variant of variants) {
      const audio = await decodeMp3(variant.mp3)
      expect(audio.sampleRate).toBe(44100)
      expect(audio.channels).toHaveLength(2)
      expect(variant.durationSeconds).toBeCloseTo(4, 0)
      expect(Math.abs(integratedLoudness(audio) + 14)).toBeLessThan(1)
      const lines = parseLrc(variant.lrc)
      expect(lines.length).toBeGreaterThan(0)
      expect(Math.max(...lines.map((line) => line.seconds))).toBeLessThan(variant.durationSeconds)
    }
  })

  it('refuses a silent song before sending anything', async () => {
    const engine = new HostedAiEngine(settings)
    const before = service.predictions.length
    const error = await failureOf(engine.separateFile(encodeWav(testSong(3, 0))))
    expect(error.code).toBe('silent')
    expect(service.predictions.length).toBe(before)
  })

  it('says a result that is not audio, or not a file, is unrecognisable', async () => {
    const notAudio = new HostedAiEngine({ ...settings, cover: { version: 'not-audio' } })
    const first = await failureOf(notAudio.coverFile(SONG, { singer: 'warm-male' }))
    expect(first.code).toBe('hosted_bad_response')
    expect(first.message).toContain('云端模型返回了无法识别的结果')
    const numbers = new HostedAiEngine({ ...settings, separation: { version: 'number-output' } })
    expect((await failureOf(numbers.separateFile(SONG))).code).toBe('hosted_bad_response')
  })

  it('cancels the prediction when the job is cancelled', async () => {
    const engine = new HostedAiEngine({ ...settings, separation: { version: 'stuck' } })
    const controller = new AbortController()
    const running = engine.separateFile(SONG, {
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction >= 0.1) controller.abort()
      },
    })
    expect((await failureOf(running)).code).toBe('cancelled')
    expect(service.predictions.at(-1)?.canceled).toBe(true)
  })

  it('fails a prediction that outlives its deadline with a reason, and cancels it', async () => {
    const engine = new HostedAiEngine({
      ...settings,
      timeoutSeconds: 0.3,
      separation: { version: 'stuck' },
    })
    const error = await failureOf(engine.separateFile(SONG))
    expect(error.message).toContain('云端模型无响应，请稍后再试')
    expect(service.predictions.at(-1)?.canceled).toBe(true)
  })
})

describe('createConfiguredAiEngine', () => {
  it('is the built-in engine unless hosted models are configured', () => {
    const engine = createConfiguredAiEngine()
    expect(engine.name).toBe('local-dsp')
  })

  it('sends only the tasks that have a model to it, and says so in its name', async () => {
    const engine = createConfiguredAiEngine({
      kind: 'hosted',
      hosted: { ...settings, cover: null, generation: null },
    })
    expect(engine.name).toBe('hosted+local-dsp')
    expect(engine.version).toContain('separation=demucs')
    expect(engine.version).toContain(`cover=local-dsp/${LOCAL_ENGINE_VERSION}`)
    const before = service.predictions.length
    const cover = await engine.coverFile(SONG, { singer: 'warm-male', semitones: 2 })
    expect(service.predictions.length).toBe(before)
    expect(cover.durationSeconds).toBeCloseTo(3, 1)
    await engine.separateFile(SONG)
    expect(service.predictions.length).toBe(before + 1)
  })
})
