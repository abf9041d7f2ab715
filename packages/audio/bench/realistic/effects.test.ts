import { describe, expect, it } from 'vitest'
import { compressorGain, pingPongDelay, stereoReverb } from './effects'

const SAMPLE_RATE = 22_050

function energy(samples: Float32Array, from: number, to: number): number {
  let sum = 0
  for (let i = Math.round(from * SAMPLE_RATE); i < Math.round(to * SAMPLE_RATE); i++) {
    sum += samples[i]! ** 2
  }
  return sum
}

describe('stereoReverb', () => {
  const impulse = new Float32Array(3 * SAMPLE_RATE)
  impulse[0] = 1
  const input = { left: impulse, right: impulse }

  it('rings on after the input, longer for a larger room, and differently on each side', () => {
    const hall = stereoReverb(input, {
      sampleRate: SAMPLE_RATE,
      roomSize: 0.95,
      damping: 0.3,
      preDelay: 0.03,
    })
    const room = stereoReverb(input, {
      sampleRate: SAMPLE_RATE,
      roomSize: 0.4,
      damping: 0.3,
      preDelay: 0.03,
    })
    expect(energy(hall.left, 0, 0.03)).toBe(0)
    const hallDecay = energy(hall.left, 1.5, 2) / energy(hall.left, 0, 0.5)
    const roomDecay = energy(room.left, 1.5, 2) / energy(room.left, 0, 0.5)
    expect(hallDecay).toBeGreaterThan(1e-3)
    expect(roomDecay).toBeLessThan(hallDecay / 100)
    let difference = 0
    for (let i = 0; i < hall.left.length; i++) difference += (hall.left[i]! - hall.right[i]!) ** 2
    expect(difference).toBeGreaterThan(energy(hall.left, 0, 3) * 0.5)
  })
})

describe('pingPongDelay', () => {
  it('repeats on the left first, then on the right, each repeat quieter', () => {
    const input = new Float32Array(SAMPLE_RATE)
    input[0] = 1
    const { left, right } = pingPongDelay(input, {
      sampleRate: SAMPLE_RATE,
      time: 0.1,
      feedback: 0.5,
    })
    expect(energy(left, 0, 0.09)).toBe(0)
    expect(energy(left, 0.09, 0.19)).toBeGreaterThan(0)
    expect(energy(right, 0, 0.19)).toBe(0)
    expect(energy(right, 0.19, 0.29)).toBeGreaterThan(0)
    expect(energy(right, 0.19, 0.29)).toBeLessThan(energy(left, 0.09, 0.19))
  })
})

describe('compressorGain', () => {
  it('leaves quiet passages alone and takes (1 - 1/ratio) of the excess off loud ones', () => {
    const quiet = 0.05
    const loud = 0.8
    const signal = Float32Array.from({ length: 2 * SAMPLE_RATE }, (_, i) =>
      i < SAMPLE_RATE ? quiet : loud,
    )
    const gain = compressorGain(
      { left: signal, right: signal },
      {
        sampleRate: SAMPLE_RATE,
        thresholdDb: -12,
        ratio: 4,
        attackSeconds: 0.01,
        releaseSeconds: 0.1,
      },
    )
    expect(gain[SAMPLE_RATE - 1]).toBeCloseTo(1, 6)
    const overDb = 20 * Math.log10(loud) + 12
    expect(20 * Math.log10(gain.at(-1)!)).toBeCloseTo(-overDb * 0.75, 2)
  })
})
