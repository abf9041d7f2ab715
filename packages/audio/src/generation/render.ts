import type { Composition, MelodyNote, Section } from './composer'
import { BEATS_PER_BAR } from './composer'
import type { Random } from './random'
import { createRandom } from './random'
import { integratedLoudness } from '../measure/loudness'
import type { PcmAudio } from '../types'
import type { MixdownOptions } from './mixdown'
import { Mixdown } from './mixdown'
import type { MoodDefinition, SongStyle } from './styles'
import { MOOD_DEFINITIONS } from './styles'
import type { Chord } from './theory'
import { midiToFrequency } from './theory'
import { playBass } from './synth/bass'
import type { MixBus, Placement } from './synth/bus'
import { createMixBus, place } from './synth/bus'
import type { DrumSounds } from './synth/drums'
import { createDrumSounds, drumBar, laySample } from './synth/drums'
import { playKeys } from './synth/keys'
import { createWindLead } from './synth/lead'
import { playPad } from './synth/pad'
import type { Pluck } from './synth/pluck'
import { createPluck } from './synth/pluck'
import type { SungSyllable } from './singing/pronounce'
import { melodySyllables } from './singing/pronounce'
import type { SingingVoice } from './singing/singingVoice'
import {
  createSingingVoice,
  leadSinger,
  MAX_LEAD_IN_SECONDS,
  SINGER_VOICES,
} from './singing/singingVoice'

/**
 * The arranger and renderer: plays a composition with the style's instruments into a stereo bus.
 * Every part reads the section's energy, so intros and outros are thin and choruses full.
 */

/** Seconds of reverb tail after the last bar. */
export const TAIL_SECONDS = 2.5

/** Which parts to render; all by default. The bench and tests switch parts off to measure them. */
export interface RenderParts {
  drums: boolean
  bass: boolean
  harmony: boolean
  pad: boolean
  lead: boolean
  reverb: boolean
}

const ALL_PARTS: RenderParts = {
  drums: true,
  bass: true,
  harmony: true,
  pad: true,
  lead: true,
  reverb: true,
}

interface Timeline {
  /** Sample index of a beat, with the style's swing applied to off-beats. */
  sampleAt(beat: number): number
  samplesPerBeat: number
}

export function createTimeline(tempo: number, swing: number, sampleRate: number): Timeline {
  const samplesPerBeat = (60 / tempo) * sampleRate
  // The off-beat eighth moves from 0.5 towards 2/3 of the beat; the rest of the beat stretches
  // or shrinks around it so every beat still starts on time.
  const offBeat = 0.5 + swing * 0.5
  return {
    samplesPerBeat,
    sampleAt(beat) {
      const whole = Math.floor(beat)
      const fraction = beat - whole
      const swung =
        fraction < 0.5
          ? fraction * (offBeat / 0.5)
          : offBeat + (fraction - 0.5) * ((1 - offBeat) / 0.5)
      return Math.round((whole + swung) * samplesPerBeat)
    },
  }
}

/** Samples in the rendered song: its bars and the reverb tail after them. */
export function songLength(composition: Composition, sampleRate: number): number {
  const { brief, definition } = composition
  const timeline = createTimeline(brief.tempo, definition.swing, sampleRate)
  return (
    timeline.sampleAt(composition.totalBars * BEATS_PER_BAR) + Math.round(TAIL_SECONDS * sampleRate)
  )
}

/** Chord tones stacked upwards from the first pitch-class occurrence at or above `lowest`. */
function voiceChord(pitchClasses: readonly number[], lowest: number): number[] {
  const notes: number[] = []
  let floor = lowest
  for (const pitchClassWanted of pitchClasses) {
    let midi = floor - (((floor % 12) + 12) % 12) + pitchClassWanted
    if (midi < floor) midi += 12
    notes.push(midi)
    floor = midi + 1
  }
  return notes
}

/**
 * The inversion of a chord whose notes sit closest around `centre`. Every chord of a part is
 * voiced around the same centre, so consecutive chords move by small steps (smooth voice
 * leading) without the renderer having to remember the previous chord.
 */
function closeVoicing(pitchClasses: readonly number[], centre: number): number[] {
  let best: number[] = []
  let bestDistance = Number.POSITIVE_INFINITY
  for (let rotation = 0; rotation < pitchClasses.length; rotation++) {
    const rotated = [...pitchClasses.slice(rotation), ...pitchClasses.slice(0, rotation)]
    const notes = voiceChord(rotated, centre - 6)
    const mean = notes.reduce((sum, note) => sum + note, 0) / notes.length
    if (Math.abs(mean - centre) < bestDistance) {
      best = notes
      bestDistance = Math.abs(mean - centre)
    }
  }
  return best
}

function bassMidi(pitchClassWanted: number): number {
  // E1..D#2 would be too low for small speakers; keep roots between A1 and G#2.
  return 33 + ((pitchClassWanted - 9 + 12) % 12)
}

