/**
 * Humanised General MIDI arrangements for the realistic separation set: drums, bass, chords, a pad
 * and a sung melody with Mandarin lyrics, in one of several styles, deterministically from a seed.
 *
 * Nothing repeats sample for sample: every hit and note lands off the grid by a few milliseconds
 * (more on the off-beats, with swing in some styles), velocities vary around an accent pattern,
 * hi-hats drop or ghost at random, fills close every fourth bar, and the verse and chorus differ in
 * progression, density and register. The melody follows the chords on strong beats.
 */
import { createRandom } from '../fixtures/random'
import type { NoteEvent } from './soundFont'

export const REALISTIC_STYLES = ['pop', 'ballad', 'rock', 'electronic', 'folk', 'soul'] as const
export type RealisticStyle = (typeof REALISTIC_STYLES)[number]

type DrumFeel = 'backbeat' | 'ballad' | 'rock' | 'four-on-floor' | 'folk' | 'swing'
type ChordFeel = 'block' | 'arpeggio' | 'power' | 'stab' | 'strum'

interface StyleDefinition {
  tempo: [number, number]
  minorChance: number
  /** Swing of the off-beat eighths, as a fraction of an eighth (0 straight). */
  swing: number
  drumKit: number
  drumFeel: DrumFeel
  bassProgram: number
  bassPattern: 'roots' | 'eighths' | 'root-fifth' | 'syncopated'
  chordProgram: number
  chordFeel: ChordFeel
  /** Pad program; played in the chorus (and verse too when `padEverywhere`). */
  padProgram: number | undefined
  padEverywhere: boolean
  /** MIDI note the melody moves around. */
  vocalCentre: number
}

/** GM program numbers are 0-based here, as in the SF2 preset headers; kits are in bank 128. */
const STYLES: Record<RealisticStyle, StyleDefinition> = {
  pop: {
    tempo: [96, 116],
    minorChance: 0.3,
    swing: 0,
    drumKit: 0,
    drumFeel: 'backbeat',
    bassProgram: 33,
    bassPattern: 'eighths',
    chordProgram: 0,
    chordFeel: 'block',
    padProgram: 48,
    padEverywhere: false,
    vocalCentre: 67,
  },
  ballad: {
    tempo: [66, 80],
    minorChance: 0.6,
    swing: 0,
    drumKit: 40,
    drumFeel: 'ballad',
    bassProgram: 35,
    bassPattern: 'roots',
    chordProgram: 0,
    chordFeel: 'arpeggio',
    padProgram: 49,
    padEverywhere: true,
    vocalCentre: 64,
  },
  rock: {
    tempo: [120, 140],
    minorChance: 0.6,
    swing: 0,
    drumKit: 16,
    drumFeel: 'rock',
    bassProgram: 34,
    bassPattern: 'eighths',
    chordProgram: 29,
    chordFeel: 'power',
    padProgram: 16,
    padEverywhere: false,
    vocalCentre: 62,
  },
  electronic: {
    tempo: [118, 128],
    minorChance: 0.7,
    swing: 0,
    drumKit: 25,
    drumFeel: 'four-on-floor',
    bassProgram: 38,
    bassPattern: 'syncopated',
    chordProgram: 90,
    chordFeel: 'stab',
    padProgram: 89,
    padEverywhere: true,
    vocalCentre: 69,
  },
  folk: {
    tempo: [84, 100],
    minorChance: 0.4,
    swing: 0.1,
    drumKit: 8,
    drumFeel: 'folk',
    bassProgram: 32,
    bassPattern: 'root-fifth',
    chordProgram: 25,
    chordFeel: 'strum',
    padProgram: 21,
    padEverywhere: false,
    vocalCentre: 62,
  },
  soul: {
    tempo: [84, 98],
    minorChance: 0.5,
    swing: 0.3,
    drumKit: 32,
    drumFeel: 'swing',
    bassProgram: 33,
    bassPattern: 'syncopated',
    chordProgram: 4,
    chordFeel: 'block',
    padProgram: 61,
    padEverywhere: false,
    vocalCentre: 65,
  },
}

