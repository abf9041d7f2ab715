/**
 * The AI work done by models hosted on an inference service (Replicate's predictions API): an
 * HTDemucs for separation, an RVC model for covers, a music model for generation. The service
 * does the heavy work; this engine refuses bad input before paying for it, sends the audio, follows
 * the prediction, downloads the result and delivers it exactly as the built-in engine does:
 * decoded, at -14 LUFS with the true peak at most -1 dBTP, as the same MP3 (the separation stems
 * sharing one gain, so they still sum to the song). The server labels the files (AIGC) as it
 * labels the built-in engine's.
 *
 * Voice conversion of a bare vocal has no hosted model here: createConfiguredAiEngine
 * (compositeEngine.ts) keeps it, and any task without a model, on the built-in engine.
 */
import { SINGER_PRESETS, checkCoverOptions, type CoverSongOptions } from '../conversion/convert'
import type { CoverRequest, SeparationResult } from '../engine'
import { AudioError } from '../errors'
import type { GeneratedSong, GenerationRequest } from '../generation/generate'
import {
  GENERATION_SAMPLE_RATE,
  VARIANTS_PER_REQUEST,
  composeForRequest,
  songDetails,
} from '../generation/generate'
import { buildLrc, parseLrc } from '../generation/lrc'
import { normalizeSeed } from '../generation/random'
import { requestSeed, validateRequest } from '../generation/request'
import { MOOD_LABELS, STYLE_LABELS } from '../generation/styles'
import { DEFAULT_MAX_DURATION_SECONDS, decodeAudio, sniffAudioFormat } from '../io/decode'
import { MP3_BITRATES, decodeMp3, encodeMp3, nearestMp3Rate } from '../io/mp3'
import { encodeWav } from '../io/wav'
import {
  DEFAULT_TARGET_LUFS,
  integratedLoudness,
  normalizeLoudnessInPlace,
} from '../measure/loudness'
import { MP3_DELIVERY_CEILING_DB, mp3LevelChangeDb } from '../measure/delivery'
import {
  encodeVerified,
  normalizeFile,
  type AudioFileResult,
  type CoverFileOptions,
  type FileJobOptions,
  type GenerateFileOptions,
  type GeneratedFile,
  type SeparatedFiles,
} from '../jobs'
import { frameCount, gainToDb, toChannelCount } from '../mix'
import { resample } from '../resample'
import { applyGainInPlace, shareStemGain, type SharedGainOptions, type StemPair } from '../stems'
import type { PcmAudio, ProgressCallback } from '../types'
import {
  DEFAULT_INPUT_TEMPLATES,
  fillTemplate,
  logProgress,
  separationOutputs,
  singleOutput,
  type HostedTask,
  type PlaceholderValues,
} from './modelInput'
import { PredictionClient, REPLICATE_BASE_URL, type Prediction } from './predictionClient'

/** One hosted model and how to talk to it. Plain data: it crosses into the engine threads. */
export interface HostedModelSettings {
  /** Sent as the prediction's `version`: a version id, or `owner/name:version`. */
  version: string
  /** The model's input as a JSON template with placeholders (modelInput.ts); default per task. */
  input?: Record<string, unknown>
  /**
   * Which named outputs are which. Separation: `vocals` (default "vocals") and `accompaniment`
   * (default a stem named accompaniment/no_vocals/instrumental, else every other stem summed).
   * Cover and generation: `audio` (default the only or first file).
   */
  outputs?: { vocals?: string; accompaniment?: string; audio?: string }
  /**
   * Covers: what `{{singer}}` is for each singer preset the pages offer (an RVC model's voice
   * name or weights URL). A preset not listed is sent as its own id.
   */
  singers?: Record<string, string>
}