interface RenderContext {
  bus: MixBus
  composition: Composition
  timeline: Timeline
  mood: MoodDefinition
  random: Random
  brightness: number
  /** Made once per song so every section plays the same kit. */
  drumSounds: DrumSounds
  /** Gain of the part being rendered, set by the mix levels. */
  level: number
}

function renderDrums(context: RenderContext, section: Section, isLastSection: boolean): void {
  const { bus, composition, timeline, random, mood, drumSounds: sounds } = context
  const kit = composition.definition.drums
  const level = 0.55 + 0.45 * mood.energy
  const kickPlace = placeAt(context.level, 0, 0.9 * level, 0.03)
  const snarePlace = placeAt(context.level, 0.08, 0.55 * level, 0.25)
  const hatPlace = placeAt(context.level, 0.35, 0.22 * level, 0.05)
  const openPlace = placeAt(context.level, 0.35, 0.16 * level, 0.1)
  for (let barIndex = 0; barIndex < section.bars; barIndex++) {
    // Intros bring the drums in halfway; outros drop them for the last two bars.
    if (section.kind === 'intro' && barIndex < section.bars / 2 && kit !== 'four') continue
    if (section.kind === 'outro' && barIndex >= section.bars - 2) continue
    const fill = barIndex === section.bars - 1 && !isLastSection && section.kind !== 'intro'
    // A crash marks the downbeat of every full section (brushes and hand percussion have none).
    if (barIndex === 0 && section.energy >= 0.7 && kit !== 'brushes' && kit !== 'hand') {
      const downbeat = timeline.sampleAt((section.startBar + barIndex) * BEATS_PER_BAR)
      laySample(bus, sounds.crash, downbeat, placeAt(context.level, -0.35, 0.3 * level, 0.3))
    }
    const pattern = drumBar(kit, section.energy, random, fill)
    const barBeat = (section.startBar + barIndex) * BEATS_PER_BAR
    for (let step = 0; step < 16; step++) {
      const start = timeline.sampleAt(barBeat + step / 4)
      const kick = pattern.kick[step] ?? 0
      const snare = pattern.snare[step] ?? 0
      const hat = pattern.hat[step] ?? 0
      const open = pattern.openHat[step] ?? 0
      if (kick > 0) laySample(bus, sounds.kick, start, scale(kickPlace, kick))
      if (snare > 0) laySample(bus, sounds.snare, start, scale(snarePlace, snare))
      if (open > 0) laySample(bus, sounds.openHat, start, scale(openPlace, open))
      else if (hat > 0)
        laySample(bus, sounds.closedHat, start, scale(hatPlace, hat * (0.85 + random.next() * 0.3)))
    }
  }
}

/** A placement with the part's mix level applied. */
function placeAt(level: number, pan: number, gain: number, send: number): Placement {
  return place(pan, gain * level, send)
}

function scale(placement: Placement, factor: number): Placement {
  return {
    left: placement.left * factor,
    right: placement.right * factor,
    send: placement.send * factor,
  }
}

function nextChordRoot(
  sections: readonly Section[],
  sectionIndex: number,
  barIndex: number,
): number | undefined {
  const section = sections[sectionIndex]
  if (!section) return undefined
  if (barIndex + 1 < section.bars) return section.chords[barIndex + 1]?.root
  return sections[sectionIndex + 1]?.chords[0]?.root
}

