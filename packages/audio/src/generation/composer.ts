import type { Random } from './random'
import { createRandom } from './random'
import type { LyricSection } from './lyrics'
import { splitSyllables } from './lyrics'
import type { SongMood, SongStyle, StyleDefinition } from './styles'
import { STYLE_DEFINITIONS } from './styles'
import type { Chord, Key } from './theory'
import {
  buildChord,
  keyPitchClasses,
  melodySteps,
  nearestScaleIndexWithPitchClass,
  pitchClass,
  scaleIndexToMidi,
} from './theory'

/**
 * The composer: from a brief (style, mood, key, tempo, lyrics) and a seed, it chooses the form,
 * the chords of every bar, and a melody whose phrases carry one lyric line each. It writes no
 * audio; `render.ts` plays what it writes. Times are in beats (quarter notes, four per bar).
 */

export const BEATS_PER_BAR = 4

export type SectionKind = 'intro' | 'verse' | 'chorus' | 'bridge' | 'interlude' | 'outro'

export interface SongBrief {
  title: string
  style: SongStyle
  mood: SongMood
  key: Key
  tempo: number
  instrumental: boolean
  /** The sung sections in order (ignored when instrumental). */
  lyrics: LyricSection[]
  seed: number
}

export interface Section {
  kind: SectionKind
  startBar: number
  bars: number
  /** 0..1: how full the arrangement is. */
  energy: number
  /** One chord per bar. */
  chords: Chord[]
}

export interface MelodyNote {
  startBeat: number
  durationBeats: number
  midi: number
  /** A deliberate chromatic passing note (the only notes allowed outside the key). */
  passing: boolean
  /** The sung syllable; '' for a held syllable or an instrumental note. */
  syllable: string
  phraseIndex: number
  /** 0..1 */
  velocity: number
}

export interface Phrase {
  index: number
  sectionIndex: number
  startBeat: number
  endBeat: number
  /** The lyric line, or undefined for an instrumental phrase. */
  text: string | undefined
  /** Which part carries the phrase: the synthetic voice, or the style's lead instrument. */
  carrier: 'voice' | 'instrument'
}

export interface Composition {
  brief: SongBrief
  definition: StyleDefinition
  sections: Section[]
  melody: MelodyNote[]
  phrases: Phrase[]
  totalBars: number
  /** Beats per melody slot: 0.5 (eighths) at ordinary tempos, 1 (quarters) when fast. */
  slotBeats: number
  /** MIDI note of the tonic that melody index 0 maps to. */
  tonicMidi: number
}

const SECTION_ENERGY: Record<SectionKind, number> = {
  intro: 0.35,
  verse: 0.6,
  chorus: 1,
  bridge: 0.7,
  interlude: 0.75,
  outro: 0.4,
}

/** Each section's melody centre, in melody-scale steps above the tonic: choruses sit higher. */
const SECTION_CENTRE: Record<SectionKind, number> = {
  intro: 3,
  verse: 2,
  chorus: 4,
  bridge: 3,
  interlude: 4,
  outro: 2,
}

/** Growth stops before the form passes this (lyrics alone may make a song longer). */
const MAX_FORM_SECONDS = 212

interface PhrasePlan {
  text: string | undefined
  syllables: string[]
  bars: number
  carrier: 'voice' | 'instrument'
}

interface SectionPlan {
  kind: SectionKind
  phrases: PhrasePlan[]
  /** Bars with no melody (intro, outro, plain interludes). */
  emptyBars: number
}

/** Bars a phrase needs for its syllables, always even so phrases line up with the chord loop. */
export function phraseBarsFor(syllables: number, slotsPerBar: number): number {
  let bars = 2
  // Two slots stay free at the end of every phrase for a breath.
  while (syllables > bars * slotsPerBar - 2) bars += 2
  return bars
}

function roundUpToFour(bars: number): number {
  return Math.ceil(bars / 4) * 4
}

function sectionBars(plan: SectionPlan): number {
  const melodyBars = plan.phrases.reduce((sum, phrase) => sum + phrase.bars, 0)
  return roundUpToFour(melodyBars + plan.emptyBars)
}

function instrumentalPhrases(
  random: Random,
  count: number,
  slotsPerBar: number,
  carrier: 'voice' | 'instrument',
): PhrasePlan[] {
  const phrases: PhrasePlan[] = []
  for (let index = 0; index < count; index++) {
    const notes = random.int(5, Math.min(9, 2 * slotsPerBar - 2))
    phrases.push({
      text: undefined,
      syllables: new Array<string>(notes).fill(''),
      bars: 2,
      carrier,
    })
  }
  return phrases
}

