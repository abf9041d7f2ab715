import { describe, expect, it } from 'vitest'
import { runningMedian, smallMedian } from './median'

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