function renderBass(context: RenderContext, sectionIndex: number): void {
  const { bus, composition, timeline, mood, brightness } = context
  const section = composition.sections[sectionIndex]
  if (!section) return
  const part = composition.definition.bass
  const tone = part === 'sub' ? 'sub' : 'electric'
  const placement = placeAt(
    context.level,
    0,
    (tone === 'sub' ? 1 : 1.1) * (0.7 + 0.3 * mood.energy),
    0,
  )
  const play = (beat: number, beats: number, midi: number, velocity: number) => {
    const start = timeline.sampleAt(beat)
    const length = Math.max(
      1,
      timeline.sampleAt(beat + beats) - start - Math.round(bus.sampleRate * 0.01),
    )
    playBass(
      bus,
      { start, length, frequency: midiToFrequency(midi), velocity, placement },
      tone,
      brightness,
    )
  }
  for (let barIndex = 0; barIndex < section.bars; barIndex++) {
    if (section.kind === 'intro' && barIndex < section.bars / 2) continue
    const chord = section.chords[barIndex]
    if (!chord) continue
    const barBeat = (section.startBar + barIndex) * BEATS_PER_BAR
    const root = bassMidi(chord.root)
    const fifth = bassMidi(chord.pitchClasses[2] ?? chord.root)
    const energy = section.energy
    if (section.kind === 'outro' && barIndex >= section.bars - 2) {
      play(barBeat, 4, root, 0.8)
      continue
    }
    switch (part) {
      case 'root':
        play(barBeat, 1.75, root, 0.9)
        play(barBeat + 2, energy > 0.6 ? 1.5 : 1.75, energy > 0.6 ? fifth : root, 0.75)
        if (energy > 0.6) play(barBeat + 3.5, 0.5, root, 0.6)
        break
      case 'octave':
        for (let eighth = 0; eighth < 8; eighth++) {
          if (energy < 0.6 && eighth % 2 === 1) continue
          play(
            barBeat + eighth / 2,
            energy < 0.6 ? 0.9 : 0.45,
            eighth % 2 === 1 ? root + 12 : root,
            eighth % 4 === 0 ? 0.9 : 0.65,
          )
        }
        break
      case 'pulse':
        for (let eighth = 0; eighth < 8; eighth++)
          play(barBeat + eighth / 2, 0.45, root, eighth % 2 === 0 ? 0.85 : 0.65)
        break
      case 'walking': {
        const third = bassMidi(chord.pitchClasses[1] ?? chord.root)
        const target = nextChordRoot(composition.sections, sectionIndex, barIndex)
        const targetMidi = target === undefined ? root : bassMidi(target)
        // The fourth beat approaches the next root from a semitone away.
        const approach = targetMidi + (targetMidi > root ? -1 : 1)
        const line = [
          root,
          third < root ? third + 12 : third,
          fifth < root ? fifth + 12 : fifth,
          approach,
        ]
        line.forEach((midi, beat) => play(barBeat + beat, 0.9, midi, beat === 0 ? 0.9 : 0.75))
        break
      }
      case 'sub':
        play(barBeat, 1.6, root, 1)
        play(barBeat + 1.75, 0.6, root, 0.7)
        play(barBeat + 2.5, 1.4, energy > 0.6 ? fifth : root, 0.85)
        break
    }
  }
}

/** When the harmony instrument strikes within a bar: [beat, velocity, upstroke]. */
function harmonyRhythm(
  part: Composition['definition']['harmony'],
  energy: number,
  random: Random,
): [number, number, boolean][] {
  switch (part) {
    case 'strum':
      return energy < 0.5
        ? [
            [0, 0.9, false],
            [2, 0.7, false],
          ]
        : [
            [0, 0.95, false],
            [1, 0.7, false],
            [1.5, 0.5, true],
            [2.5, 0.55, true],
            [3, 0.75, false],
            [3.5, 0.5, true],
          ]
    case 'keys':
      if (energy < 0.5) return [[0, 0.8, false]]
      if (energy < 0.9)
        return [
          [0, 0.85, false],
          [1.5, 0.6, false],
          [2.5, 0.65, false],
        ]
      return [
        [0, 0.9, false],
        [1, 0.6, false],
        [1.5, 0.7, false],
        [2.5, 0.75, false],
        [3, 0.6, false],
      ]
    case 'power':
      if (energy < 0.7)
        return [
          [0, 0.9, false],
          [2, 0.8, false],
        ]
      return Array.from({ length: 8 }, (_, eighth): [number, number, boolean] => [
        eighth / 2,
        eighth % 2 === 0 ? 0.9 : 0.7,
        false,
      ])
    case 'stabs':
      return [
        [0.5, 0.8, false],
        [1.5, 0.7, false],
        [2.5, 0.8, false],
        [3.5, 0.7, false],
      ]
    case 'comp':
      return random.pick<[number, number, boolean][]>([
        [
          [0, 0.8, false],
          [1.5, 0.7, false],
        ],
        [
          [0.5, 0.7, false],
          [2.5, 0.75, false],
        ],
        [
          [0, 0.8, false],
          [2, 0.6, false],
          [3.5, 0.65, false],
        ],
      ])
    case 'arpeggio':
      return Array.from({ length: energy < 0.5 ? 4 : 8 }, (_, index): [number, number, boolean] => {
        const step = energy < 0.5 ? index : index / 2
        return [step, index === 0 ? 0.9 : 0.65, false]
      })
  }
}

