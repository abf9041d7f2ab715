/**
 * The realistic separation set (issue 12): humanised General MIDI arrangements rendered through
 * the FluidR3 soundfont, a sung melody with Mandarin lyrics, and three mixes of each song:
 * - light: the vocal near the centre with a short room reverb, no bus processing;
 * - produced: the vocal off centre with a long stereo hall reverb, a ping-pong delay and panned
 *   doubles (second and third takes with their own timing and intonation) in the chorus, and
 *   stereo-linked bus compression over the whole mix;
 * - mono: the produced mix folded down to one channel.
 * The references are what MUSDB calls stems: vocals = everything vocal, its reverb, delay and
 * doubles included, after the same bus gain as the mix; accompaniment = everything else. Each
 * mixture is exactly the sum of its two stems.
 *
 * Seeds: the separation method may be tuned on `TUNING_SEEDS`; the bench scores `BENCH_SEEDS`
 * only, which nobody tunes on.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import type { PcmAudio } from '../../src/types'
import { createRandom } from '../fixtures/random'
import { arrangeSong, REALISTIC_STYLES, type Arrangement } from './arrangement'
import { compressorGain, pingPongDelay, stereoReverb, type Stereo } from './effects'
import { findPreset, parseSoundFont, playNote, type SoundFont } from './soundFont'
import { singTake } from './vocals'

export const TUNING_SEEDS = [1, 2, 3] as const
/** Songs the learnt cue model of the separation is fitted on (bench/separation-train.ts). */
export const TRAINING_SEEDS = Array.from({ length: 51 }, (_, i) => i + 10)
export const BENCH_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108] as const

export const MIX_KINDS = ['light', 'produced', 'mono'] as const
export type MixKind = (typeof MIX_KINDS)[number]

/** Debian's fluid-soundfont-gm installs it here. */
export const GENERAL_MIDI_FONT_PATH = '/usr/share/sounds/sf2/FluidR3_GM.sf2'

export interface RealisticExample {
  name: string
  /** The style of the song: a realistic-set style, or a generation style for the held-out set. */
  style: string
  seed: number
  mix: MixKind
  vocals: PcmAudio
  accompaniment: PcmAudio
  mixture: PcmAudio
}

/** The three mixes of one song, whichever set made it. */
export interface MixedSong {
  name: string
  examples: Record<MixKind, RealisticExample>
}

export interface RealisticSong extends MixedSong {
  arrangement: Arrangement
}

/**
 * What a song's mixes are made from. The realistic set and the held-out set (heldOut.ts) differ
 * in these only, so their mixes are processed alike and their figures compare.
 */
export interface SongSources {
  /** `<style>-<seed>`. */
  name: string
  style: string
  seed: number
  sampleRate: number
  tempo: number
  /** The whole accompaniment, the length of the song's excerpt. */
  accompaniment: Stereo
  /** One dry mono take of the melody (of its chorus notes only when asked), as long. */
  take: (
    seed: number,
    timingJitterSeconds: number,
    pitchJitterCents: number,
    chorusOnly: boolean,
  ) => Float32Array
}

export interface RealisticSetOptions {
  seeds: readonly number[]
  /** Defaults to the FluidR3 font, installed with apt-get when it is missing. */
  font?: SoundFont
  durationSeconds?: number
  sampleRate?: number
}

/**
 * The path of the FluidR3 General MIDI font, installing Debian's fluid-soundfont-gm with apt-get
 * when it is missing (the bench runs as root in CI images that allow it). Throws a Chinese reason
 * when it cannot be had.
 */
