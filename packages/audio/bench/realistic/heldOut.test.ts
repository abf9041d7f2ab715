import { describe, expect, it } from 'vitest'
import { synthesizeVoice } from '../fixtures/voice'
import { renderHeldOutSong } from './heldOut'
import { MIX_KINDS } from './set'

const SAMPLE_RATE = 44_100

function energy(channels: readonly Float32Array[]): number {
  return channels.reduce((sum, channel) => sum + channel.reduce((s, x) => s + x * x, 0), 0)
}

describe('the formant voice given notes', () => {
  it('sings each note at its pitch, within its vibrato, and is silent between them', () => {
    const { f0 } = synthesizeVoice({
      seed: 3,
      voice: 'female',
      seconds: 3,
      notes: [
        { start: 0.5, duration: 0.5, midi: 64 },
        { start: 1.5, duration: 0.8, midi: 71.5 },
      ],
    })
    const centsAt = (seconds: number, midi: number) =>
      1200 *
      Math.log2((f0[Math.round(seconds * SAMPLE_RATE)] ?? 0) / (440 * 2 ** ((midi - 69) / 12)))
    expect(Math.abs(centsAt(0.75, 64))).toBeLessThan(40)
    expect(Math.abs(centsAt(2, 71.5))).toBeLessThan(40)
    expect(f0[Math.round(0.25 * SAMPLE_RATE)]).toBe(0)
    expect(f0[Math.round(1.2 * SAMPLE_RATE)]).toBe(0)
    expect(f0[Math.round(2.6 * SAMPLE_RATE)]).toBe(0)
  })
})

describe('renderHeldOutSong', () => {
  const song = renderHeldOutSong(402, 4)

  it('gives the three mixes, each mixture exactly the sum of its two non-silent stems', () => {
    for (const kind of MIX_KINDS) {
      const example = song.examples[kind]
      expect(example.mixture.channels).toHaveLength(kind === 'mono' ? 1 : 2)
      let mismatch = 0
      example.mixture.channels.forEach((channel, c) => {
        expect(channel.length).toBe(4 * SAMPLE_RATE)
        const vocals = example.vocals.channels[c] ?? new Float32Array(0)
        const accompaniment = example.accompaniment.channels[c] ?? new Float32Array(0)
        for (let i = 0; i < channel.length; i++) {
          const sum = (vocals[i] ?? 0) + (accompaniment[i] ?? 0)
          mismatch = Math.max(mismatch, Math.abs((channel[i] ?? 0) - sum))
        }
      })
      expect(mismatch).toBeLessThan(1e-6)
      expect(energy(example.vocals.channels)).toBeGreaterThan(0)
      expect(energy(example.accompaniment.channels)).toBeGreaterThan(0)
    }
  })

  it('names the song by the generation style and seed', () => {
    expect(song.name).toMatch(/^[a-z]+-402$/)
    expect(song.examples.produced.name).toBe(`${song.name}-produced`)
  })
})
