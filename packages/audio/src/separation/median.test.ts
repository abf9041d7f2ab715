import { describe, expect, it } from 'vitest'
import { medianOfThirteenBits, runningMedian, smallMedian } from './median'

function bruteMedian(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

describe('runningMedian', () => {
  it('matches a brute-force median along a strided sequence, ends included', () => {
    const count = 40
    const stride = 3
    const input = new Float32Array(count * stride)
    for (let i = 0; i < input.length; i++)
      input[i] = Math.fround((Math.sin(i * 12.9898) * 43758.5453) % 1)
    const output = new Float32Array(input.length)
    const window = 7
    runningMedian(input, output, 1, stride, count, window, new Float32Array(window))
    for (let i = 0; i < count; i++) {
      const neighbours: number[] = []
      for (let j = Math.max(0, i - 3); j <= Math.min(count - 1, i + 3); j++)
        neighbours.push(input[1 + j * stride]!)
      expect(output[1 + i * stride]).toBeCloseTo(bruteMedian(neighbours), 6)
    }
    // Other positions of the strided array are left alone.
    expect(output[0]).toBe(0)
  })

  it('copes with repeated values and a window longer than the sequence', () => {
    const input = Float32Array.from([2, 2, 2, 5, 5])
    const output = new Float32Array(5)
    runningMedian(input, output, 0, 1, 5, 11, new Float32Array(11))
    expect(Array.from(output)).toEqual([2, 2, 2, 2, 2])
  })
})

describe('smallMedian', () => {
  it('finds the median of odd and even counts', () => {
    expect(smallMedian(Float32Array.from([5, 1, 4, 2, 3]), 5)).toBe(3)
    expect(smallMedian(Float32Array.from([4, 1, 3, 2, 99]), 4)).toBe(2.5)
  })
})

describe('medianOfThirteenBits', () => {
  const medianOf = (values: Float32Array): number => {
    const result = new Int32Array([medianOfThirteenBits(new Int32Array(values.buffer))])
    return new Float32Array(result.buffer)[0]!
  }

  it('picks the middle of every arrangement of zeros and ones', () => {
    // A network of comparisons that is right for every input of zeros and ones is right for any.
    for (let pattern = 0; pattern < 1 << 13; pattern++) {
      const bits = Int32Array.from({ length: 13 }, (_, i) => (pattern >> i) & 1)
      const ones = bits.reduce((sum, bit) => sum + bit, 0)
      expect(medianOfThirteenBits(bits)).toBe(ones >= 7 ? 1 : 0)
    }
  })

  it('agrees with sorting on magnitudes, zeros, repeats and extremes', () => {
    let seed = 7
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    for (let trial = 0; trial < 2000; trial++) {
      const values = Float32Array.from({ length: 13 }, () => {
        const pick = random()
        if (trial % 4 === 0) return Math.floor(pick * 3)
        return pick < 0.05 ? 0 : pick < 0.1 ? 3.4e38 : pick < 0.15 ? 1e-40 : random() ** 4 * 50
      })
      expect(medianOf(values)).toBe(smallMedian(values.slice(), 13))
    }
  })
})
