/**
 * The singing voice: each syllable spoken once by the speech source (eSpeak NG behind speech.ts),
 * then sung on the melody note by pitch-synchronous overlap-add (TD-PSOLA). The spoken voice's own
 * glottal pulses (pitch marks) are taken one by one as grains and laid down again at the note's
 * pitch, with vibrato, a glide from the previous note when sung legato, and the vowel stretched to
 * the note's length; because each grain keeps the spoken spectral envelope, the words stay
 * intelligible at any pitch. Unvoiced consonants are copied before the beat so the vowel lands on
 * it, and a phrase starts with a breath.
 */
import type { MixBus } from '../synth/bus'
import { bandPass, sineCycles as sharedSineCycles } from '../synth/bus'
import type { NoteToPlay } from '../synth/note'
import type { SingerPresetId } from '../../conversion/singers'
import type { SongStyle } from '../styles'
import type { SungSyllable } from './pronounce'
import type { SpeechLanguage, SpokenText } from './speech'
import { speechSource } from './speech'
import { analyseSyllable, type SyllableSound } from './syllableSound'

// A local binding: a call through an imported binding can cost a property lookup per sample.
const sineCycles = sharedSineCycles

/** The most a note reaches before its beat: breath, then consonants. */
export const MAX_LEAD_IN_SECONDS = 0.45
const MAX_UNVOICED_SECONDS = 0.16
const MAX_VOICED_ONSET_SECONDS = 0.1
const BREATH_SECONDS = 0.2
const RELEASE_SECONDS = 0.06

export interface SungNote extends NoteToPlay {
  syllable: SungSyllable
  /** Frequency of the previous note when this one is sung legato from it (a short glide). */
  glideFrom: number | undefined
  /** A breath is taken before the note (the start of a phrase). */
  breath: boolean
}

export interface SingingVoice {
  sing(bus: MixBus, note: SungNote): void
  /** Samples the syllable's consonants start before its beat (the previous note should end by then). */
  leadIn(syllable: SungSyllable, sampleRate: number): number
  /**
   * Has the speech source start on the syllables a song will sing, so they are ready when sung:
   * eSpeak speaks them in its own thread while the other parts render.
   */
  prepare(syllables: Iterable<SungSyllable>): void
}

/** How one singer sounds: which eSpeak speaker, at what speaking pitch, and how it sings. */
export interface VoiceCharacter {
  variant: string
  /** eSpeak's base pitch (0..100): a speaker near the singing range keeps the grains natural. */
  speechPitch: number
  /** Formant scale: above 1 a smaller vocal tract (younger, brighter), below 1 a larger one. */
  formantScale: number
  vibratoHz: number
  /** Vibrato depth as a frequency ratio (0.02 is about a third of a semitone). */
  vibratoDepth: number
  breathLevel: number
  /**
   * Semitones from a written melody to where this singer sings it: a man sings a song's lead an
   * octave below a woman. The renderer applies it; `sing` takes the frequency as given.
   */
  register: number
}

export const SINGER_VOICES: Record<SingerPresetId, VoiceCharacter> = {
  'bright-female': {
    variant: 'f3',
    speechPitch: 75,
    formantScale: 1.04,
    vibratoHz: 5.6,
    vibratoDepth: 0.02,
    breathLevel: 0.03,
    register: 0,
  },
  'sweet-female': {
    variant: 'f2',
    speechPitch: 70,
    formantScale: 1.06,
    vibratoHz: 5.2,
    vibratoDepth: 0.018,
    breathLevel: 0.04,
    register: 0,
  },
  'warm-male': {
    variant: 'm3',
    speechPitch: 45,
    formantScale: 1,
    vibratoHz: 5.3,
    vibratoDepth: 0.02,
    breathLevel: 0.03,
    register: -12,
  },
  'deep-male': {
    variant: 'm1',
    speechPitch: 30,
    formantScale: 0.94,
    vibratoHz: 4.9,
    vibratoDepth: 0.022,
    breathLevel: 0.025,
    register: -12,
  },
  youth: {
    variant: 'f4',
    speechPitch: 65,
    formantScale: 1.1,
    vibratoHz: 5.8,
    vibratoDepth: 0.014,
    breathLevel: 0.03,
    register: 0,
  },
  ethereal: {
    variant: 'f5',
    speechPitch: 70,
    formantScale: 1.02,
    vibratoHz: 5,
    vibratoDepth: 0.028,
    breathLevel: 0.06,
    register: 0,
  },
}