export interface ArrangedPart {
  name: string
  bank: number
  program: number
  /** -1 left to 1 right. */
  pan: number
  /** Linear gain of the part in the mix. */
  gain: number
  notes: NoteEvent[]
}

export interface MelodyNote {
  start: number
  duration: number
  key: number
  /** 0..1 */
  velocity: number
  /** The sung syllable: one Chinese character. */
  syllable: string
  /** True when the note is the first of a phrase or follows a rest. */
  phraseStart: boolean
  /** True in the chorus: produced mixes double the vocal there. */
  chorus: boolean
}

export interface Arrangement {
  style: RealisticStyle
  seed: number
  tempo: number
  /** MIDI note of the tonic. */
  tonic: number
  minor: boolean
  durationSeconds: number
  parts: ArrangedPart[]
  melody: MelodyNote[]
}

const MAJOR = [0, 2, 4, 5, 7, 9, 11]
const MINOR = [0, 2, 3, 5, 7, 8, 10]
/** Chord roots as scale degrees, one chord per bar. */
const VERSE_PROGRESSIONS = [
  [0, 5, 3, 4],
  [0, 3, 4, 3],
  [5, 3, 0, 4],
  [0, 4, 5, 3],
]
const CHORUS_PROGRESSIONS = [
  [3, 4, 0, 5],
  [3, 0, 4, 5],
  [0, 4, 5, 3],
  [5, 4, 3, 4],
]

/** Original lines of Mandarin lyrics, sung one character per note. */
const LYRICS = [
  '晚风吹过旧街的灯火',
  '你说的话还在心里',
  '我们走过春天的河',
  '雨落在窗前那么轻',
  '星光照亮回家的路',
  '今夜的月亮特别圆',
  '想念像海浪一样来',
  '不要问我为什么哭',
  '城市醒来我还在等',
  '花开的声音谁听见',
  '把心事写进一首歌',
  '明天的风会更温柔',
  '远方的山那么安静',
  '那年夏天你在身边',
  '一个人看日出日落',
  '时间慢慢带走了梦',
]

const GM_DRUM = {
  kick: 36,
  sideStick: 37,
  snare: 38,
  clap: 39,
  closedHat: 42,
  lowTom: 45,
  openHat: 46,
  midTom: 47,
  crash: 49,
  highTom: 50,
  ride: 51,
  tambourine: 54,
  shaker: 70,
} as const

interface Context {
  random: () => number
  gaussian: () => number
  beatSeconds: number
  swing: number
}

/**
 * Where a beat position lands after swing and a player's timing: the off-beat eighths are pushed
 * by the swing, and every event drifts by a few milliseconds (a little more off the beat).
 */
function humanTime(context: Context, beat: number, spreadMs = 7): number {
  const eighth = beat * 2
  const offBeat = Math.abs(eighth - Math.round(eighth)) < 1e-6 && Math.round(eighth) % 2 === 1
  const swung = offBeat ? beat + context.swing * 0.5 : beat
  const spread = (offBeat ? 1.3 : 1) * spreadMs
  return Math.max(0, swung * context.beatSeconds + (context.gaussian() * spread) / 1000)
}

function humanVelocity(context: Context, base: number, spread = 10): number {
  return Math.max(8, Math.min(127, Math.round(base + context.gaussian() * spread)))
}

function createContext(seed: number, tempo: number, swing: number): Context {
  const random = createRandom(seed)
  return {
    random,
    // Box-Muller, clamped: a timing drift of several standard deviations would be a wrong note.
    gaussian: () => {
      const u = Math.max(1e-9, random())
      const value = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
      return Math.max(-3, Math.min(3, value))
    },
    beatSeconds: 60 / tempo,
    swing,
  }
}

