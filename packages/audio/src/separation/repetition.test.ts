import { describe, expect, it } from 'vitest'
import { findRepetitionLags } from './repetition'

describe('findRepetitionLags', () => {
  it('finds the period of a spectrogram that repeats every 37 frames', () => {
    const frames = 600
    const bins = 200
    const magnitude = new Float32Array(frames * bins)
    for (let t = 0; t < frames; t++) {
      const phase = t % 37
      for (let k = 0; k < bins; k++) {
        // A pattern of notes and hits that recurs exactly every 37 frames.
        magnitude[t * bins + k] =
          (phase * 7 + k * 3) % 11 === 0 ? 1 : phase < 3 && k > 100 ? 0.5 : 0.01
      }
    }
    const lags = findRepetitionLags(magnitude, frames, bins, 21.5, 0.02, 5)
    expect(lags.length).toBeGreaterThan(0)
    expect(lags.length).toBeLessThanOrEqual(5)
    expect(lags.every((lag) => lag % 37 === 0)).toBe(true)
  })

  it('finds nothing in material too short to repeat twice', () => {
    expect(findRepetitionLags(new Float32Array(20 * 10).fill(1), 20, 10, 21.5, 0.02, 5)).toEqual([])
  })
})
