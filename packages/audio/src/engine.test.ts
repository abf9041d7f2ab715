import { describe, expect, it } from 'vitest'
import { createLocalAiEngine, type SeparationResult } from './engine'
import { AudioError } from './errors'
import { integratedLoudness, truePeakDb } from './measure/loudness'
import { decodeAudio } from './io/decode'
import { encodeWav } from './io/wav'
import type { PcmAudio } from './types'

function song(seconds: number, sampleRate: number, channelCount = 2, amplitude = 0.2): PcmAudio {
  const length = Math.round(seconds * sampleRate)
  return {
    sampleRate,
    channels: Array.from({ length: channelCount }, (_, c) => {
      const samples = new Float32Array(length)
      for (let i = 0; i < length; i++) {
        const t = i / sampleRate
        // A centred "voice" with vibrato and a side-panned chord.
        const voice = Math.sin(2 * Math.PI * 330 * t + 3 * Math.sin(2 * Math.PI * 5 * t))
        const chord = Math.sin(2 * Math.PI * (110 + 55 * c) * t)
        samples[i] = amplitude * (0.6 * voice + 0.4 * chord)
      }
      return samples
    }),
  }
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AudioError ? error.code : String(error)),
  )
}

describe('createLocalAiEngine', () => {
  const engine = createLocalAiEngine()

  it('lists the singer presets', async () => {
    expect((await engine.listSingers()).length).toBeGreaterThanOrEqual(6)
  })

  it('refuses empty, silent, too short and too long input with reasons', async () => {
    expect(await refusal(engine.separate({ sampleRate: 44100, channels: [] }))).toBe('empty')
    expect(await refusal(engine.separate(song(2, 8000, 1, 0)))).toBe('silent')
    expect(await refusal(engine.convertVoice(song(0.2, 44100), { semitones: 2 }))).toBe('too_short')
    const short = createLocalAiEngine({ maxDurationSeconds: 1 })
    expect(await refusal(short.separate(song(2, 8000)))).toBe('too_long')
    const aborted = new AbortController()
    aborted.abort()
    expect(await refusal(engine.separate(song(1, 8000), { signal: aborted.signal }))).toBe(
      'cancelled',
    )
  })

  it('separates into stems that share one gain and still sum to the song', async () => {
    const input = song(3, 16000)
    const result = await engine.separate(input)
    const gain = Math.pow(10, result.gainDb / 20)
    for (let c = 0; c < 2; c++) {
      const original = input.channels[c] as Float32Array
      let worst = 0
      for (let i = 0; i < original.length; i++) {
        const sum =
          (result.vocals.channels[c]?.[i] ?? 0) + (result.accompaniment.channels[c]?.[i] ?? 0)
        worst = Math.max(worst, Math.abs(sum - gain * (original[i] as number)))
      }
      expect(worst).toBeLessThan(1e-3)
    }
    expect(truePeakDb(result.vocals)).toBeLessThanOrEqual(-1)
    expect(truePeakDb(result.accompaniment)).toBeLessThanOrEqual(-1)
  })

  it('may write the accompaniment over a consumed input and still sum to the song', async () => {
    const input = song(3, 16000)
    const original = input.channels.map((channel) => channel.slice())
    const result = await engine.separate(input, { consumeInput: true })
    expect(result.accompaniment.channels[0]).toBe(input.channels[0])
    const gain = Math.pow(10, result.gainDb / 20)
    let worst = 0
    original.forEach((channel, c) => {
      channel.forEach((value, i) => {
        const sum =
          (result.vocals.channels[c]?.[i] ?? 0) + (result.accompaniment.channels[c]?.[i] ?? 0)
        worst = Math.max(worst, Math.abs(sum - gain * value))
      })
    })
    expect(worst).toBeLessThan(1e-3)
  })

  it('brings 96 kHz down to 48 kHz and folds 5.1 to stereo before converting, and normalises', async () => {
    const high = await engine.convertVoice(song(1, 96000, 1), { semitones: 3 })
    expect(high.sampleRate).toBe(48000)
    expect(integratedLoudness(high)).toBeCloseTo(-14, 0)
    const surround = await engine.convertVoice(song(1, 8000, 6), {
      semitones: -2,
      singer: 'warm-male',
    })
    expect(surround.channels).toHaveLength(2)
    expect(truePeakDb(surround)).toBeLessThanOrEqual(-1)
  })

  describe('separation of awkward songs', () => {
    /** A sung line (vibrato, harmonics) over a kick and a bass line: a tiny song. */
    function tinySong(seconds: number, sampleRate: number, channelCount: number): PcmAudio {
      const length = Math.round(seconds * sampleRate)
      const channels = Array.from({ length: channelCount }, () => new Float32Array(length))
      let phase = 0
      for (let i = 0; i < length; i++) {
        const t = i / sampleRate
        const f0 = 262 * 2 ** ((0.4 * Math.sin(2 * Math.PI * 5.5 * t)) / 12)
        phase += (2 * Math.PI * f0) / sampleRate
        let voice = 0
        for (let h = 1; h * f0 < sampleRate / 2 && h <= 10; h++) voice += Math.sin(h * phase) / h
        const beat = t % 0.5
        const kick = Math.exp(-beat * 30) * Math.sin(2 * Math.PI * 55 * beat)
        const bass = 0.5 * Math.sin(2 * Math.PI * 65.4 * t)
        channels.forEach((channel, c) => {
          channel[i] = 0.1 * voice + 0.25 * kick + 0.2 * bass * (c === 0 ? 1 : 0.8)
        })
      }
      return { sampleRate, channels }
    }

    function worstSumError(input: PcmAudio, result: SeparationResult): number {
      const gain = Math.pow(10, result.gainDb / 20)
      let worst = 0
      input.channels.forEach((channel, c) => {
        channel.forEach((value, i) => {
          const sum =
            (result.vocals.channels[c]?.[i] ?? Number.NaN) +
            (result.accompaniment.channels[c]?.[i] ?? Number.NaN)
          worst = Math.max(worst, Math.abs(sum - gain * value))
        })
      })
      return worst
    }

    it('separates a 5-second song, in memory and from a file', async () => {
      const input = tinySong(5, 44100, 2)
      const result = await engine.separate(input)
      expect(result.vocals.channels[0]).toHaveLength(input.channels[0]!.length)
      expect(worstSumError(input, result)).toBeLessThan(1e-3)
      const files = await engine.separateFile(encodeWav(input, { bitDepth: 16 }))
      expect(files.durationSeconds).toBeCloseTo(5, 1)
      const vocals = await decodeAudio(files.vocals)
      expect(vocals.channels).toHaveLength(2)
      expect(vocals.channels[0]!.length / vocals.sampleRate).toBeGreaterThan(4.9)
    })

    it('separates a mono 8 kHz song into mono 8 kHz stems, in memory and from a file', async () => {
      const input = tinySong(6, 8000, 1)
      const result = await engine.separate(input)
      expect(result.vocals.sampleRate).toBe(8000)
      expect(result.vocals.channels).toHaveLength(1)
      expect(result.vocals.channels[0]!.every(Number.isFinite)).toBe(true)
      expect(worstSumError(input, result)).toBeLessThan(1e-3)
      const files = await engine.separateFile(encodeWav(input, { bitDepth: 16 }))
      expect(files.channelCount).toBe(1)
      expect(files.durationSeconds).toBeCloseTo(6, 1)
      const accompaniment = await decodeAudio(files.accompaniment)
      expect(accompaniment.channels[0]!.length / accompaniment.sampleRate).toBeGreaterThan(5.9)
    })

    it('refuses a silent song with a Chinese reason, in memory and from a file', async () => {
      const silent = tinySong(5, 44100, 2)
      for (const channel of silent.channels) channel.fill(0)
      const inMemory = await engine.separate(silent).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(inMemory).toBeInstanceOf(AudioError)
      expect((inMemory as AudioError).code).toBe('silent')
      expect((inMemory as AudioError).message).toMatch(/[\u4e00-\u9fff]/)
      expect(await refusal(engine.separateFile(encodeWav(silent, { bitDepth: 16 })))).toBe('silent')
    })
  })
})