function chordKeys(tonic: number, scale: number[], degree: number, octave: number): number[] {
  const at = (step: number): number =>
    tonic + octave * 12 + scale[step % 7]! + 12 * Math.floor(step / 7)
  return [at(degree), at(degree + 2), at(degree + 4)]
}

interface Bar {
  index: number
  chorus: boolean
  intro: boolean
  /** Last bar of a four-bar group: drums play a fill. */
  fill: boolean
  degree: number
}

function drumBar(context: Context, feel: DrumFeel, bar: Bar, notes: NoteEvent[]): void {
  const start = bar.index * 4
  const hit = (key: number, beat: number, velocity: number, duration = 0.3): void => {
    notes.push({
      start: humanTime(context, start + beat, 5),
      duration,
      key,
      velocity: humanVelocity(context, velocity, 9),
    })
  }
  const { random } = context
  if (bar.index > 0 && (bar.index - 1) % 4 === 0 && (bar.chorus || random() < 0.4)) {
    hit(GM_DRUM.crash, 0, 100, 1.5)
  }
  const lastBeat = bar.fill ? 3 : 4
  const hats = (key: number, everySixteenth: boolean, base: number): void => {
    const steps = everySixteenth ? 4 : 2
    for (let step = 0; step < lastBeat * steps; step++) {
      if (random() < 0.06) continue
      const accent = step % steps === 0 ? 0 : -18
      const open = !everySixteenth && step % 8 === 7 && random() < 0.3
      hit(open ? GM_DRUM.openHat : key, step / steps, base + accent, open ? 0.4 : 0.1)
    }
  }
  switch (feel) {
    case 'backbeat':
    case 'rock':
      hit(GM_DRUM.kick, 0, 108)
      hit(GM_DRUM.kick, 2, 100)
      if (random() < 0.6) hit(GM_DRUM.kick, 2.5, 88)
      if (random() < 0.3) hit(GM_DRUM.kick, 1.5, 80)
      hit(GM_DRUM.snare, 1, feel === 'rock' ? 115 : 104)
      if (!bar.fill) hit(GM_DRUM.snare, 3, feel === 'rock' ? 115 : 104)
      if (random() < 0.25) hit(GM_DRUM.snare, 3.75, 40)
      hats(bar.chorus && feel === 'rock' ? GM_DRUM.ride : GM_DRUM.closedHat, false, 86)
      break
    case 'ballad':
      hit(GM_DRUM.kick, 0, 80)
      if (random() < 0.5) hit(GM_DRUM.kick, 2.5, 64)
      hit(bar.chorus ? GM_DRUM.snare : GM_DRUM.sideStick, 2, 78)
      hats(GM_DRUM.closedHat, false, 58)
      break
    case 'four-on-floor':
      for (let beat = 0; beat < 4; beat++) hit(GM_DRUM.kick, beat, 112)
      hit(GM_DRUM.clap, 1, 100)
      hit(GM_DRUM.clap, 3, 100)
      for (let beat = 0; beat < lastBeat; beat++) hit(GM_DRUM.openHat, beat + 0.5, 84, 0.2)
      if (bar.chorus) hats(GM_DRUM.closedHat, true, 70)
      break
    case 'folk':
      hit(GM_DRUM.kick, 0, 84)
      hit(GM_DRUM.kick, 2, 76)
      if (bar.chorus) {
        hit(GM_DRUM.snare, 1, 84)
        hit(GM_DRUM.snare, 3, 84)
      }
      for (let step = 0; step < lastBeat * 2; step++) {
        hit(GM_DRUM.tambourine, step / 2, step % 2 === 0 ? 74 : 56, 0.2)
      }
      break
    case 'swing':
      hit(GM_DRUM.kick, 0, 96)
      if (random() < 0.7) hit(GM_DRUM.kick, 1.5, 78)
      hit(GM_DRUM.kick, 2.5, 88)
      hit(GM_DRUM.snare, 1, 100)
      if (!bar.fill) hit(GM_DRUM.snare, 3, 100)
      for (let step = 0; step < lastBeat * 4; step++) {
        if (random() < 0.5) hit(GM_DRUM.snare, step / 4, 30, 0.1)
      }
      hats(GM_DRUM.closedHat, false, 80)
      break
  }
  if (bar.fill) {
    const toms = [GM_DRUM.highTom, GM_DRUM.highTom, GM_DRUM.midTom, GM_DRUM.lowTom]
    const sixteenths = feel === 'ballad' || feel === 'folk' ? 2 : 4
    for (let step = 0; step < sixteenths; step++) {
      const key = feel === 'four-on-floor' ? GM_DRUM.clap : toms[step % 4]!
      hit(step === 0 ? GM_DRUM.snare : key, 3 + step / sixteenths, 80 + step * 8)
    }
  }
}

