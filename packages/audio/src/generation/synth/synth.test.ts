import { describe, expect, it } from 'vitest'
import { createRandom } from '../random'
import { createMixBus, place } from './bus'
import { createDrumSounds } from './drums'
import { playKeys } from './keys'
import { createWindLead } from './lead'
import { createPluck } from './pluck'
import { Reverb } from './reverb'
import { createVowelVoice, vowelFor } from './voice'

const RATE = 44100

/** Fundamental by autocorrelation with parabolic interpolation, searched between 60 and 1500 Hz. */
function fundamental(samples: Float32Array): number {
  const minLag = Math.floor(RATE / 1500)
  const maxLag = Math.ceil(RATE / 60)
  const correlations = new Float64Array(maxLag + 2)
  for (let lag = minLag - 1; lag <= maxLag + 1; lag++) {
    let sum = 0
    for (let index = 0; index + lag < samples.length; index++)
      sum += (samples[index] as number) * (samples[index + lag] as number)
    correlations[lag] = sum / (samples.length - lag)
  }
  let best = minLag
  for (let lag = minLag; lag <= maxLag; lag++) {
    if ((correlations[lag] as number) > (correlations[best] as number)) best = lag
  }
  // The first peak close to the best one avoids picking a multiple of the period.
  for (let lag = minLag; lag < best; lag++) {
    const value = correlations[lag] as number
    if (
      value > 0.9 * (correlations[best] as number) &&
      value >= (correlations[lag - 1] as number) &&
      value >= (correlations[lag + 1] as number)
    ) {
      best = lag
      break
    }
  }
  const before = correlations[best - 1] as number
  const at = correlations[best] as number
  const after = correlations[best + 1] as number
  const shift = (before - after) / (2 * (before - 2 * at + after))
  return RATE / (best + shift)
}

function cents(measured: number, wanted: number): number {
  return 1200 * Math.log2(measured / wanted)
}

describe('plucked string (Karplus-Strong)', () => {
  it.each([82.41, 196, 440, 659.25, 1046.5])('is in tune at %s Hz', (frequency) => {
    const bus = createMixBus(RATE, RATE)
    const pluck = createPluck(
      RATE,
      { brightness: 0.6, sustainSeconds: 2, drive: 0 },
      createRandom(1).next,
    )
    pluck.play(bus, { start: 0, length: RATE, frequency, velocity: 1, placement: place(0, 1, 0) })
    const measured = fundamental(bus.left.subarray(2000, 2000 + 8192))
    expect(Math.abs(cents(measured, frequency))).toBeLessThan(5)
  })

  it('decays and stays bounded', () => {
    const bus = createMixBus(RATE, RATE * 2)
    const pluck = createPluck(
      RATE,
      { brightness: 1, sustainSeconds: 1, drive: 0.6 },
      createRandom(2).next,
    )
    pluck.play(bus, {
      start: 0,
      length: RATE * 2,
      frequency: 110,
      velocity: 1,
      placement: place(0, 1, 0),
    })
    const early = Math.max(...bus.left.subarray(0, 4410).map(Math.abs))
    const late = Math.max(...bus.left.subarray(RATE, RATE + 4410).map(Math.abs))
    expect(early).toBeLessThan(2)
    expect(late).toBeLessThan(early * 0.1)
  })
})

describe('lead voice', () => {
  it.each(['a', 'o', 'u', 'e', 'i'] as const)(
    'sings "%s" at the note pitch (vibrato averages out)',
    (vowel) => {
      const bus = createMixBus(RATE, RATE)
      createVowelVoice(RATE, 3).sing(bus, {
        start: 0,
        length: RATE,
        frequency: 329.63,
        velocity: 1,
        placement: place(0, 1, 0),
        vowel,
        glideFrom: undefined,
        consonant: false,
      })
      // Before the vibrato starts (it comes in after 180 ms).
      const measured = fundamental(bus.left.subarray(2500, 2500 + 4096))
      expect(Math.abs(cents(measured, 329.63))).toBeLessThan(10)
    },
  )

  it('picks vowels from syllables', () => {
    expect(vowelFor('')).toBe('u')
    expect(vowelFor('love')).toBe('o')
    expect(vowelFor('sing')).toBe('i')
    expect(vowelFor('海')).toBe(vowelFor('海'))
  })
})

describe('other instruments', () => {
  it('keys and wind leads sound at the note pitch', () => {
    const bus = createMixBus(RATE, RATE)
    playKeys(
      bus,
      { start: 0, length: RATE, frequency: 261.63, velocity: 1, placement: place(0, 1, 0) },
      { brightness: 0.5, decaySeconds: 2 },
    )
    expect(Math.abs(cents(fundamental(bus.left.subarray(4000, 8096)), 261.63))).toBeLessThan(5)
    const windBus = createMixBus(RATE, RATE)
    createWindLead(RATE, 4, 'flute').play(windBus, {
      start: 0,
      length: RATE,
      frequency: 523.25,
      velocity: 1,
      placement: place(0, 1, 0),
    })
    expect(Math.abs(cents(fundamental(windBus.left.subarray(3000, 7096)), 523.25))).toBeLessThan(10)
  })

  it('makes the same drum kit from the same seed, and a different one from another', () => {
    const first = createDrumSounds('pop', RATE, createRandom(1))
    const again = createDrumSounds('pop', RATE, createRandom(1))
    const other = createDrumSounds('pop', RATE, createRandom(2))
    expect(first.snare).toEqual(again.snare)
    expect(first.snare).not.toEqual(other.snare)
    expect(Math.max(...first.kick.map(Math.abs))).toBeGreaterThan(0.5)
  })

  it('places voices with constant power', () => {
    for (const pan of [-1, -0.5, 0, 0.3, 1]) {
      const placement = place(pan, 1, 0)
      expect(placement.left ** 2 + placement.right ** 2).toBeCloseTo(1, 6)
    }
  })

  it('adds a decaying stereo reverb tail from the send', () => {
    const bus = createMixBus(RATE, RATE * 3)
    bus.reverbSend[0] = 1
    new Reverb(RATE, { roomSize: 0.7, damping: 0.5, wet: 1 }).process(bus, 0, bus.length)
    const energy = (channel: Float32Array, from: number, to: number) =>
      channel.subarray(from, to).reduce((sum, value) => sum + value * value, 0)
    expect(energy(bus.left, 0, RATE / 2)).toBeGreaterThan(0)
    expect(energy(bus.left, RATE * 2, RATE * 3)).toBeLessThan(energy(bus.left, 0, RATE / 2) * 0.01)
    expect(bus.left).not.toEqual(bus.right)
  })
})