export interface HostedEngineSettings {
  /** The API root. Default Replicate's, https://api.replicate.com/v1. */
  baseUrl?: string
  token: string
  /** A prediction not succeeded by then is cancelled and the job fails with a reason. Default 600 s. */
  timeoutSeconds?: number
  /** Longest wait for one HTTP exchange. Default 30 s. */
  requestTimeoutSeconds?: number
  /** Time between polls. Default 1000 ms. */
  pollIntervalMs?: number
  /** Inputs up to this size travel inline as data: URIs, larger ones are uploaded. Default 1 MB. */
  inlineInputBytes?: number
  separation?: HostedModelSettings | null
  cover?: HostedModelSettings | null
  generation?: HostedModelSettings | null
}

/** The hosted engine's own version: raise it when a change makes the same model's result sound different. */
export const HOSTED_ENGINE_VERSION = '1.0.0'

/** Shorter input has too little to work on, as for the built-in engine. */
const MIN_INPUT_SECONDS = 0.5
const SILENCE_LUFS = -70
const DEFAULT_KBPS = 192
/** Margin under the true-peak ceiling for MP3 encoding and rounding, as in the file jobs. */
const QUANTISATION_MARGIN_DB = 0.02
/** Errors of decoding a result: the model's answer, not the user's file, is at fault. */
const RESULT_DECODE_ERRORS = new Set([
  'empty',
  'unsupported_format',
  'truncated',
  'corrupted',
  'unsupported_encoding',
  'unsupported_sample_rate',
  'unsupported_channels',
  'too_short',
  'too_long',
])

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AudioError('cancelled')
}

function checkKbps(kbps: number | undefined): number {
  const value = kbps ?? DEFAULT_KBPS
  if (!(MP3_BITRATES as readonly number[]).includes(value)) {
    throw new AudioError('invalid_option', `MP3 码率应为 ${MP3_BITRATES.join('/')} 之一`)
  }
  return value
}

/** Maps a stage's 0..1 into [from, to] of the whole job, never going backwards. */
function stage(report: ProgressCallback | undefined, from: number, to: number): ProgressCallback {
  let last = -1
  return (fraction) => {
    const value = from + (to - from) * Math.min(1, Math.max(0, fraction))
    if (report && value > last) {
      last = value
      report(value)
    }
  }
}

/**
 * Refuses, before anything is sent (and paid for), what the built-in engine would refuse: not
 * audio, too long or short, silent.
 */
async function checkInput(bytes: Uint8Array, maxDurationSeconds: number): Promise<string> {
  const audio = await decodeAudio(bytes, { maxDurationSeconds })
  const seconds = frameCount(audio) / audio.sampleRate
  if (seconds < MIN_INPUT_SECONDS)
    throw new AudioError('too_short', `至少需要 ${MIN_INPUT_SECONDS} 秒`)
  if (!(integratedLoudness(audio) > SILENCE_LUFS)) throw new AudioError('silent')
  return sniffAudioFormat(bytes) === 'mp3' ? 'audio/mpeg' : 'audio/wav'
}

/** Decodes a result file; one the engine cannot read is the model's fault, said so. */
async function decodeResult(bytes: Uint8Array): Promise<PcmAudio> {
  try {
    return await decodeAudio(bytes, { maxDurationSeconds: DEFAULT_MAX_DURATION_SECONDS * 2 })
  } catch (error) {
    throw resultError(error)
  }
}

function resultError(error: unknown): unknown {
  if (error instanceof AudioError && RESULT_DECODE_ERRORS.has(error.code)) {
    return new AudioError('hosted_bad_response', '结果音频无法解码（请让模型输出 WAV 或 MP3）')
  }
  if (error instanceof AudioError && error.code === 'silent') {
    return new AudioError('hosted_bad_response', '结果音频没有声音')
  }
  return error
}

/** Audio brought to one rate (an MP3 one, at most 48 kHz) and at most two channels. */
function deliverable(audio: PcmAudio, sampleRate: number, channelCount: number): PcmAudio {
  let out = audio.channels.length === channelCount ? audio : toChannelCount(audio, channelCount)
  if (out.sampleRate !== sampleRate) out = resample(out, sampleRate)
  return out
}

