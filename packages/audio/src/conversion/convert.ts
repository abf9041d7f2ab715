import { AudioError } from '../errors'
import { integratedLoudness, normalizeLoudnessInPlace } from '../measure/loudness'
import { cloneAudio, dbToGain } from '../mix'
import { SeparationStream } from '../separation/separate'
import type { PcmAudio, ProgressCallback } from '../types'
import { LoudnessFollower } from './loudnessMatch'
import { PitchShifter } from './pitchShift'
import { findSingerPreset, type SingerPreset, type SingerPresetId } from './singers'
import { referenceEnvelopeDb } from './timbre'
import { ToneFilter, toneCurveGainDb } from './toneCurve'

export { SINGER_PRESETS, SINGER_PRESET_IDS } from './singers'
export type { SingerPreset, SingerPresetId } from './singers'

export const MAX_SHIFT_SEMITONES = 12

export interface ConvertVoiceOptions {
  /** Pitch shift in semitones, -12..+12; applied exactly. */
  semitones: number
  /** Formant shift in semitones, -12..+12; defaults to the singer's formant offset, else 0 (formants kept). */
  formantShift?: number
  /** Adds the singer's formant offset (unless `formantShift` is given) and tone curve. */
  singer?: SingerPresetId
  onProgress?: ProgressCallback
}

export interface CoverSongOptions {
  singer: SingerPresetId
  /** Pitch shift of the vocal; defaults to the singer's pitch offset. */
  semitones?: number
  vocalGainDb?: number
  accompanimentGainDb?: number
  onProgress?: ProgressCallback
}

function checkShift(value: number, label: string): void {
  if (!Number.isFinite(value) || Math.abs(value) > MAX_SHIFT_SEMITONES) {
    throw new AudioError('invalid_option', `${label}应在 -12 到 +12 个半音之间`)
  }
}

function presetFor(id: SingerPresetId | undefined): SingerPreset | undefined {
  if (id === undefined) return undefined
  const preset = findSingerPreset(id)
  if (!preset) throw new AudioError('invalid_option', `没有名为 ${id} 的歌手音色`)
  return preset
}

/** A whole vocal is fed to the converter in pieces this long (as a streamed job would feed it). */
const CONVERT_FEED_SECONDS = 5

/**
 * Shifts a vocal's pitch by `semitones` and its formants independently (see pitchShift.ts); with a
 * singer, moves its timbre towards the singer's voice and applies the singer's tone curve; and
 * keeps it at the input's loudness. Same rate, length and channel count as the input. This is
 * `VoiceConverter` fed the whole vocal, so a file job streamed in chunks gives the same samples.
 */
export function convertVoice(vocals: PcmAudio, options: ConvertVoiceOptions): PcmAudio {
  const converter = new VoiceConverter(vocals.sampleRate, vocals.channels.length, options)
  const { sampleRate } = vocals
  if (options.semitones === 0 && converter.formantShift === 0 && !options.singer) {
    return cloneAudio(vocals)
  }
  const length = vocals.channels[0]?.length ?? 0
  const output = vocals.channels.map((channel) => new Float32Array(channel.length))
  let written = 0
  const store = (parts: Float32Array[]) => {
    parts.forEach((part, c) => output[c]?.set(part, written))
    written += parts[0]?.length ?? 0
  }
  const feed = Math.max(1, Math.round(CONVERT_FEED_SECONDS * sampleRate))
  for (let start = 0; start < length; start += feed) {
    store(converter.push(vocals.channels.map((channel) => channel.subarray(start, start + feed))))
    options.onProgress?.(Math.min(0.99, (start + feed) / Math.max(1, length)))
  }
  store(converter.end())
  options.onProgress?.(1)
  return { sampleRate, channels: output }
}

/** Below this a song counts as silent (BS.1770's absolute gate). */
const SILENCE_LUFS = -70

/** The song is fed to the separation in pieces this long. */
const COVER_FEED_SECONDS = 10

