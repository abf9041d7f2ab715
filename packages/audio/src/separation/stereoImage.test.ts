import { describe, expect, it } from 'vitest'
import type { Spectrogram } from '../dsp/stft'
import { applyStereoCue, measureStereoImage } from './stereoImage'

/** One frame of `bins` bins whose left/right values are given per bin (real, in phase). */
function frame(left: number[], right: number[]): [Spectrogram, Spectrogram] {
  const make = (values: number[]): Spectrogram => ({
    frameSize: (values.length - 1) * 2,
    hopSize: values.length - 1,
    window: 'sqrt-hann',
    frameCount: 1,
    binCount: values.length,
    real: Float32Array.from(values),
    imag: new Float32Array(values.length),
  })
  return [make(left), make(right)]
}

describe('stereo image of the lead', () => {
  // Bins 1–2 are the lead, panned left (0.8 : 0.6); bins 3–4 are hard-right accompaniment.
  const [left, right] = frame([0, 0.8, 0.8, 0, 0.05], [0, 0.6, 0.6, 1, 1])
  const evidence = Float32Array.from([0, 1, 1, 0, 0])
  const settings = { weight: 1, minimumPanWidth: 0.35, phaseExponent: 2, leadShield: 1 }

  it('measures the lead where the tracker put it, not at the centre', () => {
    const image = measureStereoImage(left, right, evidence, 5)
    expect(image.pan).toBeCloseTo((0.64 - 0.36) / 1, 5)
    expect(image.panSpread).toBeCloseTo(0, 5)
    expect(image.support).toBeGreaterThan(0.3)
  })

  it('holds bins against the voice by their distance from the lead, not from the centre', () => {
    const image = measureStereoImage(left, right, evidence, 5)
    const score = new Float32Array(5)
    applyStereoCue(left, right, image, score, settings)
    expect(score[1]).toBeCloseTo(0, 5)
    expect(score[3]!).toBeLessThan(-3)
    // With no lead found it falls back to the centre.
    const centred = new Float32Array(5)
    const none = measureStereoImage(left, right, new Float32Array(5), 5)
    expect(none.support).toBe(0)
    applyStereoCue(left, right, none, centred, settings)
    expect(centred[1]!).toBeLessThan(-0.5)
  })

  it('stands aside where the lead cue claims a bin (a wide reverb of the voice)', () => {
    const image = measureStereoImage(left, right, evidence, 5)
    const claimed = Float32Array.from([0, 1, 1, 1, 0])
    const shielded = new Float32Array(5)
    applyStereoCue(left, right, image, shielded, settings, { values: claimed, bins: 5 })
    expect(shielded[3]).toBeCloseTo(0, 5)
    expect(shielded[4]!).toBeLessThan(-3)
  })
})
