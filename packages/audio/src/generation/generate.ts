import { AudioError } from '../errors'
import type { PcmAudio, ProgressCallback } from '../types'
import type { Composition } from './composer'
import { compose, compositionOpening } from './composer'
import { drawCover } from './cover'
import { buildLrc } from './lrc'
import { SKETCH_SAMPLE_RATE, SongMaster, foreseeLoudness, masteringGainDb } from './mastering'
import { normalizeSeed } from './random'
import type { Arrangement, RenderParts } from './render'
import { arrange, createTimeline, songLength } from './render'
import type { GenerationRequest } from './request'
import { GENERATION_LIMITS, requestSeed, resolveBrief, validateRequest } from './request'
import type { SongStyle } from './styles'
import { formatKey } from './theory'

export type { GenerationRequest } from './request'

/**
 * One generated song: audio at 44.1 kHz stereo, mastered to -14 LUFS ± 1 LU (the gain is predicted
 * before the song is rendered, see mastering.ts) with the true peak at most -2 dBTP, so that it
 * stays at most -1 dBTP once encoded to MP3 and decoded.
 */
export interface GeneratedSong {
  title: string
  audio: PcmAudio
  /** LRC lyrics, one line per sung phrase, timed to the phrase's first note. */
  lrc: string
  /** Cover art: a self-contained 1000 x 1000 SVG document. */
  coverSvg: string
  seed: number
  /** For example "A minor" or "Eb major". */
  key: string
  /** Beats per minute. */
  tempo: number
  style: SongStyle
  durationSeconds: number
}

export const GENERATION_SAMPLE_RATE = 44100
/** Each request returns this many variants, from seed and seed + 1. */
export const VARIANTS_PER_REQUEST = 2

export interface GenerateOptions {
  onProgress?: ProgressCallback
  /** How many of the request's variants to make: 1 or `VARIANTS_PER_REQUEST` (the default). */
  variants?: number
  /**
   * Only each variant's first this many sections (`compositionOpening`, about 20 seconds a
   * section): a quick draft of how the songs start. Default: the whole songs.
   */
  sections?: number
}

/** The variant count asked for, checked: a request makes 1 to `VARIANTS_PER_REQUEST` songs. */
export function variantCount(variants: number | undefined): number {
  const count = variants ?? VARIANTS_PER_REQUEST
  if (!Number.isInteger(count) || count < 1 || count > VARIANTS_PER_REQUEST) {
    throw new AudioError('invalid_option', `每次生成 1 到 ${VARIANTS_PER_REQUEST} 首`)
  }
  return count
}

/** The composition to render: the whole song, or its opening when `sections` asks for one. */
export function openingFor(composition: Composition, sections: number | undefined): Composition {
  if (sections === undefined) return composition
  if (!Number.isInteger(sections) || sections < 1) {
    throw new AudioError('invalid_option', '段数必须是正整数')
  }
  return compositionOpening(composition, sections)
}

/**
 * Validates a request and writes its composition for one seed (no audio yet): the form, chords,
 * melody and phrases. Throws an AudioError with a Chinese reason for a request it refuses.
 */
export function composeForRequest(request: GenerationRequest, seed: number): Composition {
  const valid = validateRequest(request)
  const composition = compose(resolveBrief(valid, normalizeSeed(seed)))
  const seconds = songLength(composition, GENERATION_SAMPLE_RATE) / GENERATION_SAMPLE_RATE
  if (seconds > GENERATION_LIMITS.songSeconds) {
    throw new AudioError(
      'invalid_option',
      `歌词太长，歌曲将超过${GENERATION_LIMITS.songSeconds / 60}分钟，请减少歌词或加快速度`,
    )
  }
  return composition
}

/** The LRC of a composition: each sung phrase at the time of its first note. */
export function lyricsFor(composition: Composition, sampleRate = GENERATION_SAMPLE_RATE): string {
  const timeline = createTimeline(composition.brief.tempo, composition.definition.swing, sampleRate)
  const lines = composition.phrases
    .filter((phrase) => phrase.text !== undefined)
    .map((phrase) => ({
      seconds: timeline.sampleAt(phrase.startBeat) / sampleRate,
      text: phrase.text ?? '',
    }))
  return buildLrc(composition.brief.title, lines)
}

export interface RenderSongOptions {
  onProgress?: ProgressCallback
  parts?: RenderParts
  /**
   * What the format the song is delivered in will change its level by, in dB (an MP3 encoder
   * hands it back a little quieter: `mp3LevelChangeDb`); made up here so the delivered file
   * lands at -14 LUFS. Default 0 (the samples themselves are what is delivered).
   */
  deliveryLevelChangeDb?: number
}