function bassBar(
  context: Context,
  definition: StyleDefinition,
  bar: Bar,
  root: number,
  fifth: number,
  notes: NoteEvent[],
): void {
  const start = bar.index * 4
  const play = (key: number, beat: number, length: number, velocity: number): void => {
    notes.push({
      start: humanTime(context, start + beat, 6),
      duration: Math.max(0.08, length * context.beatSeconds * (0.8 + context.random() * 0.15)),
      key,
      velocity: humanVelocity(context, velocity, 8),
    })
  }
  const octave = (): number => (context.random() < 0.12 ? 12 : 0)
  switch (definition.bassPattern) {
    case 'roots':
      play(root, 0, 2, 92)
      play(context.random() < 0.5 ? fifth : root, 2, 2, 84)
      break
    case 'eighths':
      for (let step = 0; step < 8; step++) {
        if (bar.intro && step % 4 !== 0) continue
        play(root + (step === 7 ? octave() : 0), step / 2, 0.5, step % 2 === 0 ? 98 : 84)
      }
      break
    case 'root-fifth':
      play(root, 0, 1, 96)
      play(fifth - 12, 1, 1, 80)
      play(root, 2, 1, 90)
      play(context.random() < 0.5 ? fifth - 12 : root + 12, 3, 1, 80)
      break
    case 'syncopated':
      play(root, 0, 0.75, 104)
      play(root + octave(), 0.75, 0.5, 86)
      play(root, 1.5, 0.5, 90)
      play(fifth, 2.5, 0.5, 88)
      if (context.random() < 0.6) play(root + 12, 3.5, 0.4, 82)
      break
  }
}

function chordBar(
  context: Context,
  feel: ChordFeel,
  bar: Bar,
  keys: number[],
  notes: NoteEvent[],
): void {
  const start = bar.index * 4
  const chord = (beat: number, length: number, velocity: number, spreadMs = 0): void => {
    const onset = humanTime(context, start + beat, 6)
    const duration = length * context.beatSeconds * 0.92
    keys.forEach((key, index) => {
      notes.push({
        start: onset + (index * spreadMs) / 1000,
        duration,
        key,
        velocity: humanVelocity(context, velocity - index * 3, 7),
      })
    })
  }
  switch (feel) {
    case 'block':
      chord(0, 1.5, 80)
      chord(1.5, 1, 70)
      chord(2.5, 1.5, 74)
      break
    case 'arpeggio': {
      const pattern = [0, 1, 2, 1, 0, 2, 1, 2]
      pattern.forEach((index, step) => {
        notes.push({
          start: humanTime(context, start + step / 2, 8),
          duration: context.beatSeconds * 1.5,
          key: keys[index]! + (step >= 4 && index === 0 ? 12 : 0),
          velocity: humanVelocity(context, step % 2 === 0 ? 70 : 58, 8),
        })
      })
      break
    }
    case 'power': {
      const power = [keys[0]! - 12, keys[0]! - 5, keys[0]!]
      for (let step = 0; step < 8; step++) {
        const onset = humanTime(context, start + step / 2, 5)
        power.forEach((key) =>
          notes.push({
            start: onset,
            duration: context.beatSeconds * 0.45,
            key,
            velocity: humanVelocity(context, step % 2 === 0 ? 100 : 88, 7),
          }),
        )
      }
      break
    }
    case 'stab':
      for (const beat of [0.5, 1.5, 2.5, 3.25]) chord(beat, 0.35, 86)
      break
    case 'strum': {
      // Down on the beats, up on the "and" of two and three; strings land 12-20 ms apart.
      const strums: [number, boolean][] = [
        [0, true],
        [1, true],
        [1.5, false],
        [2.5, false],
        [3, true],
      ]
      for (const [beat, down] of strums) {
        const voiced = down ? [keys[0]! - 12, ...keys] : [...keys].reverse()
        const onset = humanTime(context, start + beat, 7)
        const spread = 12 + context.random() * 8
        voiced.forEach((key, index) =>
          notes.push({
            start: onset + (index * spread) / 1000,
            duration: context.beatSeconds * 0.9,
            key,
            velocity: humanVelocity(context, down ? 84 : 66, 8),
          }),
        )
      }
      break
    }
  }
}

