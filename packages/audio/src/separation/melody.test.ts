import { describe, expect, it } from 'vitest'
import { stft } from '../dsp/stft'
import { pitchMovement, trackMelody } from './melody'
import { noise } from './testSignals'

const SAMPLE_RATE = 22_050
const FRAME_SIZE = 1024
const HOP_SIZE = 512

function magnitudeOf(signal: Float32Array): {
  magnitude: Float32Array
  frameCount: number
  bins: number
} {
  const spectrum = stft(signal, { frameSize: FRAME_SIZE, hopSize: HOP_SIZE })
  const magnitude = new Float32Array(spectrum.real.length)
  for (let i = 0; i < magnitude.length; i++) {
    magnitude[i] = Math.hypot(spectrum.real[i]!, spectrum.imag[i]!)
  }
  return { magnitude, frameCount: spectrum.frameCount, bins: spectrum.binCount }
}

/** A sung-like line: harmonic tone with 6 Hz vibrato, two notes with a pause between them. */
function singer(seconds: number, notes: { from: number; to: number; hz: number }[]): Float32Array {
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE))
  let phase = 0
  for (let i = 0; i < out.length; i++) {
    const time = i / SAMPLE_RATE
    const note = notes.find((n) => time >= n.from && time < n.to)
    if (!note) continue
    const f0 = note.hz * 2 ** ((0.5 * Math.sin(2 * Math.PI * 6 * time)) / 12)
    phase += (2 * Math.PI * f0) / SAMPLE_RATE
    for (let h = 1; h <= 12; h++) out[i]! += (0.2 / h) * Math.sin(h * phase)
  }
  return out
}

const analysis = { binHz: SAMPLE_RATE / FRAME_SIZE, frameSeconds: HOP_SIZE / SAMPLE_RATE }

function semitonesBetween(a: number, b: number): number {
  return Math.abs(12 * Math.log2(a / b))
}

describe('trackMelody', () => {
  const notes = [
    { from: 0.2, to: 1.4, hz: 220 },
    { from: 2.0, to: 3.2, hz: 330 },
  ]

  it('follows a vibrato line over noise and a bass drone, and is silent in the pause', () => {
    const voice = singer(3.6, notes)
    const hiss = noise(voice.length, 7, 0.05)
    const mix = voice.map(
      (x, i) => x + hiss[i]! + 0.3 * Math.sin((2 * Math.PI * 55 * i) / SAMPLE_RATE),
    )
    const { magnitude, frameCount, bins } = magnitudeOf(mix)
    const track = trackMelody(magnitude, frameCount, bins, analysis)
    const frameAt = (seconds: number): number => Math.round(seconds / analysis.frameSeconds) + 1
    let voicedRight = 0
    let voicedFrames = 0
    for (const note of notes) {
      for (let t = frameAt(note.from + 0.1); t < frameAt(note.to - 0.1); t++) {
        voicedFrames++
        // Within the vibrato's half-semitone swing plus a little.
        if (track.frequency[t]! > 0 && semitonesBetween(track.frequency[t]!, note.hz) < 0.8) {
          voicedRight++
        }
      }
    }
    expect(voicedRight / voicedFrames).toBeGreaterThan(0.9)
    let pauseVoiced = 0
    let pauseFrames = 0
    for (let t = frameAt(1.55); t < frameAt(1.85); t++) {
      pauseFrames++
      if (track.frequency[t]! > 0) pauseVoiced++
    }
    expect(pauseVoiced / pauseFrames).toBeLessThan(0.2)
  })

  it('reports no melody for silence and for an empty spectrogram', () => {
    const { magnitude, frameCount, bins } = magnitudeOf(new Float32Array(SAMPLE_RATE))
    const silent = trackMelody(magnitude, frameCount, bins, analysis)
    expect(silent.frequency.every((f) => f === 0)).toBe(true)
    const empty = trackMelody(new Float32Array(0), 0, bins, analysis)
    expect(empty.frequency.length).toBe(0)
  })
})

describe('pitchMovement', () => {
  const median = (values: Float32Array): number => {
    const sorted = Float32Array.from(values).sort()
    return sorted[Math.floor(sorted.length / 2)]!
  }
  const voicedMovement = (signal: Float32Array): Float32Array => {
    const { magnitude, frameCount, bins } = magnitudeOf(signal)
    const track = trackMelody(magnitude, frameCount, bins, analysis)
    const movement = pitchMovement(track.frequency, analysis.frameSeconds)
    return movement.filter((_, t) => track.frequency[t]! > 0)
  }

  it('finds a sung vibrato moving and a held instrument note still, from the audio', () => {
    const sung = voicedMovement(singer(3.6, [{ from: 0.2, to: 3.2, hz: 262 }]))
    const held = new Float32Array(Math.round(3.6 * SAMPLE_RATE))
    for (let i = Math.round(0.2 * SAMPLE_RATE); i < Math.round(3.2 * SAMPLE_RATE); i++) {
      for (let h = 1; h <= 12; h++) {
        held[i]! += (0.2 / h) * Math.sin((2 * Math.PI * 262 * h * i) / SAMPLE_RATE)
      }
    }
    const still = voicedMovement(held)
    expect(sung.length).toBeGreaterThan(50)
    expect(still.length).toBeGreaterThan(50)
    // A half-semitone vibrato deviates by about 35 cents (root mean square); a held note by none.
    expect(median(sung)).toBeGreaterThan(20)
    expect(median(still)).toBeLessThan(3)
  })

  it('does not count the step between two held notes as movement, and is 0 where unvoiced', () => {
    const frameSeconds = 0.02
    const f0 = new Float32Array(200)
    for (let t = 0; t < 200; t++) f0[t] = t < 40 ? 0 : t < 120 ? 220 : 330
    const movement = pitchMovement(f0, frameSeconds)
    expect(movement.subarray(0, 40).every((value) => value === 0)).toBe(true)
    expect(Math.max(...movement)).toBeLessThan(1e-3)
  })
})
