/**
 * The synthetic benchmark set for vocal separation: for each example a vocal stem and an
 * accompaniment stem are synthesised separately, deterministically from a seed, then mixed at a
 * known vocal-to-accompaniment level. Because the true stems are known, SDR can be measured.
 *
 * The vocal is a sung line, not a test tone: a glottal-like source (band-limited sawtooth with a
 * glottal spectral tilt and breath noise) whose pitch follows a melody of notes with portamento,
 * delayed vibrato and jitter, shaped by vowel formant filters that change per syllable, in phrases
 * separated by pauses, with sibilant noise at some syllable onsets and a stereo reverb send.
 * The accompaniment has drums, bass, plucked or struck chords, pads and sometimes a centre lead
 * instrument, with verse and chorus sections that differ, panning, and a stereo reverb.
 *
 * This material is easier than a produced song in known ways (clean centre vocal, exact loops,
 * no mastering compression); the benchmark report says so.
 */
import type { PcmAudio } from '../src/types'
import { createRandom } from './fixtures/random'

export const SEPARATION_STYLES = ['pop', 'ballad', 'rock', 'electronic', 'folk'] as const
export type SeparationStyle = (typeof SEPARATION_STYLES)[number]

export interface SeparationExampleOptions {
  style: SeparationStyle
  seed: number
  durationSeconds: number
  sampleRate?: number
  /** Vocal RMS relative to accompaniment RMS over the whole example, in dB. */
  vocalToAccompanimentDb?: number
  /** Produce a mono example: every stem is the mean of its stereo channels. */
  mono?: boolean
  /**
   * false: a through-composed accompaniment (a new chord and drum pattern every bar) instead of
   * looped four-bar progressions. Repetition is this method's main cue, so this is the harder set.
   */
  repetitive?: boolean
}

export interface SeparationExample {
  name: string
  style: SeparationStyle
  vocalToAccompanimentDb: number
  vocals: PcmAudio
  accompaniment: PcmAudio
  mixture: PcmAudio
}

interface StyleSettings {
  tempo: number
  /** MIDI note of the key's tonic. */
  tonic: number
  minor: boolean
  drums: 'none' | 'soft' | 'backbeat' | 'dense' | 'four-on-floor'
  chords: 'piano' | 'guitar' | 'power' | 'synth'
  pad: boolean
  /** A centre-panned lead instrument playing melody fragments: harder for the stereo cue. */
  centreLead: boolean
  reverb: number
  vocalReverb: number
  /** Vocal register: MIDI note around which the melody moves. */
  vocalCentre: number
}

const STYLE_SETTINGS: Record<SeparationStyle, StyleSettings> = {
  pop: {
    tempo: 104,
    tonic: 60,
    minor: false,
    drums: 'backbeat',
    chords: 'piano',
    pad: true,
    centreLead: false,
    reverb: 0.25,
    vocalReverb: 0.18,
    vocalCentre: 67,
  },
  ballad: {
    tempo: 72,
    tonic: 57,
    minor: true,
    drums: 'soft',
    chords: 'piano',
    pad: true,
    centreLead: true,
    reverb: 0.35,
    vocalReverb: 0.25,
    vocalCentre: 64,
  },
  rock: {
    tempo: 132,
    tonic: 52,
    minor: true,
    drums: 'dense',
    chords: 'power',
    pad: false,
    centreLead: false,
    reverb: 0.15,
    vocalReverb: 0.12,
    vocalCentre: 59,
  },
  electronic: {
    tempo: 124,
    tonic: 53,
    minor: true,
    drums: 'four-on-floor',
    chords: 'synth',
    pad: true,
    centreLead: true,
    reverb: 0.2,
    vocalReverb: 0.2,
    vocalCentre: 69,
  },
  folk: {
    tempo: 92,
    tonic: 55,
    minor: false,
    drums: 'none',
    chords: 'guitar',
    pad: false,
    centreLead: false,
    reverb: 0.3,
    vocalReverb: 0.15,
    vocalCentre: 62,
  },
}

function midiToHz(note: number): number {
  return 440 * 2 ** ((note - 69) / 12)
}

