import { describe, expect, it } from 'vitest'
import { referenceEnvelopeDb, spectralEdgeHz, timbreDistanceDb, type VoiceModel } from './timbre'
import { ToneFilter } from './toneCurve'

const sampleRate = 44100

/** Noise low-passed (8th order) at `cutoff`. */
function dullNoise(cutoff: number): Float32Array {
  let seed = 7
  const out = new Float32Array(2 * sampleRate).map(() => {
    seed = (seed * 1664525 + 1013904223) >>> 0
    return seed / 2 ** 31 - 1
  })
  const band = { type: 'lowPass' as const, frequency: cutoff, gainDb: 0, q: Math.SQRT1_2 }
  new ToneFilter(sampleRate, [band, band, band, band]).process(out)
  return out
}

/**
 * A scale of notes (130 to 260 Hz, 0.2 s each) whose harmonics follow a voice model's envelope:
 * a voice with exactly that timbre, its harmonics spread as a melody spreads them.
 */
function voiceOf(model: VoiceModel): Float32Array {
  const noteLength = Math.round(0.2 * sampleRate)
  const out = new Float32Array(13 * noteLength)
  for (let note = 0; note < 13; note++) {
    const f0 = 130 * Math.pow(2, note / 12)
    for (let h = 1; h * f0 < 8000; h++) {
      const amplitude = Math.pow(10, referenceEnvelopeDb(model, h * f0) / 20)
      for (let i = 0; i < noteLength; i++) {
        const index = note * noteLength + i
        out[index] =
          (out[index] as number) + amplitude * Math.sin((2 * Math.PI * h * f0 * i) / sampleRate)
      }
    }
  }
  return out
}

describe('timbre measures', () => {
  it('finds the top of the band where a recording stops', () => {
    expect(spectralEdgeHz(dullNoise(4000), sampleRate)).toBeGreaterThan(5000)
    expect(spectralEdgeHz(dullNoise(4000), sampleRate)).toBeLessThan(12000)
    expect(spectralEdgeHz(dullNoise(12000), sampleRate)).toBeGreaterThan(
      1.5 * spectralEdgeHz(dullNoise(4000), sampleRate),
    )
  })

  it('puts a voice nearer its own model than another', () => {
    const female: VoiceModel = { tract: 'female', formantScale: 1, tiltDbPerOctave: -6 }
    const male: VoiceModel = { tract: 'male', formantScale: 0.95, tiltDbPerOctave: -9 }
    const sung = voiceOf(female)
    const own = timbreDistanceDb(sung, sampleRate, female)
    expect(own).toBeLessThan(3)
    expect(timbreDistanceDb(sung, sampleRate, male)).toBeGreaterThan(own + 2)
  })

  it('ignores the level: a louder copy is just as close', () => {
    const model: VoiceModel = { tract: 'male', formantScale: 1, tiltDbPerOctave: -8 }
    const sung = voiceOf(model)
    const louder = sung.map((v) => 4 * v)
    expect(timbreDistanceDb(louder, sampleRate, model)).toBeCloseTo(
      timbreDistanceDb(sung, sampleRate, model),
      6,
    )
  })
})
