import { describe, expect, it } from 'vitest'
import { ResampleStream, resample, resampleSamples } from './resample'

function sine(frequency: number, sampleRate: number, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds))
  for (let i = 0; i < out.length; i++)
    out[i] = 0.5 * Math.sin((2 * Math.PI * frequency * i) / sampleRate)
  return out
}

/** Error of `actual` against a sine, in dB below the sine, away from the edges. */
function errorDb(actual: Float32Array, frequency: number, sampleRate: number): number {
  const expected = sine(frequency, sampleRate, actual.length / sampleRate)
  let error = 0
  let power = 0
  for (let i = 200; i < actual.length - 200; i++) {
    error += ((actual[i] as number) - (expected[i] as number)) ** 2
    power += (expected[i] as number) ** 2
  }
  return 10 * Math.log10(error / power)
}

describe('resample', () => {
  it.each([
    [44100, 48000],
    [48000, 44100],
    [96000, 44100],
    [8000, 44100],
    [22050, 16000],
  ])('converts %i Hz to %i Hz with the tone intact', (from, to) => {
    const out = resample({ sampleRate: from, channels: [sine(1000, from, 0.5)] }, to)
    expect(out.sampleRate).toBe(to)
    expect(out.channels[0]).toHaveLength(Math.round(to * 0.5))
    expect(errorDb(out.channels[0] as Float32Array, 1000, to)).toBeLessThan(-60)
  })

  it('removes content above the new Nyquist frequency instead of aliasing it', () => {
    // 30 kHz at 96 kHz would alias to 14.1 kHz at 44.1 kHz if not filtered out.
    const out = resample({ sampleRate: 96000, channels: [sine(30000, 96000, 0.5)] }, 44100)
    let power = 0
    const channel = out.channels[0] as Float32Array
    for (let i = 200; i < channel.length - 200; i++) power += (channel[i] as number) ** 2
    expect(10 * Math.log10(power / (channel.length - 400) / 0.125)).toBeLessThan(-60)
  })

  it('shifts pitch exactly with an irrational ratio', () => {
    const ratio = Math.pow(2, -3 / 12)
    const out = resampleSamples(sine(440, 44100, 0.5), ratio)
    // Played at 44.1 kHz, the resampled signal is 440 / ratio Hz.
    expect(errorDb(out, 440 / ratio, 44100)).toBeLessThan(-60)
  })

  it('refuses nonsense rates', () => {
    expect(() => resample({ sampleRate: 44100, channels: [new Float32Array(10)] }, 0)).toThrow()
  })
})

describe('ResampleStream', () => {
  it.each([
    [44100, 48000],
    [96000, 48000],
    [37800, 32000],
  ])('gives exactly what resample gives, fed %i Hz in odd chunks, to %i Hz', (from, to) => {
    const left = sine(440, from, 0.5)
    const right = sine(1000, from, 0.5)
    const whole = resample({ sampleRate: from, channels: [left, right] }, to)
    const stream = new ResampleStream(from, to, 2)
    const parts: Float32Array[][] = []
    for (let start = 0, size = 1; start < left.length; start += size, size = size * 3 + 7) {
      parts.push(
        stream.push([left.subarray(start, start + size), right.subarray(start, start + size)]),
      )
    }
    parts.push(stream.end())
    for (let c = 0; c < 2; c++) {
      const joined = new Float32Array(parts.reduce((sum, part) => sum + part[c]!.length, 0))
      let offset = 0
      for (const part of parts) {
        joined.set(part[c]!, offset)
        offset += part[c]!.length
      }
      expect(joined).toEqual(whole.channels[c])
    }
  })
})
