/**
 * The singing voice of the realistic set. Everything the set sings goes through `singTake`, so the
 * voice can be swapped in one place: today it is the engine's lead voice (`createLeadVoice`, vowel
 * formants chosen per character, no words); the voice that sings the lyrics (issue 12) replaces it
 * here when it lands, and the set is then re-rendered with the same melodies and lyrics.
 */
import { createMixBus, place } from '../../src/generation/synth/bus'
import { createLeadVoice, vowelFor } from '../../src/generation/synth/voice'
import { createRandom } from '../fixtures/random'
import type { MelodyNote } from './arrangement'

export interface TakeOptions {
  sampleRate: number
  /** Length of the returned take in samples. */
  length: number
  /** Seed of the singer's breath noise and of this take's deviations. */
  seed: number
  /** Standard deviation of each note's timing against the written melody, in seconds. */
  timingJitterSeconds: number
  /** Standard deviation of each note's intonation, in cents. */
  pitchJitterCents: number
}

function midiToFrequency(key: number): number {
  return 440 * 2 ** ((key - 69) / 12)
}

/**
 * One dry mono take of the melody: the same notes and syllables, sung with this take's own small
 * timing and intonation deviations (a double is a second take, not a copy).
 */
export function singTake(melody: MelodyNote[], options: TakeOptions): Float32Array {
  const { sampleRate, length } = options
  const random = createRandom(options.seed)
  const gaussian = (): number => {
    const u = Math.max(1e-9, random())
    return Math.max(-3, Math.min(3, Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())))
  }
  const bus = createMixBus(sampleRate, length)
  const voice = createLeadVoice(sampleRate, options.seed)
  let previous: { key: number; end: number } | undefined
  for (const note of melody) {
    const start = Math.round((note.start + gaussian() * options.timingJitterSeconds) * sampleRate)
    const noteLength = Math.max(1, Math.round(note.duration * sampleRate))
    const frequency =
      midiToFrequency(note.key) * 2 ** ((gaussian() * options.pitchJitterCents) / 1200)
    const legato = !note.phraseStart && previous !== undefined && note.start - previous.end < 0.08
    voice.sing(bus, {
      start,
      length: noteLength,
      frequency,
      velocity: note.velocity,
      placement: place(0, 1, 0),
      vowel: vowelFor(note.syllable),
      glideFrom: legato && previous ? midiToFrequency(previous.key) : undefined,
      consonant: !legato,
    })
    previous = { key: note.key, end: note.start + note.duration }
  }
  // Centred at unit gain, each side carries the take times cos(π/4).
  return bus.left.map((sample) => sample * Math.SQRT2)
}
