import { describe, expect, it } from 'vitest'
import { PcmTape } from '../io/pcmTape'
import type { PcmAudio } from '../types'
import {
  LIMITER_BLOCK_SAMPLES,
  applyNormalization,
  integratedLoudness,
  normalizeLoudness,
  planNormalization,
  truePeakDb,
} from './loudness'
import { BlockTruePeakMeter, accumulateBlockTruePeaks } from './truePeak'

/** Quiet music-like noise with loud clicks: normalising it needs the limiter. */
function peaky(seconds: number, sampleRate: number): PcmAudio {
  let seed = 5
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 2 - 1
  const channels = [0, 1].map(() => {
    const samples = new Float32Array(Math.round(seconds * sampleRate))
    for (let i = 0; i < samples.length; i++) {
      samples[i] = 0.03 * Math.sin(i / 9) + 0.01 * random()
      if (i % 9001 === 300) samples[i] = 0.95
    }
    return samples
  })
  return { sampleRate, channels }
}

describe('BlockTruePeakMeter', () => {
  it('measures the same block peaks in chunks as over the whole signal', () => {
    const audio = peaky(2, 16000)
    const expected = new Float32Array(Math.ceil(audio.channels[0]!.length / 32))
    for (const channel of audio.channels) accumulateBlockTruePeaks(channel, 32, expected)
    const meter = new BlockTruePeakMeter(32)
    const length = audio.channels[0]!.length
    for (let start = 0, size = 5; start < length; start += size, size = (size * 7) % 4001) {
      meter.push(audio.channels.map((channel) => channel.subarray(start, start + size)))
    }
    expect(meter.finish()).toEqual(expected)
  })
})

describe('planNormalization over a 16-bit tape', () => {
  it('masters like normalizeLoudness, without holding the signal as floats', () => {
    const audio = peaky(6, 16000)
    const reference = normalizeLoudness(audio)

    const tape = new PcmTape(audio.sampleRate, 2, audio.channels[0]!.length, 1)
    const meter = new BlockTruePeakMeter(LIMITER_BLOCK_SAMPLES)
    tape.write(audio.channels)
    meter.push(audio.channels)
    const plan = planNormalization(tape, integratedLoudness(audio), meter.finish())
    expect(plan?.gains).toBeDefined()
    const out: PcmAudio = { sampleRate: audio.sampleRate, channels: [] }
    const parts: Float32Array[][] = []
    let position = 0
    for (const chunk of tape.chunks()) {
      const copy = chunk.map((channel) => channel.slice())
      applyNormalization(plan!, copy, position)
      parts.push(copy)
      position += copy[0]!.length
    }
    out.channels = [0, 1].map((c) => {
      const joined = new Float32Array(position)
      let offset = 0
      for (const part of parts) {
        joined.set(part[c]!, offset)
        offset += part[c]!.length
      }
      return joined
    })
    expect(integratedLoudness(out)).toBeCloseTo(-14, 1)
    expect(truePeakDb(out)).toBeLessThanOrEqual(-1)
    expect(integratedLoudness(out)).toBeCloseTo(integratedLoudness(reference), 1)
  })

  it('leaves silence alone', () => {
    const tape = new PcmTape(8000, 1, 100)
    tape.write([new Float32Array(100)])
    expect(planNormalization(tape, -Infinity, new Float32Array(4))).toBeUndefined()
  })
})
