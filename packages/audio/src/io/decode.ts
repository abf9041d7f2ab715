import { AudioError } from '../errors'
import type { PcmAudio } from '../types'
import { decodeMp3, looksLikeMp3, readMp3Info, streamMp3 } from './mp3'
import { decodeWavFrames, looksLikeWav, readWavInfo, streamWav } from './wav'

export type AudioFileFormat = 'wav' | 'mp3'

/** What a file holds, read from its headers without decoding the samples. */
export interface AudioProbe {
  format: AudioFileFormat
  sampleRate: number
  channelCount: number
  durationSeconds: number
  /** WAV only: bit depth and whether samples are floating point. */
  bitDepth?: number
  isFloat?: boolean
  /** The file was cut off (WAV: the data chunk promises more; MP3: it ends inside a frame); the frames present are used. */
  truncated?: boolean
}

export interface DecodeOptions {
  /** Refuse longer files before decoding them (memory grows with length). Default 15 minutes. */
  maxDurationSeconds?: number
}

/** 15 minutes of stereo 48 kHz is 346 MB as float samples: about the most one job should hold. */
export const DEFAULT_MAX_DURATION_SECONDS = 15 * 60

/** Recognises a format by its bytes, never by a file name. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFileFormat | undefined {
  if (looksLikeWav(bytes)) return 'wav'
  if (looksLikeMp3(bytes)) return 'mp3'
  return undefined
}

function formatMinutes(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  const rest = Math.round(seconds - minutes * 60)
  return `${minutes} 分 ${rest} 秒`
}

export function probeAudio(bytes: Uint8Array): AudioProbe {
  if (bytes.length === 0) throw new AudioError('empty')
  const format = sniffAudioFormat(bytes)
  if (format === 'wav') {
    const info = readWavInfo(bytes)
    return {
      format,
      sampleRate: info.sampleRate,
      channelCount: info.channelCount,
      durationSeconds: info.frameCount / info.sampleRate,
      bitDepth: info.bitDepth,
      isFloat: info.isFloat,
      truncated: info.truncated,
    }
  }
  if (format === 'mp3') {
    const info = readMp3Info(bytes)
    return {
      format,
      sampleRate: info.sampleRate,
      channelCount: info.channelCount,
      durationSeconds: info.durationSeconds,
      truncated: info.truncated,
    }
  }
  throw new AudioError('unsupported_format')
}

/**
 * Decodes a WAV (PCM 8/16/24/32-bit or 32/64-bit float) or MP3 file, recognised by its bytes.
 * Anything else, or anything damaged beyond use, is refused with an `AudioError`.
 */
export async function decodeAudio(
  bytes: Uint8Array,
  options: DecodeOptions = {},
): Promise<PcmAudio> {
  const probe = probeAudio(bytes)
  const limit = options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS
  if (probe.durationSeconds > limit) {
    throw new AudioError(
      'too_long',
      `最长 ${formatMinutes(limit)}，本文件 ${formatMinutes(probe.durationSeconds)}`,
    )
  }
  if (probe.format === 'wav') {
    const info = readWavInfo(bytes)
    return decodeWavFrames(bytes, info, 0, info.frameCount)
  }
  return decodeMp3(bytes)
}

/**
 * Decodes in chunks of roughly `chunkFrames`, with no length limit: for measuring files too long to
 * hold (a 30-minute recording), one chunk at a time.
 */
export async function* streamAudio(
  bytes: Uint8Array,
  chunkFrames = 65536,
): AsyncGenerator<PcmAudio> {
  const format = sniffAudioFormat(bytes)
  if (bytes.length === 0) throw new AudioError('empty')
  if (format === 'wav') {
    yield* streamWav(bytes, chunkFrames)
    return
  }
  if (format === 'mp3') {
    yield* streamMp3(bytes)
    return
  }
  throw new AudioError('unsupported_format')
}
