/**
 * A few seconds of each singer preset, to hear before choosing one for a cover: the engine's own
 * lead voice sings a short phrase, and the phrase goes through the same conversion a cover uses,
 * with the preset's pitch, formants and tone.
 */
import { createMixBus, place } from '../generation/synth/bus'
import { createLeadVoice, type Vowel } from '../generation/synth/voice'
import { normalizeLoudnessInPlace } from '../measure/loudness'
import type { PcmAudio } from '../types'
import { convertVoice } from './convert'
import { findSingerPreset, type SingerPresetId } from './singers'

const PREVIEW_SAMPLE_RATE = 44100
/** A phrase in A minor around A3, a range every preset's shift keeps singable. */
const PHRASE: readonly { midi: number; beats: number; vowel: Vowel }[] = [
  { midi: 57, beats: 1, vowel: 'a' },
  { midi: 60, beats: 1, vowel: 'o' },
  { midi: 64, beats: 1.5, vowel: 'a' },
  { midi: 62, beats: 0.5, vowel: 'e' },
  { midi: 60, beats: 1, vowel: 'i' },
  { midi: 59, beats: 1, vowel: 'a' },
  { midi: 57, beats: 2, vowel: 'o' },
]
const BEAT_SECONDS = 0.5
const TAIL_SECONDS = 0.6

function midiToFrequency(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12)
}

/** The preview of one singer: about 5 s of mono audio at -14 LUFS. */
export function singerPreview(singer: SingerPresetId): PcmAudio {
  const preset = findSingerPreset(singer)
  if (preset === undefined) throw new Error(`unknown singer ${singer}`)
  const sampleRate = PREVIEW_SAMPLE_RATE
  const beats = PHRASE.reduce((sum, note) => sum + note.beats, 0)
  const length = Math.round((beats * BEAT_SECONDS + TAIL_SECONDS) * sampleRate)
  const bus = createMixBus(sampleRate, length)
  const voice = createLeadVoice(sampleRate, 0x5eed)
  const centre = place(0, 0.8, 0)
  let at = 0
  let previous: number | undefined
  for (const note of PHRASE) {
    const noteLength = Math.round(note.beats * BEAT_SECONDS * sampleRate)
    const frequency = midiToFrequency(note.midi)
    voice.sing(bus, {
      start: at,
      length: Math.round(noteLength * 0.92),
      frequency,
      velocity: 0.8,
      placement: centre,
      vowel: note.vowel,
      glideFrom: previous,
      consonant: previous === undefined,
    })
    previous = frequency
    at += noteLength
  }
  const sung: PcmAudio = { sampleRate, channels: [bus.left] }
  const converted = convertVoice(sung, { semitones: preset.pitchOffset, singer })
  normalizeLoudnessInPlace(converted)
  return converted
}
