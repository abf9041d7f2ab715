import { AudioError } from '../errors'
import { normalizeLoudnessInPlace } from '../measure/loudness'
import { cloneAudio, dbToGain } from '../mix'
import { SeparationStream } from '../separation/separate'
import type { PcmAudio, ProgressCallback } from '../types'
import { PitchShifter, pitchShiftChannel } from './pitchShift'
import { findSingerPreset, type SingerPreset, type SingerPresetId } from './singers'
import { ToneFilter, applyToneCurve } from './toneCurve'

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

/** Below this the side channel of a stereo vocal is treated as absent (about -40 dB). */
const SIDE_ENERGY_RATIO = 1e-4

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

function sideEnergyRatio(left: Float32Array, right: Float32Array): number {
  let mid = 0
  let side = 0
  for (let i = 0; i < left.length; i++) {
    const l = left[i] as number
    const r = right[i] as number
    mid += (l + r) * (l + r)
    side += (l - r) * (l - r)
  }
  return mid > 0 ? side / mid : 0
}

/**
 * Shifts a vocal's pitch by `semitones` and its formants independently (see pitchShift.ts), then
 * applies the singer's tone curve. Same rate, length and channel count as the input; not loudness
 * normalised (the engine normalises finished outputs).
 */
export function convertVoice(vocals: PcmAudio, options: ConvertVoiceOptions): PcmAudio {
  checkShift(options.semitones, '音高')
  const preset = presetFor(options.singer)
  const formantShift = options.formantShift ?? preset?.formantOffset ?? 0
  checkShift(formantShift, '共振峰')
  const pitchRatio = Math.pow(2, options.semitones / 12)
  const formantRatio = Math.pow(2, formantShift / 12)
  const { sampleRate } = vocals
  const shift = (samples: Float32Array, report?: ProgressCallback) =>
    pitchShiftChannel(samples, sampleRate, { pitchRatio, formantRatio, onProgress: report })

  let result: PcmAudio
  if (options.semitones === 0 && formantShift === 0) {
    result = cloneAudio(vocals)
  } else if (
    vocals.channels.length === 2 &&
    sideEnergyRatio(vocals.channels[0] as Float32Array, vocals.channels[1] as Float32Array) <
      SIDE_ENERGY_RATIO
  ) {
    // A (near) centre-panned vocal is shifted once and used for both sides: half the work, and no
    // chance of the two sides drifting apart in phase.
    const left = vocals.channels[0] as Float32Array
    const right = vocals.channels[1] as Float32Array
    const mid = new Float32Array(left.length)
    for (let i = 0; i < mid.length; i++) mid[i] = 0.5 * ((left[i] as number) + (right[i] as number))
    const shifted = shift(mid, options.onProgress)
    result = { sampleRate, channels: [shifted, shifted.slice()] }
  } else {
    const count = vocals.channels.length
    result = {
      sampleRate,
      channels: vocals.channels.map((channel, c) =>
        shift(channel, options.onProgress && ((f) => options.onProgress?.((c + f) / count))),
      ),
    }
  }
  if (preset) {
    for (const channel of result.channels) applyToneCurve(channel, sampleRate, preset.toneCurve)
  }
  options.onProgress?.(1)
  return result
}

/** The song is fed to the separation in pieces this long. */
const COVER_FEED_SECONDS = 10

/**
 * A cover: separates the song, converts its vocal towards the singer and remixes it with the
 * accompaniment at the chosen levels, normalised to -14 LUFS with the true peak at most -1 dBTP.
 *
 * It streams: the song is separated block by block, the vocal shifted and the mix written as each
 * part becomes final, so memory beyond the song and the result is a few seconds of audio and one
 * separation block. With `inPlace` the result is written over the song itself (which must then
 * not be needed afterwards), so a 10-minute song costs one copy of itself, not three.
 */
export function coverSong(
  song: PcmAudio,
  options: CoverSongOptions & { inPlace?: boolean },
): PcmAudio {
  const preset = presetFor(options.singer)
  const semitones = options.semitones ?? preset?.pitchOffset ?? 0
  checkShift(semitones, '音高')
  const formantShift = preset?.formantOffset ?? 0
  const { sampleRate } = song
  const channelCount = song.channels.length
  const length = song.channels[0]?.length ?? 0
  if (channelCount < 1 || channelCount > 2) throw new AudioError('unsupported_channels')
  const report = options.onProgress
  const output: PcmAudio = options.inPlace
    ? song
    : { sampleRate, channels: song.channels.map((channel) => new Float32Array(channel.length)) }
  const vocalGain = dbToGain(options.vocalGainDb ?? 0)
  const accompanimentGain = dbToGain(options.accompanimentGainDb ?? 0)
  const shiftOptions = {
    pitchRatio: Math.pow(2, semitones / 12),
    formantRatio: Math.pow(2, formantShift / 12),
  }
  // A stereo vocal is shifted as mid and side: the separated vocal is nearly all mid, and the
  // shifter skips silent frames, so the side costs little.
  const shifters = Array.from(
    { length: channelCount },
    () => new PitchShifter(sampleRate, shiftOptions),
  )
  const tones = Array.from(
    { length: channelCount },
    () => new ToneFilter(sampleRate, preset?.toneCurve ?? []),
  )
  const stream = new SeparationStream(sampleRate, channelCount)
  // Accompaniment waits here until the shifted vocal of the same samples is ready.
  const waiting = Array.from({ length: channelCount }, () => new SampleQueue())
  let written = 0

  const take = (stems: { vocals: Float32Array[]; accompaniment: Float32Array[] }) => {
    const count = stems.vocals[0]?.length ?? 0
    if (count === 0) return
    stems.accompaniment.forEach((channel, c) => waiting[c]?.push(channel))
    const [v0, v1] = stems.vocals as [Float32Array, Float32Array | undefined]
    const parts = v1
      ? [mapPair(v0, v1, (l, r) => 0.5 * (l + r)), mapPair(v0, v1, (l, r) => 0.5 * (l - r))]
      : [v0]
    emit(parts.map((part, c) => (shifters[c] as PitchShifter).push(part)))
  }

  const emit = (shifted: Float32Array[]) => {
    const count = shifted[0]?.length ?? 0
    if (count === 0) return
    shifted.forEach((part, c) => tones[c]?.process(part))
    const [mid, side] = shifted as [Float32Array, Float32Array | undefined]
    for (let c = 0; c < channelCount; c++) {
      const out = output.channels[c] as Float32Array
      const accompaniment = (waiting[c] as SampleQueue).take(count)
      const sign = c === 0 ? 1 : -1
      for (let i = 0; i < count; i++) {
        const vocal = side ? (mid[i] as number) + sign * (side[i] as number) : (mid[i] as number)
        out[written + i] = vocalGain * vocal + accompanimentGain * (accompaniment[i] as number)
      }
    }
    written += count
    report?.(0.95 * (written / Math.max(1, length)))
  }

  const feed = Math.max(1, Math.round(COVER_FEED_SECONDS * sampleRate))
  for (let start = 0; start < length; start += feed) {
    // Copied before it is pushed: with `inPlace`, output written later may reuse these samples.
    take(
      stream.push(
        song.channels.map((channel) => channel.slice(start, Math.min(length, start + feed))),
      ),
    )
  }
  take(stream.end())
  emit(shifters.map((shifter) => shifter.end()))
  normalizeLoudnessInPlace(output)
  report?.(1)
  return output
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