/** Constant-power pan: position -1 (left) .. 1 (right). */
function panGains(position: number): [number, number] {
  const angle = ((position + 1) * Math.PI) / 4
  return [Math.cos(angle), Math.sin(angle)]
}

class StereoBus {
  readonly left: Float32Array
  readonly right: Float32Array
  constructor(
    readonly length: number,
    private readonly sampleRate = 44_100,
    private readonly humanize?: () => number,
  ) {
    this.left = new Float32Array(length)
    this.right = new Float32Array(length)
  }
  addMono(signal: Float32Array, start: number, pan: number, gain: number): void {
    const [gl, gr] = panGains(pan)
    if (this.humanize) {
      // Players are not loops: every hit lands up to ±8 ms off the grid, ±15 % in level.
      start += Math.round((this.humanize() - 0.5) * 0.016 * this.sampleRate)
      gain *= 1 + (this.humanize() - 0.5) * 0.3
    }
    const end = Math.min(this.length, start + signal.length)
    for (let i = Math.max(0, start); i < end; i++) {
      const x = signal[i - start]! * gain
      this.left[i]! += x * gl
      this.right[i]! += x * gr
    }
  }
  addBus(other: StereoBus, gain: number): void {
    for (let i = 0; i < this.length; i++) {
      this.left[i]! += other.left[i]! * gain
      this.right[i]! += other.right[i]! * gain
    }
  }
}

/** Two-pole resonator (constant peak gain band-pass) used for formants and drum tones. */
class Resonator {
  private b0 = 0
  private a1 = 0
  private a2 = 0
  private y1 = 0
  private y2 = 0
  constructor(private readonly sampleRate: number) {}
  set(frequency: number, bandwidth: number): void {
    const r = Math.exp((-Math.PI * bandwidth) / this.sampleRate)
    this.a1 = -2 * r * Math.cos((2 * Math.PI * frequency) / this.sampleRate)
    this.a2 = r * r
    this.b0 = 1 - r
  }
  process(x: number): number {
    const y = this.b0 * x - this.a1 * this.y1 - this.a2 * this.y2
    this.y2 = this.y1
    this.y1 = y
    return y
  }
}

/** Formant frequencies and bandwidths (Hz) of five vowels, roughly a female/tenor voice. */
const VOWELS: [number, number][][] = [
  [
    [800, 80],
    [1150, 90],
    [2900, 120],
    [3900, 130],
  ], // a
  [
    [400, 60],
    [1600, 80],
    [2700, 120],
    [3300, 150],
  ], // e
  [
    [350, 50],
    [2000, 100],
    [2800, 120],
    [3600, 150],
  ], // i
  [
    [450, 70],
    [800, 80],
    [2830, 100],
    [3800, 130],
  ], // o
  [
    [325, 50],
    [700, 60],
    [2530, 170],
    [3500, 180],
  ], // u
]

interface Grid {
  sampleRate: number
  length: number
  beatSamples: number
  barSamples: number
  bars: number
  repetitive: boolean
}

const MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11]
const MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10]

/** Chord roots as scale degrees, one chord per bar, for the verse and the chorus. */
const VERSE_PROGRESSION = [0, 5, 3, 4]
const CHORUS_PROGRESSION = [3, 4, 0, 5]

function chordNotes(tonic: number, scale: number[], degree: number): number[] {
  const at = (step: number): number => tonic + scale[step % 7]! + 12 * Math.floor(step / 7)
  return [at(degree), at(degree + 2), at(degree + 4)]
}

function isChorusBar(bar: number): boolean {
  // 8-bar sections: verse, chorus, verse, chorus...; the first 2 bars are an intro.
  return bar >= 2 && Math.floor((bar - 2) / 8) % 2 === 1
}

