/**
 * The held-out separation set: songs made by other generators than the realistic set's, so that
 * nothing of the separation was fitted or tuned on their kind of material. The realistic set
 * (set.ts) renders General MIDI arrangements through FluidR3 under the engine's eSpeak-based
 * singing voice, and the learnt cue model was fitted on its training seeds; here
 * - the accompaniment is the engine's own song generator's (its composer and synthesised
 *   instruments: `streamSong` with the lead part off), and
 * - the vocal is the bench's formant voice (fixtures/voice.ts: a glottal source through vowel
 *   formants, with fricatives and breath) singing the composer's melody.
 * Both are mixed as the realistic set mixes (`mixSong`: light, produced, mono), so the two sets'
 * figures compare. The formant voice is of the same kind (not the same code) as the old synthetic
 * set's vocal, on which the separation's hand-set cues were first tried; the stems of this set
 * differ from both sets'.
 */
import type { Composition } from '../../src/generation/composer'
import { composeForRequest, streamSong } from '../../src/generation/generate'
import type { GenerationRequest } from '../../src/generation/generate'
import { createTimeline, songLength } from '../../src/generation/render'
import { SONG_STYLES, STYLE_LABELS } from '../../src/generation/styles'
import { createRandom } from '../fixtures/random'
import { type SungNote, synthesizeVoice } from '../fixtures/voice'
import type { Stereo } from './effects'
import { type MixedSong, mixSong } from './set'

/** Seeds of the held-out songs; no code was tuned on them, nor on any song of this set. */
export const HELD_OUT_SEEDS = [401, 402, 403, 404, 405, 406, 407, 408] as const

const SAMPLE_RATE = 44_100
/** Seconds of song before the first sung note that the excerpt keeps. */
const LEAD_IN_SECONDS = 1

function requestFor(seed: number): GenerationRequest {
  const style = SONG_STYLES[seed % SONG_STYLES.length] ?? 'pop'
  return { mode: 'smart', prompt: `一首${STYLE_LABELS[style]}，写给很久没见的老朋友`, seed }
}

interface TimedNote {
  /** Sample of the whole song the note starts at, and its length in samples. */
  start: number
  length: number
  midi: number
  chorus: boolean
}

/**
 * The mastered song without its lead, rendered as far as `end` only: the rest of the song is not
 * needed, and `streamSong` hands each stretch on as soon as no later section can change it.
 */
function accompanimentUntil(composition: Composition, end: number): Stereo {
  const left = new Float32Array(end)
  const right = new Float32Array(end)
  let position = 0
  const stretches = streamSong(composition, {
    parts: { drums: true, bass: true, harmony: true, pad: true, lead: false, reverb: true },
  })
  for (const [stretchLeft, stretchRight] of stretches) {
    if (!stretchLeft || !stretchRight) continue
    const take = Math.min(stretchLeft.length, end - position)
    left.set(stretchLeft.subarray(0, take), position)
    right.set(stretchRight.subarray(0, take), position)
    position += take
    if (position >= end) break
  }
  return { left, right }
}

/**
 * One held-out song, `durationSeconds` from a little before its first sung note: the generated
 * accompaniment and the formant voice singing the melody (an octave down for the male voices).
 */
export function renderHeldOutSong(seed: number, durationSeconds = 30): MixedSong {
  const request = requestFor(seed)
  const composition = composeForRequest(request, seed)
  const { brief, definition } = composition
  const timeline = createTimeline(brief.tempo, definition.swing, SAMPLE_RATE)
  const sung = composition.melody.filter(
    (note) => composition.phrases[note.phraseIndex]?.carrier === 'voice',
  )
  const melody = sung.length > 0 ? sung : composition.melody
  const male = seed % 2 === 1
  const notes: TimedNote[] = melody.map((note) => {
    const start = timeline.sampleAt(note.startBeat)
    const sectionIndex = composition.phrases[note.phraseIndex]?.sectionIndex ?? 0
    return {
      start,
      length: timeline.sampleAt(note.startBeat + note.durationBeats) - start,
      midi: note.midi - (male ? 12 : 0),
      chorus: composition.sections[sectionIndex]?.kind === 'chorus',
    }
  })
  const length = Math.round(durationSeconds * SAMPLE_RATE)
  const firstNote = notes[0]?.start ?? 0
  const from = Math.max(
    0,
    Math.min(
      songLength(composition, SAMPLE_RATE) - length,
      firstNote - Math.round(LEAD_IN_SECONDS * SAMPLE_RATE),
    ),
  )
  const { left, right } = accompanimentUntil(composition, from + length)
  const style = brief.style
  return {
    name: `${style}-${seed}`,
    examples: mixSong({
      name: `${style}-${seed}`,
      style,
      seed,
      sampleRate: SAMPLE_RATE,
      tempo: brief.tempo,
      accompaniment: { left: left.subarray(from), right: right.subarray(from) },
      take: (takeSeed, timingJitterSeconds, pitchJitterCents, chorusOnly) => {
        // Each take its own small deviations (uniform, as wide as the realistic set's); the
        // voice's own seed stays the song's, so a double sings the lead's vowels.
        const random = createRandom(takeSeed)
        const deviation = () => (random() * 2 - 1) * Math.sqrt(3)
        const taken: SungNote[] = notes
          .filter((note) => !chorusOnly || note.chorus)
          .map((note) => ({
            start: (note.start - from) / SAMPLE_RATE + deviation() * timingJitterSeconds,
            duration: note.length / SAMPLE_RATE,
            midi: note.midi + (deviation() * pitchJitterCents) / 100,
          }))
        const voice = synthesizeVoice({
          seed,
          voice: male ? 'male' : 'female',
          seconds: durationSeconds,
          sampleRate: SAMPLE_RATE,
          consonants: true,
          notes: taken,
        })
        return voice.audio.channels[0] ?? new Float32Array(length)
      },
    }),
  }
}

/** The held-out songs for the given seeds, rendered one at a time as they are asked for. */
export function* heldOutSet(options: {
  seeds: readonly number[]
  durationSeconds?: number
}): Generator<MixedSong> {
  for (const seed of options.seeds) yield renderHeldOutSong(seed, options.durationSeconds)
}
