import { describe, expect, it } from 'vitest'
import { Mixdown, type MixdownOptions } from './mixdown'
import { createRandom } from './random'
import type { MixBus } from './synth/bus'
import { createMixBus } from './synth/bus'

const RATE = 44100

/** Four seconds of noise bursts with a DC offset on the channels and the send. */
function noisyBus(): MixBus {
  const bus = createMixBus(RATE, RATE * 4)
  const random = createRandom(17)
  for (let index = 0; index < bus.length; index++) {
    const burst = index % 11025 < 2000 ? 1 : 0.05
    bus.left[index] = 0.1 + burst * (random.next() - 0.5)
    bus.right[index] = -0.05 + burst * (random.next() - 0.5)
    bus.reverbSend[index] = burst * (random.next() - 0.5)
  }
  return bus
}

function copyOf(bus: MixBus): MixBus {
  return {
    ...bus,
    left: bus.left.slice(),
    right: bus.right.slice(),
    reverbSend: bus.reverbSend.slice(),
  }
}

/** Every stage at once: the room, the lo-fi tape, the rumble filter and a fade. */
function allStages(): MixdownOptions {
  return {
    reverb: { roomSize: 0.7, damping: 0.5, wet: 0.9 },
    tape: createRandom(3).fork('tape'),
    fadeSeconds: 1.5,
  }
}

describe('Mixdown', () => {
  it('finishes a bus in ragged stretches exactly as in one go', () => {
    const whole = noisyBus()
    const ragged = copyOf(whole)
    new Mixdown(whole, allStages()).finishUntil(whole.length)

    const mixdown = new Mixdown(ragged, allStages())
    for (let size = 1; mixdown.finishedUntil < ragged.length; size = (size * 7 + 3) % 20011) {
      mixdown.finishUntil(mixdown.finishedUntil + size)
    }
    expect(Buffer.compare(Buffer.from(ragged.left.buffer), Buffer.from(whole.left.buffer))).toBe(0)
    expect(Buffer.compare(Buffer.from(ragged.right.buffer), Buffer.from(whole.right.buffer))).toBe(
      0,
    )
  })

  it('touches nothing at or after the point it was asked to finish up to', () => {
    const bus = noisyBus()
    const untouched = bus.left.slice(RATE)
    const mixdown = new Mixdown(bus, allStages())
    mixdown.finishUntil(RATE)
    expect(mixdown.finishedUntil).toBe(RATE)
    expect(bus.left.subarray(RATE)).toEqual(untouched)
    mixdown.finishUntil(RATE / 2)
    expect(mixdown.finishedUntil).toBe(RATE)
  })

  it('removes the DC offset and fades the end to silence', () => {
    const bus = noisyBus()
    new Mixdown(bus, { reverb: undefined, tape: undefined, fadeSeconds: 1.5 }).finishUntil(
      bus.length,
    )
    const mean = (channel: Float32Array, from: number, to: number) =>
      channel.subarray(from, to).reduce((sum, value) => sum + value, 0) / (to - from)
    expect(Math.abs(mean(bus.left, RATE, 2 * RATE))).toBeLessThan(0.005)
    expect(Math.abs(mean(bus.right, RATE, 2 * RATE))).toBeLessThan(0.005)
    expect(bus.left[bus.length - 1]).toBeCloseTo(0, 6)
    const last = bus.left.subarray(bus.length - 100)
    expect(Math.max(...last.map(Math.abs))).toBeLessThan(1e-4)
  })
})