function renderHarmony(context: RenderContext, section: Section): void {
  const { bus, composition, timeline, random, brightness, mood } = context
  const part = composition.definition.harmony
  const rate = bus.sampleRate
  const pluckRandom = random.fork('pluck-noise')
  const guitar = createPluck(
    rate,
    {
      brightness,
      sustainSeconds: part === 'arpeggio' ? 2.2 : 1.4,
      drive: part === 'power' ? 0.6 : 0,
    },
    pluckRandom.next,
  )
  const level = 0.55 + 0.45 * mood.energy
  for (let barIndex = 0; barIndex < section.bars; barIndex++) {
    const chord: Chord | undefined = section.chords[barIndex]
    if (!chord) continue
    const barBeat = (section.startBar + barIndex) * BEATS_PER_BAR
    const lastBars = section.kind === 'outro' && barIndex >= section.bars - 2
    const hits = lastBars
      ? ([[0, 0.8, false]] as [number, number, boolean][])
      : harmonyRhythm(part, section.energy, random)
    hits.forEach(([beat, velocity, upstroke], hitIndex) => {
      const start = timeline.sampleAt(barBeat + beat)
      const nextBeat = hits[hitIndex + 1]?.[0] ?? 4
      const holdBeats = lastBars ? 4 : nextBeat - beat
      const length = Math.max(1, timeline.sampleAt(barBeat + beat + holdBeats) - start)
      const strength = velocity * level
      switch (part) {
        case 'strum': {
          // Six strings strummed over ~25 ms: low to high on the way down, high to low going up.
          const strings = voiceChord([chord.root, ...chord.pitchClasses, chord.root], 45)
          const order = upstroke ? [...strings].reverse().slice(0, 3) : strings
          order.forEach((midi, stringIndex) => {
            const offset = Math.round(stringIndex * 0.006 * rate)
            guitar.play(bus, {
              start: start + offset,
              length,
              frequency: midiToFrequency(midi),
              velocity: strength * 0.32,
              // Down- and upstrokes sit on opposite sides, like a double-tracked guitar.
              placement: placeAt(
                context.level,
                (upstroke ? 0.4 : -0.4) + stringIndex * 0.03,
                1,
                0.22,
              ),
            })
          })
          break
        }
        case 'power': {
          const root = 40 + ((chord.root - 4 + 12) % 12)
          for (const [stringIndex, midi] of [root, root + 7, root + 12].entries()) {
            guitar.play(bus, {
              start: start + stringIndex * 40,
              length,
              frequency: midiToFrequency(midi),
              velocity: strength * 0.5,
              placement: placeAt(context.level, stringIndex === 1 ? 0.45 : -0.45, 1, 0.12),
            })
          }
          break
        }
        case 'arpeggio': {
          const tones = closeVoicing(chord.pitchClasses, 64)
          const pattern = [0, 1, 2, 1, 0, 2, 1, 2]
          const hit = Math.round(beat * 2)
          const midi =
            (tones[pattern[hit % pattern.length] ?? 0] ?? 60) +
            (hit >= 4 && section.energy > 0.8 ? 12 : 0)
          guitar.play(bus, {
            start,
            length: length * 3,
            frequency: midiToFrequency(midi),
            velocity: strength * 0.45,
            placement: placeAt(context.level, hit % 2 === 0 ? -0.45 : 0.45, 1, 0.35),
          })
          break
        }
        case 'stabs': {
          for (const [toneIndex, midi] of closeVoicing(chord.pitchClasses, 64).entries()) {
            guitar.play(bus, {
              start,
              length: Math.round(length * 0.5),
              frequency: midiToFrequency(midi),
              velocity: strength * 0.35,
              placement: placeAt(context.level, toneIndex % 2 === 0 ? -0.55 : 0.55, 1, 0.3),
            })
          }
          break
        }
        case 'keys':
        case 'comp': {
          // Jazz comping leaves the root to the bass and plays the colour tones.
          const tones = closeVoicing(
            part === 'comp' ? chord.pitchClasses.slice(1) : chord.pitchClasses,
            62,
          )
          tones.forEach((midi, toneIndex) => {
            playKeys(
              bus,
              {
                start,
                length,
                frequency: midiToFrequency(midi),
                velocity: strength * 0.3,
                placement: placeAt(context.level, -0.45 + toneIndex * 0.3, 1, 0.25),
              },
              { brightness, decaySeconds: 2.5 },
            )
          })
          break
        }
      }
    })
  }
}

function renderPad(context: RenderContext, section: Section): void {
  const { bus, timeline, brightness, mood } = context
  if (section.energy < 0.35) return
  const level = 0.6 + 0.3 * (1 - mood.energy)
  for (let barIndex = 0; barIndex < section.bars; barIndex++) {
    const chord = section.chords[barIndex]
    if (!chord) continue
    const barBeat = (section.startBar + barIndex) * BEATS_PER_BAR
    const start = timeline.sampleAt(barBeat)
    const length = timeline.sampleAt(barBeat + BEATS_PER_BAR) - start
    closeVoicing(chord.pitchClasses.slice(0, 3), 58).forEach((midi, toneIndex) => {
      const pan = toneIndex === 0 ? 0 : toneIndex === 1 ? -0.8 : 0.8
      playPad(
        bus,
        {
          start,
          length,
          frequency: midiToFrequency(midi),
          velocity: level * (0.5 + section.energy * 0.5),
          placement: placeAt(context.level, pan, 0.45, 0.5),
        },
        { cutoffHz: 900 + brightness * 2500, attackSeconds: 0.25, releaseSeconds: 0.5 },
      )
    })
  }
}

