/**
 * The AI jobs from input bytes to output bytes, as the server's workers run them: an uploaded file
 * in, MP3 out, normalised to -14 LUFS with the true peak at most -1 dBTP.
 *
 * Nothing holds the song as float samples. The input is decoded chunk by chunk, more than once
 * (decoding is fast and deterministic, so each pass sees the same samples):
 * 1. inspect: refuse what cannot be processed (empty, unsupported, truncated, too long or short,
 *    silent) and measure the input's loudness and peak, before any heavy work;
 * 2. process: separation, conversion or remix as the chunks arrive; the one signal that must be
 *    measured whole before it can be scaled (vocals, or the finished mix) goes onto a 16-bit
 *    `PcmTape`, half the memory of float, while its loudness and true peaks are metered;
 * 3. finish: one gain (and, for a mix, a look-ahead true-peak limiter curve) is planned from those
 *    measurements and applied while the result is encoded.
 * A 10-minute stereo song then needs about 106 MB of tape plus one separation block, instead of
 * three float copies of itself. `signal` is checked between chunks, and the event loop gets a turn
 * there, so a job can be cancelled mid-way.
 *
 * Generation has no input file and no second pass: each variant is rendered section by section,
 * mastered with a gain foreseen before it renders (generation/mastering.ts) and encoded as it
 * renders, so its first frames can be played while the rest is still being made.
 */
import {
  CoverMixer,
  VoiceConverter,
  checkConvertOptions,
  checkCoverOptions,
  type ConvertVoiceOptions,
  type CoverSongOptions,
} from './conversion/convert'
import { AudioError } from './errors'
import type { Composition } from './generation/composer'
import {
  GENERATION_SAMPLE_RATE,
  composeForRequest,
  openingFor,
  songDetails,
  streamSong,
  variantCount,
  type GenerateOptions,
  type GeneratedSong,
  type GenerationRequest,
} from './generation/generate'
import { normalizeSeed } from './generation/random'
import { prefetchSinging } from './generation/render'
import { requestSeed, validateRequest } from './generation/request'
import type { SongStyle } from './generation/styles'
import { DEFAULT_MAX_DURATION_SECONDS, probeAudio, streamAudio } from './io/decode'
import {
  MP3_BITRATES,
  Mp3StreamEncoder,
  encodeMp3,
  nearestMp3Rate,
  prepareMp3Encoders,
  type EncodedFrames,
} from './io/mp3'
import { PcmTape } from './io/pcmTape'
import {
  DELIVERED_MAX_TRUE_PEAK_DB,
  DeliveryLowpass,
  MP3_DELIVERY_CEILING_DB,
  mp3LevelChangeDb,
  mp3TruePeakDb,
} from './measure/delivery'
import {
  DEFAULT_TARGET_LUFS,
  LIMITER_BLOCK_SAMPLES,
  LoudnessMeter,
  applyNormalization,
  planNormalization,
} from './measure/loudness'
import { BlockTruePeakMeter, TruePeakMeter } from './measure/truePeak'
import { dbToGain, gainToDb, toChannelCount } from './mix'
import { ResampleStream } from './resample'
import { SeparationStream } from './separation/separate'
import type { ProgressCallback } from './types'

export interface FileJobOptions {
  onProgress?: ProgressCallback
  /** Checked between chunks; when it fires the job stops with `AudioError` 'cancelled'. */
  signal?: AbortSignal
  /** Longer input is refused before it is decoded. Default 15 minutes. */
  maxDurationSeconds?: number
  /** MP3 bitrate of the outputs, kbit/s. Default 192. */
  kbps?: number
}

/** One finished audio file. */
export interface AudioFileResult {
  /** MP3 bytes. */
  audio: Uint8Array
  durationSeconds: number
  sampleRate: number
  channelCount: number
}

export interface SeparatedFiles {
  /** MP3 bytes of the vocal stem. */
  vocals: Uint8Array
  /** MP3 bytes of the accompaniment stem. */
  accompaniment: Uint8Array
  durationSeconds: number
  sampleRate: number
  channelCount: number
  /** The gain both stems were given, so they still sum to the song scaled by it. */
  gainDb: number
}

