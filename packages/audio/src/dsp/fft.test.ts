import { describe, expect, it } from 'vitest'
import { ComplexFft, RealFft, isPowerOfTwo, nextPowerOfTwo } from './fft'

/** Deterministic pseudo-random samples in [-1, 1) so failures reproduce. */
function noise(length: number, seed: number): Float64Array {
  const out = new Float64Array(length)
  let state = seed >>> 0
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    out[i] = state / 2 ** 31 - 1
  }
  return out
}

function naiveDft(input: Float64Array): { real: Float64Array; imag: Float64Array } {
  const n = input.length
  const real = new Float64Array(n)
  const imag = new Float64Array(n)
  for (let k = 0; k < n; k++) {
    for (let t = 0; t < n; t++) {
      const angle = (-2 * Math.PI * k * t) / n
      real[k]! += input[t]! * Math.cos(angle)
      imag[k]! += input[t]! * Math.sin(angle)
    }
  }
  return { real, imag }
}

describe('power-of-two helpers', () => {
  it('recognises powers of two and rounds up to them', () => {
    expect([1, 2, 1024].every(isPowerOfTwo)).toBe(true)
    expect([0, 3, 1000, 1.5, -4].some(isPowerOfTwo)).toBe(false)
    expect(nextPowerOfTwo(1000)).toBe(1024)
    expect(nextPowerOfTwo(1024)).toBe(1024)
    expect(nextPowerOfTwo(0)).toBe(1)
  })
})

describe('ComplexFft', () => {
  it('matches a direct DFT and inverts back', () => {
    const size = 64
    const fft = new ComplexFft(size)
    const real = noise(size, 1)
    const imag = new Float64Array(size)
    const expected = naiveDft(real)
    const originalReal = real.slice()
    fft.forward(real, imag)
    for (let k = 0; k < size; k++) {
      expect(real[k]).toBeCloseTo(expected.real[k]!, 9)
      expect(imag[k]).toBeCloseTo(expected.imag[k]!, 9)
    }
    fft.inverse(real, imag)
    for (let i = 0; i < size; i++) {
      expect(real[i]).toBeCloseTo(originalReal[i]!, 12)
      expect(imag[i]).toBeCloseTo(0, 12)
    }
  })

  it('refuses sizes that are not powers of two', () => {
    expect(() => new ComplexFft(12)).toThrow(RangeError)
  })
})

describe('RealFft', () => {
  it.each([2, 4, 8, 256, 1024])('matches a direct DFT at size %i', (size) => {
    const fft = new RealFft(size)
    const input = noise(size, size)
    const expected = naiveDft(input)
    const real = new Float64Array(fft.binCount)
    const imag = new Float64Array(fft.binCount)
    fft.forward(input, real, imag)
    for (let k = 0; k < fft.binCount; k++) {
      expect(real[k]).toBeCloseTo(expected.real[k]!, 8)
      expect(imag[k]).toBeCloseTo(expected.imag[k]!, 8)
    }
  })

  it('inverts its own forward transform', () => {
    const size = 512
    const fft = new RealFft(size)
    const input = noise(size, 7)
    const real = new Float64Array(fft.binCount)
    const imag = new Float64Array(fft.binCount)
    const output = new Float64Array(size)
    fft.forward(input, real, imag)
    fft.inverse(real, imag, output)
    for (let i = 0; i < size; i++) expect(output[i]).toBeCloseTo(input[i]!, 12)
  })

  it('keeps energy (Parseval)', () => {
    const size = 2048
    const fft = new RealFft(size)
    const input = noise(size, 99)
    const real = new Float64Array(fft.binCount)
    const imag = new Float64Array(fft.binCount)
    fft.forward(input, real, imag)
    let timeEnergy = 0
    for (const x of input) timeEnergy += x * x
    // Bins 1..N/2-1 stand for two conjugate bins each; DC and Nyquist for one.
    let frequencyEnergy = real[0]! ** 2 + real[size / 2]! ** 2
    for (let k = 1; k < size / 2; k++) frequencyEnergy += 2 * (real[k]! ** 2 + imag[k]! ** 2)
    expect(frequencyEnergy / size).toBeCloseTo(timeEnergy, 6)
  })

  it('puts a pure tone in its own bin', () => {
    const size = 256
    const fft = new RealFft(size)
    const input = new Float32Array(size)
    for (let i = 0; i < size; i++) input[i] = Math.cos((2 * Math.PI * 10 * i) / size)
    const real = new Float32Array(fft.binCount)
    const imag = new Float32Array(fft.binCount)
    fft.forward(input, real, imag)
    expect(real[10]).toBeCloseTo(size / 2, 3)
    expect(Math.abs(real[11]!)).toBeLessThan(1e-3)
  })
})