/**
 * The lead's instruments for one song. They are made once, so what they carry from note to note
 * (the voice's breath noise, the pluck's noise, the previous note for legato) runs on from one
 * section to the next exactly as in one pass over the whole melody.
 */
interface LeadPlayer {
  /** Plays the melody notes of one section's phrases. */
  playSection(context: RenderContext, sectionIndex: number): void
}

/** The section of every melody note: its phrase's (a pickup before the first bar included). */
function melodyBySection(composition: Composition): MelodyNote[][] {
  const { sections, phrases, melody } = composition
  const bySection = sections.map((): MelodyNote[] => [])
  const last = sections.length - 1
  for (const note of melody) {
    const sectionIndex =
      phrases[note.phraseIndex]?.sectionIndex ??
      sections.findLastIndex((section) => section.startBar * BEATS_PER_BAR <= note.startBeat)
    bySection[Math.max(0, Math.min(last, sectionIndex))]?.push(note)
  }
  return bySection
}

interface LeadInstruments {
  voice: SingingVoice
  /** The frequency ratio from the written melody to where the singer sings it. */
  register: number
  wind: ReturnType<typeof createWindLead>
  pluck: Pluck
}

/** The singer of a composition's sung phrases, and the voice they sing in at `sampleRate`. */
function leadVoice(
  composition: Composition,
  sampleRate: number,
): { singer: ReturnType<typeof leadSinger>; voice: SingingVoice } {
  const singer = leadSinger(composition.definition.id, composition.brief.seed)
  return {
    singer,
    voice: createSingingVoice(sampleRate, composition.brief.seed ^ 0x51ab, { singer }),
  }
}

/**
 * Asks the speech source for every syllable the composition sings, without waiting, so a
 * synthesiser in a thread of its own (eSpeak) speaks them while the caller does other work (the
 * MP3 encoder's start, the calibration of the instruments) instead of when the lead first sings.
 * The song is the same either way: the spoken syllables are remembered by what was asked.
 */
export function prefetchSinging(composition: Composition, sampleRate: number): void {
  leadVoice(composition, sampleRate).voice.prepare(melodySyllables(composition).values())
}

function createLeadPlayer(composition: Composition, sampleRate: number): LeadPlayer {
  const { definition, brief } = composition
  const { singer, voice } = leadVoice(composition, sampleRate)
  const instruments: LeadInstruments = {
    voice,
    register: 2 ** (SINGER_VOICES[singer].register / 12),
    wind: createWindLead(
      sampleRate,
      brief.seed ^ 0x2f1d,
      definition.lead === 'flute' ? 'flute' : 'synth',
    ),
    pluck: createPluck(
      sampleRate,
      { brightness: 0.8, sustainSeconds: 1.5, drive: 0 },
      createRandom(brief.seed ^ 0x77).next,
    ),
  }
  const notesBySection = melodyBySection(composition)
  const syllables = melodySyllables(composition)
  instruments.voice.prepare(syllables.values())
  const following = new Map<MelodyNote, MelodyNote>()
  composition.melody.forEach((note, index) => {
    const next = composition.melody[index + 1]
    if (next) following.set(note, next)
  })
  let previous: MelodyNote | undefined
  return {
    playSection(context, sectionIndex) {
      for (const note of notesBySection[sectionIndex] ?? []) {
        const next = following.get(note)
        playLeadNote(context, instruments, {
          note,
          previous,
          syllable: syllables.get(note),
          nextSyllable: next && { note: next, syllable: syllables.get(next) },
        })
        previous = note
      }
    },
  }
}

interface LeadNoteToPlay {
  note: MelodyNote
  previous: MelodyNote | undefined
  /** What the note sings, when its phrase is sung. */
  syllable: SungSyllable | undefined
  /** The next melody note and what it sings: its consonants come before its beat. */
  nextSyllable: { note: MelodyNote; syllable: SungSyllable | undefined } | undefined
}

