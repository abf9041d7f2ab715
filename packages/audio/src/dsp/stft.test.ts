import { describe, expect, it } from 'vitest'
import { istft, stft, stftFrameCount } from './stft'
import { hannWindow, sqrtHannWindow, type WindowName } from './windows'

function noise(length: number, seed: number): Float32Array {
  const out = new Float32Array(length)
  let state = seed >>> 0
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    out[i] = state / 2 ** 31 - 1
  }
  return out
}

function maxError(a: Float32Array, b: Float32Array): number {
  let max = 0
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!))
  return max
}

describe('windows', () => {
  it('sqrt-Hann squared is Hann, and Hann overlap-adds to a constant at 75 % overlap', () => {
    const size = 64
    const hann = hannWindow(size)
    const sqrtHann = sqrtHannWindow(size)
    for (let i = 0; i < size; i++) expect(sqrtHann[i]! ** 2).toBeCloseTo(hann[i]!, 6)
    const hop = size / 4
    for (let i = 0; i < hop; i++) {
      let sum = 0
      for (let j = i; j < size; j += hop) sum += hann[j]!
      expect(sum).toBeCloseTo(2, 5)
    }
  })
})

describe('stft / istft', () => {
  const cases: [WindowName, number, number][] = [
    ['sqrt-hann', 2048, 512],
    ['sqrt-hann', 1024, 512],
    ['hann', 256, 64],
    ['rectangular', 128, 64],
  ]
  it.each(cases)(
    'reconstructs perfectly with %s, frame %i, hop %i',
    (window, frameSize, hopSize) => {
      const signal = noise(10_000, frameSize + hopSize)
      const spectrogram = stft(signal, { frameSize, hopSize, window })
      expect(spectrogram.frameCount).toBe(stftFrameCount(signal.length, frameSize, hopSize))
      expect(spectrogram.real.length).toBe(spectrogram.frameCount * spectrogram.binCount)
      const rebuilt = istft(spectrogram, signal.length)
      expect(maxError(rebuilt, signal)).toBeLessThan(1e-5)
    },
  )

  it('reconstructs signals shorter than one frame, and an empty one', () => {
    for (const length of [1, 3, 100, 511]) {
      const signal = noise(length, length)
      const rebuilt = istft(stft(signal, { frameSize: 512, hopSize: 128 }), length)
      expect(maxError(rebuilt, signal)).toBeLessThan(1e-5)
    }
    const empty = stft(new Float32Array(0), { frameSize: 512, hopSize: 128 })
    expect(empty.frameCount).toBe(0)
    expect(istft(empty, 0).length).toBe(0)
  })

  it('keeps energy across frames (Parseval with the Hann overlap factor)', () => {
    const frameSize = 1024
    const hopSize = 256
    const signal = noise(50_000, 5)
    const spectrogram = stft(signal, { frameSize, hopSize })
    let timeEnergy = 0
    for (const x of signal) timeEnergy += x * x
    let frequencyEnergy = 0
    const { binCount, frameCount, real, imag } = spectrogram
    for (let t = 0; t < frameCount; t++) {
      for (let k = 0; k < binCount; k++) {
        const power = real[t * binCount + k]! ** 2 + imag[t * binCount + k]! ** 2
        frequencyEnergy += k === 0 || k === binCount - 1 ? power : 2 * power
      }
    }
    // Each sample is seen through sqrt-Hann² = Hann windows that sum to frameSize / (2·hop).
    const overlap = frameSize / (2 * hopSize)
    expect(frequencyEnergy / frameSize / overlap / timeEnergy).toBeCloseTo(1, 4)
  })

  it('zeroing the spectrogram gives silence, and a masked spectrogram stays finite', () => {
    const signal = noise(5000, 3)
    const spectrogram = stft(signal, { frameSize: 256, hopSize: 64 })
    spectrogram.real.fill(0)
    spectrogram.imag.fill(0)
    expect(istft(spectrogram, signal.length).every((x) => x === 0)).toBe(true)
  })

  it('refuses frame sizes that are not powers of two and hops that leave gaps', () => {
    expect(() => stft(new Float32Array(10), { frameSize: 100, hopSize: 25 })).toThrow(RangeError)
    expect(() => stft(new Float32Array(10), { frameSize: 128, hopSize: 100 })).toThrow(RangeError)
  })
})