function synthesiseVocals(grid: Grid, settings: StyleSettings, random: () => number): StereoBus {
  const { sampleRate, length, beatSamples, barSamples, bars } = grid
  const scale = settings.minor ? MINOR_SCALE : MAJOR_SCALE
  const dry = new Float32Array(length)
  const f0Track = new Float32Array(length)
  const gainTrack = new Float32Array(length)
  const vowelTrack = new Uint8Array(length)
  const sibilance = new Float32Array(length)
  // Phrases of two bars: sing for five to seven beats, then breathe; skip the intro.
  for (let bar = 2; bar + 1 < bars; bar += 2) {
    if (random() < 0.15) continue
    const phraseStart = bar * barSamples
    const beats = 5 + Math.floor(random() * 3)
    let position = 0
    let degree = Math.floor(random() * 5)
    while (position < beats) {
      const duration = random() < 0.6 ? 0.5 : random() < 0.7 ? 1 : 1.5
      degree = Math.max(-3, Math.min(8, degree + Math.floor(random() * 5) - 2))
      const octave = Math.floor(degree / 7)
      const note = settings.vocalCentre - 5 + scale[((degree % 7) + 7) % 7]! + 12 * octave
      const start = phraseStart + Math.round(position * beatSamples)
      const end = Math.min(length, phraseStart + Math.round((position + duration) * beatSamples))
      const vowel = Math.floor(random() * VOWELS.length)
      const hasSibilant = random() < 0.25
      for (let i = start; i < end; i++) {
        f0Track[i] = midiToHz(note)
        vowelTrack[i] = vowel
        gainTrack[i] = 1
      }
      if (hasSibilant) {
        const sibilantLength = Math.round(0.06 * sampleRate)
        for (let i = 0; i < sibilantLength && start + i < length; i++) {
          sibilance[start + i] = Math.sin((Math.PI * i) / sibilantLength)
        }
      }
      position += duration
    }
  }
  // Smooth the pitch (portamento) and the gain (attack/release), leaving pitch in the pauses
  // where it was so a phrase does not glide up from zero.
  const glide = Math.exp(-1 / (0.04 * sampleRate))
  const attack = Math.exp(-1 / (0.025 * sampleRate))
  let pitch = 0
  let gain = 0
  let phase = 0
  let vibratoPhase = 0
  let jitter = 0
  let noteAge = 0
  let previousTarget = 0

  const formants = [0, 1, 2, 3].map(() => new Resonator(sampleRate))
  const formantGains = [1, 0.6, 0.3, 0.2]
  const current: [number, number][] = VOWELS[0]!.map(([f, b]) => [f, b])
  const formantGlide = Math.exp(-1 / (0.03 * sampleRate))
  const sibilantFilter = new Resonator(sampleRate)
  sibilantFilter.set(6500, 3000)
  let lowpassed = 0
  for (let i = 0; i < length; i++) {
    const target = f0Track[i]!
    if (target > 0) {
      if (target !== previousTarget) noteAge = 0
      previousTarget = target
      pitch = pitch === 0 ? target : target + (pitch - target) * glide
    }
    noteAge++
    gain = gainTrack[i]! + (gain - gainTrack[i]!) * attack
    // Vibrato fades in after 150 ms of a note, as trained singers do.
    const vibratoDepth = Math.min(1, Math.max(0, (noteAge / sampleRate - 0.15) / 0.2)) * 0.35
    vibratoPhase += (2 * Math.PI * 5.6) / sampleRate
    jitter = 0.999 * jitter + 0.001 * (random() - 0.5) * 4
    const frequency = pitch * 2 ** ((vibratoDepth * Math.sin(vibratoPhase) + jitter * 0.2) / 12)
    if (gain < 1e-4 || pitch === 0) {
      dry[i] = 0
      continue
    }
    // PolyBLEP sawtooth: a band-limited glottal-like pulse train without aliasing buzz.
    const increment = frequency / sampleRate
    phase += increment
    if (phase >= 1) phase -= 1
    let saw = 2 * phase - 1
    if (phase < increment) {
      const t = phase / increment
      saw -= t + t - t * t - 1
    } else if (phase > 1 - increment) {
      const t = (phase - 1) / increment
      saw -= t * t + t + t + 1
    }
    // Glottal spectral tilt: a one-pole lowpass on top of the sawtooth's own -6 dB/octave.
    lowpassed += 0.35 * (saw - lowpassed)
    const glottal = lowpassed + (random() - 0.5) * 0.04
    const vowel = VOWELS[vowelTrack[i]!]!
    let voiced = 0
    for (let f = 0; f < 4; f++) {
      const pair = current[f]!
      const goal = vowel[f]!
      pair[0] = goal[0] + (pair[0] - goal[0]) * formantGlide
      pair[1] = goal[1] + (pair[1] - goal[1]) * formantGlide
      if ((i & 31) === 0) formants[f]!.set(pair[0], pair[1])
      voiced += formants[f]!.process(glottal) * formantGains[f]!
    }
    const hiss = sibilantFilter.process(random() * 2 - 1) * sibilance[i]! * 0.9
    dry[i] = (voiced * 6 + hiss) * gain
  }
  const bus = new StereoBus(length)
  bus.addMono(dry, 0, 0, 1)
  const reverb = stereoReverb(bus, sampleRate, random)
  bus.addBus(reverb, settings.vocalReverb)
  return bus
}