/** One melody note on the lead: sung where its phrase is sung, else on the style's instrument. */
function playLeadNote(
  context: RenderContext,
  instruments: LeadInstruments,
  { note, previous, syllable, nextSyllable }: LeadNoteToPlay,
): void {
  const { bus, timeline, composition } = context
  const { definition } = composition
  const start = timeline.sampleAt(note.startBeat)
  const length = Math.max(
    1,
    timeline.sampleAt(note.startBeat + note.durationBeats) -
      start -
      Math.round(bus.sampleRate * 0.015),
  )
  const frequency = midiToFrequency(note.midi)
  const leadPlace = placeAt(context.level, 0.05, 0.5, 0.35)
  if (composition.phrases[note.phraseIndex]?.carrier === 'voice' && syllable) {
    const legato =
      previous !== undefined &&
      previous.phraseIndex === note.phraseIndex &&
      Math.abs(previous.startBeat + previous.durationBeats - note.startBeat) < 1e-6
    const phraseStart = previous === undefined || previous.phraseIndex !== note.phraseIndex
    // The vowel stops where the next syllable's consonants start, as a singer's would.
    let sungLength = length
    if (nextSyllable?.syllable) {
      const nextStart = timeline.sampleAt(nextSyllable.note.startBeat)
      const leadIn = instruments.voice.leadIn(nextSyllable.syllable, bus.sampleRate)
      sungLength = Math.max(Math.round(length / 2), Math.min(length, nextStart - leadIn - start))
    }
    instruments.voice.sing(bus, {
      start,
      length: sungLength,
      frequency: frequency * instruments.register,
      velocity: note.velocity,
      placement: placeAt(context.level, 0, 0.55, 0.3),
      syllable,
      glideFrom:
        legato && previous ? midiToFrequency(previous.midi) * instruments.register : undefined,
      breath: phraseStart,
    })
  } else if (definition.lead === 'keys') {
    playKeys(
      bus,
      {
        start,
        length,
        frequency: frequency * 2,
        velocity: note.velocity * 0.55,
        placement: leadPlace,
      },
      { brightness: 0.6, decaySeconds: 1.8 },
    )
  } else if (definition.lead === 'pluck') {
    instruments.pluck.play(bus, {
      start,
      length,
      frequency,
      velocity: note.velocity * 0.6,
      placement: leadPlace,
    })
  } else {
    instruments.wind.play(bus, {
      start,
      length,
      frequency: definition.lead === 'flute' ? frequency * 2 : frequency,
      velocity: note.velocity,
      placement: leadPlace,
    })
  }
}

export type PartName = Exclude<keyof RenderParts, 'reverb'>
const PART_ORDER: readonly PartName[] = ['drums', 'bass', 'harmony', 'pad', 'lead']

/**
 * The level of each part in the mix, in LUFS before mastering (only the differences matter).
 * Every part is rendered alone, measured and set to its level, so the balance holds whatever the
 * synthesis of a style happens to output: the melody on top, drums and bass under it, the
 * harmony a little further back and the pad as a bed.
 */
const MIX_LEVELS: Record<SongStyle, Record<PartName, number>> = {
  folk: { lead: -18, drums: -23, bass: -22, harmony: -20, pad: -26 },
  pop: { lead: -18, drums: -20, bass: -21, harmony: -22, pad: -25 },
  rock: { lead: -18, drums: -19, bass: -21, harmony: -20, pad: -26 },
  electronic: { lead: -18.5, drums: -19, bass: -20, harmony: -22, pad: -23 },
  guofeng: { lead: -18, drums: -24, bass: -22, harmony: -20, pad: -24 },
  jazz: { lead: -18, drums: -23, bass: -21, harmony: -21, pad: -26 },
  lofi: { lead: -18.5, drums: -21, bass: -21, harmony: -21, pad: -24 },
  hiphop: { lead: -18, drums: -19, bass: -19, harmony: -22, pad: -25 },
}
/** An instrumental lead sits a little lower than a voice would. */
const INSTRUMENTAL_LEAD_OFFSET = -1

/** Renders one part's notes of one section into the context's bus, at the context's level. */
function renderPartSection(
  part: PartName,
  context: RenderContext,
  sectionIndex: number,
  lead: LeadPlayer,
): void {
  const { sections, definition } = context.composition
  const section = sections[sectionIndex]
  if (!section) return
  if (part === 'lead') {
    lead.playSection(context, sectionIndex)
    return
  }
  // Each section draws from its own fork of the part's random, so it sounds the same whichever
  // order the sections and parts are rendered in.
  const sectionContext = { ...context, random: context.random.fork(`${part}-${sectionIndex}`) }
  if (part === 'drums') renderDrums(sectionContext, section, sectionIndex === sections.length - 1)
  if (part === 'bass') renderBass(sectionContext, sectionIndex)
  if (part === 'harmony') renderHarmony(sectionContext, section)
  if (part === 'pad' && definition.pad) renderPad(sectionContext, section)
}

/**
 * The section a part's level is measured on: the first of the fullest sections that has melody,
 * which is where a mix engineer would balance the parts (usually the first chorus).
 */
function calibrationSection(composition: Composition): number {
  const withMelody = new Set(composition.phrases.map((phrase) => phrase.sectionIndex))
  let best = 0
  let bestScore = -1
  composition.sections.forEach((section, index) => {
    const score = section.energy + (withMelody.has(index) ? 1 : 0)
    if (score > bestScore) {
      best = index
      bestScore = score
    }
  })
  return best
}

