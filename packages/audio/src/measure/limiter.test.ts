import { describe, expect, it } from 'vitest'
import type { PcmAudio } from '../types'
import { TruePeakLimiter } from './limiter'
import { truePeakDb } from './loudness'

const RATE = 44100

/**
 * Three seconds of a hot, music-like signal: a bass line, a quarter-rate tone whose peaks fall
 * between samples, noise, and sudden loud bursts that jump in from silence.
 */
function hotSignal(): PcmAudio {
  let seed = 9
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1
  const length = RATE * 3
  const channels = [0, 1].map((c) => {
    const samples = new Float32Array(length)
    for (let i = 0; i < length; i++) {
      const bass = 0.5 * Math.sin((2 * Math.PI * 55 * i) / RATE)
      const quarter = 0.6 * Math.sin((Math.PI / 2) * i + Math.PI / 4 + c)
      const burst = i % 13000 < 600 ? 2.5 * Math.sign(Math.sin(i / 3)) : 0
      samples[i] = bass + (i > RATE ? quarter : 0) + 0.2 * random() + burst
    }
    return samples
  })
  return { sampleRate: RATE, channels }
}

/** Block sizes that never line up with the limiter's 32-sample blocks for long. */
function* raggedSizes(): Generator<number> {
  const sizes = [1, 7, 31, 33, 997, 3, 4099, 64, 12_345]
  for (let index = 0; ; index++) yield sizes[index % sizes.length] as number
}

/** Runs a whole signal through a limiter in pieces of the given sizes and joins the output. */
function limitInPieces(
  audio: PcmAudio,
  options: { ceilingDb: number; preGain?: number },
  sizes: Iterator<number>,
): { output: PcmAudio; worstLag: number } {
  const limiter = new TruePeakLimiter(RATE, audio.channels.length, options)
  const length = audio.channels[0]?.length ?? 0
  const parts: Float32Array[][] = []
  let emitted = 0
  let worstLag = 0
  for (let start = 0; start < length;) {
    const end = Math.min(length, start + (sizes.next().value as number))
    const out = limiter.push(audio.channels.map((channel) => channel.subarray(start, end)))
    parts.push(out)
    emitted += out[0]?.length ?? 0
    worstLag = Math.max(worstLag, end - emitted)
    start = end
  }
  parts.push(limiter.end())
  const channels = audio.channels.map((_, c) => {
    const joined = new Float32Array(parts.reduce((sum, part) => sum + (part[c]?.length ?? 0), 0))
    let offset = 0
    for (const part of parts) {
      joined.set(part[c] ?? new Float32Array(0), offset)
      offset += part[c]?.length ?? 0
    }
    return joined
  })
  return { output: { sampleRate: RATE, channels }, worstLag }
}

describe('TruePeakLimiter', () => {
  it('keeps a hot signal fed in odd block sizes at or under the true-peak ceiling', () => {
    const audio = hotSignal()
    expect(truePeakDb(audio)).toBeGreaterThan(8)
    const { output, worstLag } = limitInPieces(audio, { ceilingDb: -1 }, raggedSizes())
    expect(output.channels[0]).toHaveLength(audio.channels[0]?.length ?? -1)
    expect(truePeakDb(output)).toBeLessThanOrEqual(-1)
    // It limits the peaks, not the whole signal: the loudest moments still come close.
    expect(truePeakDb(output)).toBeGreaterThan(-1.5)
    const limiter = new TruePeakLimiter(RATE, 2, { ceilingDb: -1 })
    expect(worstLag).toBeLessThanOrEqual(limiter.latency)
    expect(limiter.latency / RATE).toBeLessThan(0.01)
  })

  it('also holds the ceiling when the gain before it pushes the signal 20 dB over', () => {
    const audio = hotSignal()
    const { output } = limitInPieces(audio, { ceilingDb: -1, preGain: 4 }, raggedSizes())
    expect(truePeakDb(output)).toBeLessThanOrEqual(-1)
  })

  it('gives the same output however the input is cut', () => {
    const audio = hotSignal()
    const options = { ceilingDb: -1, preGain: 0.8 }
    const ragged = limitInPieces(audio, options, raggedSizes()).output
    const whole = limitInPieces(audio, options, [Number.MAX_SAFE_INTEGER].values()).output
    for (let c = 0; c < 2; c++) {
      const a = Buffer.from((ragged.channels[c] as Float32Array).buffer)
      const b = Buffer.from((whole.channels[c] as Float32Array).buffer)
      expect(Buffer.compare(a, b)).toBe(0)
    }
  })

  it('passes a signal under the ceiling through untouched, apart from its gain', () => {
    const audio = hotSignal()
    const quiet = audio.channels.map((channel) => channel.map((value) => value * 0.05))
    const { output } = limitInPieces(
      { sampleRate: RATE, channels: quiet },
      { ceilingDb: -1, preGain: 2 },
      raggedSizes(),
    )
    quiet.forEach((channel, c) => {
      expect(output.channels[c]).toEqual(channel.map((value) => value * 2))
    })
  })
})
