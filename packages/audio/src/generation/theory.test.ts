import { describe, expect, it } from 'vitest'
import {
  buildChord,
  formatKey,
  keyPitchClasses,
  nearestScaleIndexWithPitchClass,
  parseKey,
  scaleIndexToMidi,
  MAJOR_SCALE,
} from './theory'

describe('parseKey', () => {
  it.each([
    ['C', { tonic: 0, mode: 'major' }],
    ['F#', { tonic: 6, mode: 'major' }],
    ['Bb major', { tonic: 10, mode: 'major' }],
    ['Am', { tonic: 9, mode: 'minor' }],
    ['A minor', { tonic: 9, mode: 'minor' }],
    ['a', { tonic: 9, mode: 'minor' }],
    ['C大调', { tonic: 0, mode: 'major' }],
    ['a小调', { tonic: 9, mode: 'minor' }],
    ['降E大调', { tonic: 3, mode: 'major' }],
    ['升F小调', { tonic: 6, mode: 'minor' }],
    ['G调', { tonic: 7, mode: 'major' }],
  ])('reads %s', (text, key) => {
    expect(parseKey(text)).toEqual(key)
  })

  it.each(['', 'H', 'C lydian', '<script>', '随便'])('refuses %s', (text) => {
    expect(parseKey(text)).toBeUndefined()
  })

  it('formats keys', () => {
    expect(formatKey({ tonic: 3, mode: 'major' })).toBe('Eb major')
    expect(formatKey({ tonic: 9, mode: 'minor' })).toBe('A minor')
  })
})

describe('chords and scales', () => {
  it('builds diatonic triads and sevenths', () => {
    const cMajor = { tonic: 0, mode: 'major' } as const
    expect(buildChord(cMajor, 0, false).pitchClasses).toEqual([0, 4, 7])
    expect(buildChord(cMajor, 4, true).pitchClasses).toEqual([7, 11, 2, 5])
    expect(buildChord({ tonic: 9, mode: 'minor' }, 0, false).pitchClasses).toEqual([9, 0, 4])
  })

  it('maps scale indices across octaves', () => {
    expect(scaleIndexToMidi(0, MAJOR_SCALE, 60)).toBe(60)
    expect(scaleIndexToMidi(7, MAJOR_SCALE, 60)).toBe(72)
    expect(scaleIndexToMidi(-1, MAJOR_SCALE, 60)).toBe(59)
  })

  it('snaps to the nearest wanted pitch class', () => {
    const index = nearestScaleIndexWithPitchClass(new Set([7]), 3, MAJOR_SCALE, 60)
    expect(scaleIndexToMidi(index, MAJOR_SCALE, 60) % 12).toBe(7)
    expect(Math.abs(index - 3)).toBeLessThanOrEqual(1)
  })

  it('restricts pentatonic keys to five pitch classes', () => {
    expect([...keyPitchClasses({ tonic: 0, mode: 'major' }, true)].sort((a, b) => a - b)).toEqual([
      0, 2, 4, 7, 9,
    ])
  })
})