/** A small Schroeder reverb with different comb delays per side, so its output is decorrelated. */
function stereoReverb(input: StereoBus, sampleRate: number, random: () => number): StereoBus {
  const output = new StereoBus(input.length)
  const scale = sampleRate / 44100
  const sides: [Float32Array, Float32Array][] = [
    [input.left, output.left],
    [input.right, output.right],
  ]
  for (let side = 0; side < 2; side++) {
    const [source, target] = sides[side]!
    const combDelays = [1116, 1188, 1277, 1356].map((d) =>
      Math.round((d + side * 23 + random() * 40) * scale),
    )
    for (const delay of combDelays) {
      const buffer = new Float32Array(delay)
      let index = 0
      let filtered = 0
      for (let i = 0; i < input.length; i++) {
        const delayed = buffer[index]!
        filtered = delayed * 0.7 + filtered * 0.3
        // Both channels feed each comb a little so the reverb tail is wide but anchored.
        const drive = source[i]! * 0.8 + (side === 0 ? input.right[i]! : input.left[i]!) * 0.2
        buffer[index] = drive + filtered * 0.82
        target[i]! += delayed * 0.25
        index = index + 1 === delay ? 0 : index + 1
      }
    }
    for (const delay of [556, 441].map((d) => Math.round((d + side * 17) * scale))) {
      const buffer = new Float32Array(delay)
      let index = 0
      for (let i = 0; i < input.length; i++) {
        const delayed = buffer[index]!
        const x = target[i]!
        buffer[index] = x + delayed * 0.5
        target[i] = delayed - x * 0.5
        index = index + 1 === delay ? 0 : index + 1
      }
    }
  }
  return output
}

function decayingNoise(
  length: number,
  decaySeconds: number,
  sampleRate: number,
  random: () => number,
): Float32Array {
  const out = new Float32Array(length)
  const decay = Math.exp(-1 / (decaySeconds * sampleRate))
  let envelope = 1
  for (let i = 0; i < length; i++) {
    out[i] = (random() * 2 - 1) * envelope
    envelope *= decay
  }
  return out
}

