import { describe, expect, it } from 'vitest'
import { integratedLoudness } from '../measure/loudness'
import { LoudnessFollower } from './loudnessMatch'

const sampleRate = 44100

/** Notes of a buzzy tone with rests between them, 4 s. */
function source(): Float32Array {
  const out = new Float32Array(4 * sampleRate)
  for (let i = 0; i < out.length; i++) {
    const t = i / sampleRate
    const sounding = t % 0.5 < 0.4 ? 1 : 0
    const f = 220 * (1 + Math.floor(t / 0.5) * 0.1)
    out[i] = sounding * 0.2 * (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(6 * Math.PI * f * t))
  }
  return out
}

/** Runs the follower over `converted` as a stream cut into `chunk`-sample pieces. */
function follow(original: Float32Array, converted: Float32Array, chunk: number): Float32Array {
  const follower = new LoudnessFollower(sampleRate, 1)
  const output = new Float32Array(converted.length)
  let written = 0
  const store = (parts: Float32Array[]) => {
    output.set(parts[0] as Float32Array, written)
    written += (parts[0] as Float32Array).length
  }
  for (let start = 0; start < converted.length; start += chunk) {
    follower.observe([original.subarray(start, start + chunk)])
    store(follower.push([converted.subarray(start, start + chunk)]))
  }
  store(follower.end())
  expect(written).toBe(converted.length)
  return output
}

const loudness = (samples: Float32Array) => integratedLoudness({ sampleRate, channels: [samples] })

describe('LoudnessFollower', () => {
  const original = source()

  it('brings a conversion whose level jumps half-way back to the original loudness', () => {
    // 6 dB too quiet for two seconds, then 10 dB too loud: 5 dB louder in all without it.
    const converted = original.map((v, i) => v * (i < 2 * sampleRate ? 0.5 : 3.16))
    expect(Math.abs(loudness(converted) - loudness(original))).toBeGreaterThan(3)
    const followed = follow(original, converted, 10000)
    expect(Math.abs(loudness(followed) - loudness(original))).toBeLessThan(0.5)
    // Each second on its own lands near the original too: the balance holds throughout.
    for (let second = 0; second < 4; second++) {
      const part = (x: Float32Array) => x.subarray(second * sampleRate, (second + 1) * sampleRate)
      expect(Math.abs(loudness(part(followed)) - loudness(part(original)))).toBeLessThan(1.5)
    }
  })

  it('gives the same samples however the stream is cut', () => {
    const converted = original.map((v, i) => v * (1 + 0.5 * Math.sin(i / 20000)))
    const a = follow(original, converted, 4410 * 3)
    const b = follow(original, converted, 777)
    let worst = 0
    a.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - (b[i] as number)))))
    expect(worst).toBeLessThan(1e-6)
  })

  it('leaves silence silent and passes a silent source through unchanged in level', () => {
    const silent = new Float32Array(sampleRate)
    expect(follow(silent, silent, 5000).every((v) => v === 0)).toBe(true)
    const untouched = follow(silent, original.subarray(0, sampleRate), 5000)
    expect(untouched).toEqual(original.subarray(0, sampleRate))
  })
})