export interface SingingVoiceOptions {
  /** The singer preset whose voice sings; bright-female when not given. */
  singer?: SingerPresetId
}

/** Spoken syllables, shared by every voice of the process: a song repeats its syllables a lot. */
const spokenCache = new Map<string, SpokenText>()
const soundCache = new Map<string, SyllableSound>()
const CACHE_LIMIT = 4000

function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const known = cache.get(key)
  if (known !== undefined) return known
  const made = make()
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, made)
  return made
}

/** The spoken syllable (or part of an English word) in one singer's speaking voice. */
function spokenKey(syllable: SungSyllable, character: VoiceCharacter): string {
  return `${syllable.language}|${character.variant}|${character.speechPitch}|${syllable.spoken}`
}

export function syllableSound(syllable: SungSyllable, character: VoiceCharacter): SyllableSound {
  const language: SpeechLanguage = syllable.language
  const key = spokenKey(syllable, character)
  const spoken = remember(spokenCache, key, () =>
    speechSource().speak(syllable.spoken, {
      language,
      variant: character.variant,
      pitch: character.speechPitch,
    }),
  )
  return remember(soundCache, `${key}|${syllable.part}/${syllable.parts}`, () =>
    analyseSyllable(spoken, syllable.part, syllable.parts),
  )
}

/** Reads `samples` at a fractional position by linear interpolation (0 outside). */
function readAt(samples: Float32Array, position: number): number {
  const whole = Math.floor(position)
  if (whole < 0 || whole + 1 >= samples.length) return 0
  const fraction = position - whole
  const a = samples[whole] as number
  return a + ((samples[whole + 1] as number) - a) * fraction
}

interface Timing {
  unvoicedLead: number
  voicedLead: number
}

function timingOf(sound: SyllableSound, sampleRate: number, formantScale: number): Timing {
  const ratio = sound.sampleRate / sampleRate
  const unvoiced = (sound.voicedStart - sound.onsetStart) / (ratio * formantScale)
  const voiced = (sound.nucleusStart - sound.voicedStart) / ratio
  return {
    unvoicedLead: Math.round(Math.min(unvoiced, MAX_UNVOICED_SECONDS * sampleRate)),
    voicedLead: Math.round(Math.min(voiced, MAX_VOICED_ONSET_SECONDS * sampleRate)),
  }
}

/**
 * Where in the spoken syllable (analysis samples) the sung note is at output sample `t` from the
 * beat: the voiced onset before the beat, then the vowel's start at speaking speed, its middle
 * stretched to fill the note, and its end (a diphthong's glide, a final nasal) at speaking speed
 * just before the note ends.
 */
function createTimeMap(
  sound: SyllableSound,
  ratio: number,
  voicedLead: number,
  noteLength: number,
): (t: number) => number {
  const { voicedStart, nucleusStart, codaStart, end, sampleRate } = sound
  const whole = end - nucleusStart
  const tail = codaStart < end ? end - codaStart : Math.min(whole * 0.3, 0.05 * sampleRate)
  const head = Math.min((whole - tail) * 0.3, 0.06 * sampleRate)
  const middle = whole - tail - head
  const headOut = head / ratio
  const tailOut = tail / ratio
  const middleOut = noteLength - headOut - tailOut
  return (t) => {
    if (t < 0) {
      if (voicedLead <= 0) return nucleusStart
      return nucleusStart + (t / voicedLead) * (nucleusStart - voicedStart)
    }
    if (middleOut <= 0) return nucleusStart + Math.min(1, t / Math.max(1, noteLength)) * whole
    if (t < headOut) return nucleusStart + t * ratio
    if (t < headOut + middleOut) return nucleusStart + head + ((t - headOut) / middleOut) * middle
    return nucleusStart + head + middle + Math.min(tail, (t - headOut - middleOut) * ratio)
  }
}

