import type { MixBus } from './bus'
import {
  bandPass,
  onePoleCoefficient,
  polyBlep as sharedPolyBlep,
  sineCycles as sharedSineCycles,
} from './bus'
import type { NoteToPlay } from './note'

// Local bindings: a call through an imported binding can cost a property lookup per sample
// once the module is compiled to CommonJS (tsx, vitest), and these run millions of times.
const sineCycles = sharedSineCycles
const polyBlep = sharedPolyBlep

/**
 * The lead voice that sings the lyrics is `createSingingVoice` (generation/singing/): it is exported
 * here under its old name so callers of `createLeadVoice` keep working.
 *
 * What follows is the engine's first lead voice, kept as a control for `bench/singing.ts`: a
 * vowel-formant synthesiser that sings "ooh" and "aah" sounds and pronounces no words (a sawtooth
 * glottal source shaped by three resonators at the formants of a vowel chosen from each syllable).
 * The bench shows how much better the singing voice's words can be told apart than this one's.
 */
export {
  createSingingVoice as createLeadVoice,
  type SingingVoice as LeadVoice,
  type SungNote,
} from '../singing/singingVoice'

export const VOWELS = ['a', 'o', 'u', 'e', 'i'] as const
export type Vowel = (typeof VOWELS)[number]

/** Formant centre frequencies (Hz) of a mid-register voice, after Peterson and Barney. */
const FORMANTS: Record<Vowel, readonly [number, number, number]> = {
  a: [800, 1200, 2800],
  o: [500, 900, 2700],
  u: [350, 800, 2600],
  e: [500, 1800, 2600],
  i: [320, 2300, 3000],
}
const FORMANT_GAINS = [1, 0.55, 0.28] as const
const FORMANT_Q = [5, 8, 11] as const

/**
 * The vowel a syllable is sung on. English syllables use their first vowel letter; a Chinese
 * character has no spelling to read here, so its code point picks a vowel, weighted towards the
 * open "a", "o" and "u" that this kind of synthesis does best. Empty syllables hum on "u".
 */
export function vowelFor(syllable: string): Vowel {
  if (syllable === '') return 'u'
  const letter = /[aeiou]/iu.exec(syllable)?.[0]?.toLowerCase()
  if (letter === 'a' || letter === 'o' || letter === 'u' || letter === 'e' || letter === 'i')
    return letter
  const code = syllable.codePointAt(0) ?? 0
  const choices: readonly Vowel[] = ['a', 'a', 'o', 'u', 'e', 'a', 'o', 'i']
  return choices[code % choices.length] ?? 'a'
}

export interface VowelNote extends NoteToPlay {
  vowel: Vowel
  /** Frequency of the previous note when this one is sung legato from it (a short glide). */
  glideFrom: number | undefined
  /** Adds a short breathy consonant at the onset. */
  consonant: boolean
}

export interface VowelVoice {
  sing(bus: MixBus, note: VowelNote): void
}

export function createVowelVoice(sampleRate: number, seed: number): VowelVoice {
  let noiseState = (seed | 0) === 0 ? 0x1234567 : seed | 0
  const tilt = onePoleCoefficient(3500, sampleRate)
  const attack = Math.round(0.04 * sampleRate)
  const release = Math.round(0.09 * sampleRate)
  const glideSamples = Math.round(0.06 * sampleRate)
  const consonantSamples = Math.round(0.018 * sampleRate)
  const vibratoDelay = Math.round(0.18 * sampleRate)
  const vibratoIncrement = 5.4 / sampleRate
  return {
    sing(bus, note) {
      const formants = FORMANTS[note.vowel].map((frequency, index) =>
        bandPass(frequency, FORMANT_Q[index] ?? 6, sampleRate),
      )
      const [f1, f2, f3] = formants
      if (!f1 || !f2 || !f3) return
      const g1 = FORMANT_GAINS[0]
      const g2 = FORMANT_GAINS[1]
      const g3 = FORMANT_GAINS[2]
      let a1 = 0
      let b1 = 0
      let a2 = 0
      let b2 = 0
      let a3 = 0
      let b3 = 0
      let tilted = 0
      let phase = 0
      let vibratoPhase = 0
      const end = Math.min(bus.length, note.start + note.length + release)
      const releaseStart = note.start + note.length
      const glideRatio = note.glideFrom ? note.glideFrom / note.frequency : 1
      const { left, right, reverbSend } = bus
      const gain = note.velocity * 1.9
      for (let index = Math.max(0, note.start); index < end; index++) {
        const offset = index - note.start
        // xorshift32: a cheap deterministic breath noise without a function call per sample.
        noiseState ^= noiseState << 13
        noiseState ^= noiseState >>> 17
        noiseState ^= noiseState << 5
        const breath = (noiseState | 0) / 2147483648
        const vibratoDepth =
          offset < vibratoDelay ? 0 : Math.min(1, (offset - vibratoDelay) / vibratoDelay) * 0.016
        const vibrato = 1 + sineCycles(vibratoPhase) * vibratoDepth
        vibratoPhase += vibratoIncrement
        const glide =
          offset < glideSamples ? glideRatio + (1 - glideRatio) * (offset / glideSamples) : 1
        const increment = (note.frequency * vibrato * glide) / sampleRate
        const source = 2 * phase - 1 - polyBlep(phase, increment) + breath * 0.06
        phase += increment
        if (phase >= 1) phase -= 1
        tilted += tilt * (source - tilted)
        const y1 = f1.b0 * tilted + a1
        a1 = f1.b1 * tilted - f1.a1 * y1 + b1
        b1 = f1.b2 * tilted - f1.a2 * y1
        const y2 = f2.b0 * tilted + a2
        a2 = f2.b1 * tilted - f2.a1 * y2 + b2
        b2 = f2.b2 * tilted - f2.a2 * y2
        const y3 = f3.b0 * tilted + a3
        a3 = f3.b1 * tilted - f3.a1 * y3 + b3
        b3 = f3.b2 * tilted - f3.a2 * y3
        let sample = y1 * g1 + y2 * g2 + y3 * g3
        if (note.consonant && offset < consonantSamples)
          sample += breath * 0.25 * (1 - offset / consonantSamples)
        let envelope = offset < attack ? offset / attack : 1
        if (index >= releaseStart) envelope *= 1 - (index - releaseStart) / release
        sample *= envelope * gain
        left[index] = (left[index] as number) + sample * note.placement.left
        right[index] = (right[index] as number) + sample * note.placement.right
        reverbSend[index] = (reverbSend[index] as number) + sample * note.placement.send
      }
    },
  }
}