/**
 * Renders and masters a composition section by section. Each value is the next stretch of the
 * finished song (left and right), handed on as soon as no section still to render can change it;
 * one after another they are the whole song, the same whoever reads them and however fast.
 */
export function* streamSong(
  composition: Composition,
  options: RenderSongOptions = {},
): Generator<Float32Array[], void, undefined> {
  const arrangement = arrange(composition, GENERATION_SAMPLE_RATE, options.parts)
  const { bus, sectionCount } = arrangement
  // Progress by the samples of work: the calibration renders every part once over the excerpt,
  // the loudness sketch the excerpt and the song again at a lower rate.
  const excerptLength = arrangement.excerpt.channels[0]?.length ?? 0
  const sketchWork = ((excerptLength + bus.length) * SKETCH_SAMPLE_RATE) / GENERATION_SAMPLE_RATE
  const totalWork = excerptLength + sketchWork + bus.length
  options.onProgress?.(excerptLength / totalWork)
  const foreseen = foreseeLoudness(composition, arrangement.excerpt, options.parts)
  const preparationShare = (excerptLength + sketchWork) / totalWork
  options.onProgress?.(preparationShare)
  const gainDb = masteringGainDb(foreseen, arrangement.excerpt, options.deliveryLevelChangeDb)
  const master = new SongMaster(gainDb, GENERATION_SAMPLE_RATE, 2)
  for (let section = 0; section < sectionCount; section++) {
    arrangement.renderSection(section)
    const settled = arrangement.settledBefore(section + 1)
    const mastered = finishAndMaster(arrangement, master, settled)
    options.onProgress?.(preparationShare + (1 - preparationShare) * (settled / bus.length))
    if ((mastered[0]?.length ?? 0) > 0) yield mastered
  }
  for (const rest of [finishAndMaster(arrangement, master, bus.length), master.end()]) {
    if ((rest[0]?.length ?? 0) > 0) yield rest
  }
}

/** Finishes the mix up to `to` and passes the new stretch through the master. */
function finishAndMaster(arrangement: Arrangement, master: SongMaster, to: number): Float32Array[] {
  const from = arrangement.finishedUntil
  arrangement.finishUntil(to)
  const end = arrangement.finishedUntil
  const { left, right } = arrangement.bus
  return master.push([left.subarray(from, end), right.subarray(from, end)])
}

/** Everything of a generated song but its audio. */
export type SongDetails = Omit<GeneratedSong, 'audio'>

export function songDetails(composition: Composition): SongDetails {
  const { brief } = composition
  return {
    title: brief.title,
    lrc: lyricsFor(composition),
    coverSvg: drawCover({
      title: brief.title,
      style: brief.style,
      mood: brief.mood,
      seed: brief.seed,
    }),
    seed: brief.seed,
    key: formatKey(brief.key),
    tempo: brief.tempo,
    style: brief.style,
    durationSeconds: songLength(composition, GENERATION_SAMPLE_RATE) / GENERATION_SAMPLE_RATE,
  }
}

/** Renders and masters one composition into a finished song: `streamSong`, collected. */
export function renderSong(
  composition: Composition,
  options: RenderSongOptions = {},
): GeneratedSong {
  const length = songLength(composition, GENERATION_SAMPLE_RATE)
  const channels = [new Float32Array(length), new Float32Array(length)]
  let position = 0
  for (const chunk of streamSong(composition, options)) {
    channels.forEach((channel, c) => channel.set(chunk[c] as Float32Array, position))
    position += chunk[0]?.length ?? 0
  }
  if (position !== length) throw new Error(`streamSong gave ${position} samples of ${length}`)
  options.onProgress?.(1)
  return {
    ...songDetails(composition),
    audio: { sampleRate: GENERATION_SAMPLE_RATE, channels },
  }
}

/**
 * Generates the variants of a request (seed, seed + 1; two unless `variants` says one). The same
 * request and seed give bit-identical audio. Refused requests throw an AudioError with a Chinese
 * reason.
 */
export function generateSong(
  request: GenerationRequest,
  options: GenerateOptions = {},
): GeneratedSong[] {
  const count = variantCount(options.variants)
  const seed = requestSeed(validateRequest(request))
  const compositions: Composition[] = []
  for (let variant = 0; variant < count; variant++) {
    const composition = composeForRequest(request, normalizeSeed(seed + variant))
    compositions.push(openingFor(composition, options.sections))
  }
  return compositions.map((composition, variant) =>
    renderSong(composition, {
      onProgress: (fraction) => options.onProgress?.((variant + fraction) / count),
    }),
  )
}