/** What a vocal shifter needs: the shift, and the singer's tone curve and voice if there is one. */
interface ShiftSettings {
  pitchRatio: number
  formantRatio: number
  preset: SingerPreset | undefined
}

/** A cover's settings resolved against its singer preset and checked. */
function coverSettings(options: CoverSongOptions) {
  const preset = presetFor(options.singer)
  const semitones = options.semitones ?? preset?.pitchOffset ?? 0
  checkShift(semitones, '音高')
  const formantShift = preset?.formantOffset ?? 0
  for (const [gain, label] of [
    [options.vocalGainDb, '人声音量'],
    [options.accompanimentGainDb, '伴奏音量'],
  ] as const) {
    if (gain !== undefined && !(Number.isFinite(gain) && Math.abs(gain) <= 24)) {
      throw new AudioError('invalid_option', `${label}应在 -24 到 +24 dB 之间`)
    }
  }
  const shift: ShiftSettings = {
    pitchRatio: Math.pow(2, semitones / 12),
    formantRatio: Math.pow(2, formantShift / 12),
    preset,
  }
  return {
    vocalGain: dbToGain(options.vocalGainDb ?? 0),
    accompanimentGain: dbToGain(options.accompanimentGainDb ?? 0),
    shift,
  }
}

/** A conversion's settings resolved against its singer preset and checked. */
function convertSettings(options: Omit<ConvertVoiceOptions, 'onProgress'>) {
  checkShift(options.semitones, '音高')
  const preset = presetFor(options.singer)
  const formantShift = options.formantShift ?? preset?.formantOffset ?? 0
  checkShift(formantShift, '共振峰')
  const shift: ShiftSettings = {
    pitchRatio: Math.pow(2, options.semitones / 12),
    formantRatio: Math.pow(2, formantShift / 12),
    preset,
  }
  return { formantShift, shift }
}

/** Throws the `AudioError` a cover with these settings would, without doing any work. */
export function checkCoverOptions(options: Omit<CoverSongOptions, 'onProgress'>): void {
  coverSettings(options)
}

/** Throws the `AudioError` a conversion with these settings would, without doing any work. */
export function checkConvertOptions(options: Omit<ConvertVoiceOptions, 'onProgress'>): void {
  convertSettings(options)
}

/**
 * A vocal shifter for chunks of a mono or stereo vocal: a stereo vocal is shifted as mid and side
 * (the side of a lead vocal is nearly silent, and the shifter skips silent frames, so it costs
 * little), with the singer's timbre transfer, then the singer's tone curve, then brought to the
 * loudness of the vocal it came from (`LoudnessFollower`), so that a shift or a singer never moves
 * the vocal's level against the accompaniment. Output is aligned with the input sample for sample.
 */
class VocalShifter {
  private readonly shifters: PitchShifter[]
  private readonly tones: ToneFilter[]
  private readonly loudness: LoudnessFollower

  constructor(
    sampleRate: number,
    private readonly channelCount: number,
    settings: ShiftSettings,
  ) {
    const { preset } = settings
    const toneCurve = preset?.toneCurve ?? []
    // The tone curve comes after the transfer; the transfer aims at the voice before it, so the
    // finished vocal lands on the singer's envelope and the curve still shapes what lies outside.
    const targetEnvelopeDb =
      preset &&
      ((frequency: number) =>
        referenceEnvelopeDb(preset.voice, frequency) -
        toneCurveGainDb(toneCurve, frequency, sampleRate))
    const shift = {
      pitchRatio: settings.pitchRatio,
      formantRatio: settings.formantRatio,
      targetEnvelopeDb,
    }
    this.shifters = Array.from({ length: channelCount }, () => new PitchShifter(sampleRate, shift))
    this.tones = Array.from({ length: channelCount }, () => new ToneFilter(sampleRate, toneCurve))
    this.loudness = new LoudnessFollower(sampleRate, channelCount)
  }

