import { describe, expect, it } from 'vitest'
import { applyGain, mixTracks, samplePeak, sliceAudio, toChannelCount, toMono } from './mix'
import { durationSeconds, formatDuration } from './measure/duration'

const stereo = {
  sampleRate: 100,
  channels: [new Float32Array([1, 0.5, 0]), new Float32Array([0, 0.5, 1])],
}

describe('mix', () => {
  it('mixes stereo down to the mean and mono up to copies', () => {
    expect(Array.from(toMono(stereo).channels[0] ?? [])).toEqual([0.5, 0.5, 0.5])
    const up = toChannelCount({ sampleRate: 100, channels: [new Float32Array([0.25])] }, 2)
    expect(up.channels.map((c) => c[0])).toEqual([0.25, 0.25])
    up.channels[0]?.set([1])
    expect(up.channels[1]?.[0]).toBe(0.25)
  })

  it('folds 5.1 down to stereo without the LFE and without clipping', () => {
    const ones = () => new Float32Array([1])
    const lfeOnly = [0, 0, 0, 1, 0, 0].map((v) => new Float32Array([v]))
    expect(toChannelCount({ sampleRate: 48000, channels: lfeOnly }, 2).channels[0]?.[0]).toBe(0)
    const full = toChannelCount({ sampleRate: 48000, channels: Array.from({ length: 6 }, ones) }, 2)
    expect(full.channels[0]?.[0]).toBeLessThanOrEqual(1)
  })

  it('applies gain in dB and mixes tracks at their levels', () => {
    expect(applyGain(stereo, -6.0206).channels[0]?.[0]).toBeCloseTo(0.5, 4)
    const mono = { sampleRate: 100, channels: [new Float32Array([1, 1, 1, 1])] }
    const mixed = mixTracks([{ audio: stereo }, { audio: mono, gainDb: -20 }])
    expect(mixed.channels).toHaveLength(2)
    expect(mixed.channels[0]).toHaveLength(4)
    expect(mixed.channels[1]?.[3]).toBeCloseTo(0.1, 6)
    expect(() => mixTracks([{ audio: stereo }, { audio: { ...mono, sampleRate: 200 } }])).toThrow()
  })

  it('slices, measures peaks and durations', () => {
    expect(sliceAudio(stereo, 0.01, 0.02).channels[1]?.[0]).toBe(0.5)
    expect(samplePeak(stereo)).toBe(1)
    expect(durationSeconds(stereo)).toBeCloseTo(0.03)
    expect(formatDuration(0)).toBe('00:00')
    expect(formatDuration(125.7)).toBe('02:05')
  })
})