function sungPhrases(lines: readonly string[], slotsPerBar: number): PhrasePlan[] {
  return lines.map((line) => {
    const syllables = splitSyllables(line)
    return {
      text: line,
      syllables,
      bars: phraseBarsFor(syllables.length, slotsPerBar),
      carrier: 'voice',
    }
  })
}

/**
 * The form. Sung songs follow the lyric sections in order; instrumental ones take the usual
 * intro, verse, chorus, verse, chorus, bridge, chorus, outro. Then the form grows (longer intro,
 * an interlude, a doubled last chorus, a solo) until it reaches the target length.
 */
function planForm(brief: SongBrief, random: Random, slotsPerBar: number): SectionPlan[] {
  const plans: SectionPlan[] = [{ kind: 'intro', phrases: [], emptyBars: 4 }]
  if (brief.instrumental || brief.lyrics.length === 0) {
    const order: [SectionKind, number][] = [
      ['verse', 4],
      ['chorus', 4],
      ['verse', 4],
      ['chorus', 4],
      ['bridge', 2],
      ['chorus', 4],
    ]
    const motifRandom = random.fork('instrumental-phrases')
    for (const [kind, count] of order) {
      plans.push({
        kind,
        phrases: instrumentalPhrases(motifRandom, count, slotsPerBar, 'instrument'),
        emptyBars: 0,
      })
    }
  } else {
    for (const section of brief.lyrics) {
      const kind: SectionKind = section.kind
      plans.push({ kind, phrases: sungPhrases(section.lines, slotsPerBar), emptyBars: 0 })
    }
  }
  if (plans[plans.length - 1]?.kind !== 'outro')
    plans.push({ kind: 'outro', phrases: [], emptyBars: 4 })

  const secondsPerBar = (BEATS_PER_BAR * 60) / brief.tempo
  const totalSeconds = () => plans.reduce((sum, plan) => sum + sectionBars(plan), 0) * secondsPerBar
  const targetSeconds = random.range(165, 195)
  const lastChorusAt = () => plans.map((plan) => plan.kind).lastIndexOf('chorus')
  const growthSteps: (() => boolean)[] = [
    () => {
      const intro = plans[0]
      if (!intro || intro.kind !== 'intro' || intro.emptyBars >= 8) return false
      intro.emptyBars = 8
      return true
    },
    () => {
      const firstChorus = plans.findIndex((plan) => plan.kind === 'chorus')
      if (firstChorus < 0) return false
      plans.splice(firstChorus + 1, 0, { kind: 'interlude', phrases: [], emptyBars: 4 })
      return true
    },
    () => {
      const at = lastChorusAt()
      const chorus = plans[at]
      if (!chorus || chorus.phrases.length === 0) return false
      plans.splice(at + 1, 0, {
        kind: 'chorus',
        phrases: chorus.phrases.map((phrase) => ({ ...phrase })),
        emptyBars: 0,
      })
      return true
    },
    () => {
      const outro = plans[plans.length - 1]
      if (!outro || outro.kind !== 'outro' || outro.emptyBars >= 8) return false
      outro.emptyBars = 8
      return true
    },
  ]
  for (const step of growthSteps) {
    if (totalSeconds() >= targetSeconds) break
    step()
  }
  // A long intro ends with the lead instrument playing the chorus tune: the song's hook, early.
  const intro = plans[0]
  if (intro && intro.kind === 'intro' && intro.emptyBars >= 8 && intro.phrases.length === 0) {
    intro.emptyBars = 4
    intro.phrases = instrumentalPhrases(random.fork('intro-hook'), 2, slotsPerBar, 'instrument')
  }
  // Short lyrics: sing them all again after an interlude (songs repeat verses too), at most twice.
  const sung = plans.filter((plan) => plan.phrases.length > 0 && plan.kind !== 'interlude')
  const sungSeconds = (sung.reduce((sum, plan) => sum + sectionBars(plan), 0) + 4) * secondsPerBar
  for (
    let repeat = 0;
    repeat < 2 &&
    sung.length > 0 &&
    totalSeconds() < targetSeconds - secondsPerBar * 8 &&
    totalSeconds() + sungSeconds <= MAX_FORM_SECONDS;
    repeat++
  ) {
    const outroAt = plans.length - 1
    const copies = sung.map((plan) => ({
      ...plan,
      phrases: plan.phrases.map((phrase) => ({ ...phrase })),
    }))
    plans.splice(outroAt, 0, { kind: 'interlude', phrases: [], emptyBars: 4 }, ...copies)
  }
  // A solo: the lead instrument plays over the chorus chords before the last chorus. Repeated
  // only as long as the song is short (fast tempos), and never more than a few times.
  const soloRandom = random.fork('solo')
  for (
    let solos = 0;
    solos < 10 &&
    totalSeconds() < targetSeconds - secondsPerBar * 4 &&
    totalSeconds() + secondsPerBar * 8 <= MAX_FORM_SECONDS;
    solos++
  ) {
    const at = Math.max(1, lastChorusAt())
    plans.splice(at, 0, {
      kind: 'interlude',
      phrases: instrumentalPhrases(soloRandom, 4, slotsPerBar, 'instrument'),
      emptyBars: 0,
    })
  }
  // Slow instrumental songs would run long: trim the bridge and the edges before the verses.
  if (brief.instrumental || brief.lyrics.length === 0) {
    const shrink: (() => void)[] = [
      () => {
        const bridge = plans.find((plan) => plan.kind === 'bridge')
        if (bridge) bridge.phrases = bridge.phrases.slice(0, 2)
      },
      () => {
        const second = plans.filter((plan) => plan.kind === 'verse')[1]
        if (second) second.phrases = second.phrases.slice(0, 2)
      },
      () => {
        const firstChorus = plans.find((plan) => plan.kind === 'chorus')
        if (firstChorus) firstChorus.phrases = firstChorus.phrases.slice(0, 2)
      },
    ]
    for (const step of shrink) {
      if (totalSeconds() <= 215) break
      step()
    }
  }
  return plans
}

