import { describe, expect, it } from 'vitest'
import { AudioError } from '../../src/errors'
import { findPreset, parseSoundFont, playNote, voicesFor, type SoundFont } from './soundFont'
import {
  buildSoundFont,
  sineSample,
  squareSample,
  TEST_FONT_SAMPLE_RATE as SAMPLE_RATE,
} from './testSoundFont'

// 441 Hz = 100 samples per cycle at 44.1 kHz; keys 0-64 play the sine (looped), 65-127 the
// square, and velocities above 100 add a quiet second layer. Release of 0.1 s (timecents
// 1200·log2(0.1) ≈ -3986), sustain at full level.
const KEY_RANGE = 43
const VELOCITY_RANGE = 44
const range = (low: number, high: number): number => low | (high << 8)
const fontBytes = buildSoundFont(
  [sineSample('sine', 100, 20, 69), squareSample('square', 100, 20)],
  [
    {
      name: 'test instrument',
      zones: [
        [[38, -3986]],
        [
          [KEY_RANGE, range(0, 64)],
          [54, 1],
          [53, 0],
        ],
        [
          [KEY_RANGE, range(65, 127)],
          [54, 1],
          [17, 500],
          [53, 1],
        ],
        [
          [KEY_RANGE, range(0, 64)],
          [VELOCITY_RANGE, range(101, 127)],
          [48, 200],
          [54, 1],
          [53, 0],
        ],
      ],
    },
  ],
  [
    { name: 'Test Piano', program: 0, bank: 0, zones: [[[41, 0]]] },
    {
      name: 'Detuned',
      program: 5,
      bank: 0,
      zones: [
        [
          [51, 12],
          [41, 0],
        ],
      ],
    },
  ],
)

function render(font: SoundFont, program: number, key: number, velocity: number, seconds = 0.5) {
  const left = new Float32Array(Math.round(seconds * SAMPLE_RATE))
  const right = new Float32Array(left.length)
  playNote(
    font,
    findPreset(font, 0, program),
    { start: 0, duration: 0.2, key, velocity },
    { left, right, sampleRate: SAMPLE_RATE },
  )
  return { left, right }
}

/** Frequency from rising zero crossings between two times. */
function frequencyOf(samples: Float32Array, from: number, to: number): number {
  const start = Math.round(from * SAMPLE_RATE)
  const end = Math.round(to * SAMPLE_RATE)
  const crossings: number[] = []
  for (let i = start + 1; i < end; i++) {
    if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings.push(i)
  }
  return ((crossings.length - 1) * SAMPLE_RATE) / (crossings.at(-1)! - crossings[0]!)
}

function rms(samples: Float32Array, from: number, to: number): number {
  let sum = 0
  const start = Math.round(from * SAMPLE_RATE)
  const end = Math.round(to * SAMPLE_RATE)
  for (let i = start; i < end; i++) sum += samples[i]! ** 2
  return Math.sqrt(sum / (end - start))
}

describe('parseSoundFont', () => {
  const font = parseSoundFont(fontBytes)

  it('reads presets, instruments, zones and samples', () => {
    expect(font.presets.map((preset) => preset.name)).toEqual(['Test Piano', 'Detuned'])
    expect(font.instruments[0]!.globalZone).toBeDefined()
    expect(font.instruments[0]!.zones).toHaveLength(3)
    expect(font.samples.map((sample) => sample.name)).toEqual(['sine', 'square'])
    expect(font.samples[0]!.loopEnd - font.samples[0]!.loopStart).toBe(100)
  })

  it('picks zones by key and velocity range', () => {
    const piano = findPreset(font, 0, 0)
    expect(voicesFor(font, piano, 60, 80).map((voice) => voice.sample.name)).toEqual(['sine'])
    expect(voicesFor(font, piano, 70, 80).map((voice) => voice.sample.name)).toEqual(['square'])
    expect(voicesFor(font, piano, 60, 120)).toHaveLength(2)
  })

  it('refuses a file that is not a SoundFont, or one cut short, with a Chinese reason', () => {
    expect(() => parseSoundFont(new Uint8Array(40))).toThrow(AudioError)
    expect(() => parseSoundFont(fontBytes.subarray(0, fontBytes.length - 200))).toThrow(/音色库/)
    expect(() => findPreset(font, 128, 0)).toThrow(AudioError)
  })
})

describe('playNote', () => {
  const font = parseSoundFont(fontBytes)

  it('plays the sample at the pitch of the key, through its loop, past the sample end', () => {
    const at69 = render(font, 0, 57 + 12, 100)
    // The 2000-point sample lasts 45 ms; the loop keeps it sounding for the held 0.2 s.
    expect(frequencyOf(at69.left, 0.1, 0.19)).toBeCloseTo(441, 0)
    const octaveDown = render(font, 0, 57, 100)
    expect(frequencyOf(octaveDown.left, 0.1, 0.19)).toBeCloseTo(220.5, 0)
    // The preset's coarse tune (+12 semitones) adds to the instrument's tuning.
    const detuned = render(font, 5, 57, 100)
    expect(frequencyOf(detuned.left, 0.1, 0.19)).toBeCloseTo(441, 0)
  })

  it('releases with the zone envelope and falls silent', () => {
    const { left } = render(font, 0, 60, 100)
    expect(rms(left, 0.1, 0.2)).toBeGreaterThan(0.1)
    expect(rms(left, 0.25, 0.3)).toBeLessThan(rms(left, 0.1, 0.2) / 10)
    expect(rms(left, 0.31, 0.5)).toBe(0)
  })

  it('pans a zone and scales with velocity', () => {
    const square = render(font, 0, 72, 100)
    expect(rms(square.left, 0.05, 0.15)).toBeLessThan(1e-6)
    expect(rms(square.right, 0.05, 0.15)).toBeGreaterThan(0.1)
    const soft = render(font, 0, 60, 50)
    const loud = render(font, 0, 60, 100)
    expect(rms(soft.left, 0.05, 0.15) / rms(loud.left, 0.05, 0.15)).toBeCloseTo(0.25, 1)
  })
})
