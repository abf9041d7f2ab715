import { describe, expect, it } from 'vitest'
import type { Spectrogram } from '../dsp/stft'
import { noise } from './testSignals'
import {
  multichannelWienerVocals,
  smoothOverFrames,
  wienerMask,
  type WienerSettings,
} from './wiener'

function spectrogram(frameCount: number, binCount: number): Spectrogram {
  return {
    frameSize: (binCount - 1) * 2,
    hopSize: binCount - 1,
    window: 'sqrt-hann',
    frameCount,
    binCount,
    real: new Float32Array(frameCount * binCount),
    imag: new Float32Array(frameCount * binCount),
  }
}

const plain: WienerSettings = {
  powerSmoothingFrames: 0,
  powerFloor: 0.001,
  reverbDecay: 0,
  reverbFeed: 0,
}

describe('multichannel Wiener refinement', () => {
  // Vocals panned left (1 : 0.2), accompaniment panned right (0.2 : 1), random complex values.
  // Frames 0–19 hold only vocals, 20–29 only accompaniment, 30–39 both at the same level.
  const frames = 40
  const bins = 6
  const size = frames * bins
  const vocalReal = noise(size, 1, 1)
  const vocalImag = noise(size, 2, 1)
  const restReal = noise(size, 3, 1)
  const restImag = noise(size, 4, 1)
  const isVocal = (t: number): boolean => t < 20 || t >= 30
  const isRest = (t: number): boolean => t >= 20
  const mixture = (): [Spectrogram, Spectrogram] => {
    const left = spectrogram(frames, bins)
    const right = spectrogram(frames, bins)
    for (let t = 0; t < frames; t++) {
      for (let k = 0; k < bins; k++) {
        const i = t * bins + k
        const [vr, vi] = isVocal(t) ? [vocalReal[i]!, vocalImag[i]!] : [0, 0]
        const [ar, ai] = isRest(t) ? [restReal[i]!, restImag[i]!] : [0, 0]
        left.real[i] = vr + 0.2 * ar
        left.imag[i] = vi + 0.2 * ai
        right.real[i] = 0.2 * vr + ar
        right.imag[i] = 0.2 * vi + ai
      }
    }
    return [left, right]
  }
  // A rough mask: right about which frames are which, undecided where both sound.
  const mask = new Float32Array(size)
  for (let t = 0; t < frames; t++) {
    mask.fill(t < 20 ? 0.8 : t < 30 ? 0.2 : 0.5, t * bins, (t + 1) * bins)
  }
  /** Error power of an estimate of the vocals' left channel over the frames where both sound. */
  const overlapError = (left: Spectrogram): number => {
    let error = 0
    for (let i = 30 * bins; i < size; i++) {
      error += (left.real[i]! - vocalReal[i]!) ** 2 + (left.imag[i]! - vocalImag[i]!) ** 2
    }
    return error
  }

  it('separates where the mask cannot, from each source’s stereo image', () => {
    const [maskedLeft] = mixture()
    for (let i = 0; i < size; i++) {
      maskedLeft.real[i]! *= mask[i]!
      maskedLeft.imag[i]! *= mask[i]!
    }
    const [left, right] = mixture()
    multichannelWienerVocals(left, right, mask, plain)
    const masked = overlapError(maskedLeft)
    const refined = overlapError(left)
    // The scalar mask leaves half the accompaniment's 0.2 in the left channel and halves the
    // vocals; the spatial filter, with images learnt from the rough mask, halves that error.
    expect(refined).toBeLessThan(masked / 1.6)
    for (let i = 0; i < size; i++) {
      expect(Number.isFinite(left.real[i]!) && Number.isFinite(right.imag[i]!)).toBe(true)
    }
  })

  it('leaves silence silent', () => {
    const left = spectrogram(4, 3)
    const right = spectrogram(4, 3)
    multichannelWienerVocals(left, right, new Float32Array(12).fill(0.7), plain)
    expect(Array.from(left.real).every((value) => value === 0)).toBe(true)
    expect(Array.from(right.imag).every((value) => value === 0)).toBe(true)
  })
})

describe('single-channel Wiener mask with a reverb tail', () => {
  // One bin, a sung note over frames 0–9 (mask 0.9), then frames where the mask says accompaniment.
  const frames = 30
  const spectrum = spectrogram(frames, 1)
  spectrum.real.fill(1)
  const mask = new Float32Array(frames).fill(0.1)
  mask.fill(0.9, 0, 10)

  it('keeps the mask as it is with no smoothing and no tail', () => {
    const refined = wienerMask([spectrum], mask, plain)
    for (let t = 0; t < frames; t++) expect(refined[t]).toBeCloseTo(mask[t]!, 3)
  })

  it('gives the frames after a note a decaying share of it', () => {
    const refined = wienerMask([spectrum], mask, { ...plain, reverbDecay: 0.8, reverbFeed: 0.1 })
    expect(refined[10]!).toBeGreaterThan(0.3)
    // Decays towards the mask's own 0.1, never below it.
    for (let t = 11; t < frames; t++) {
      expect(refined[t]!).toBeLessThanOrEqual(refined[t - 1]! + 1e-6)
      expect(refined[t]!).toBeGreaterThanOrEqual(0.1 - 1e-6)
    }
    // Far from the note only the tail of the quiet frames themselves is left (0.1 · 0.1 / 0.2).
    expect(refined[29]!).toBeLessThan(0.17)
    // The note itself is not changed by its own tail.
    expect(refined[0]).toBeCloseTo(0.9, 3)
  })

  it('averages the source powers over neighbouring frames when asked', () => {
    const refined = wienerMask([spectrum], mask, { ...plain, powerSmoothingFrames: 2 })
    // At the note's end the average mixes 0.9 and 0.1 frames.
    expect(refined[9]!).toBeLessThan(0.9)
    expect(refined[9]!).toBeGreaterThan(0.1)
    expect(refined[0]).toBeCloseTo(0.9, 3)
  })
})

describe('running mean over frames', () => {
  it('equals the plain mean over ±frames of the original values, edges included', () => {
    const frameCount = 23
    const binCount = 5
    const original = noise(frameCount * binCount, 9, 1).map(Math.abs)
    for (const frames of [1, 3, 30]) {
      const values = original.slice()
      smoothOverFrames(values, frameCount, binCount, frames)
      for (let t = 0; t < frameCount; t++) {
        for (let k = 0; k < binCount; k++) {
          let sum = 0
          let count = 0
          for (let u = Math.max(0, t - frames); u <= Math.min(frameCount - 1, t + frames); u++) {
            sum += original[u * binCount + k]!
            count++
          }
          expect(values[t * binCount + k]).toBeCloseTo(sum / count, 5)
        }
      }
    }
  })
})