/**
 * Stems of one separation brought to one rate (an MP3 one, at most 48 kHz) and channel count as
 * they arrive, the accompaniment's parts summed into one as each is decoded (HTDemucs answers
 * drums, bass and other), so only one part is held beside the sum.
 */
class StemAligner {
  private readonly sampleRate: number
  private vocals: PcmAudio
  private accompaniment: Float32Array[] | undefined

  constructor(vocals: PcmAudio) {
    this.sampleRate = nearestMp3Rate(Math.min(48000, vocals.sampleRate))
    this.vocals = deliverable(vocals, this.sampleRate, Math.min(2, vocals.channels.length))
  }

  add(part: PcmAudio): void {
    // A stereo part makes the whole separation stereo (a mono vocal is spread to both sides).
    const channelCount = Math.min(2, Math.max(this.vocals.channels.length, part.channels.length))
    if (channelCount > this.vocals.channels.length) {
      this.vocals = deliverable(this.vocals, this.sampleRate, channelCount)
    }
    const aligned = deliverable(part, this.sampleRate, channelCount)
    if (this.accompaniment === undefined) {
      this.accompaniment = aligned.channels
      return
    }
    if (this.accompaniment.length < channelCount) {
      this.accompaniment = deliverable(
        { sampleRate: this.sampleRate, channels: this.accompaniment },
        this.sampleRate,
        channelCount,
      ).channels
    }
    this.accompaniment.forEach((out, c) => {
      const channel = aligned.channels[c] as Float32Array
      const length = Math.min(out.length, channel.length)
      for (let i = 0; i < length; i++) out[i] = (out[i] as number) + (channel[i] as number)
    })
  }

  /** Both stems cut to the shorter's length. */
  finish(): { vocals: PcmAudio; accompaniment: PcmAudio } {
    const accompaniment = this.accompaniment
    if (accompaniment === undefined) throw new AudioError('hosted_bad_response', '结果中没有伴奏')
    const length = Math.min(frameCount(this.vocals), accompaniment[0]?.length ?? 0)
    const cut = (channels: Float32Array[]) => channels.map((channel) => channel.subarray(0, length))
    return {
      vocals: { sampleRate: this.sampleRate, channels: cut(this.vocals.channels) },
      accompaniment: { sampleRate: this.sampleRate, channels: cut(accompaniment) },
    }
  }
}

/**
 * One gain for both stems, as the built-in engine gives them: the one that puts their sum at
 * -14 LUFS (plus what the codec will take away, when they are to be MP3s), lowered if needed so
 * neither stem's true peak passes the ceiling. No limiter, so vocals + accompaniment stays the
 * song, scaled.
 */
function shareGain(stems: StemPair, options: SharedGainOptions = {}): SeparationResult {
  const shared = shareStemGain(stems, options)
  if (!Number.isFinite(shared.gainDb)) {
    throw new AudioError('hosted_bad_response', '结果音频没有声音')
  }
  return shared
}

/**
 * Both stems as MP3s whose decoded true peaks stay at or under -1 dBTP: the stems are brought
 * under the MP3 delivery ceiling, and what was encoded is decoded and checked (encodeVerified),
 * both stems coming down together if a peak still passes, so they keep summing to the song.
 */