function pickProgression(definition: StyleDefinition, key: Key, random: Random): readonly number[] {
  return random.pick(definition.progressions[key.mode])
}

interface MelodyContext {
  key: Key
  random: Random
  steps: readonly number[]
  tonicMidi: number
  inKey: ReadonlySet<number>
  definition: StyleDefinition
}

/** Durations in slots for a phrase's notes: the last note held, the rest spread over the phrase. */
function phraseRhythm(
  random: Random,
  noteCount: number,
  totalSlots: number,
): { offset: number; durations: number[] } {
  const usable = totalSlots - 2
  const durations = new Array<number>(noteCount).fill(1)
  let spare = usable - noteCount
  const offset = spare > 2 && random.chance(0.3) ? 1 : 0
  spare -= offset
  const hold = Math.min(spare, random.int(1, 3))
  durations[noteCount - 1] = 1 + hold
  spare -= hold
  let guard = 0
  while (spare > 0 && noteCount > 1 && guard++ < 1000) {
    const at = random.int(0, noteCount - 2)
    const current = durations[at] ?? 1
    if (current >= 4) continue
    durations[at] = current + 1
    spare--
  }
  durations[noteCount - 1] = (durations[noteCount - 1] ?? 1) + spare
  return { offset, durations }
}

/** Step sizes of a contour: mostly steps, some repeats, few leaps. */
function contourSteps(random: Random, length: number, range: number): number[] {
  const steps: number[] = []
  const leap = Math.max(2, Math.round(3 * range))
  for (let index = 0; index < length; index++) {
    steps.push(
      random.weighted<number>([
        [0, 2],
        [1, 4],
        [-1, 4],
        [2, 1.5 * range],
        [-2, 1.5 * range],
        [leap, 0.5 * range],
        [-leap, 0.5 * range],
      ]),
    )
  }
  return steps
}

const PASSING_CHANCE: Record<SongStyle, number> = {
  folk: 0,
  pop: 0.15,
  rock: 0.1,
  electronic: 0.1,
  guofeng: 0,
  jazz: 0.6,
  lofi: 0.4,
  hiphop: 0.2,
}

function chordAtBeat(sections: readonly Section[], beat: number): Chord | undefined {
  const bar = Math.floor(beat / BEATS_PER_BAR)
  for (const section of sections) {
    if (bar >= section.startBar && bar < section.startBar + section.bars)
      return section.chords[bar - section.startBar]
  }
  return undefined
}