export function createSingingVoice(
  sampleRate: number,
  seed: number,
  options: SingingVoiceOptions = {},
): SingingVoice {
  const character = SINGER_VOICES[options.singer ?? 'bright-female']
  let noiseState = (seed | 0) === 0 ? 0x1234567 : seed | 0
  const noise = () => {
    noiseState ^= noiseState << 13
    noiseState ^= noiseState >>> 17
    noiseState ^= noiseState << 5
    return (noiseState | 0) / 2147483648
  }
  const release = Math.round(RELEASE_SECONDS * sampleRate)
  const breathFilter = bandPass(1600, 0.7, sampleRate)
  const vibratoDelay = 0.22 * sampleRate

  const addSample = (bus: MixBus, note: SungNote, index: number, value: number) => {
    if (index < 0 || index >= bus.length) return
    bus.left[index] = (bus.left[index] as number) + value * note.placement.left
    bus.right[index] = (bus.right[index] as number) + value * note.placement.right
    bus.reverbSend[index] = (bus.reverbSend[index] as number) + value * note.placement.send
  }

  const singBreath = (bus: MixBus, note: SungNote, before: number) => {
    const length = Math.round(BREATH_SECONDS * sampleRate)
    const start = note.start - before - length - Math.round(0.03 * sampleRate)
    const { b0, b1, b2, a1, a2 } = breathFilter
    let x1 = 0
    let x2 = 0
    let y1 = 0
    let y2 = 0
    const level = character.breathLevel * note.velocity
    for (let offset = 0; offset < length; offset++) {
      const x0 = noise()
      const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
      x2 = x1
      x1 = x0
      y2 = y1
      y1 = y0
      const envelope = sineCycles((offset / length) * 0.5)
      addSample(bus, note, start + offset, y0 * envelope * level)
    }
  }

  return {
    prepare(syllables) {
      const source = speechSource()
      if (!source.prefetch) return
      for (const language of ['zh', 'en'] as const) {
        const texts = new Set<string>()
        for (const syllable of syllables) {
          if (syllable.language !== language) continue
          if (!spokenCache.has(spokenKey(syllable, character))) texts.add(syllable.spoken)
        }
        if (texts.size > 0)
          source.prefetch([...texts], {
            language,
            variant: character.variant,
            pitch: character.speechPitch,
          })
      }
    },
    leadIn(syllable, rate) {
      const sound = syllableSound(syllable, character)
      const timing = timingOf(sound, rate, character.formantScale)
      return timing.unvoicedLead + timing.voicedLead
    },
    sing(bus, note) {
      const sound = syllableSound(note.syllable, character)
      const ratio = sound.sampleRate / sampleRate
      const step = ratio * character.formantScale
      const { unvoicedLead, voicedLead } = timingOf(sound, sampleRate, character.formantScale)
      const gain = note.velocity * 1.6
      if (note.breath) singBreath(bus, note, unvoicedLead + voicedLead)
      const { marks, periods, gains, samples } = sound
      const noteLength = Math.max(1, note.length)
      const stop = noteLength + release
      // The note is sung into a mono buffer first and placed on the bus in one pass at the end.
      let widest = 2
      for (const period of periods) widest = Math.max(widest, Math.ceil(period / step) + 1)
      const origin = note.start - voicedLead - unvoicedLead - widest
      const sung = new Float32Array(voicedLead + unvoicedLead + stop + 2 * widest + 2)

      // Unvoiced consonants, copied as spoken, ending where voicing starts.
      const fade = Math.max(1, Math.round(0.004 * sampleRate))
      const unvoicedStart = note.start - voicedLead - unvoicedLead - origin
      for (let offset = 0; offset < unvoicedLead + fade; offset++) {
        const position = sound.voicedStart - (unvoicedLead - offset) * step
        let envelope = Math.min(1, offset / fade)
        if (offset >= unvoicedLead) envelope *= 1 - (offset - unvoicedLead) / fade
        sung[unvoicedStart + offset] = readAt(samples, position) * envelope * gain
      }

      // Voiced sound by TD-PSOLA: one grain per output pulse, at the note's pitch.
      if (marks.length > 0) {
        const timeMap = createTimeMap(sound, ratio, voicedLead, noteLength)
        const glideSamples = 0.07 * sampleRate
        const glideRatio = note.glideFrom ? note.glideFrom / note.frequency : 1
        const vibratoIncrement = (character.vibratoHz * (1 + noise() * 0.05)) / sampleRate
        const lastMark = marks[marks.length - 1] as number
        let markIndex = 0
        let t = -voicedLead
        while (t < stop) {
          const glide =
            t < 0 ? glideRatio : t < glideSamples ? glideRatio ** (1 - t / glideSamples) : 1
          const depth =
            t < vibratoDelay
              ? 0
              : Math.min(1, (t - vibratoDelay) / vibratoDelay) * character.vibratoDepth
          const vibrato = 1 + sineCycles(t * vibratoIncrement) * depth
          const jitter = 1 + noise() * 0.002
          const outPeriod = sampleRate / (note.frequency * glide * vibrato * jitter)
          const position = Math.min(lastMark, timeMap(t))
          while (
            markIndex + 1 < marks.length &&
            Math.abs((marks[markIndex + 1] as number) - position) <=
              Math.abs((marks[markIndex] as number) - position)
          ) {
            markIndex++
          }
          while (
            markIndex > 0 &&
            Math.abs((marks[markIndex - 1] as number) - position) <
              Math.abs((marks[markIndex] as number) - position)
          ) {
            markIndex--
          }
          const mark = marks[markIndex] as number
          const period = periods[markIndex] as number
          const half = Math.max(2, Math.min(widest - 1, Math.round(period / step)))
          let envelope =
            Math.sqrt((outPeriod * ratio) / period) * (gains[markIndex] as number) * gain
          if (t > noteLength) envelope *= Math.max(0, 1 - (t - noteLength) / release)
          addGrain(sung, note.start + Math.round(t) - origin, samples, mark, step, half, envelope)
          t += outPeriod
        }
      }

      const { left, right, reverbSend } = bus
      const { left: toLeft, right: toRight, send } = note.placement
      const first = Math.max(0, -origin)
      const last = Math.min(sung.length, bus.length - origin)
      for (let index = first; index < last; index++) {
        const value = sung[index] as number
        const at = origin + index
        left[at] = (left[at] as number) + value * toLeft
        right[at] = (right[at] as number) + value * toRight
        reverbSend[at] = (reverbSend[at] as number) + value * send
      }
    },
  }
}

