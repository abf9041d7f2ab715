/**
 * Fast Fourier transforms for power-of-two sizes, written for this engine.
 *
 * `ComplexFft` is an iterative radix-2 decimation-in-time transform with precomputed twiddles and
 * bit-reversal table. `RealFft` transforms a real signal of size N through one complex transform of
 * size N/2 (the even/odd packing trick), which halves the work of the common real-input case.
 *
 * Conventions: forward X[k] = Σ x[n]·e^(-2πikn/N) (unnormalised); inverse divides by N, so
 * inverse(forward(x)) = x.
 */

export function isPowerOfTwo(value: number): boolean {
  return Number.isInteger(value) && value > 0 && (value & (value - 1)) === 0
}

/** The smallest power of two that is at least `value` (1 for values ≤ 1). */
export function nextPowerOfTwo(value: number): number {
  let size = 1
  while (size < value) size *= 2
  return size
}

/** A typed array of samples; Float64Array keeps intermediate sums at full precision. */
export type SampleArray = Float32Array | Float64Array

export class ComplexFft {
  readonly size: number
  private readonly cosTable: Float64Array
  private readonly sinTable: Float64Array
  private readonly bitReversed: Uint32Array

  constructor(size: number) {
    if (!isPowerOfTwo(size)) throw new RangeError(`FFT size must be a power of two, got ${size}`)
    this.size = size
    const half = size >> 1
    this.cosTable = new Float64Array(Math.max(half, 1))
    this.sinTable = new Float64Array(Math.max(half, 1))
    for (let k = 0; k < half; k++) {
      this.cosTable[k] = Math.cos((2 * Math.PI * k) / size)
      this.sinTable[k] = -Math.sin((2 * Math.PI * k) / size)
    }
    this.bitReversed = new Uint32Array(size)
    let bits = 0
    while (1 << bits < size) bits++
    for (let i = 0; i < size; i++) {
      let reversed = 0
      for (let b = 0; b < bits; b++) reversed |= ((i >> b) & 1) << (bits - 1 - b)
      this.bitReversed[i] = reversed
    }
  }

  /** In-place forward transform of `real` + i·`imag` (both of length `size`). */
  forward(real: Float64Array, imag: Float64Array): void {
    this.transform(real, imag, false)
  }

  /** In-place inverse transform, scaled by 1/size. */
  inverse(real: Float64Array, imag: Float64Array): void {
    this.transform(real, imag, true)
    const scale = 1 / this.size
    for (let i = 0; i < this.size; i++) {
      real[i]! *= scale
      imag[i]! *= scale
    }
  }

  private transform(real: Float64Array, imag: Float64Array, inverse: boolean): void {
    const n = this.size
    const reversed = this.bitReversed
    for (let i = 0; i < n; i++) {
      const j = reversed[i]!
      if (j > i) {
        const tr = real[i]!
        real[i] = real[j]!
        real[j] = tr
        const ti = imag[i]!
        imag[i] = imag[j]!
        imag[j] = ti
      }
    }
    const cosTable = this.cosTable
    const sinTable = this.sinTable
    const sign = inverse ? -1 : 1
    for (let span = 1; span < n; span <<= 1) {
      const step = n / (span << 1)
      for (let start = 0; start < n; start += span << 1) {
        for (let k = 0, twiddle = 0; k < span; k++, twiddle += step) {
          const wr = cosTable[twiddle]!
          const wi = sign * sinTable[twiddle]!
          const a = start + k
          const b = a + span
          const br = real[b]!
          const bi = imag[b]!
          const tr = br * wr - bi * wi
          const ti = br * wi + bi * wr
          const ar = real[a]!
          const ai = imag[a]!
          real[b] = ar - tr
          imag[b] = ai - ti
          real[a] = ar + tr
          imag[a] = ai + ti
        }
      }
    }
  }
}

/**
 * Real-input FFT of size N (a power of two, at least 2) producing the N/2 + 1 non-negative
 * frequency bins. Not safe to share between concurrent callers: it owns scratch buffers.
 */
