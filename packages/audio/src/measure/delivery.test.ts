import { describe, expect, it } from 'vitest'
import { LAME_DEFAULT_QUALITY, encodeMp3 } from '../io/mp3'
import { gainToDb } from '../mix'
import {
  DeliveryLowpass,
  KNOWN_LEVEL_CHANGES_DB,
  levelChangeKey,
  mp3LevelChangeDb,
  mp3TruePeakDb,
} from './delivery'
import { truePeakDb } from './loudness'

function sine(
  frequency: number,
  seconds: number,
  sampleRate = 44100,
  amplitude = 0.5,
): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate))
  for (let i = 0; i < samples.length; i++) {
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate)
  }
  return samples
}

/** Peak of the second half (after the filter has settled), in dB relative to `amplitude`. */
function levelDb(samples: Float32Array, amplitude = 0.5): number {
  let peak = 0
  for (let i = samples.length >> 1; i < samples.length; i++) {
    peak = Math.max(peak, Math.abs(samples[i] as number))
  }
  return gainToDb(peak / amplitude)
}

describe('DeliveryLowpass', () => {
  it('keeps the band a song lives in and takes away what LAME would cut', () => {
    const through = (frequency: number) =>
      levelDb(new DeliveryLowpass(44100, 1).process([sine(frequency, 0.2)])[0] as Float32Array)
    expect(Math.abs(through(1000))).toBeLessThan(0.01)
    expect(Math.abs(through(10000))).toBeLessThan(0.05)
    expect(through(17000)).toBeGreaterThan(-3.5)
    expect(through(19000)).toBeLessThan(-9)
    expect(through(21000)).toBeLessThan(-25)
  })

  it('gives the same samples in chunks as whole, and leaves its input alone', () => {
    const input = sine(15000, 0.1)
    for (let i = 0; i < input.length; i += 97) input[i] = 0.9
    const original = input.slice()
    const whole = new DeliveryLowpass(44100, 1).process([input])[0] as Float32Array
    const streamed = new DeliveryLowpass(44100, 1)
    const parts: number[] = []
    for (let start = 0; start < input.length; start += 1000) {
      parts.push(...(streamed.process([input.subarray(start, start + 1000)])[0] as Float32Array))
    }
    expect(Float32Array.from(parts)).toEqual(whole)
    expect(input).toEqual(original)
  })

  it('moves its corner under the Nyquist frequency of a low rate', () => {
    const output = new DeliveryLowpass(22050, 1).process([sine(1000, 0.2, 22050)])[0]
    expect(Math.abs(levelDb(output as Float32Array))).toBeLessThan(0.05)
  })
})

describe('MP3 delivery measurements', () => {
  it('measures the true peak of an MP3 as it decodes', async () => {
    const tone = sine(1000, 1)
    const mp3 = encodeMp3({ sampleRate: 44100, channels: [tone, tone] })
    const decodedPeak = await mp3TruePeakDb(mp3)
    // A -6 dBFS tone comes back within a fraction of a dB of where it went in.
    expect(decodedPeak).toBeGreaterThan(truePeakDb({ sampleRate: 44100, channels: [tone] }) - 1)
    expect(decodedPeak).toBeLessThan(-5)
  })

  it('measures the level the encoder takes away, more at a lower bitrate', async () => {
    const at192 = await mp3LevelChangeDb(44100, 2, 192)
    const at128 = await mp3LevelChangeDb(44100, 2, 128)
    expect(at192).toBeLessThan(0)
    expect(at192).toBeGreaterThan(-1)
    expect(at128).toBeLessThan(at192)
    // Remembered: the same answer without encoding again.
    expect(await mp3LevelChangeDb(44100, 2, 192)).toBe(at192)
  })

  it('knows ahead exactly what the encoder and decoder measure for the delivery settings', async () => {
    const keys = Object.keys(KNOWN_LEVEL_CHANGES_DB)
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      const [sampleRate, channelCount, kbps] = key.split('/').map(Number) as [
        number,
        number,
        number,
      ]
      const quality = Number(/\/q(\d)$/.exec(key)?.[1] ?? LAME_DEFAULT_QUALITY)
      expect(levelChangeKey(sampleRate, channelCount, kbps, quality)).toBe(key)
      const measured = await mp3LevelChangeDb(sampleRate, channelCount, kbps, {
        measure: true,
        quality,
      })
      // Bit for bit: the mastering gain, and so the song, must not depend on which one was used.
      expect(measured).toBe(KNOWN_LEVEL_CHANGES_DB[key])
      expect(await mp3LevelChangeDb(sampleRate, channelCount, kbps, { quality })).toBe(measured)
    }
  })
})