function synthesiseDrums(
  grid: Grid,
  settings: StyleSettings,
  random: () => number,
  bus: StereoBus,
): void {
  if (settings.drums === 'none') return
  const { sampleRate, beatSamples, bars, barSamples } = grid
  const kickLength = Math.round(0.35 * sampleRate)
  const kick = new Float32Array(kickLength)
  let kickPhase = 0
  for (let i = 0; i < kickLength; i++) {
    const t = i / sampleRate
    kickPhase += (2 * Math.PI * (45 + 90 * Math.exp(-t / 0.04))) / sampleRate
    kick[i] = Math.sin(kickPhase) * Math.exp(-t / 0.12)
  }
  const snareLength = Math.round(0.25 * sampleRate)
  const snareNoise = decayingNoise(snareLength, 0.07, sampleRate, random)
  const snareTone = new Resonator(sampleRate)
  snareTone.set(190, 60)
  const snareBody = new Resonator(sampleRate)
  snareBody.set(3500, 4000)
  const snare = new Float32Array(snareLength)
  for (let i = 0; i < snareLength; i++) {
    const noise = snareBody.process(snareNoise[i]!)
    const tone = Math.sin((2 * Math.PI * 190 * i) / sampleRate) * Math.exp(-i / (0.05 * sampleRate))
    snare[i] = noise * 1.5 + tone * 0.5
  }
  const hatLength = Math.round(0.08 * sampleRate)
  const hatNoise = decayingNoise(hatLength, 0.02, sampleRate, random)
  const hat = new Float32Array(hatLength)
  let previous = 0
  for (let i = 0; i < hatLength; i++) {
    // First difference twice: a crude high-pass that leaves the hiss above ~6 kHz.
    const x = hatNoise[i]!
    hat[i] = (x - previous) * 0.5
    previous = x
  }
  const level = settings.drums === 'soft' ? 0.5 : 1
  const swing = (): number => Math.round((random() - 0.5) * 0.004 * sampleRate)
  for (let bar = 2; bar < bars; bar++) {
    const barStart = bar * barSamples
    for (let beat = 0; beat < 4; beat++) {
      const at = barStart + beat * beatSamples
      const kickHere = grid.repetitive
        ? settings.drums === 'four-on-floor' ||
          beat === 0 ||
          (settings.drums === 'dense' && beat === 2) ||
          (settings.drums === 'backbeat' && beat === 2 && random() < 0.7)
        : random() < 0.5
      if (kickHere) bus.addMono(kick, at + swing(), 0, 0.9 * level)
      if (beat === 1 || beat === 3) bus.addMono(snare, at + swing(), 0.05, 0.45 * level)
      const hatsPerBeat = grid.repetitive
        ? settings.drums === 'dense'
          ? 4
          : 2
        : 1 + Math.floor(random() * 4)
      for (let h = 0; h < hatsPerBeat; h++) {
        bus.addMono(
          hat,
          at + Math.round((h * beatSamples) / hatsPerBeat) + swing(),
          0.4,
          0.3 * level,
        )
      }
    }
  }
}

function karplusStrong(
  frequency: number,
  seconds: number,
  sampleRate: number,
  random: () => number,
  brightness: number,
): Float32Array {
  const length = Math.round(seconds * sampleRate)
  const out = new Float32Array(length)
  const period = Math.max(2, Math.round(sampleRate / frequency))
  const line = new Float32Array(period)
  for (let i = 0; i < period; i++) line[i] = random() * 2 - 1
  let index = 0
  for (let i = 0; i < length; i++) {
    const next = (index + 1) % period
    const value = line[index]!
    out[i] = value
    line[index] = (value * brightness + line[next]! * (1 - brightness)) * 0.996
    index = next
  }
  return out
}

function struckNote(frequency: number, seconds: number, sampleRate: number): Float32Array {
  const length = Math.round(seconds * sampleRate)
  const out = new Float32Array(length)
  const partials = 8
  for (let p = 1; p <= partials; p++) {
    const f = frequency * p * (1 + 0.0004 * p * p)
    if (f > sampleRate / 2.2) break
    const amplitude = 1 / p ** 1.3
    const decay = 1 / (0.8 + 0.35 * p)
    const step = (2 * Math.PI * f) / sampleRate
    for (let i = 0; i < length; i++) {
      out[i]! += amplitude * Math.sin(step * i) * Math.exp((-i / sampleRate) * decay * 2)
    }
  }
  const attack = Math.round(0.004 * sampleRate)
  for (let i = 0; i < attack && i < length; i++) out[i]! *= i / attack
  return out
}