  push(vocal: readonly Float32Array[]): Float32Array[] {
    this.loudness.observe(vocal)
    const [v0, v1] = vocal as [Float32Array, Float32Array | undefined]
    const parts = v1
      ? [mapPair(v0, v1, (l, r) => 0.5 * (l + r)), mapPair(v0, v1, (l, r) => 0.5 * (l - r))]
      : [v0]
    return this.finish(parts.map((part, c) => (this.shifters[c] as PitchShifter).push(part)))
  }

  end(): Float32Array[] {
    const rest = this.finish(this.shifters.map((shifter) => shifter.end()))
    const held = this.loudness.end()
    return rest.map((part, c) => concat(part, held[c] as Float32Array))
  }

  /** Tone curve on mid (and side), back to left and right, then the loudness of the source. */
  private finish(shifted: Float32Array[]): Float32Array[] {
    shifted.forEach((part, c) => this.tones[c]?.process(part))
    let output = shifted
    if (this.channelCount === 2) {
      const [mid, side] = shifted as [Float32Array, Float32Array]
      output = [mapPair(mid, side, (m, s) => m + s), mapPair(mid, side, (m, s) => m - s)]
    }
    return this.loudness.push(output)
  }
}

/**
 * A cover computed as the song streams in: each chunk pushed is separated (block by block), its
 * vocal converted towards the singer and remixed with the accompaniment at the chosen levels.
 * `push` returns the mix of the samples now final (possibly none), `end` the rest; concatenated
 * they have the song's length and alignment. Not normalised: the caller measures the whole mix.
 * Memory is one separation block and a few seconds of audio, whatever the song's length.
 */
export class CoverMixer {
  private readonly vocals: VocalShifter
  private readonly separation: SeparationStream
  /** Accompaniment waits here until the converted vocal of the same samples is ready. */
  private readonly waiting: SampleQueue[]
  private readonly vocalGain: number
  private readonly accompanimentGain: number

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
    options: Omit<CoverSongOptions, 'onProgress'>,
    onSamplesDone?: (samples: number) => void,
  ) {
    if (channelCount < 1 || channelCount > 2) throw new AudioError('unsupported_channels')
    const settings = coverSettings(options)
    this.vocalGain = settings.vocalGain
    this.accompanimentGain = settings.accompanimentGain
    this.vocals = new VocalShifter(sampleRate, channelCount, settings.shift)
    this.separation = new SeparationStream(sampleRate, channelCount, { onSamplesDone })
    this.waiting = Array.from({ length: channelCount }, () => new SampleQueue())
  }

  push(song: readonly Float32Array[]): Float32Array[] {
    return this.take(this.separation.push([...song]))
  }

  end(): Float32Array[] {
    const rest = this.take(this.separation.end())
    const tail = this.mix(this.vocals.end())
    return rest.map((part, c) => concat(part, tail[c] as Float32Array))
  }

  private take(stems: { vocals: Float32Array[]; accompaniment: Float32Array[] }): Float32Array[] {
    if ((stems.vocals[0]?.length ?? 0) === 0) return this.mix([])
    stems.accompaniment.forEach((channel, c) => this.waiting[c]?.push(channel))
    return this.mix(this.vocals.push(stems.vocals))
  }

  private mix(vocal: Float32Array[]): Float32Array[] {
    const count = vocal[0]?.length ?? 0
    return Array.from({ length: this.channelCount }, (_, c) => {
      const out = new Float32Array(count)
      const accompaniment = (this.waiting[c] as SampleQueue).take(count)
      const voice = vocal[c] as Float32Array
      for (let i = 0; i < count; i++) {
        out[i] =
          this.vocalGain * (voice[i] as number) +
          this.accompanimentGain * (accompaniment[i] as number)
      }
      return out
    })
  }
}

/**
 * `convertVoice` for a vocal that arrives in chunks (see `CoverMixer` for the stereo handling):
 * `push` returns converted samples now final, `end` the rest, aligned with the input.
 */
