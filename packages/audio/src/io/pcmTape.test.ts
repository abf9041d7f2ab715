import { describe, expect, it } from 'vitest'
import { PcmTape } from './pcmTape'

describe('PcmTape', () => {
  it('gives back what was written to within half a 16-bit step of its headroom', () => {
    const tape = new PcmTape(8000, 2, 10, 2)
    const left = Float32Array.from({ length: 300_000 }, (_, i) => 1.9 * Math.sin(i / 7))
    const right = left.map((value) => -value / 3)
    // Written in pieces larger than the expected length, so the tape has to grow.
    for (let start = 0; start < left.length; start += 70_001) {
      tape.write([left.subarray(start, start + 70_001), right.subarray(start, start + 70_001)])
    }
    expect(tape.frames).toBe(left.length)
    expect(tape.overflow).toBe(false)
    let worst = 0
    let position = 0
    for (const chunk of tape.chunks()) {
      chunk.forEach((channel, c) => {
        const source = c === 0 ? left : right
        channel.forEach((value, i) => {
          worst = Math.max(worst, Math.abs(value - (source[position + i] as number)))
        })
      })
      position += chunk[0]!.length
    }
    expect(position).toBe(left.length)
    expect(worst).toBeLessThanOrEqual(2 / 32767 / 2 + 1e-7)
  })

  it('reads any range, with silence past the end, and reports values beyond its headroom', () => {
    const tape = new PcmTape(8000, 1, 4, 1)
    tape.write([Float32Array.from([0.5, -0.25, 1.5, 0])])
    const out = [new Float32Array(4)]
    tape.read(1, out)
    expect(Array.from(out[0]!).map((value) => Math.round(value * 1000) / 1000)).toEqual([
      -0.25, 1, 0, 0,
    ])
    expect(tape.overflow).toBe(true)
    expect(tape.peak).toBe(1.5)
  })
})
