import { describe, expect, it } from 'vitest'
import { arrangeSong, REALISTIC_STYLES } from './arrangement'

describe('arrangeSong', () => {
  it('is the same for the same seed and differs between seeds', () => {
    expect(arrangeSong('pop', 7, 20)).toEqual(arrangeSong('pop', 7, 20))
    expect(arrangeSong('pop', 8, 20).parts[0]!.notes).not.toEqual(
      arrangeSong('pop', 7, 20).parts[0]!.notes,
    )
  })

  it('plays drums, bass, chords and a melody in every style, within the excerpt', () => {
    for (const style of REALISTIC_STYLES) {
      const song = arrangeSong(style, 3, 20)
      expect(song.parts.map((part) => part.name).slice(0, 3)).toEqual(['drums', 'bass', 'chords'])
      for (const part of song.parts) {
        expect(part.notes.length, `${style} ${part.name}`).toBeGreaterThan(4)
        for (const note of part.notes) {
          expect(note.start).toBeGreaterThanOrEqual(0)
          expect(note.start).toBeLessThan(20)
          expect(note.velocity).toBeGreaterThanOrEqual(1)
          expect(note.velocity).toBeLessThanOrEqual(127)
        }
      }
      expect(song.melody.length, style).toBeGreaterThan(10)
    }
  })

  it('is humanised: hits land off the grid and no two bars of drums are the same', () => {
    const song = arrangeSong('pop', 11, 20)
    const beatSeconds = 60 / song.tempo
    const sixteenth = beatSeconds / 4
    const drums = song.parts[0]!.notes
    const offGrid = drums.filter((note) => {
      const steps = note.start / sixteenth
      return Math.abs(steps - Math.round(steps)) * sixteenth > 0.001
    })
    expect(offGrid.length / drums.length).toBeGreaterThan(0.7)
    // Each bar's hits relative to its downbeat: timing and velocity differ from bar to bar.
    const bars = new Map<number, string>()
    for (const note of drums) {
      const bar = Math.floor(note.start / (4 * beatSeconds) + 0.02)
      const relative = (note.start - bar * 4 * beatSeconds).toFixed(4)
      bars.set(bar, `${bars.get(bar) ?? ''}${note.key}@${relative}:${note.velocity} `)
    }
    const patterns = [...bars.values()]
    expect(new Set(patterns).size).toBe(patterns.length)
  })

  it('sings a melody of Chinese syllables in a singer’s range, one note after another', () => {
    for (const style of REALISTIC_STYLES) {
      const { melody } = arrangeSong(style, 5, 30)
      for (const note of melody) {
        expect(note.syllable).toMatch(/^\p{Script=Han}$/u)
        expect(note.key).toBeGreaterThanOrEqual(50)
        expect(note.key).toBeLessThanOrEqual(82)
      }
      for (let i = 1; i < melody.length; i++) {
        expect(melody[i]!.start).toBeGreaterThan(melody[i - 1]!.start)
      }
      expect(melody.some((note) => note.chorus)).toBe(true)
    }
  })
})