async function encodeStems(
  stems: StemPair,
  kbps: number,
  signal: AbortSignal | undefined,
): Promise<{ vocals: Uint8Array; accompaniment: Uint8Array; gainDb: number }> {
  const { sampleRate } = stems.vocals
  const channelCount = stems.vocals.channels.length
  const levelChangeDb = await mp3LevelChangeDb(sampleRate, channelCount, kbps)
  const { gainDb } = shareGain(stems, {
    targetLufs: DEFAULT_TARGET_LUFS - levelChangeDb,
    ceilingDb: MP3_DELIVERY_CEILING_DB - QUANTISATION_MARGIN_DB,
  })
  // encodeVerified asks for the whole extra gain each round; the stems hold what was applied.
  let applied = 1
  const [vocals, accompaniment] = await encodeVerified(async (extraGain) => {
    const step = gainToDb(extraGain / applied)
    applied = extraGain
    return [stems.vocals, stems.accompaniment].map((stem) => {
      if (step !== 0) applyGainInPlace(stem, step)
      return encodeMp3(stem, { kbps })
    })
  }, signal)
  if (!vocals || !accompaniment) throw new AudioError('hosted_bad_response')
  return { vocals, accompaniment, gainDb: gainDb + gainToDb(applied) }
}

/** The lyric lines of a variant spread over the hosted song's length: the model gives no timings. */
function spreadLyrics(title: string, lrc: string, durationSeconds: number): string {
  const lines = parseLrc(lrc)
  if (lines.length <= 1)
    return buildLrc(
      title,
      lines.map((line) => ({ ...line, seconds: 0 })),
    )
  const step = durationSeconds / (lines.length + 1)
  return buildLrc(
    title,
    lines.map((line, index) => ({ text: line.text, seconds: step * (index + 1) })),
  )
}

interface HostedRun {
  signal?: AbortSignal
  onProgress?: ProgressCallback
}

/** The engine that sends the work to hosted models. Tasks without a model throw; see createConfiguredAiEngine. */
export class HostedAiEngine {
  readonly name = 'hosted'
  readonly version: string
  private readonly client: PredictionClient
  private readonly timeoutMs: number

  constructor(private readonly settings: HostedEngineSettings) {
    this.client = new PredictionClient({
      baseUrl: settings.baseUrl ?? REPLICATE_BASE_URL,
      token: settings.token,
      requestTimeoutMs: (settings.requestTimeoutSeconds ?? 30) * 1000,
      pollIntervalMs: settings.pollIntervalMs,
      inlineInputBytes: settings.inlineInputBytes,
    })
    this.timeoutMs = (settings.timeoutSeconds ?? 600) * 1000
    this.version = HOSTED_ENGINE_VERSION
  }

  /** Whether a task has a model behind it. */
  has(task: HostedTask): boolean {
    return this.model(task) !== null
  }

  /** The model a task runs on, as job records name it. */
  modelName(task: HostedTask): string | undefined {
    return this.model(task)?.version
  }

  private model(task: HostedTask): HostedModelSettings | null {
    return this.settings[task] ?? null
  }

  private require(task: HostedTask): HostedModelSettings {
    const model = this.model(task)
    if (model === null) throw new AudioError('invalid_option', '该任务没有配置云端模型')
    return model
  }

  /**
   * Runs a task's model on the values and returns the succeeded prediction, reporting progress:
   * queued (starting) 5 %, running 10 % to 80 % as the logs' percentages say, done 80 %.
   */
  private async predict(
    task: HostedTask,
    values: PlaceholderValues,
    run: HostedRun & { deadline: number },
  ): Promise<Prediction> {
    const model = this.require(task)
    const input = fillTemplate(model.input ?? DEFAULT_INPUT_TEMPLATES[task], values) as Record<
      string,
      unknown
    >
    const report = stage(run.onProgress, 0, 1)
    return this.client.run(model.version, input, {
      signal: run.signal,
      deadline: run.deadline,
      onUpdate: (prediction) => {
        if (prediction.status === 'starting') report(0.05)
        else if (prediction.status === 'processing')
          report(0.1 + 0.7 * (logProgress(prediction.logs) ?? 0))
        else if (prediction.status === 'succeeded') report(0.8)
      },
    })
  }

  private deadline(): number {
    return Date.now() + this.timeoutMs
  }

