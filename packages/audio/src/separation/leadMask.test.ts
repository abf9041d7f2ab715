import { describe, expect, it } from 'vitest'
import { leadEvidence, type LeadMaskSettings } from './leadMask'

const settings: LeadMaskSettings = {
  binHz: 20,
  frameSeconds: 0.02,
  harmonicCeilingHz: 2000,
  reverbSeconds: 0.1,
  consonantLeadSeconds: 0.06,
  consonantFloorHz: 1000,
}
const BINS = 150

function track(frequencies: number[]): { frequency: Float32Array; strength: Float32Array } {
  return {
    frequency: Float32Array.from(frequencies),
    strength: Float32Array.from(frequencies, (f) => (f > 0 ? 1 : 0)),
  }
}

describe('leadEvidence', () => {
  it('marks the harmonics of a steady note and not the bins between them', () => {
    const evidence = leadEvidence(track([200, 200, 200]), 3, BINS, settings)
    const at = (frame: number, hz: number): number => evidence[frame * BINS + hz / settings.binHz]!
    for (const harmonic of [200, 400, 600, 1800]) expect(at(1, harmonic)).toBeCloseTo(1, 5)
    for (const between of [100, 300, 500, 1700]) expect(at(1, between)).toBeLessThan(0.01)
  })

  it('widens the upper harmonics when the pitch moves (vibrato)', () => {
    const steady = leadEvidence(track([300, 300, 300]), 3, BINS, settings)
    const moving = leadEvidence(track([290, 300, 310]), 3, BINS, settings)
    // Two bins beside the 5th harmonic (1500 Hz): outside a steady note, inside a moving one.
    const beside = 1 * BINS + 1540 / settings.binHz
    expect(steady[beside]!).toBeLessThan(0.2)
    expect(moving[beside]!).toBeGreaterThan(0.6)
  })

  it('lets a harmonic ring on after the note ends, decaying with the reverb time', () => {
    const evidence = leadEvidence(track([200, 0, 0, 0, 0, 0, 0, 0]), 8, BINS, settings)
    const bin = 400 / settings.binHz
    const decay = Math.exp(-settings.frameSeconds / settings.reverbSeconds)
    expect(evidence[2 * BINS + bin]!).toBeCloseTo(decay ** 2, 5)
    expect(evidence[7 * BINS + bin]!).toBeLessThan(evidence[2 * BINS + bin]!)
  })

  it('abstains above the harmonics in sung frames and on high bins just before a note', () => {
    const evidence = leadEvidence(track([0, 0, 0, 0, 0, 250, 250]), 7, BINS, settings)
    const high = 1500 / settings.binHz
    const low = 500 / settings.binHz
    // Three frames (0.06 s) before the onset: consonants may be there, high bins only.
    expect(Number.isNaN(evidence[4 * BINS + high]!)).toBe(true)
    expect(Number.isNaN(evidence[2 * BINS + high]!)).toBe(true)
    expect(evidence[1 * BINS + high]).toBe(0)
    expect(evidence[4 * BINS + low]).toBe(0)
    // Above the 2 kHz harmonic ceiling of a sung frame.
    expect(Number.isNaN(evidence[5 * BINS + 2100 / settings.binHz]!)).toBe(true)
  })
})
