/**
 * A few seconds of each singer preset, to hear before choosing one for a cover: the engine's own
 * singing voice, in the preset's speaker, sings a short line with its words, and the line goes
 * through the same conversion a cover uses, with the preset's pitch, formants and tone.
 */
import { createMixBus, place } from '../generation/synth/bus'
import { splitSyllables } from '../generation/lyrics'
import { pronounceSyllables } from '../generation/singing/pronounce'
import { createSingingVoice } from '../generation/singing/singingVoice'
import { normalizeLoudnessInPlace } from '../measure/loudness'
import type { PcmAudio } from '../types'
import { convertVoice } from './convert'
import { findSingerPreset, type SingerPresetId } from './singers'

const PREVIEW_SAMPLE_RATE = 44100
/** A phrase in A minor around A3, a range every preset's shift keeps singable: 晚风吹过月光下. */
const LINE = '晚风吹过月光下'
const PHRASE: readonly { midi: number; beats: number }[] = [
  { midi: 57, beats: 1 },
  { midi: 60, beats: 1 },
  { midi: 64, beats: 1.5 },
  { midi: 62, beats: 0.5 },
  { midi: 60, beats: 1 },
  { midi: 59, beats: 1 },
  { midi: 57, beats: 2 },
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
  const length = Math.round((0.4 + beats * BEAT_SECONDS + TAIL_SECONDS) * sampleRate)
  const bus = createMixBus(sampleRate, length)
  const voice = createSingingVoice(sampleRate, 0x5eed, { singer })
  const syllables = pronounceSyllables(splitSyllables(LINE))
  const centre = place(0, 0.8, 0)
  // Room before the first beat for the breath and the first consonant.
  let at = Math.round(0.4 * sampleRate)
  let previous: number | undefined
  for (const [index, note] of PHRASE.entries()) {
    const syllable = syllables[index]
    if (!syllable) break
    const noteLength = Math.round(note.beats * BEAT_SECONDS * sampleRate)
    const frequency = midiToFrequency(note.midi)
    voice.sing(bus, {
      start: at,
      length: Math.round(noteLength * 0.92),
      frequency,
      velocity: 0.8,
      placement: centre,
      syllable,
      glideFrom: undefined,
      breath: previous === undefined,
    })
    previous = frequency
    at += noteLength
  }
  const sung: PcmAudio = { sampleRate, channels: [bus.left] }
  const converted = convertVoice(sung, { semitones: preset.pitchOffset, singer })
  normalizeLoudnessInPlace(converted)
  return converted
}