  /**
   * Runs a task's model on an uploaded file: refused first if the built-in engine would refuse it
   * (nothing is sent or paid for), then sent inline or uploaded, as `{{audio}}`.
   */
  private async predictOnAudio(
    task: HostedTask,
    bytes: Uint8Array,
    values: PlaceholderValues,
    options: FileJobOptions,
  ): Promise<{ prediction: Prediction; run: { signal?: AbortSignal; deadline: number } }> {
    checkSignal(options.signal)
    this.require(task)
    const maxDurationSeconds = options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS
    const contentType = await checkInput(bytes, maxDurationSeconds)
    const run = { signal: options.signal, deadline: this.deadline() }
    const audio = await this.client.fileInput(bytes, contentType, run)
    const prediction = await this.predict(
      task,
      { ...values, audio },
      { ...run, onProgress: stage(options.onProgress, 0, 0.85) },
    )
    return { prediction, run }
  }

  async listSingers() {
    return SINGER_PRESETS
  }

  /** Both stems decoded and aligned, not yet scaled. */
  private async separateStems(
    bytes: Uint8Array,
    options: FileJobOptions,
  ): Promise<{ vocals: PcmAudio; accompaniment: PcmAudio }> {
    const { prediction, run } = await this.predictOnAudio('separation', bytes, {}, options)
    const outputs = this.require('separation').outputs ?? {}
    const files = separationOutputs(prediction.output, outputs)
    const stems = new StemAligner(await decodeResult(await this.client.download(files.vocals, run)))
    options.onProgress?.(0.88)
    for (const url of files.accompaniment) {
      stems.add(await decodeResult(await this.client.download(url, run)))
    }
    checkSignal(options.signal)
    options.onProgress?.(0.92)
    return stems.finish()
  }

  async separateFile(bytes: Uint8Array, options: FileJobOptions = {}): Promise<SeparatedFiles> {
    const kbps = checkKbps(options.kbps)
    const stems = await this.separateStems(bytes, options)
    const encoded = await encodeStems(stems, kbps, options.signal)
    const result: SeparatedFiles = {
      ...encoded,
      durationSeconds: frameCount(stems.vocals) / stems.vocals.sampleRate,
      sampleRate: stems.vocals.sampleRate,
      channelCount: stems.vocals.channels.length,
    }
    options.onProgress?.(1)
    return result
  }

  async separate(song: PcmAudio, options: HostedRun = {}): Promise<SeparationResult> {
    const stems = shareGain(await this.separateStems(encodeWav(song), options))
    options.onProgress?.(1)
    return stems
  }

  /** The cover's result file as the model gave it. */
  private async coverBytes(
    bytes: Uint8Array,
    request: Omit<CoverSongOptions, 'onProgress'>,
    options: FileJobOptions,
  ): Promise<Uint8Array> {
    checkCoverOptions(request)
    const model = this.require('cover')
    const values = {
      singer: model.singers?.[request.singer] ?? request.singer,
      semitones: request.semitones ?? 0,
      vocalGainDb: request.vocalGainDb ?? 0,
      accompanimentGainDb: request.accompanimentGainDb ?? 0,
    }
    const { prediction, run } = await this.predictOnAudio('cover', bytes, values, options)
    const result = await this.client.download(
      singleOutput(prediction.output, model.outputs?.audio),
      run,
    )
    options.onProgress?.(0.9)
    return result
  }

  async coverFile(bytes: Uint8Array, options: CoverFileOptions): Promise<AudioFileResult> {
    const kbps = checkKbps(options.kbps)
    const result = await this.coverBytes(bytes, options, options)
    return masterResult(result, { kbps, signal: options.signal }, stage(options.onProgress, 0.9, 1))
  }

  async cover(song: PcmAudio, request: CoverRequest, options: HostedRun = {}): Promise<PcmAudio> {
    const result = await decodeResult(await this.coverBytes(encodeWav(song), request, options))
    normalizeLoudnessInPlace(result)
    options.onProgress?.(1)
    return result
  }

