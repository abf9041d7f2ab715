/**
 * Keys, scales and chords. Pitches are MIDI note numbers (60 = middle C); pitch classes are 0..11
 * with 0 = C. Chords are built by stacking thirds inside the key's seven-note scale, so every chord
 * tone is in key; pentatonic styles keep those chords and restrict only the melody.
 */

export const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const

export type Mode = 'major' | 'minor'

export interface Key {
  /** Pitch class of the tonic, 0..11. */
  tonic: number
  mode: Mode
}

export const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11] as const
export const NATURAL_MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10] as const
export const MAJOR_PENTATONIC = [0, 2, 4, 7, 9] as const
export const MINOR_PENTATONIC = [0, 3, 5, 7, 10] as const

/** The seven scale steps (semitones above the tonic) that chords are built from. */
export function diatonicSteps(mode: Mode): readonly number[] {
  return mode === 'major' ? MAJOR_SCALE : NATURAL_MINOR_SCALE
}

/** The steps the melody may use on its own: the full scale, or the pentatonic subset. */
export function melodySteps(mode: Mode, pentatonic: boolean): readonly number[] {
  if (!pentatonic) return diatonicSteps(mode)
  return mode === 'major' ? MAJOR_PENTATONIC : MINOR_PENTATONIC
}

export function pitchClass(midi: number): number {
  return ((midi % 12) + 12) % 12
}

/** The set of pitch classes that count as "in key" for a melody in this key. */
export function keyPitchClasses(key: Key, pentatonic: boolean): Set<number> {
  return new Set(melodySteps(key.mode, pentatonic).map((step) => (key.tonic + step) % 12))
}

export function formatKey(key: Key): string {
  return `${NOTE_NAMES[key.tonic] ?? 'C'} ${key.mode}`
}

const LETTER_PITCH: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 }

/**
 * Reads a key as people type it: "C", "F#", "Bb major", "Am", "A minor", "a小调", "C大调", "降E大调",
 * "升F小调", "E调". Returns undefined when the text names no key, so the caller can choose one.
 */
export function parseKey(text: string): Key | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  let accidental = 0
  let rest = trimmed
  // Chinese writes the accidental first: 降E = Eb, 升F = F#.
  if (rest.startsWith('降')) {
    accidental = -1
    rest = rest.slice(1)
  } else if (rest.startsWith('升')) {
    accidental = 1
    rest = rest.slice(1)
  }
  const match = /^([A-Ga-g])\s*(#|♯|b|♭)?\s*(.*)$/u.exec(rest)
  if (!match) return undefined
  const letter = (match[1] ?? 'C').toUpperCase()
  const sign = match[2]
  if (sign === '#' || sign === '♯') accidental += 1
  if (sign === 'b' || sign === '♭') accidental -= 1
  const quality = (match[3] ?? '').trim().toLowerCase()
  const namedMinor = /^(m|min|minor|小调|小|-)$/u.test(quality)
  const namedMajor = quality === '' || /^(maj|major|大调|大|调)$/u.test(quality)
  if (!namedMinor && !namedMajor) return undefined
  // A lone lowercase letter ("a") means minor in the common shorthand.
  const lowercaseShorthand = quality === '' && (match[1] ?? '') !== letter && accidental === 0
  const mode: Mode = namedMinor || lowercaseShorthand ? 'minor' : 'major'
  const base = LETTER_PITCH[letter] ?? 0
  return { tonic: (((base + accidental) % 12) + 12) % 12, mode }
}

export interface Chord {
  /** Scale degree of the root, 0..6 (0 = tonic). */
  degree: number
  /** Pitch classes of the chord, root first. */
  pitchClasses: number[]
  /** Root pitch class. */
  root: number
}

/** The triad (or seventh chord) on a scale degree of the key. */
export function buildChord(key: Key, degree: number, withSeventh: boolean): Chord {
  const steps = diatonicSteps(key.mode)
  const count = withSeventh ? 4 : 3
  const pitchClasses: number[] = []
  for (let index = 0; index < count; index++) {
    const step = steps[(degree + index * 2) % 7] ?? 0
    pitchClasses.push((key.tonic + step) % 12)
  }
  return { degree, pitchClasses, root: pitchClasses[0] ?? key.tonic }
}

export function midiToFrequency(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12)
}

/** The MIDI note of a pitch class nearest to a target note (ties go down). */
export function nearestMidi(pitchClassWanted: number, target: number): number {
  const base = target - pitchClass(target) + pitchClassWanted
  const candidates = [base - 12, base, base + 12]
  let best = base
  for (const candidate of candidates) {
    if (Math.abs(candidate - target) < Math.abs(best - target)) best = candidate
  }
  return best
}

/**
 * Maps a melody index (steps of the melody scale, 0 = tonic at `tonicMidi`, negative below) to a
 * MIDI note. Working in scale indices keeps the melody in key by construction.
 */
export function scaleIndexToMidi(
  index: number,
  steps: readonly number[],
  tonicMidi: number,
): number {
  const length = steps.length
  const octave = Math.floor(index / length)
  const within = index - octave * length
  return tonicMidi + octave * 12 + (steps[within] ?? 0)
}

/** The melody index whose note is a given pitch class and nearest to an index (for snapping). */
export function nearestScaleIndexWithPitchClass(
  wanted: ReadonlySet<number>,
  around: number,
  steps: readonly number[],
  tonicMidi: number,
): number {
  for (let distance = 0; distance <= steps.length * 2; distance++) {
    for (const candidate of distance === 0 ? [around] : [around - distance, around + distance]) {
      if (wanted.has(pitchClass(scaleIndexToMidi(candidate, steps, tonicMidi)))) return candidate
    }
  }
  return around
}