export type CoverFileOptions = Omit<CoverSongOptions, 'onProgress'> & FileJobOptions
export type ConvertFileOptions = Omit<ConvertVoiceOptions, 'onProgress'> & FileJobOptions

/** One generated variant, ready to store. */
export interface GeneratedFile {
  /** MP3 bytes (44.1 kHz stereo). */
  mp3: Uint8Array
  lrc: string
  coverSvg: string
  title: string
  durationSeconds: number
  seed: number
  key: string
  tempo: number
  style: SongStyle
}

/** Shorter input has too little to analyse; the separation's STFT frames alone are about 0.1 s. */
const MIN_INPUT_SECONDS = 0.5
const SILENCE_LUFS = -70
/** The working rate is at most this (nothing audible is lost above it; the work halves). */
const MAX_WORKING_RATE = 48000
const DEFAULT_KBPS = 192
/**
 * Tape headroom over the input's sample peak. A vocal stem or a remix can peak above the song
 * (masking and pitch shifting move energy in time), rarely by this much; if it ever does, the
 * processing pass runs again with more headroom rather than clip.
 */
const TAPE_HEADROOM = 2
/** Margin under the true-peak ceiling for the tape's 16-bit rounding (far above its effect). */
const QUANTISATION_MARGIN_DB = 0.02

/** What the inspection pass learned about an input it accepted. */
interface InputPlan {
  /** Rate and channel count the job works at (an MP3 rate, at most 48 kHz; mono or stereo). */
  sampleRate: number
  channelCount: number
  frames: number
  loudness: number
  peak: number
}

function checkSignal(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AudioError('cancelled')
}

/** Lets timers and I/O run (and so an abort arrive) between chunks of synchronous work. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  )
}

function formatMinutes(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  const rest = Math.round(seconds - minutes * 60)
  return rest === 0 ? `${minutes} 分钟` : `${minutes} 分 ${rest} 秒`
}

/** The encoder would refuse an unknown bitrate too, but only after the heavy work. */
function checkKbps(kbps: number | undefined): number {
  const value = kbps ?? DEFAULT_KBPS
  if (!(MP3_BITRATES as readonly number[]).includes(value)) {
    throw new AudioError('invalid_option', `MP3 码率应为 ${MP3_BITRATES.join('/')} 之一`)
  }
  return value
}

/**
 * The input's samples at the working rate and channel count, chunk by chunk, checking `signal`
 * before each. More than two channels fold down to stereo; a rate above 48 kHz or one an MP3
 * cannot carry is resampled as it streams.
 */
