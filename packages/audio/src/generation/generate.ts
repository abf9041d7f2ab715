import { AudioError } from '../errors'
import { normalizeLoudness } from '../measure/loudness'
import type { PcmAudio, ProgressCallback } from '../types'
import type { Composition } from './composer'
import { BEATS_PER_BAR, compose } from './composer'
import { drawCover } from './cover'
import { buildLrc } from './lrc'
import { normalizeSeed } from './random'
import type { RenderParts } from './render'
import { TAIL_SECONDS, createTimeline, renderComposition } from './render'
import type { GenerationRequest } from './request'
import { GENERATION_LIMITS, requestSeed, resolveBrief, validateRequest } from './request'
import type { SongStyle } from './styles'
import { formatKey } from './theory'

export type { GenerationRequest } from './request'

/** One generated song: audio at 44.1 kHz stereo, normalised to -14 LUFS, ≤ -1 dBTP. */
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
}

/**
 * Validates a request and writes its composition for one seed (no audio yet): the form, chords,
 * melody and phrases. Throws an AudioError with a Chinese reason for a request it refuses.
 */
export function composeForRequest(request: GenerationRequest, seed: number): Composition {
  const valid = validateRequest(request)
  const composition = compose(resolveBrief(valid, normalizeSeed(seed)))
  const seconds =
    (composition.totalBars * BEATS_PER_BAR * 60) / composition.brief.tempo + TAIL_SECONDS
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

/** Renders and masters one composition into a finished song. */
export function renderSong(
  composition: Composition,
  options: { onProgress?: ProgressCallback; parts?: RenderParts } = {},
): GeneratedSong {
  const { brief } = composition
  // Only the two channels are kept, so the reverb send can be collected before mastering copies them.
  const { left, right } = renderComposition(
    composition,
    GENERATION_SAMPLE_RATE,
    options.parts,
    (fraction) => options.onProgress?.(fraction * 0.85),
  )
  const mixed: PcmAudio = { sampleRate: GENERATION_SAMPLE_RATE, channels: [left, right] }
  fadeOut(mixed, TAIL_SECONDS + 1.5)
  const audio = normalizeLoudness(mixed)
  options.onProgress?.(1)
  return {
    title: brief.title,
    audio,
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
    durationSeconds: (audio.channels[0]?.length ?? 0) / GENERATION_SAMPLE_RATE,
  }
}

/** A gentle fade over the last seconds so the reverb tail ends in silence, not a cut. */
function fadeOut(audio: PcmAudio, seconds: number): void {
  for (const channel of audio.channels) {
    const length = Math.min(channel.length, Math.round(seconds * audio.sampleRate))
    const start = channel.length - length
    for (let index = 0; index < length; index++) {
      const remaining = 1 - index / length
      channel[start + index] = (channel[start + index] as number) * remaining * remaining
    }
  }
}

/**
 * Generates the two variants of a request (seed and seed + 1). The same request and seed give
 * bit-identical audio. Refused requests throw an AudioError with a Chinese reason.
 */
export function generateSong(
  request: GenerationRequest,
  options: GenerateOptions = {},
): GeneratedSong[] {
  const seed = requestSeed(validateRequest(request))
  const compositions: Composition[] = []
  for (let variant = 0; variant < VARIANTS_PER_REQUEST; variant++) {
    compositions.push(composeForRequest(request, normalizeSeed(seed + variant)))
  }
  return compositions.map((composition, variant) =>
    renderSong(composition, {
      onProgress: (fraction) => options.onProgress?.((variant + fraction) / VARIANTS_PER_REQUEST),
    }),
  )
}