function sawNote(
  frequency: number,
  seconds: number,
  sampleRate: number,
  cutoffRatio: number,
  attackSeconds: number,
  releaseSeconds: number,
  distortion: number,
): Float32Array {
  const length = Math.round(seconds * sampleRate)
  const out = new Float32Array(length)
  let phase = 0
  let filtered = 0
  const coefficient = Math.min(1, (2 * Math.PI * frequency * cutoffRatio) / sampleRate)
  const attack = Math.max(1, attackSeconds * sampleRate)
  const release = Math.max(1, releaseSeconds * sampleRate)
  for (let i = 0; i < length; i++) {
    phase += frequency / sampleRate
    if (phase >= 1) phase -= 1
    filtered += coefficient * (2 * phase - 1 - filtered)
    const envelope = Math.min(1, i / attack, (length - i) / release)
    const x = filtered * envelope
    out[i] = distortion > 0 ? Math.tanh(x * (1 + distortion)) / Math.tanh(1 + distortion) : x
  }
  return out
}

function synthesiseHarmony(
  grid: Grid,
  settings: StyleSettings,
  random: () => number,
  bus: StereoBus,
): void {
  const { sampleRate, beatSamples, barSamples, bars } = grid
  const scale = settings.minor ? MINOR_SCALE : MAJOR_SCALE
  const barSeconds = barSamples / sampleRate
  const beatSeconds = beatSamples / sampleRate
  for (let bar = 0; bar < bars; bar++) {
    const chorus = isChorusBar(bar)
    const progression = chorus ? CHORUS_PROGRESSION : VERSE_PROGRESSION
    const degree = grid.repetitive ? progression[bar % 4]! : Math.floor(random() * 6)
    const notes = chordNotes(settings.tonic, scale, degree)
    const barStart = bar * barSamples
    // Bass: the root, on beats (eighths in dense styles), in the second octave.
    if (bar >= 2 || settings.drums === 'none') {
      const root = notes[0]! - 24
      const hits = settings.drums === 'dense' || settings.drums === 'four-on-floor' ? 8 : 4
      for (let h = 0; h < hits; h++) {
        const length = (barSeconds / hits) * 0.9
        const note = sawNote(midiToHz(root), length, sampleRate, 3, 0.005, 0.03, 0.3)
        bus.addMono(note, barStart + Math.round((h * barSamples) / hits), 0, 0.5)
      }
    }
    // Chords: the instrument depends on the style; two copies at opposite pans make them wide.
    if (settings.chords === 'piano') {
      for (const hit of chorus ? [0, 2] : [0]) {
        for (const note of notes) {
          const sound = struckNote(midiToHz(note), beatSeconds * (chorus ? 2 : 4), sampleRate)
          bus.addMono(sound, barStart + hit * beatSamples, -0.3 + random() * 0.1, 0.18)
        }
      }
    } else if (settings.chords === 'guitar') {
      for (let beat = 0; beat < 4; beat++) {
        notes.forEach((note, index) => {
          const sound = karplusStrong(
            midiToHz(note - 12),
            beatSeconds * 1.5,
            sampleRate,
            random,
            0.5,
          )
          const strum = Math.round(index * 0.012 * sampleRate)
          bus.addMono(
            sound,
            barStart + beat * beatSamples + strum,
            0.45,
            beat % 2 === 0 ? 0.3 : 0.2,
          )
        })
      }
    } else if (settings.chords === 'power') {
      for (let eighth = 0; eighth < 8; eighth++) {
        for (const note of [notes[0]! - 12, notes[0]! - 5]) {
          const sound = sawNote(midiToHz(note), beatSeconds * 0.45, sampleRate, 6, 0.003, 0.02, 3)
          const at = barStart + Math.round((eighth * beatSamples) / 2)
          bus.addMono(sound, at, -0.7, 0.12)
          bus.addMono(sound, at + Math.round(0.011 * sampleRate), 0.7, 0.12)
        }
      }
    } else {
      for (let sixteenth = 0; sixteenth < 16; sixteenth++) {
        const note = notes[sixteenth % 3]! + (sixteenth % 6 < 3 ? 0 : 12)
        const sound = sawNote(midiToHz(note), beatSeconds / 4, sampleRate, 4, 0.002, 0.05, 0)
        const pan = sixteenth % 2 === 0 ? -0.5 : 0.5
        bus.addMono(sound, barStart + Math.round((sixteenth * beatSamples) / 4), pan, 0.1)
      }
    }
    if (settings.pad && (chorus || bar % 2 === 0)) {
      const padSeconds = chorus ? barSeconds : barSeconds * 2
      for (const note of notes) {
        const left = sawNote(midiToHz(note) * 0.997, padSeconds, sampleRate, 2, 0.4, 0.5, 0)
        const right = sawNote(midiToHz(note) * 1.003, padSeconds, sampleRate, 2, 0.4, 0.5, 0)
        bus.addMono(left, barStart, -0.8, 0.07)
        bus.addMono(right, barStart, 0.8, 0.07)
      }
    }
    // A centre lead instrument answering the voice in its pauses and doubling it in choruses.
    if (settings.centreLead && bar >= 2 && (chorus || bar % 2 === 1)) {
      for (let beat = 0; beat < 4; beat += chorus ? 1 : 2) {
        const note = notes[Math.floor(random() * 3)]! + 12
        const sound = struckNote(midiToHz(note), beatSeconds * 0.9, sampleRate)
        bus.addMono(sound, barStart + beat * beatSamples, 0, 0.14)
      }
    }
  }
}

