import {
  coverSong,
  convertVoice,
  SINGER_PRESETS,
  type SingerPreset,
  type SingerPresetId,
} from './conversion/convert'
import { AudioError } from './errors'
import { generateSong, type GeneratedSong, type GenerationRequest } from './generation/generate'
import { DEFAULT_MAX_DURATION_SECONDS } from './io/decode'
import { integratedLoudness, normalizeLoudnessInPlace } from './measure/loudness'
import {
  convertFile,
  coverFile,
  generateFile,
  separateFile,
  type AudioFileResult,
  type ConvertFileOptions,
  type CoverFileOptions,
  type FileJobOptions,
  type GenerateFileOptions,
  type GeneratedFile,
  type SeparatedFiles,
} from './jobs'
import { frameCount, toChannelCount } from './mix'
import { resample } from './resample'
import { SeparationStream, separate } from './separation/separate'
import { shareStemGain } from './stems'
import type { PcmAudio, ProgressCallback } from './types'

/**
 * The AI work of the platform behind one interface: the server's jobs call these methods and
 * nothing else, so a hosted model service can replace any of them (an implementation that posts
 * the audio to a GPU service) without touching routes, jobs or pages.
 *
 * Every method is asynchronous even though the local engine computes synchronously, because a
 * remote one will not be. Inputs are decoded audio; outputs are audio ready to encode, normalised
 * to -14 LUFS with true peak at most -1 dBTP (separation stems share one gain, see below).
 */
export interface AiEngine {
  /** Which implementation this is, for logs and job records. */
  readonly name: string
  /**
   * The version of that implementation, recorded with each job so a creation record says which
   * engine version made the work (the same request may sound different after an upgrade).
   */
  readonly version: string
  listSingers(): Promise<readonly SingerPreset[]>
  /** Vocals and accompaniment of a song. The two stems share one gain, so they still sum to the (scaled) song. */
  separate(song: PcmAudio, options?: EngineJobOptions): Promise<SeparationResult>
  /** A vocal with its pitch shifted and formants moved, towards a singer if one is given. */
  convertVoice(
    vocals: PcmAudio,
    request: VoiceConversionRequest,
    options?: EngineJobOptions,
  ): Promise<PcmAudio>
  /** A whole song re-sung: separated, its vocal converted towards the singer, remixed. */
  cover(song: PcmAudio, request: CoverRequest, options?: EngineJobOptions): Promise<PcmAudio>
  /** Two song variants for a smart or advanced request. */
  generate(request: GenerationRequest, options?: EngineJobOptions): Promise<GeneratedSong[]>

  // The same work from an uploaded file's bytes to MP3 bytes, streaming, so a 10-minute song stays
  // within the memory budget: what the server's jobs call. Bad input is refused before heavy work.
  separateFile(bytes: Uint8Array, options?: FileJobOptions): Promise<SeparatedFiles>
  coverFile(bytes: Uint8Array, options: CoverFileOptions): Promise<AudioFileResult>
  convertFile(bytes: Uint8Array, options: ConvertFileOptions): Promise<AudioFileResult>
  generateFile(
    request: GenerationRequest,
    options?: GenerateFileOptions,
  ): Promise<{ variants: GeneratedFile[] }>
}

export interface EngineJobOptions {
  onProgress?: ProgressCallback
  /** Checked before the work starts; the local engine cannot stop a computation midway. */
  signal?: AbortSignal
  /**
   * The caller will not use the input audio again, so the engine may write its result over it:
   * a 10-minute song then needs one copy of itself in memory instead of two or three.
   */
  consumeInput?: boolean
}

export interface SeparationResult {
  vocals: PcmAudio
  accompaniment: PcmAudio
  /** The gain in dB both stems were given so the mixture they sum to sits near -14 LUFS. */
  gainDb: number
}

export interface VoiceConversionRequest {
  semitones: number
  formantShift?: number
  singer?: SingerPresetId
}

export interface CoverRequest {
  singer: SingerPresetId
  semitones?: number
  vocalGainDb?: number
  accompanimentGainDb?: number
}

export interface LocalAiEngineOptions {
  /** Longer input is refused (memory grows with length). Default 15 minutes. */
  maxDurationSeconds?: number
  /** Input above this rate is resampled down to it first (nothing audible is lost; the work halves). Default 48 kHz. */
  maxSampleRate?: number
}

/** Shorter input has too little to analyse; the STFT frames alone are about 0.1 s. */
const MIN_INPUT_SECONDS = 0.5
const SILENCE_LUFS = -70