export function ensureGeneralMidiFont(path = GENERAL_MIDI_FONT_PATH): string {
  if (existsSync(path)) return path
  const install = (): void => {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'fluid-soundfont-gm'], {
      stdio: 'ignore',
      timeout: 600_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
  }
  try {
    try {
      install()
    } catch {
      // A fresh image has no package lists yet.
      execFileSync('apt-get', ['update'], { stdio: 'ignore', timeout: 600_000 })
      install()
    }
  } catch (error) {
    throw new Error(
      `缺少 General MIDI 音色库 ${path}，且无法用 apt-get 安装 fluid-soundfont-gm：${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    )
  }
  if (!existsSync(path)) throw new Error(`已安装 fluid-soundfont-gm，但找不到 ${path}`)
  return path
}

let cachedFont: SoundFont | undefined

export function loadGeneralMidiFont(): SoundFont {
  cachedFont ??= parseSoundFont(readFileSync(ensureGeneralMidiFont()))
  return cachedFont
}

function rms(channels: Float32Array[]): number {
  let sum = 0
  let count = 0
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++) sum += channel[i]! ** 2
    count += channel.length
  }
  return Math.sqrt(sum / Math.max(1, count))
}

function scaleInPlace(channels: Float32Array[], gain: number): void {
  for (const channel of channels) for (let i = 0; i < channel.length; i++) channel[i]! *= gain
}

function addInto(target: Stereo, source: Stereo, gain = 1): void {
  for (let i = 0; i < target.left.length; i++) {
    target.left[i]! += source.left[i]! * gain
    target.right[i]! += source.right[i]! * gain
  }
}

function stereo(length: number): Stereo {
  return { left: new Float32Array(length), right: new Float32Array(length) }
}

/** Relative levels of the parts in the accompaniment, in dB of RMS. */
const PART_LEVELS_DB: Record<string, number> = { drums: 0, bass: -2, chords: -4, pad: -9 }

function renderAccompaniment(
  font: SoundFont,
  arrangement: Arrangement,
  sampleRate: number,
  length: number,
): Stereo {
  const accompaniment = stereo(length)
  const roomSend = stereo(length)
  for (const part of arrangement.parts) {
    const preset = findPreset(font, part.bank, part.program)
    const bus = { ...stereo(length), sampleRate }
    for (const note of part.notes) playNote(font, preset, note, bus, part.pan, part.gain)
    const level = rms([bus.left, bus.right])
    if (level === 0) continue
    const gain = 10 ** ((PART_LEVELS_DB[part.name] ?? -6) / 20) / level
    addInto(accompaniment, bus, gain * 0.1)
    if (part.name !== 'bass') addInto(roomSend, bus, gain * 0.1)
  }
  const room = stereoReverb(roomSend, { sampleRate, roomSize: 0.55, damping: 0.5, preDelay: 0.01 })
  addInto(accompaniment, room, 0.25)
  return accompaniment
}

function pan(mono: Float32Array, position: number, gain: number): Stereo {
  const angle = ((Math.max(-1, Math.min(1, position)) + 1) * Math.PI) / 4
  return {
    left: mono.map((x) => x * Math.cos(angle) * gain),
    right: mono.map((x) => x * Math.sin(angle) * gain),
  }
}

/** A wet signal scaled to sit `relativeDb` below (or above) the dry signal's RMS. */
function addWetAt(target: Stereo, wet: Stereo, dryRms: number, relativeDb: number): void {
  const wetRms = rms([wet.left, wet.right])
  if (wetRms > 0) addInto(target, wet, (dryRms * 10 ** (relativeDb / 20)) / wetRms)
}

function asPcm(sampleRate: number, value: Stereo): PcmAudio {
  return { sampleRate, channels: [value.left, value.right] }
}

function sum(a: PcmAudio, b: PcmAudio): PcmAudio {
  return {
    sampleRate: a.sampleRate,
    channels: a.channels.map((channel, c) => channel.map((x, i) => x + b.channels[c]![i]!)),
  }
}

/** Both stems scaled so that their sum peaks at -1 dBFS. */
function normalise(vocals: PcmAudio, accompaniment: PcmAudio): void {
  let peak = 0
  for (const [c, channel] of vocals.channels.entries()) {
    const other = accompaniment.channels[c]!
    for (let i = 0; i < channel.length; i++)
      peak = Math.max(peak, Math.abs(channel[i]! + other[i]!))
  }
  if (peak === 0) return
  const gain = 10 ** (-1 / 20) / peak
  scaleInPlace(vocals.channels, gain)
  scaleInPlace(accompaniment.channels, gain)
}

function example(
  song: SongSources,
  mix: MixKind,
  vocals: PcmAudio,
  accompaniment: PcmAudio,
): RealisticExample {
  return {
    name: `${song.name}-${mix}`,
    style: song.style,
    seed: song.seed,
    mix,
    vocals,
    accompaniment,
    mixture: sum(vocals, accompaniment),
  }
}

/** Renders one song of the set and its three mixes. */
export function renderRealisticSong(
  font: SoundFont,
  seed: number,
  durationSeconds = 30,
  sampleRate = 44_100,
): RealisticSong {
  const style = REALISTIC_STYLES[seed % REALISTIC_STYLES.length]!
  const arrangement = arrangeSong(style, seed, durationSeconds)
  const length = Math.round(durationSeconds * sampleRate)
  const name = `${style}-${seed}`
  const examples = mixSong({
    name,
    style,
    seed,
    sampleRate,
    tempo: arrangement.tempo,
    accompaniment: renderAccompaniment(font, arrangement, sampleRate, length),
    take: (takeSeed, timingJitterSeconds, pitchJitterCents, chorusOnly) =>
      singTake(chorusOnly ? arrangement.melody.filter((note) => note.chorus) : arrangement.melody, {
        sampleRate,
        length,
        seed: takeSeed,
        timingJitterSeconds,
        pitchJitterCents,
      }),
  })
  return { name, arrangement, examples }
}

/**
 * The light, produced and mono mixes of a song: its lead take panned over its accompaniment, with
 * a room (light), or doubles in the chorus, a hall, a delay and bus compression (produced).
 */
export function mixSong(song: SongSources): Record<MixKind, RealisticExample> {
  const { seed, sampleRate, accompaniment } = song
  const length = accompaniment.left.length
  const random = createRandom(seed ^ 0x6d1c)
  const accompanimentRms = rms([accompaniment.left, accompaniment.right])
  const take = (takeSeed: number, timing: number, cents: number, chorusOnly = false) =>
    song.take(takeSeed, timing, cents, chorusOnly)
  const lead = take(seed * 7 + 1, 0.004, 5)
  // The vocal sits between 3 dB under and 2 dB over the accompaniment (RMS of the dry take).
  const vocalToAccompanimentDb = -3 + random() * 5
  const leadRms = rms([lead]) / Math.SQRT2
  const leadGain =
    leadRms > 0 ? (accompanimentRms * 10 ** (vocalToAccompanimentDb / 20)) / leadRms : 0

  // Light: close to the centre, a short room.
  const light = pan(lead, (random() - 0.5) * 0.1, leadGain)
  const lightDryRms = rms([light.left, light.right])
  addWetAt(
    light,
    stereoReverb(light, { sampleRate, roomSize: 0.5, damping: 0.5, preDelay: 0.012 }),
    lightDryRms,
    -14,
  )
  const lightVocals = asPcm(sampleRate, light)
  const lightAccompaniment = asPcm(sampleRate, {
    left: accompaniment.left.slice(),
    right: accompaniment.right.slice(),
  })
  normalise(lightVocals, lightAccompaniment)

  // Produced: off centre, doubles in the chorus, a long hall, a ping-pong delay, bus compression.
  const side = random() < 0.5 ? -1 : 1
  const produced = pan(lead, side * (0.08 + random() * 0.12), leadGain)
  const dryRms = rms([produced.left, produced.right])
  const doubleGain = leadGain * 10 ** (-(6 + random() * 3) / 20)
  addInto(produced, pan(take(seed * 7 + 2, 0.018, 12, true), -0.75, doubleGain))
  addInto(produced, pan(take(seed * 7 + 3, 0.018, 12, true), 0.75, doubleGain))
  const hall = stereoReverb(produced, {
    sampleRate,
    roomSize: 0.9 + random() * 0.06,
    damping: 0.3,
    preDelay: 0.03,
  })
  const beatSeconds = 60 / song.tempo
  const delay = pingPongDelay(
    produced.left.map((x, i) => (x + produced.right[i]!) / 2),
    { sampleRate, time: 0.75 * beatSeconds, feedback: 0.35 },
  )
  addWetAt(produced, hall, dryRms, -7 + random() * 2)
  addWetAt(produced, delay, dryRms, -15)
  const producedAccompaniment = {
    left: accompaniment.left.slice(),
    right: accompaniment.right.slice(),
  }
  const mixRms = rms([
    produced.left.map((x, i) => x + producedAccompaniment.left[i]!),
    produced.right.map((x, i) => x + producedAccompaniment.right[i]!),
  ])
  const gain = compressorGain(
    {
      left: produced.left.map((x, i) => x + producedAccompaniment.left[i]!),
      right: produced.right.map((x, i) => x + producedAccompaniment.right[i]!),
    },
    {
      sampleRate,
      thresholdDb: 20 * Math.log10(Math.max(mixRms, 1e-9)) + 3,
      ratio: 4,
      attackSeconds: 0.01,
      releaseSeconds: 0.15,
    },
  )
  for (const bus of [produced, producedAccompaniment]) {
    for (let i = 0; i < length; i++) {
      bus.left[i]! *= gain[i]!
      bus.right[i]! *= gain[i]!
    }
  }
  const producedVocals = asPcm(sampleRate, produced)
  const producedRest = asPcm(sampleRate, producedAccompaniment)
  normalise(producedVocals, producedRest)

  const foldDown = (audio: PcmAudio): PcmAudio => ({
    sampleRate,
    channels: [audio.channels[0]!.map((x, i) => (x + audio.channels[1]![i]!) / 2)],
  })
  return {
    light: example(song, 'light', lightVocals, lightAccompaniment),
    produced: example(song, 'produced', producedVocals, producedRest),
    mono: example(song, 'mono', foldDown(producedVocals), foldDown(producedRest)),
  }
}

/** The songs of the set for the given seeds, rendered one at a time as they are asked for. */
export function* realisticSet(options: RealisticSetOptions): Generator<RealisticSong> {
  const font = options.font ?? loadGeneralMidiFont()
  for (const seed of options.seeds) {
    yield renderRealisticSong(font, seed, options.durationSeconds, options.sampleRate)
  }
}