  /**
   * Both variants of a request, made at once on the service. Title, lyrics, cover art, key and
   * tempo come from the built-in composer (the model is told them through its prompt); the audio
   * is the model's, mastered and encoded like the built-in engine's.
   */
  async generateFile(
    request: GenerationRequest,
    options: GenerateFileOptions = {},
  ): Promise<{ variants: GeneratedFile[] }> {
    checkSignal(options.signal)
    const kbps = checkKbps(options.kbps)
    const model = this.require('generation')
    const valid = validateRequest(request)
    const seed = requestSeed(valid)
    const compositions = Array.from({ length: VARIANTS_PER_REQUEST }, (_, variant) =>
      composeForRequest(valid, normalizeSeed(seed + variant)),
    )
    // One variant failing stops the other: the job fails as a whole.
    const stop = new AbortController()
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
    const deadline = this.deadline()
    const fractions = compositions.map(() => 0)
    const report = (index: number) => (fraction: number) => {
      fractions[index] = fraction
      options.onProgress?.(fractions.reduce((sum, value) => sum + value, 0) / fractions.length)
    }
    const made = compositions.map(async (composition, index): Promise<GeneratedFile> => {
      const details = songDetails(composition)
      const { brief } = composition
      options.onVariantStart?.(index, details)
      const lyrics = brief.instrumental
        ? ''
        : brief.lyrics.flatMap((section) => section.lines).join('\n')
      const description = `${STYLE_LABELS[brief.style]}，${MOOD_LABELS[brief.mood]}，${brief.tempo} BPM，${details.key}`
      const prediction = await this.predict(
        'generation',
        {
          prompt: valid.mode === 'smart' ? valid.prompt : brief.title,
          description,
          title: brief.title,
          lyrics,
          style: brief.style,
          mood: brief.mood,
          tempo: brief.tempo,
          key: details.key,
          durationSeconds: Math.round(details.durationSeconds),
          seed: brief.seed,
          instrumental: brief.instrumental,
        },
        { signal, deadline, onProgress: stage(report(index), 0, 0.85) },
      )
      const run = { signal, deadline }
      const bytes = await this.client.download(
        singleOutput(prediction.output, model.outputs?.audio),
        run,
      )
      const audio = await decodeResult(bytes)
      // Generated songs are delivered at 44.1 kHz stereo, as the built-in engine's are.
      const stereo = deliverable(audio, GENERATION_SAMPLE_RATE, 2)
      const file = await masterResult(
        encodeWav(stereo),
        { kbps, signal },
        stage(report(index), 0.9, 1),
      )
      const variant: GeneratedFile = {
        ...details,
        mp3: file.audio,
        durationSeconds: file.durationSeconds,
        lrc: spreadLyrics(details.title, details.lrc, file.durationSeconds),
      }
      options.onVariant?.(variant, index)
      return variant
    })
    try {
      const variants = await Promise.all(made)
      options.onProgress?.(1)
      return { variants }
    } catch (error) {
      stop.abort()
      // Let the other variant see the stop and cancel its prediction before the job ends.
      await Promise.allSettled(made)
      throw error
    }
  }

  async generate(request: GenerationRequest, options: HostedRun = {}): Promise<GeneratedSong[]> {
    const { variants } = await this.generateFile(request, options)
    const songs: GeneratedSong[] = []
    for (const { mp3, ...details } of variants)
      songs.push({ ...details, audio: await decodeMp3(mp3) })
    return songs
  }
}

/** A result file normalised and encoded by the file jobs' own mastering (the same MP3 output). */
async function masterResult(
  bytes: Uint8Array,
  options: { kbps: number; signal?: AbortSignal },
  onProgress: ProgressCallback,
): Promise<AudioFileResult> {
  try {
    return await normalizeFile(bytes, {
      kbps: options.kbps,
      signal: options.signal,
      onProgress,
      maxDurationSeconds: DEFAULT_MAX_DURATION_SECONDS * 2,
    })
  } catch (error) {
    throw resultError(error)
  }
}