function melodyBars(
  context: Context,
  bars: Bar[],
  tonic: number,
  scale: number[],
  centre: number,
): MelodyNote[] {
  const { random } = context
  const melody: MelodyNote[] = []
  const scaleKey = (step: number): number =>
    tonic + scale[((step % 7) + 7) % 7]! + 12 * Math.floor(step / 7)
  // The scale step nearest the centre, as the starting point of the line.
  let step = 0
  while (scaleKey(step) < centre - 2) step++
  while (scaleKey(step) > centre + 2) step--
  const home = step
  let lyricIndex = Math.floor(random() * LYRICS.length)
  for (let index = 0; index + 1 < bars.length; index += 2) {
    const bar = bars[index]!
    if (bar.intro) continue
    const line = LYRICS[lyricIndex++ % LYRICS.length]!
    const characters = Array.from(line)
    const lift = bar.chorus ? 2 : 0
    // A phrase starts on the beat or just after it, and ends before the next phrase.
    let beat = bar.index * 4 + (random() < 0.5 ? 0 : 0.5)
    const end = bar.index * 4 + 7
    let first = true
    for (const syllable of characters) {
      const length = random() < 0.55 ? 0.5 : random() < 0.75 ? 1 : 1.5
      if (beat + length > end) break
      const barOfNote = bars[Math.floor(beat / 4)] ?? bar
      const strong = Math.abs(beat - Math.round(beat)) < 1e-6 && Math.round(beat) % 2 === 0
      if (strong) {
        // On strong beats, the chord tone nearest the line.
        const chordSteps = [0, 2, 4].map((offset) => barOfNote.degree + offset)
        const candidates = [-7, 0, 7].flatMap((octave) => chordSteps.map((c) => c + octave))
        step = candidates.reduce((best, candidate) =>
          Math.abs(candidate - step) < Math.abs(best - step) ? candidate : best,
        )
      } else {
        step += Math.floor(random() * 5) - 2
      }
      // Pull back towards the home register.
      if (step > home + 5 + lift) step -= 2
      if (step < home - 4 + lift) step += 2
      melody.push({
        start: humanTime(context, beat, 12),
        duration: length * context.beatSeconds * (0.85 + random() * 0.1),
        key: scaleKey(step + lift),
        velocity: Math.min(1, 0.75 + random() * 0.2 + (bar.chorus ? 0.05 : 0)),
        syllable,
        phraseStart: first,
        chorus: bar.chorus,
      })
      first = false
      beat += length
    }
  }
  return melody
}

