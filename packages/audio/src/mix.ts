import { AudioError } from './errors'
import type { PcmAudio } from './types'

export function dbToGain(db: number): number {
  return Math.pow(10, db / 20)
}

export function gainToDb(gain: number): number {
  return 20 * Math.log10(gain)
}

export function frameCount(audio: PcmAudio): number {
  return audio.channels[0]?.length ?? 0
}

export function cloneAudio(audio: PcmAudio): PcmAudio {
  return {
    sampleRate: audio.sampleRate,
    channels: audio.channels.map((channel) => channel.slice()),
  }
}

/** A copy of the frames between two times (seconds), clamped to the audio. */
export function sliceAudio(audio: PcmAudio, startSeconds: number, endSeconds?: number): PcmAudio {
  const total = frameCount(audio)
  const start = Math.max(0, Math.min(total, Math.round(startSeconds * audio.sampleRate)))
  const end =
    endSeconds === undefined
      ? total
      : Math.max(start, Math.min(total, Math.round(endSeconds * audio.sampleRate)))
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => c.slice(start, end)) }
}

/** The average of all channels, as one channel. */
export function toMono(audio: PcmAudio): PcmAudio {
  if (audio.channels.length === 1) return cloneAudio(audio)
  const length = frameCount(audio)
  const out = new Float32Array(length)
  const scale = 1 / audio.channels.length
  for (const channel of audio.channels) {
    for (let i = 0; i < length; i++) out[i] = (out[i] as number) + (channel[i] as number) * scale
  }
  return { sampleRate: audio.sampleRate, channels: [out] }
}

/**
 * Changes the channel count: mono is copied to every channel, stereo to mono is the average, and
 * surround (L R C LFE Ls Rs ...) folds down to stereo with the ITU-R BS.775 coefficients.
 */
export function toChannelCount(audio: PcmAudio, channelCount: number): PcmAudio {
  const from = audio.channels.length
  if (!Number.isInteger(channelCount) || channelCount < 1) {
    throw new AudioError('invalid_option', '声道数必须是正整数')
  }
  if (from === channelCount) return cloneAudio(audio)
  if (channelCount === 1) return toMono(audio)
  if (from === 1) {
    const mono = audio.channels[0] as Float32Array
    return {
      sampleRate: audio.sampleRate,
      channels: Array.from({ length: channelCount }, () => mono.slice()),
    }
  }
  if (channelCount === 2) {
    const length = frameCount(audio)
    const left = new Float32Array(length)
    const right = new Float32Array(length)
    const centreGain = Math.SQRT1_2
    const at = (index: number) => audio.channels[index]
    const addInto = (into: Float32Array, source: Float32Array | undefined, gain: number) => {
      if (!source) return
      for (let i = 0; i < length; i++) into[i] = (into[i] as number) + (source[i] as number) * gain
    }
    addInto(left, at(0), 1)
    addInto(right, at(1), 1)
    addInto(left, at(2), centreGain)
    addInto(right, at(2), centreGain)
    // Index 3 is the LFE channel, which a stereo fold-down leaves out.
    for (let c = 4; c < from; c++) addInto(c % 2 === 0 ? left : right, at(c), centreGain)
    const norm = 1 / (1 + centreGain + (from > 4 ? centreGain : 0))
    for (let i = 0; i < length; i++) {
      left[i] = (left[i] as number) * norm
      right[i] = (right[i] as number) * norm
    }
    return { sampleRate: audio.sampleRate, channels: [left, right] }
  }
  throw new AudioError('unsupported_channels', `无法从 ${from} 声道转换为 ${channelCount} 声道`)
}

export function toStereo(audio: PcmAudio): PcmAudio {
  return toChannelCount(audio, 2)
}

/** A copy with every sample multiplied by the gain in dB. */
export function applyGain(audio: PcmAudio, gainDb: number): PcmAudio {
  const gain = dbToGain(gainDb)
  return {
    sampleRate: audio.sampleRate,
    channels: audio.channels.map((channel) => {
      const out = new Float32Array(channel.length)
      for (let i = 0; i < channel.length; i++) out[i] = (channel[i] as number) * gain
      return out
    }),
  }
}

export interface MixTrack {
  audio: PcmAudio
  gainDb?: number
}

/**
 * Sums tracks of the same sample rate, each at its gain. The result has the most channels of any
 * track (mono tracks are spread to every channel) and the length of the longest.
 */
export function mixTracks(tracks: readonly MixTrack[]): PcmAudio {
  const first = tracks[0]
  if (!first) throw new AudioError('invalid_option', '没有可混合的音轨')
  const sampleRate = first.audio.sampleRate
  const channelCount = Math.max(...tracks.map((t) => t.audio.channels.length))
  const length = Math.max(...tracks.map((t) => frameCount(t.audio)))
  const channels = Array.from({ length: channelCount }, () => new Float32Array(length))
  for (const track of tracks) {
    if (track.audio.sampleRate !== sampleRate) {
      throw new AudioError('invalid_option', '混音的音轨采样率必须一致')
    }
    const gain = dbToGain(track.gainDb ?? 0)
    channels.forEach((out, c) => {
      const source = track.audio.channels[track.audio.channels.length === 1 ? 0 : c]
      if (!source) return
      for (let i = 0; i < source.length; i++)
        out[i] = (out[i] as number) + (source[i] as number) * gain
    })
  }
  return { sampleRate, channels }
}

/** The largest absolute sample value over all channels (sample peak, not true peak). */
export function samplePeak(audio: PcmAudio): number {
  let peak = 0
  for (const channel of audio.channels) {
    for (let i = 0; i < channel.length; i++) {
      const value = Math.abs(channel[i] as number)
      if (value > peak) peak = value
    }
  }
  return peak
}