async function* workingChunks(
  bytes: Uint8Array,
  sampleRate: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<Float32Array[]> {
  let resampler: ResampleStream | undefined
  for await (const chunk of streamAudio(bytes)) {
    checkSignal(signal)
    const channels =
      chunk.channels.length > 2 ? toChannelCount(chunk, 2).channels : [...chunk.channels]
    if (chunk.sampleRate !== sampleRate) {
      resampler ??= new ResampleStream(chunk.sampleRate, sampleRate, channels.length)
      yield resampler.push(channels)
    } else {
      yield channels
    }
    await nextTurn()
  }
  if (resampler) yield resampler.end()
  checkSignal(signal)
}

/** Pass 1: refuses bad input with a reason and measures what the later passes need. */
async function inspectInput(
  bytes: Uint8Array,
  options: FileJobOptions,
  report: ProgressCallback,
): Promise<InputPlan> {
  checkSignal(options.signal)
  const probe = probeAudio(bytes)
  if (probe.truncated) throw new AudioError('truncated')
  const limit = options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS
  if (probe.durationSeconds > limit) {
    throw new AudioError(
      'too_long',
      `最长 ${formatMinutes(limit)}，本文件 ${formatMinutes(probe.durationSeconds)}`,
    )
  }
  if (probe.durationSeconds < MIN_INPUT_SECONDS) {
    throw new AudioError('too_short', `至少需要 ${MIN_INPUT_SECONDS} 秒`)
  }
  const sampleRate = nearestMp3Rate(Math.min(probe.sampleRate, MAX_WORKING_RATE))
  const channelCount = Math.min(2, probe.channelCount)
  const meter = new LoudnessMeter(sampleRate, channelCount)
  let frames = 0
  let peak = 0
  for await (const chunk of workingChunks(bytes, sampleRate, options.signal)) {
    meter.push(chunk)
    for (const channel of chunk) {
      for (let i = 0; i < channel.length; i++) {
        const value = Math.abs(channel[i] as number)
        if (value > peak) peak = value
      }
    }
    frames += chunk[0]?.length ?? 0
    report(Math.min(1, frames / (probe.durationSeconds * sampleRate)))
  }
  const loudness = meter.integrated()
  if (!(loudness > SILENCE_LUFS)) throw new AudioError('silent')
  return { sampleRate, channelCount, frames, loudness, peak }
}

/** Maps a stage's own 0..1 progress into its share [from, to] of the whole job's. */
function stage(report: ProgressCallback | undefined, from: number, to: number): ProgressCallback {
  let last = -1
  return (fraction) => {
    const value = from + (to - from) * Math.min(1, Math.max(0, fraction))
    // Whole percent steps are enough for a progress bar and keep job-record writes few.
    if (report && Math.floor(value * 100) > last) {
      last = Math.floor(value * 100)
      report(value)
    }
  }
}

/**
 * LAME's algorithm quality for separated stems. Two stems of a 3-minute song take 5.1 s to encode
 * at LAME's default (3) and 2.6 s at 7, close to half of a separation job's wait. Quality 7 drops
 * LAME's noise shaping; on separated stems that costs nothing measurable next to what separation
 * itself leaves: the decoded stems are 26 to 30 dB above their coding error at either quality, and
 * a separated vocal is about 10 dB above its own error (the bench's produced mixes).
 */
export const STEM_LAME_QUALITY = 7

/**
 * Splits a song file into vocals and accompaniment MP3s. Both stems get one gain: the one that puts
 * their sum (the song) at -14 LUFS, lowered if needed so neither stem's true peak passes -1 dBTP;
 * no limiter, so vocals + accompaniment is still the song, scaled.
 */
export async function separateFile(
  bytes: Uint8Array,
  options: FileJobOptions = {},
): Promise<SeparatedFiles> {
  const kbps = checkKbps(options.kbps)
  const input = await inspectInput(bytes, options, stage(options.onProgress, 0, 0.05))
  const { sampleRate, channelCount, frames } = input
  const separating = stage(options.onProgress, 0.05, 0.9)

  // Pass 2: only the vocals are kept (16-bit); the accompaniment is the input minus them, so pass 3
  // rebuilds it from a second decode, and the two stems sum to the input exactly before encoding.
  let headroom = Math.max(1e-6, input.peak * TAPE_HEADROOM)
  let vocals: PcmTape
  let stemPeak: number
  for (;;) {
    const tape = new PcmTape(sampleRate, channelCount, frames, headroom)
    const vocalPeak = new TruePeakMeter()
    const accompanimentPeak = new TruePeakMeter()
    const stream = new SeparationStream(sampleRate, channelCount, {
      onSamplesDone: (done) => separating(done / frames),
    })
    const keep = (stems: { vocals: Float32Array[]; accompaniment: Float32Array[] }) => {
      tape.write(stems.vocals)
      vocalPeak.push(stems.vocals)
      accompanimentPeak.push(stems.accompaniment)
    }
    for await (const chunk of workingChunks(bytes, sampleRate, options.signal)) {
      keep(stream.push(chunk))
    }
    keep(stream.end())
    if (!tape.overflow) {
      vocals = tape
      stemPeak = Math.max(vocalPeak.finish(), accompanimentPeak.finish())
      break
    }
    tape.release()
    headroom = tape.peak * 1.25
  }

  // The encoder hands the stems back a little quieter; the gain makes that up.
  const toTarget =
    DEFAULT_TARGET_LUFS -
    (await mp3LevelChangeDb(sampleRate, channelCount, kbps, { quality: STEM_LAME_QUALITY })) -
    input.loudness
  const gainDb =
    stemPeak > 0
      ? Math.min(toTarget, MP3_DELIVERY_CEILING_DB - QUANTISATION_MARGIN_DB - gainToDb(stemPeak))
      : toTarget

  // Pass 3: decode again, subtract the stored vocals, scale both, encode both (again, quieter,
  // if a decoded stem still peaks over the promise).
  const encoding = stage(options.onProgress, 0.9, 1)
  let position = 0
  let appliedGainDb = gainDb
  // Both stems' encoders at once, made ahead: a stream that finds none made encodes in JavaScript.
  await prepareMp3Encoders(STEM_LAME_QUALITY, 2)
  const [vocalFile, accompanimentFile] = await encodeVerified(async (extraGain) => {
    appliedGainDb = gainDb + gainToDb(extraGain)
    const gain = dbToGain(appliedGainDb)
    const vocalEncoder = new Mp3StreamEncoder(sampleRate, channelCount, kbps, STEM_LAME_QUALITY)
    const accompanimentEncoder = new Mp3StreamEncoder(
      sampleRate,
      channelCount,
      kbps,
      STEM_LAME_QUALITY,
    )
    position = 0
    let vocal: Float32Array[] = []
    for await (const chunk of workingChunks(bytes, sampleRate, options.signal)) {
      const count = chunk[0]?.length ?? 0
      if ((vocal[0]?.length ?? 0) < count) vocal = chunk.map(() => new Float32Array(count))
      const vocalPart = vocal.map((channel) => channel.subarray(0, count))
      vocals.read(position, vocalPart)
      for (let c = 0; c < channelCount; c++) {
        const song = chunk[c] as Float32Array
        const voice = vocalPart[c] as Float32Array
        for (let i = 0; i < count; i++) {
          const v = voice[i] as number
          // `song` is this pass's own decoded copy, so it may hold the accompaniment.
          song[i] = ((song[i] as number) - v) * gain
          voice[i] = v * gain
        }
      }
      vocalEncoder.push(vocalPart)
      accompanimentEncoder.push(chunk)
      position += count
      encoding(position / frames)
    }
    return [vocalEncoder.finish(), accompanimentEncoder.finish()]
  }, options.signal)
  vocals.release()
  const result: SeparatedFiles = {
    vocals: vocalFile as Uint8Array,
    accompaniment: accompanimentFile as Uint8Array,
    durationSeconds: position / sampleRate,
    sampleRate,
    channelCount,
    gainDb: appliedGainDb,
  }
  options.onProgress?.(1)
  return result
}

function scaleInPlace(channel: Float32Array, gain: number): void {
  for (let i = 0; i < channel.length; i++) channel[i] = (channel[i] as number) * gain
}

/** Rounds of encoding again quieter when a decoded file still peaks over the promise. */
const MAX_CORRECTIONS = 3
/** How far under the promise a corrected file is aimed, in dB. */
const CORRECTION_MARGIN_DB = 0.1

/**
 * Encodes with `encode(extraGain)` (one or more files of one job), decodes what it made and
 * measures its true peak as a player would meet it. When a file peaks over -1 dBTP (the master's
 * lower ceiling leaves room for the codec, but a file unlike the songs it was chosen on may need
 * more), everything is encoded again with the gain lowered by the excess, so stems still sum to
 * the song. Loudness moves by the same fraction of a dB, rarely and well within ±1 LU.
 */
export async function encodeVerified(
  encode: (extraGain: number) => Promise<Uint8Array[]>,
  signal: AbortSignal | undefined,
): Promise<Uint8Array[]> {
  let extraGain = 1
  for (let round = 0; ; round++) {
    const files = await encode(extraGain)
    let peakDb = -Infinity
    for (const file of files) peakDb = Math.max(peakDb, await mp3TruePeakDb(file))
    checkSignal(signal)
    if (peakDb <= DELIVERED_MAX_TRUE_PEAK_DB || round === MAX_CORRECTIONS) return files
    extraGain *= dbToGain(DELIVERED_MAX_TRUE_PEAK_DB - CORRECTION_MARGIN_DB - peakDb)
  }
}

/** Something that turns chunks of the working signal into chunks of the output, aligned. */
interface ChunkProcessor {
  push(chunk: readonly Float32Array[]): Float32Array[]
  end(): Float32Array[]
}

/**
 * Passes 2 and 3 for a job whose output is one file: process the input into a 16-bit tape while
 * metering its loudness and block true peaks, plan the normalisation (gain, limiter, trim), and
 * encode the tape with it applied.
 */
async function processAndMaster(
  bytes: Uint8Array,
  input: InputPlan,
  options: FileJobOptions,
  createProcessor: (onSamplesDone: (samples: number) => void) => ChunkProcessor,
  /** Bound on the output's sample peak relative to the input's, before the tape's headroom. */
  outputScale: number,
): Promise<AudioFileResult> {
  const kbps = checkKbps(options.kbps)
  const { sampleRate, channelCount, frames } = input
  const processing = stage(options.onProgress, 0.05, 0.85)
  let headroom = Math.max(1e-6, input.peak * outputScale * TAPE_HEADROOM)
  for (;;) {
    const tape = new PcmTape(sampleRate, channelCount, frames, headroom)
    const loudness = new LoudnessMeter(sampleRate, channelCount)
    const blockPeaks = new BlockTruePeakMeter(LIMITER_BLOCK_SAMPLES)
    const processor = createProcessor((done) => processing(done / frames))
    // The tape holds the output already narrowed to the band the MP3 keeps, so what is metered
    // and limited is what the codec will encode.
    const lowpass = new DeliveryLowpass(sampleRate, channelCount)
    const keep = (processed: Float32Array[]) => {
      if ((processed[0]?.length ?? 0) === 0) return
      const output = lowpass.process(processed)
      tape.write(output)
      loudness.push(output)
      blockPeaks.push(output)
      processing(tape.frames / frames)
    }
    for await (const chunk of workingChunks(bytes, sampleRate, options.signal)) {
      keep(processor.push(chunk))
    }
    keep(processor.end())
    if (tape.overflow) {
      tape.release()
      headroom = tape.peak * 1.25
      continue
    }
    checkSignal(options.signal)
    const levelChangeDb = await mp3LevelChangeDb(sampleRate, channelCount, kbps)
    const plan = planNormalization(tape, loudness.integrated(), blockPeaks.finish(), {
      targetLufs: DEFAULT_TARGET_LUFS - levelChangeDb,
      maxTruePeakDb: MP3_DELIVERY_CEILING_DB - QUANTISATION_MARGIN_DB,
    })
    options.onProgress?.(0.9)
    const encoding = stage(options.onProgress, 0.9, 1)
    const audio = await encodeVerified(async (extraGain) => {
      const encoder = new Mp3StreamEncoder(sampleRate, channelCount, kbps)
      let position = 0
      for (const chunk of tape.chunks()) {
        checkSignal(options.signal)
        if (plan) applyNormalization(plan, chunk, position)
        if (extraGain !== 1) for (const channel of chunk) scaleInPlace(channel, extraGain)
        encoder.push(chunk)
        position += chunk[0]?.length ?? 0
        encoding(position / tape.frames)
        await nextTurn()
      }
      return [encoder.finish()]
    }, options.signal)
    const durationSeconds = tape.frames / sampleRate
    tape.release()
    const result: AudioFileResult = {
      audio: audio[0] as Uint8Array,
      durationSeconds,
      sampleRate,
      channelCount,
    }
    options.onProgress?.(1)
    return result
  }
}

/**
 * A cover of a song file: separated, its vocal converted towards the singer (pitch and formants,
 * tone curve) and remixed with the accompaniment at the chosen levels, as one MP3 at -14 LUFS with
 * the true peak at most -1 dBTP (a true-peak limiter catches what one gain cannot).
 */
export async function coverFile(
  bytes: Uint8Array,
  options: CoverFileOptions,
): Promise<AudioFileResult> {
  checkCoverOptions(options)
  const input = await inspectInput(bytes, options, stage(options.onProgress, 0, 0.05))
  const levels = dbToGain(options.vocalGainDb ?? 0) + dbToGain(options.accompanimentGainDb ?? 0)
  return processAndMaster(
    bytes,
    input,
    options,
    (onSamplesDone) => new CoverMixer(input.sampleRate, input.channelCount, options, onSamplesDone),
    levels,
  )
}

/**
 * A vocal file converted: pitch shifted by `semitones`, formants moved (by `formantShift`, else
 * the singer's offset), the singer's tone curve applied, as one normalised MP3.
 */
export async function convertFile(
  bytes: Uint8Array,
  options: ConvertFileOptions,
): Promise<AudioFileResult> {
  checkConvertOptions(options)
  const input = await inspectInput(bytes, options, stage(options.onProgress, 0, 0.05))
  return processAndMaster(
    bytes,
    input,
    options,
    () => new VoiceConverter(input.sampleRate, input.channelCount, options),
    1,
  )
}

/** A file brought to -14 LUFS and at most -1 dBTP (mastering for upload previews), as MP3. */
export async function normalizeFile(
  bytes: Uint8Array,
  options: FileJobOptions = {},
): Promise<AudioFileResult> {
  const input = await inspectInput(bytes, options, stage(options.onProgress, 0, 0.05))
  const unchanged: ChunkProcessor = {
    push: (chunk) => [...chunk],
    end: () => [],
  }
  return processAndMaster(bytes, input, options, () => unchanged, 1)
}

/** A rendered song as the file a job stores: MP3 instead of samples. */
export function toGeneratedFile(song: GeneratedSong, kbps = DEFAULT_KBPS): GeneratedFile {
  const { audio, lrc, coverSvg, title, durationSeconds, seed, key, tempo, style } = song
  return {
    mp3: encodeMp3(audio, { kbps }),
    lrc,
    coverSvg,
    title,
    durationSeconds,
    seed,
    key,
    tempo,
    style,
  }
}

export interface GenerateFileOptions extends Pick<
  FileJobOptions,
  'onProgress' | 'signal' | 'kbps'
> {
  /** How many variants to make: 1, or `VARIANTS_PER_REQUEST` (the default, as the platform does). */
  variants?: number
  /**
   * Told when a variant starts to render, before any of its frames: everything about it but its
   * audio (title, lyrics, cover, duration), so it can be listed while it still renders.
   */
  onVariantStart?: (index: number, variant: Omit<GeneratedFile, 'mp3'>) => void
  /** Told each variant as soon as it is encoded, so the first can be heard while the next renders. */
  onVariant?: (file: GeneratedFile, index: number) => void
  /**
   * Told each variant's MPEG audio frames as they are encoded, in order, while the song still renders.
   * Concatenated they are the variant's file without its leading Info tag: GeneratedFile.mp3 equals
   * that Info frame followed by every frame told for the variant.
   */
  onFrames?: (index: number, frames: Uint8Array) => void
}

/** The first frames told for a variant carry at least this much audio: enough to start playing. */
const FIRST_FRAMES_SECONDS = 6.5
/** Later frames are told once they carry this much audio (or the variant ends)... */
const LATER_FRAMES_SECONDS = 4
/** ...and audio is encoded in pieces this long at most, so a later batch stays under 10 s. */
const PIECE_SECONDS = 5

/**
 * LAME's algorithm quality for generated songs: 7 instead of LAME's default 3 halves the encoder's
 * time (1.6 s instead of 3.1 s of CPU for a 3-minute song, most of the wait for a song on one
 * core) at the same bitrate. Measured on generated songs, the decoded MP3 keeps the loudness, the
 * true peak and the band of the default's (bench/generation.ts judges them on the decoded files).
 * Converted and covered files keep LAME's default; separated stems use `STEM_LAME_QUALITY`.
 */
export const GENERATION_LAME_QUALITY = 7

/**
 * Collects a variant's frames and tells them in batches: the first once it holds enough audio to
 * start playing, the later ones every few seconds of audio.
 */
class FrameBatches {
  private pending: Uint8Array[] = []
  private pendingSamples = 0
  private told = false

  constructor(
    private readonly firstSamples: number,
    private readonly laterSamples: number,
    private readonly tell: (frames: Uint8Array) => void,
  ) {}

  add(frames: EncodedFrames): void {
    if (frames.bytes.length === 0) return
    this.pending.push(frames.bytes)
    this.pendingSamples += frames.sampleCount
    if (this.pendingSamples >= (this.told ? this.laterSamples : this.firstSamples)) this.flush()
  }

  /** Tells whatever is pending (at the end, even a first batch shorter than wanted). */
  flush(): void {
    if (this.pending.length === 0) return
    const total = this.pending.reduce((sum, part) => sum + part.length, 0)
    const joined = new Uint8Array(total)
    let offset = 0
    for (const part of this.pending) {
      joined.set(part, offset)
      offset += part.length
    }
    this.pending = []
    this.pendingSamples = 0
    this.told = true
    this.tell(joined)
  }
}

/** Consecutive pieces of at most `samples` of a chunk (views, not copies). */
function* piecesOf(chunk: readonly Float32Array[], samples: number): Generator<Float32Array[]> {
  const length = chunk[0]?.length ?? 0
  for (let start = 0; start < length; start += samples) {
    yield chunk.map((channel) => channel.subarray(start, start + samples))
  }
}

/**
 * Renders one variant through the stream into the encoder, telling its frames as they are
 * encoded, and returns the finished file.
 */
async function encodeVariant(
  composition: Composition,
  kbps: number,
  options: {
    onProgress: ProgressCallback
    signal: AbortSignal | undefined
    onFrames: (frames: Uint8Array) => void
  },
): Promise<GeneratedFile> {
  // Only LAME at its default quality is made when the engine loads; this one is made on first use.
  await prepareMp3Encoders(GENERATION_LAME_QUALITY)
  const encoder = new Mp3StreamEncoder(GENERATION_SAMPLE_RATE, 2, kbps, GENERATION_LAME_QUALITY)
  const batches = new FrameBatches(
    Math.round(FIRST_FRAMES_SECONDS * GENERATION_SAMPLE_RATE),
    Math.round(LATER_FRAMES_SECONDS * GENERATION_SAMPLE_RATE),
    options.onFrames,
  )
  const pieceSamples = Math.round(PIECE_SECONDS * GENERATION_SAMPLE_RATE)
  const deliveryLevelChangeDb = await mp3LevelChangeDb(GENERATION_SAMPLE_RATE, 2, kbps, {
    quality: GENERATION_LAME_QUALITY,
  })
  const song = streamSong(composition, { onProgress: options.onProgress, deliveryLevelChangeDb })
  for (const chunk of song) {
    for (const piece of piecesOf(chunk, pieceSamples)) {
      encoder.push(piece)
      batches.add(encoder.takeFrames())
    }
    checkSignal(options.signal)
    await nextTurn()
  }
  const mp3 = encoder.finish()
  batches.add(encoder.takeFrames())
  batches.flush()
  return { mp3, ...songDetails(composition) }
}

/**
 * The variants of a smart or advanced generation request as MP3s with their lyrics and cover art.
 * Each variant is rendered section by section and encoded as it renders, so its first seconds
 * can be played (`onFrames`) long before it is finished. A refused request throws an
 * `AudioError` with a Chinese reason before anything is rendered. `sections` (not part of the
 * engine's options: the platform always makes whole songs) makes drafts of the songs' openings.
 */
export async function generateFile(
  request: GenerationRequest,
  options: GenerateFileOptions & Pick<GenerateOptions, 'sections'> = {},
): Promise<{ variants: GeneratedFile[] }> {
  checkSignal(options.signal)
  const kbps = checkKbps(options.kbps)
  const count = variantCount(options.variants)
  const valid = validateRequest(request)
  const seed = requestSeed(valid)
  // Every composition first, so a request refused for either seed fails before any rendering.
  const compositions = Array.from({ length: count }, (_, variant) =>
    openingFor(composeForRequest(valid, normalizeSeed(seed + variant)), options.sections),
  )
  // The words are spoken in a thread of their own while the encoder starts and the first
  // variant is calibrated: with a second core free, eSpeak's start no longer holds up the song.
  for (const composition of compositions) prefetchSinging(composition, GENERATION_SAMPLE_RATE)
  const variants: GeneratedFile[] = []
  for (const [index, composition] of compositions.entries()) {
    checkSignal(options.signal)
    await nextTurn()
    options.onVariantStart?.(index, songDetails(composition))
    const file = await encodeVariant(composition, kbps, {
      onProgress: stage(
        options.onProgress,
        index / compositions.length,
        (index + 0.95) / compositions.length,
      ),
      signal: options.signal,
      onFrames: (frames) => options.onFrames?.(index, frames),
    })
    variants.push(file)
    options.onVariant?.(file, index)
    options.onProgress?.((index + 1) / compositions.length)
  }
  return { variants }
}