/** Refuses what cannot be processed and brings the rest to at most stereo at a sane rate. */
function prepareInput(audio: PcmAudio, options: Required<LocalAiEngineOptions>): PcmAudio {
  const frames = frameCount(audio)
  if (audio.channels.length === 0 || frames === 0) throw new AudioError('empty')
  if (!Number.isFinite(audio.sampleRate) || audio.sampleRate < 8000) {
    throw new AudioError('unsupported_sample_rate', `${audio.sampleRate} Hz`)
  }
  const seconds = frames / audio.sampleRate
  if (seconds < MIN_INPUT_SECONDS)
    throw new AudioError('too_short', `至少需要 ${MIN_INPUT_SECONDS} 秒`)
  if (seconds > options.maxDurationSeconds) {
    throw new AudioError('too_long', `最长 ${Math.round(options.maxDurationSeconds / 60)} 分钟`)
  }
  let prepared = audio.channels.length > 2 ? toChannelCount(audio, 2) : audio
  if (prepared.sampleRate > options.maxSampleRate)
    prepared = resample(prepared, options.maxSampleRate)
  if (!(integratedLoudness(prepared) > SILENCE_LUFS)) throw new AudioError('silent')
  return prepared
}

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AudioError('cancelled')
}

/**
 * Separation that writes the accompaniment over the input as the stream hands it back (the input
 * is read ahead of what is written), so only the vocals need new memory.
 */
function separateOverInput(
  input: PcmAudio,
  onProgress: ProgressCallback | undefined,
): {
  vocals: PcmAudio
  accompaniment: PcmAudio
} {
  const { sampleRate, channels } = input
  const length = frameCount(input)
  const stream = new SeparationStream(sampleRate, channels.length, {
    onSamplesDone: onProgress && ((done) => onProgress(Math.min(1, done / length))),
  })
  const vocals = channels.map(() => new Float32Array(length))
  let written = 0
  const store = (chunk: { vocals: Float32Array[]; accompaniment: Float32Array[] }) => {
    chunk.vocals.forEach((part, c) => vocals[c]?.set(part, written))
    chunk.accompaniment.forEach((part, c) => channels[c]?.set(part, written))
    written += chunk.vocals[0]?.length ?? 0
  }
  const feed = sampleRate * 10
  for (let start = 0; start < length; start += feed) {
    store(
      stream.push(channels.map((channel) => channel.slice(start, Math.min(length, start + feed)))),
    )
  }
  store(stream.end())
  onProgress?.(1)
  return { vocals: { sampleRate, channels: vocals }, accompaniment: input }
}

/** The local engine's version; raise it when a change makes the same request produce different audio. */
export const LOCAL_ENGINE_VERSION = '2.0.0'

/** The engine that runs on this machine's CPU: signal processing and algorithmic composition. */
export function createLocalAiEngine(options: LocalAiEngineOptions = {}): AiEngine {
  const settings: Required<LocalAiEngineOptions> = {
    maxDurationSeconds: options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS,
    maxSampleRate: options.maxSampleRate ?? 48000,
  }
  return {
    name: 'local-dsp',
    version: LOCAL_ENGINE_VERSION,
    async listSingers() {
      return SINGER_PRESETS
    },
    async separate(song, job = {}) {
      checkSignal(job.signal)
      const input = prepareInput(song, settings)
      const owned = input !== song || job.consumeInput === true
      const stems = owned
        ? separateOverInput(input, job.onProgress)
        : separate(input, { onProgress: job.onProgress })
      // One gain for both stems, so vocals + accompaniment stays the song, scaled.
      return shareStemGain(stems)
    },
    async convertVoice(vocals, request, job = {}) {
      checkSignal(job.signal)
      const input = prepareInput(vocals, settings)
      const report = job.onProgress
      const converted = convertVoice(input, {
        ...request,
        onProgress: report && ((f) => report(0.95 * f)),
      })
      normalizeLoudnessInPlace(converted)
      report?.(1)
      return converted
    },
    async cover(song, request, job = {}) {
      checkSignal(job.signal)
      const input = prepareInput(song, settings)
      const inPlace = input !== song || job.consumeInput === true
      return coverSong(input, { ...request, onProgress: job.onProgress, inPlace })
    },
    async generate(request, job = {}) {
      checkSignal(job.signal)
      return generateSong(request, { onProgress: job.onProgress })
    },
    separateFile(bytes, job = {}) {
      return separateFile(bytes, { maxDurationSeconds: settings.maxDurationSeconds, ...job })
    },
    coverFile(bytes, job) {
      return coverFile(bytes, { maxDurationSeconds: settings.maxDurationSeconds, ...job })
    },
    convertFile(bytes, job) {
      return convertFile(bytes, { maxDurationSeconds: settings.maxDurationSeconds, ...job })
    },
    generateFile(request, job) {
      return generateFile(request, job)
    },
  }
}