function rms(bus: StereoBus): number {
  let sum = 0
  for (let i = 0; i < bus.length; i++) sum += bus.left[i]! ** 2 + bus.right[i]! ** 2
  return Math.sqrt(sum / (2 * Math.max(1, bus.length)))
}

export function synthesiseSeparationExample(options: SeparationExampleOptions): SeparationExample {
  const sampleRate = options.sampleRate ?? 44_100
  const settings = STYLE_SETTINGS[options.style]
  const vocalToAccompanimentDb = options.vocalToAccompanimentDb ?? 0
  const random = createRandom(options.seed)
  const length = Math.round(options.durationSeconds * sampleRate)
  const beatSamples = Math.round((60 / settings.tempo) * sampleRate)
  const barSamples = beatSamples * 4
  const grid: Grid = {
    sampleRate,
    length,
    beatSamples,
    barSamples,
    bars: Math.ceil(length / barSamples),
    repetitive: options.repetitive ?? true,
  }

  const vocals = synthesiseVocals(grid, settings, random)
  const dryAccompaniment = new StereoBus(length, sampleRate, random)
  synthesiseDrums(grid, settings, random, dryAccompaniment)
  synthesiseHarmony(grid, settings, random, dryAccompaniment)
  const accompaniment = new StereoBus(length)
  accompaniment.addBus(dryAccompaniment, 1)
  accompaniment.addBus(stereoReverb(dryAccompaniment, sampleRate, random), settings.reverb)

  const vocalGain =
    (rms(accompaniment) / Math.max(1e-12, rms(vocals))) * 10 ** (vocalToAccompanimentDb / 20)
  let peak = 0
  for (let i = 0; i < length; i++) {
    vocals.left[i]! *= vocalGain
    vocals.right[i]! *= vocalGain
    peak = Math.max(
      peak,
      Math.abs(vocals.left[i]! + accompaniment.left[i]!),
      Math.abs(vocals.right[i]! + accompaniment.right[i]!),
    )
  }
  const master = peak > 0 ? 0.9 / peak : 1
  const toAudio = (bus: StereoBus): PcmAudio => {
    const left = bus.left.map((x) => x * master)
    const right = bus.right.map((x) => x * master)
    if (!options.mono) return { sampleRate, channels: [left, right] }
    return { sampleRate, channels: [left.map((x, i) => (x + right[i]!) / 2)] }
  }
  const vocalAudio = toAudio(vocals)
  const accompanimentAudio = toAudio(accompaniment)
  const mixture: PcmAudio = {
    sampleRate,
    channels: vocalAudio.channels.map((channel, c) =>
      channel.map((x, i) => x + accompanimentAudio.channels[c]![i]!),
    ),
  }
  return {
    name: `${options.style}-${options.mono ? 'mono' : 'stereo'}${options.repetitive === false ? '-through-composed' : ''}-${options.seed}`,
    style: options.style,
    vocalToAccompanimentDb,
    vocals: vocalAudio,
    accompaniment: accompanimentAudio,
    mixture,
  }
}
