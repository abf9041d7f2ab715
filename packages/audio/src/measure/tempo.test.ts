import { describe, expect, it } from 'vitest'
import type { PcmAudio } from '../types'
import { estimateTempo } from './tempo'

/** A drum-like pattern: a kick on every beat, a noisy snare on 2 and 4, hats on the off-beats. */
function drumLoop(bpm: number, seconds: number, sampleRate = 44100): PcmAudio {
  const length = Math.round(seconds * sampleRate)
  const out = new Float32Array(length)
  const beat = (60 / bpm) * sampleRate
  let seed = 99
  const noise = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0
    return seed / 2147483648 - 1
  }
  const hit = (start: number, kind: 'kick' | 'snare' | 'hat') => {
    const duration = Math.round(
      (kind === 'kick' ? 0.25 : kind === 'snare' ? 0.18 : 0.05) * sampleRate,
    )
    for (let i = 0; i < duration && start + i < length; i++) {
      const t = i / sampleRate
      const value =
        kind === 'kick'
          ? Math.sin(2 * Math.PI * (50 + 80 * Math.exp(-t * 30)) * t) * Math.exp(-t * 12)
          : kind === 'snare'
            ? 0.5 * noise() * Math.exp(-t * 25)
            : 0.15 * noise() * Math.exp(-t * 80)
      out[start + i] = (out[start + i] as number) + 0.6 * value
    }
  }
  for (let b = 0; b * beat < length; b++) {
    const start = Math.round(b * beat)
    hit(start, 'kick')
    if (b % 2 === 1) hit(start, 'snare')
    hit(Math.round(start + beat / 2), 'hat')
  }
  // A sustained chord underneath, which must not confuse the onset detector.
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate
    out[i] =
      (out[i] as number) + 0.1 * (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277 * t))
  }
  return { sampleRate, channels: [out, out.slice()] }
}

describe('estimateTempo', () => {
  it.each([84, 100, 128, 150])('finds %i BPM within two percent', (bpm) => {
    const estimate = estimateTempo(drumLoop(bpm, 20))
    expect(estimate).toBeDefined()
    expect(Math.abs((estimate?.bpm ?? 0) - bpm) / bpm).toBeLessThan(0.02)
    expect(estimate?.confidence).toBeGreaterThan(0.3)
  })

  it('returns undefined for silence and for clips too short to have a tempo', () => {
    expect(
      estimateTempo({ sampleRate: 8000, channels: [new Float32Array(8000 * 10)] }),
    ).toBeUndefined()
    expect(estimateTempo(drumLoop(120, 2))).toBeUndefined()
  })
})