/** Seconds rendered past the calibration section so notes ringing over its end are complete. */
const CALIBRATION_OVERHANG_SECONDS = 1
const CALIBRATION_MAX_BARS = 16
/** The fade at the end of a song, so the reverb tail ends in silence, not a cut. */
const FADE_SECONDS = TAIL_SECONDS + 1.5
/**
 * How far before the earliest note still to come a stretch counts as final. No instrument writes
 * before its note's start; the margin only keeps that from being a matter of exact rounding.
 */
const SETTLED_MARGIN_SECONDS = 0.01

const ROOM_SIZES: Record<SongStyle, number> = {
  folk: 0.65,
  pop: 0.65,
  rock: 0.45,
  electronic: 0.85,
  guofeng: 0.85,
  jazz: 0.6,
  lofi: 0.6,
  hiphop: 0.45,
}

/** The finishing chain of a style: its room, and the tape colour for lo-fi. */
function mixdownOptions(
  composition: Composition,
  parts: RenderParts,
  random: Random,
  fadeSeconds: number,
): MixdownOptions {
  const { definition } = composition
  return {
    reverb: parts.reverb
      ? { roomSize: ROOM_SIZES[definition.id], damping: 0.5, wet: 0.9 }
      : undefined,
    tape: definition.id === 'lofi' ? random.fork('tape') : undefined,
    fadeSeconds,
  }
}

interface Calibration {
  /** Linear gain of each wanted part. */
  levels: Map<PartName, number>
  /** The measured excerpt with every part at its level, finished like the song. */
  excerpt: PcmAudio
}

/** Where the calibration excerpt lies in the song: at most 16 bars of its section. */
function excerptSpan(
  composition: Composition,
  timeline: Timeline,
  songLength: number,
): { sectionIndex: number; start: number; length: number } {
  const sectionIndex = calibrationSection(composition)
  const section = composition.sections[sectionIndex]
  if (!section) return { sectionIndex, start: 0, length: songLength }
  const start = timeline.sampleAt(section.startBar * BEATS_PER_BAR)
  const bars = Math.min(section.bars, CALIBRATION_MAX_BARS)
  return {
    sectionIndex,
    start,
    length: timeline.sampleAt((section.startBar + bars) * BEATS_PER_BAR) - start,
  }
}

/** The gain that brings a part measured at `measured` LUFS to its level in the style's mix. */
function partLevel(composition: Composition, part: PartName, measured: number): number {
  const { brief, definition } = composition
  const instrumentalLead = part === 'lead' && brief.instrumental
  const target = MIX_LEVELS[definition.id][part] + (instrumentalLead ? INSTRUMENTAL_LEAD_OFFSET : 0)
  // A part that is silent in the excerpt (a pad in a style without one) plays at unity.
  return Number.isFinite(measured) ? Math.pow(10, (target - measured) / 20) : 1
}

/**
 * Each part is rendered alone over the calibration excerpt into a small bus that starts where
 * the excerpt starts, measured and given the gain that sets it to its mix level. The parts are
 * also summed at those gains, so the excerpt the song will sound like is known before the song
 * is rendered.
 */
function calibrate(
  context: RenderContext,
  wanted: readonly PartName[],
  parts: RenderParts,
): Calibration {
  const { composition, timeline } = context
  const { sampleRate } = context.bus
  const span = excerptSpan(composition, timeline, context.bus.length)
  const busLength = span.length + Math.round(CALIBRATION_OVERHANG_SECONDS * sampleRate)
  const partBus = createMixBus(sampleRate, busLength)
  const mix = createMixBus(sampleRate, busLength)
  const excerptTimeline: Timeline = {
    samplesPerBeat: timeline.samplesPerBeat,
    sampleAt: (beat) => timeline.sampleAt(beat) - span.start,
  }
  const measuredPart = (bus: MixBus): PcmAudio => ({
    sampleRate,
    channels: [bus.left.subarray(0, span.length), bus.right.subarray(0, span.length)],
  })
  const levels = new Map<PartName, number>()
  for (const part of wanted) {
    for (const array of [partBus.left, partBus.right, partBus.reverbSend]) array.fill(0)
    const partContext = {
      ...context,
      bus: partBus,
      timeline: excerptTimeline,
      random: context.random.fork(part),
    }
    const lead = createLeadPlayer(composition, sampleRate)
    renderPartSection(part, partContext, span.sectionIndex, lead)
    const level = partLevel(composition, part, integratedLoudness(measuredPart(partBus)))
    levels.set(part, level)
    addScaled(mix, partBus, level)
  }
  new Mixdown(mix, mixdownOptions(composition, parts, context.random, 0)).finishUntil(span.length)
  return { levels, excerpt: measuredPart(mix) }
}

function addScaled(into: MixBus, from: MixBus, gain: number): void {
  for (const [target, source] of [
    [into.left, from.left],
    [into.right, from.right],
    [into.reverbSend, from.reverbSend],
  ] as const) {
    for (let index = 0; index < target.length; index++) {
      target[index] = (target[index] as number) + (source[index] as number) * gain
    }
  }
}