/** The song's last sung note resolves home: its bar gets the tonic chord. */
function setChordAtBeat(sections: readonly Section[], beat: number, chord: Chord): void {
  const bar = Math.floor(beat / BEATS_PER_BAR)
  for (const section of sections) {
    if (bar >= section.startBar && bar < section.startBar + section.bars)
      section.chords[bar - section.startBar] = chord
  }
}

function writePhraseMelody(
  context: MelodyContext,
  phrase: PhrasePlan,
  phraseIndex: number,
  startBeat: number,
  slotBeats: number,
  slotsPerBar: number,
  centre: number,
  contour: readonly number[],
  sections: readonly Section[],
  finalCadence: boolean,
): MelodyNote[] {
  const { random, steps, tonicMidi, inKey, definition } = context
  const noteCount = phrase.syllables.length
  const { offset, durations } = phraseRhythm(random, noteCount, phrase.bars * slotsPerBar)
  const span = Math.max(2, Math.round(4 * definition.melodicRange))
  const notes: MelodyNote[] = []
  let index = centre + (contour[0] ?? 0)
  let slot = offset
  for (let noteIndex = 0; noteIndex < noteCount; noteIndex++) {
    if (noteIndex > 0) index += contour[noteIndex] ?? 0
    // Pull back towards the centre rather than wandering out of the singer's range.
    if (index > centre + span) index -= 2
    if (index < centre - span) index += 2
    const beat = startBeat + slot * slotBeats
    const onStrongBeat = beat % 2 === 0
    const last = noteIndex === noteCount - 1
    if (last && finalCadence)
      setChordAtBeat(sections, beat, buildChord(context.key, 0, definition.sevenths))
    const chord = chordAtBeat(sections, beat)
    if (chord && (onStrongBeat || last)) {
      // Strong beats and phrase endings land on chord tones that are also in the melody scale.
      const wanted = new Set(chord.pitchClasses.filter((pc) => inKey.has(pc)))
      if (last && finalCadence) {
        wanted.clear()
        wanted.add(pitchClass(tonicMidi))
      }
      if (wanted.size > 0) index = nearestScaleIndexWithPitchClass(wanted, index, steps, tonicMidi)
    }
    const duration = durations[noteIndex] ?? 1
    notes.push({
      startBeat: beat,
      durationBeats: duration * slotBeats,
      midi: scaleIndexToMidi(index, steps, tonicMidi),
      passing: false,
      syllable: phrase.syllables[noteIndex] ?? '',
      phraseIndex,
      velocity: onStrongBeat ? 0.9 : 0.75,
    })
    slot += duration
  }
  // Chromatic passing notes: an off-beat short note between two notes a whole step apart.
  const chance = PASSING_CHANCE[definition.id]
  for (let at = 1; at < notes.length - 1; at++) {
    const before = notes[at - 1]
    const note = notes[at]
    const after = notes[at + 1]
    if (!before || !note || !after) continue
    const offBeat = note.startBeat % 1 !== 0
    if (!offBeat || note.durationBeats > slotBeats) continue
    if (Math.abs(after.midi - before.midi) !== 2 || before.passing) continue
    if (!random.chance(chance)) continue
    note.midi = (before.midi + after.midi) / 2
    note.passing = !inKey.has(pitchClass(note.midi))
  }
  return notes
}