/**
 * Adds one grain: 2 * half + 1 samples around `mark` of the spoken syllable, read every `step`
 * samples (the sample-rate ratio and the formant scale in one), under a Hann window, centred on
 * `centre` of `into`. A function of its own so the engine compiles this hot loop on its own.
 */
function addGrain(
  into: Float32Array,
  centre: number,
  samples: Float32Array,
  mark: number,
  step: number,
  half: number,
  gain: number,
): void {
  const window = hannTable(half)
  const lastSample = samples.length - 1
  for (let offset = -half; offset <= half; offset++) {
    const position = mark + offset * step
    const whole = Math.floor(position)
    if (whole < 0 || whole >= lastSample) continue
    const a = samples[whole] as number
    const value = a + ((samples[whole + 1] as number) - a) * (position - whole)
    const at = centre + offset
    into[at] = (into[at] as number) + value * (window[offset + half] as number) * gain
  }
}

const hannTables = new Map<number, Float32Array>()

/** A Hann window of 2 * half + 1 points, made once per size. */
function hannTable(half: number): Float32Array {
  let table = hannTables.get(half)
  if (!table) {
    table = new Float32Array(2 * half + 1)
    for (let offset = -half; offset <= half; offset++)
      table[offset + half] = 0.5 + 0.5 * Math.cos((Math.PI * offset) / (half + 1))
    hannTables.set(half, table)
  }
  return table
}

/** The singers that suit each style; the song's seed picks one, so a song keeps its singer. */
const STYLE_SINGERS: Record<SongStyle, readonly SingerPresetId[]> = {
  folk: ['warm-male', 'sweet-female', 'bright-female'],
  pop: ['bright-female', 'sweet-female', 'warm-male', 'youth'],
  rock: ['warm-male', 'deep-male', 'bright-female'],
  electronic: ['bright-female', 'ethereal', 'youth'],
  guofeng: ['ethereal', 'bright-female', 'sweet-female', 'warm-male'],
  jazz: ['warm-male', 'sweet-female', 'deep-male'],
  lofi: ['sweet-female', 'youth', 'warm-male'],
  hiphop: ['deep-male', 'warm-male', 'youth'],
}

/** The singer of a generated song's lead, chosen by its style and seed. */
export function leadSinger(style: SongStyle, seed: number): SingerPresetId {
  const choices = STYLE_SINGERS[style]
  const mixed = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) >>> 0
  return choices[(mixed >>> 8) % choices.length] ?? 'bright-female'
}