/**
 * A composition being rendered section by section into one bus: every part's notes of a section
 * at the part's mix level, then the finishing chain (reverb, tape colour, rumble filter, fade) on
 * whatever stretch no later section can write to any more. The mix is not mastered.
 */
export interface Arrangement {
  /** The dry bus the parts are rendered into; `finishUntil` finishes its left and right in place. */
  readonly bus: MixBus
  readonly sectionCount: number
  /** The parts rendered, in the order each section renders them. */
  readonly parts: readonly PartName[]
  /** The calibration excerpt with every part at its level, finished like the song. */
  readonly excerpt: PcmAudio
  /** Samples of the bus before this one are finished. */
  readonly finishedUntil: number
  /** Renders every part's notes of one section. */
  renderSection(sectionIndex: number): void
  /** Renders one part's notes of one section (tests use it to render part by part). */
  renderPartSection(part: PartName, sectionIndex: number): void
  /** The first sample a note of the section starts at (a lead pickup may come before its bar). */
  earliestOnset(sectionIndex: number): number
  /**
   * The sample before which nothing can change once sections [0, renderedSections) are rendered:
   * the earliest onset of any section still to come, less a margin; the bus's end after the last.
   */
  settledBefore(renderedSections: number): number
  /** Runs the finishing chain on [finishedUntil, to) of the bus's left and right channels. */
  finishUntil(to: number): void
}

/** Each section's earliest onset, and the minimum over it and every later section. */
function onsetsOf(composition: Composition, timeline: Timeline, sampleRate: number): number[] {
  const melody = melodyBySection(composition)
  // A sung note's breath and consonants come before its beat.
  const leadIn = Math.round(MAX_LEAD_IN_SECONDS * sampleRate)
  return composition.sections.map((section, index) => {
    let onset = timeline.sampleAt(section.startBar * BEATS_PER_BAR)
    for (const note of melody[index] ?? []) {
      const sung = composition.phrases[note.phraseIndex]?.carrier === 'voice'
      onset = Math.min(onset, timeline.sampleAt(note.startBeat) - (sung ? leadIn : 0))
    }
    return onset
  })
}

/** What every part of one song renders with, into `bus`, before its level is known. */
function songContext(composition: Composition, bus: MixBus): RenderContext {
  const { brief, definition } = composition
  const mood = MOOD_DEFINITIONS[brief.mood]
  const random = createRandom(brief.seed).fork('render')
  return {
    bus,
    composition,
    timeline: createTimeline(brief.tempo, definition.swing, bus.sampleRate),
    mood,
    random,
    brightness: Math.max(0.1, Math.min(1, definition.brightness + mood.brightnessBias)),
    // Made once per song so every section plays the same kit.
    drumSounds: createDrumSounds(definition.drums, bus.sampleRate, random.fork('drum-sounds')),
    level: 1,
  }
}

/**
 * Measures every part's level on the calibration excerpt and prepares the song's bus; nothing
 * of the song itself is rendered yet.
 */
export function arrange(
  composition: Composition,
  sampleRate: number,
  parts: RenderParts = ALL_PARTS,
): Arrangement {
  const context = songContext(
    composition,
    createMixBus(sampleRate, songLength(composition, sampleRate)),
  )
  const { bus, timeline, random } = context
  const { length } = bus
  const wanted = PART_ORDER.filter((part) => parts[part])
  const calibration = calibrate(context, wanted, parts)
  const partContexts = new Map(
    wanted.map((part) => [
      part,
      { ...context, level: calibration.levels.get(part) ?? 1, random: random.fork(part) },
    ]),
  )
  const lead = createLeadPlayer(composition, sampleRate)
  const mixdown = new Mixdown(bus, mixdownOptions(composition, parts, random, FADE_SECONDS))
  const onsets = onsetsOf(composition, timeline, sampleRate)
  const margin = Math.round(SETTLED_MARGIN_SECONDS * sampleRate)
  const renderOne = (part: PartName, sectionIndex: number) => {
    const partContext = partContexts.get(part)
    if (partContext) renderPartSection(part, partContext, sectionIndex, lead)
  }
  return {
    bus,
    sectionCount: composition.sections.length,
    parts: wanted,
    excerpt: calibration.excerpt,
    get finishedUntil() {
      return mixdown.finishedUntil
    },
    renderSection(sectionIndex) {
      for (const part of wanted) renderOne(part, sectionIndex)
    },
    renderPartSection: renderOne,
    earliestOnset: (sectionIndex) => onsets[sectionIndex] ?? length,
    settledBefore(renderedSections) {
      const coming = onsets.slice(renderedSections)
      if (coming.length === 0) return length
      return Math.max(0, Math.min(length, Math.min(...coming) - margin))
    },
    finishUntil: (to) => mixdown.finishUntil(to),
  }
}