/** Writes the whole song: form, chords per bar, melody and phrases. Deterministic in the brief. */
export function compose(brief: SongBrief): Composition {
  const definition = STYLE_DEFINITIONS[brief.style]
  const random = createRandom(brief.seed)
  const slotBeats = brief.tempo > 130 ? 1 : 0.5
  const slotsPerBar = BEATS_PER_BAR / slotBeats
  const plans = planForm(brief, random.fork('form'), slotsPerBar)

  const harmonyRandom = random.fork('harmony')
  const progressions = new Map<SectionKind, readonly number[]>()
  const progressionFor = (kind: SectionKind): readonly number[] => {
    const family: SectionKind =
      kind === 'intro' || kind === 'outro' || kind === 'interlude' ? 'chorus' : kind
    let progression = progressions.get(family)
    if (!progression) {
      progression = pickProgression(definition, brief.key, harmonyRandom)
      // The bridge should move away: try for a progression that differs from the chorus.
      if (family === 'bridge') {
        for (
          let attempt = 0;
          attempt < 4 && progression === progressions.get('chorus');
          attempt++
        ) {
          progression = pickProgression(definition, brief.key, harmonyRandom)
        }
      }
      progressions.set(family, progression)
    }
    return progression
  }

  const sections: Section[] = []
  let bar = 0
  for (const plan of plans) {
    const bars = sectionBars(plan)
    const progression = progressionFor(plan.kind)
    const chords: Chord[] = []
    for (let index = 0; index < bars; index++) {
      chords.push(
        buildChord(brief.key, progression[index % progression.length] ?? 0, definition.sevenths),
      )
    }
    sections.push({
      kind: plan.kind,
      startBar: bar,
      bars,
      energy: SECTION_ENERGY[plan.kind],
      chords,
    })
    bar += bars
  }
  // The song ends at home.
  const lastSection = sections[sections.length - 1]
  if (lastSection && lastSection.chords.length > 0) {
    lastSection.chords[lastSection.chords.length - 1] = buildChord(
      brief.key,
      0,
      definition.sevenths,
    )
  }

  const steps = melodySteps(brief.key.mode, definition.pentatonic)
  const tonicMidi = 57 + ((brief.key.tonic - 9 + 12) % 12)
  const context: MelodyContext = {
    key: brief.key,
    random: random.fork('melody'),
    steps,
    tonicMidi,
    inKey: keyPitchClasses(brief.key, definition.pentatonic),
    definition,
  }
  const contourRandom = random.fork('contour')
  const contours = new Map<string, number[]>()
  const melody: MelodyNote[] = []
  const phrases: Phrase[] = []
  const lastSungSection = plans.reduce(
    (last, plan, index) => (plan.phrases.length > 0 ? index : last),
    -1,
  )
  plans.forEach((plan, sectionIndex) => {
    const section = sections[sectionIndex]
    if (!section) return
    // Intros and plain interludes hold their empty bars before the melody; outros after it.
    let beat = (section.startBar + (plan.kind === 'outro' ? 0 : plan.emptyBars)) * BEATS_PER_BAR
    plan.phrases.forEach((phrase, position) => {
      // Phrases in the same place of the same kind of section share a contour, so the second
      // verse is sung to the first verse's tune and every chorus sounds like the chorus.
      const contourKey = `${plan.kind === 'intro' ? 'chorus' : plan.kind}:${position % 4}`
      let contour = contours.get(contourKey)
      if (!contour) {
        contour = contourSteps(contourRandom, 64, definition.melodicRange)
        contours.set(contourKey, contour)
      }
      const phraseIndex = phrases.length
      const finalCadence = sectionIndex === lastSungSection && position === plan.phrases.length - 1
      const notes = writePhraseMelody(
        context,
        phrase,
        phraseIndex,
        beat,
        slotBeats,
        slotsPerBar,
        SECTION_CENTRE[plan.kind],
        contour,
        sections,
        finalCadence,
      )
      melody.push(...notes)
      phrases.push({
        index: phraseIndex,
        sectionIndex,
        startBeat: notes[0]?.startBeat ?? beat,
        endBeat: beat + phrase.bars * BEATS_PER_BAR,
        text: phrase.text,
        carrier: brief.instrumental ? 'instrument' : phrase.carrier,
      })
      beat += phrase.bars * BEATS_PER_BAR
    })
  })
  return { brief, definition, sections, melody, phrases, totalBars: bar, slotBeats, tonicMidi }
}

/**
 * The opening of a composition: its first `sections` sections (the whole song when it has no
 * more) with their phrases and melody, ending where the last of them ends instead of on the
 * song's written ending. A quick draft of how a song starts (the command line's `--sections`).
 */
export function compositionOpening(composition: Composition, sections: number): Composition {
  const kept = composition.sections.slice(0, sections)
  const last = kept[kept.length - 1]
  if (!last || kept.length === composition.sections.length) return composition
  // Phrases are written section by section, so the kept ones are the first, indices unchanged.
  const phrases = composition.phrases.filter((phrase) => phrase.sectionIndex < kept.length)
  return {
    ...composition,
    sections: kept,
    phrases,
    melody: composition.melody.filter((note) => note.phraseIndex < phrases.length),
    totalBars: last.startBar + last.bars,
  }
}

/** The proportion of melody notes in key or marked as deliberate passing notes (1 = all). */
export function inKeyRatio(composition: Composition): number {
  const inKey = keyPitchClasses(composition.brief.key, composition.definition.pentatonic)
  if (composition.melody.length === 0) return 1
  const good = composition.melody.filter(
    (note) => note.passing || inKey.has(pitchClass(note.midi)),
  ).length
  return good / composition.melody.length
}