export class VoiceConverter {
  private readonly shifter: VocalShifter
  /** The formant shift in semitones, resolved against the singer. */
  readonly formantShift: number

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
    options: Omit<ConvertVoiceOptions, 'onProgress'>,
  ) {
    if (channelCount < 1 || channelCount > 2) throw new AudioError('unsupported_channels')
    const settings = convertSettings(options)
    this.formantShift = settings.formantShift
    this.shifter = new VocalShifter(sampleRate, channelCount, settings.shift)
  }

  push(vocal: readonly Float32Array[]): Float32Array[] {
    return this.shifter.push(vocal)
  }

  end(): Float32Array[] {
    return this.shifter.end()
  }
}

/**
 * A cover: separates the song, converts its vocal towards the singer and remixes it with the
 * accompaniment at the chosen levels, normalised to -14 LUFS with the true peak at most -1 dBTP.
 *
 * It streams (`CoverMixer`): the song is separated block by block, the vocal shifted and the mix
 * written as each part becomes final, so memory beyond the song and the result is a few seconds of
 * audio and one separation block. With `inPlace` the result is written over the song itself (which
 * must then not be needed afterwards), so a 10-minute song costs one copy of itself, not three.
 */
export function coverSong(
  song: PcmAudio,
  options: CoverSongOptions & { inPlace?: boolean },
): PcmAudio {
  const { sampleRate } = song
  const channelCount = song.channels.length
  const length = song.channels[0]?.length ?? 0
  const mixer = new CoverMixer(sampleRate, channelCount, options)
  if (length === 0) throw new AudioError('empty')
  // A silent song has no vocal to sing and no level to keep: say so rather than return silence.
  if (!(integratedLoudness(song) > SILENCE_LUFS)) throw new AudioError('silent')
  const report = options.onProgress
  const output: PcmAudio = options.inPlace
    ? song
    : { sampleRate, channels: song.channels.map((channel) => new Float32Array(channel.length)) }
  let written = 0
  const store = (mixed: Float32Array[]) => {
    mixed.forEach((part, c) => output.channels[c]?.set(part, written))
    written += mixed[0]?.length ?? 0
    report?.(0.95 * (written / Math.max(1, length)))
  }
  const feed = Math.max(1, Math.round(COVER_FEED_SECONDS * sampleRate))
  for (let start = 0; start < length; start += feed) {
    // Copied before it is pushed: with `inPlace`, output written later may reuse these samples.
    store(
      mixer.push(
        song.channels.map((channel) => channel.slice(start, Math.min(length, start + feed))),
      ),
    )
  }
  store(mixer.end())
  normalizeLoudnessInPlace(output)
  report?.(1)
  return output
}

function concat(a: Float32Array, b: Float32Array): Float32Array {
  if (b.length === 0) return a
  if (a.length === 0) return b
  const out = new Float32Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

function mapPair(
  a: Float32Array,
  b: Float32Array,
  combine: (x: number, y: number) => number,
): Float32Array {
  const out = new Float32Array(a.length)
  for (let i = 0; i < a.length; i++) out[i] = combine(a[i] as number, b[i] as number)
  return out
}

/** First in, first out samples of one channel. */
class SampleQueue {
  private buffer = new Float32Array(0)
  private length = 0

  push(samples: Float32Array): void {
    if (this.length + samples.length > this.buffer.length) {
      const grown = new Float32Array(Math.max(this.length + samples.length, this.buffer.length * 2))
      grown.set(this.buffer.subarray(0, this.length))
      this.buffer = grown
    }
    this.buffer.set(samples, this.length)
    this.length += samples.length
  }

  /** The oldest `count` samples (zeros if fewer are waiting). */
  take(count: number): Float32Array {
    const out = new Float32Array(count)
    out.set(this.buffer.subarray(0, Math.min(count, this.length)))
    this.buffer.copyWithin(0, Math.min(count, this.length), this.length)
    this.length = Math.max(0, this.length - count)
    return out
  }
}