export class RealFft {
  readonly size: number
  /** Number of output bins: size / 2 + 1. */
  readonly binCount: number
  private readonly half: ComplexFft
  private readonly bufferReal: Float64Array
  private readonly bufferImag: Float64Array
  private readonly twiddleCos: Float64Array
  private readonly twiddleSin: Float64Array

  constructor(size: number) {
    if (!isPowerOfTwo(size) || size < 2) {
      throw new RangeError(`Real FFT size must be a power of two ≥ 2, got ${size}`)
    }
    this.size = size
    this.binCount = size / 2 + 1
    const half = size >> 1
    this.half = new ComplexFft(half)
    this.bufferReal = new Float64Array(half)
    this.bufferImag = new Float64Array(half)
    this.twiddleCos = new Float64Array(half + 1)
    this.twiddleSin = new Float64Array(half + 1)
    for (let k = 0; k <= half; k++) {
      this.twiddleCos[k] = Math.cos((2 * Math.PI * k) / size)
      this.twiddleSin[k] = -Math.sin((2 * Math.PI * k) / size)
    }
  }

  /**
   * Forward transform of `input` (length `size`) into `outReal` / `outImag` (length ≥ binCount).
   */
  forward(input: SampleArray, outReal: SampleArray, outImag: SampleArray): void {
    const half = this.size >> 1
    const zr = this.bufferReal
    const zi = this.bufferImag
    for (let n = 0; n < half; n++) {
      zr[n] = input[2 * n]!
      zi[n] = input[2 * n + 1]!
    }
    this.half.forward(zr, zi)
    // Z[k] = E[k] + i·O[k] where E, O are the transforms of the even and odd samples;
    // X[k] = E[k] + W^k·O[k].
    for (let k = 0; k <= half; k++) {
      const kk = k === half ? 0 : k
      const mk = k === 0 ? 0 : half - k
      const ar = zr[kk]!
      const ai = zi[kk]!
      const br = zr[mk]!
      const bi = -zi[mk]!
      const evenR = 0.5 * (ar + br)
      const evenI = 0.5 * (ai + bi)
      // O[k] = (Z[k] - conj(Z[N/2-k])) / (2i)
      const oddR = 0.5 * (ai - bi)
      const oddI = -0.5 * (ar - br)
      const wr = this.twiddleCos[k]!
      const wi = this.twiddleSin[k]!
      outReal[k] = evenR + oddR * wr - oddI * wi
      outImag[k] = evenI + oddR * wi + oddI * wr
    }
  }

  /**
   * Inverse transform of the binCount bins in `real` / `imag` into `output` (length `size`),
   * scaled by 1/size. The imaginary parts of the DC and Nyquist bins are ignored.
   */
  inverse(real: SampleArray, imag: SampleArray, output: SampleArray): void {
    const half = this.size >> 1
    const zr = this.bufferReal
    const zi = this.bufferImag
    // Rebuild Z[k] = E[k] + i·O[k] from X[k] and X[N/2-k]:
    // E[k] = (X[k] + conj(X[N/2-k])) / 2, O[k] = (X[k] - conj(X[N/2-k])) · W^-k / 2.
    for (let k = 0; k < half; k++) {
      const xr = real[k]!
      const xi = k === 0 ? 0 : imag[k]!
      const yr = real[half - k]!
      const yi = k === 0 ? 0 : -imag[half - k]!
      const evenR = 0.5 * (xr + yr)
      const evenI = 0.5 * (xi + yi)
      const diffR = 0.5 * (xr - yr)
      const diffI = 0.5 * (xi - yi)
      const wr = this.twiddleCos[k]!
      const wi = -this.twiddleSin[k]!
      const oddR = diffR * wr - diffI * wi
      const oddI = diffR * wi + diffI * wr
      zr[k] = evenR - oddI
      zi[k] = evenI + oddR
    }
    this.half.inverse(zr, zi)
    for (let n = 0; n < half; n++) {
      output[2 * n] = zr[n]!
      output[2 * n + 1] = zi[n]!
    }
  }
}