/** The arrangement of one song excerpt, deterministically from its seed and style. */
export function arrangeSong(
  style: RealisticStyle,
  seed: number,
  durationSeconds: number,
): Arrangement {
  const definition = STYLES[style]
  const picker = createRandom(seed ^ 0x5eed)
  const tempo = Math.round(
    definition.tempo[0] + picker() * (definition.tempo[1] - definition.tempo[0]),
  )
  const minor = picker() < definition.minorChance
  const scale = minor ? MINOR : MAJOR
  // Keys from E to D#: the tonic sits in the octave below middle C for the chords.
  const tonic = 52 + Math.floor(picker() * 12)
  const verse = VERSE_PROGRESSIONS[Math.floor(picker() * VERSE_PROGRESSIONS.length)]!
  const chorus = CHORUS_PROGRESSIONS[Math.floor(picker() * CHORUS_PROGRESSIONS.length)]!
  const context = createContext(seed, tempo, definition.swing)
  const barSeconds = 4 * context.beatSeconds
  const barCount = Math.ceil(durationSeconds / barSeconds) + 1
  // One bar of intro, then four-bar sections: verse or chorus, starting with either.
  const chorusFirst = picker() < 0.4
  const bars: Bar[] = Array.from({ length: barCount }, (_, index) => {
    const section = Math.floor((index - 1) / 4)
    const isChorus = index > 0 && (section % 2 === 1) !== chorusFirst
    const progression = isChorus ? chorus : verse
    return {
      index,
      intro: index === 0,
      chorus: isChorus,
      fill: index > 0 && (index - 1) % 4 === 3,
      degree: progression[(index - 1 + 4) % 4]!,
    }
  })
  const drums: NoteEvent[] = []
  const bass: NoteEvent[] = []
  const chords: NoteEvent[] = []
  const pad: NoteEvent[] = []
  for (const bar of bars) {
    const keys = chordKeys(tonic, scale, bar.degree, 0)
    drumBar(context, definition.drumFeel, bar, drums)
    const root = keys[0]! - 24 + (keys[0]! - 24 < 36 ? 12 : 0)
    bassBar(context, definition, bar, root, root + 7, bass)
    if (!bar.intro || definition.chordFeel !== 'power') {
      chordBar(
        context,
        definition.chordFeel,
        bar,
        keys.map((key) => key + 12),
        chords,
      )
    }
    if (definition.padProgram !== undefined && (bar.chorus || definition.padEverywhere)) {
      const padKeys = chordKeys(tonic, scale, bar.degree, 0)
      padKeys.forEach((key) =>
        pad.push({
          start: humanTime(context, bar.index * 4, 15),
          duration: barSeconds * 0.98,
          key: key + 12,
          velocity: humanVelocity(context, 64, 6),
        }),
      )
    }
  }
  const within = (notes: NoteEvent[]): NoteEvent[] =>
    notes.filter((note) => note.start < durationSeconds)
  const side = picker() < 0.5 ? -1 : 1
  const parts: ArrangedPart[] = [
    {
      name: 'drums',
      bank: 128,
      program: definition.drumKit,
      pan: 0,
      gain: 1,
      notes: within(drums),
    },
    {
      name: 'bass',
      bank: 0,
      program: definition.bassProgram,
      pan: 0,
      gain: 1,
      notes: within(bass),
    },
    {
      name: 'chords',
      bank: 0,
      program: definition.chordProgram,
      pan: side * (0.2 + picker() * 0.3),
      gain: 0.8,
      notes: within(chords),
    },
  ]
  if (pad.length > 0) {
    parts.push({
      name: 'pad',
      bank: 0,
      program: definition.padProgram!,
      pan: -side * (0.2 + picker() * 0.3),
      gain: 0.6,
      notes: within(pad),
    })
  }
  const melody = melodyBars(context, bars, tonic, scale, definition.vocalCentre).filter(
    (note) => note.start < durationSeconds - 0.3,
  )
  return { style, seed, tempo, tonic, minor, durationSeconds, parts, melody }
}
