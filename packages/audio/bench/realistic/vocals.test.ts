import { describe, expect, it } from 'vitest'
import type { MelodyNote } from './arrangement'
import { singTake } from './vocals'

const SAMPLE_RATE = 22_050

const note = (start: number, key: number, syllable: string): MelodyNote => ({
  start,
  duration: 0.8,
  key,
  velocity: 0.9,
  syllable,
  phraseStart: start === 0.1,
  chorus: false,
})
const melody = [note(0.1, 57, '晚'), note(1, 60, '风'), note(2, 64, '吹')]
const options = { sampleRate: SAMPLE_RATE, length: 3 * SAMPLE_RATE, seed: 4 }

/** The lag of the autocorrelation peak in a window, as a frequency (the sung pitch). */
function pitchOf(samples: Float32Array, from: number): number {
  const start = Math.round(from * SAMPLE_RATE)
  const window = 2048
  let bestLag = 0
  let best = -Infinity
  for (let lag = 40; lag < 400; lag++) {
    let sum = 0
    for (let i = 0; i < window; i++) sum += samples[start + i]! * samples[start + i + lag]!
    if (sum > best) {
      best = sum
      bestLag = lag
    }
  }
  return SAMPLE_RATE / bestLag
}

describe('singTake', () => {
  it('sings each note at its pitch and is silent between phrases', () => {
    const take = singTake(melody, { ...options, timingJitterSeconds: 0, pitchJitterCents: 0 })
    expect(pitchOf(take, 0.5)).toBeCloseTo(220, -1)
    expect(pitchOf(take, 2.3)).toBeCloseTo(329.6, -1)
    expect(take.subarray(0, Math.round(0.09 * SAMPLE_RATE)).every((x) => x === 0)).toBe(true)
  })

  it('gives a second take its own timing and intonation', () => {
    const first = singTake(melody, { ...options, timingJitterSeconds: 0.02, pitchJitterCents: 15 })
    const second = singTake(melody, {
      ...options,
      seed: 5,
      timingJitterSeconds: 0.02,
      pitchJitterCents: 15,
    })
    let difference = 0
    let total = 0
    for (let i = 0; i < first.length; i++) {
      difference += (first[i]! - second[i]!) ** 2
      total += first[i]! ** 2
    }
    expect(difference / total).toBeGreaterThan(0.5)
  })
})
