import { AudioError } from '../errors'
import type { SongBrief } from './composer'
import type { LyricSection } from './lyrics'
import { cleanLine, countSyllables, parseTaggedLyrics, shapeSections } from './lyrics'
import { readPrompt, themeTitle, writeLyrics } from './prompt'
import type { Random } from './random'
import { createRandom, hashString, normalizeSeed } from './random'
import type { SongMood, SongStyle } from './styles'
import {
  MOOD_DEFINITIONS,
  STYLE_DEFINITIONS,
  STYLE_LABELS,
  SONG_STYLES,
  resolveMood,
  resolveStyle,
} from './styles'
import type { Key } from './theory'
import { parseKey } from './theory'

/** A request for a song, as the API passes it on. Two variants come back for each. */
export type GenerationRequest =
  | { mode: 'smart'; prompt: string; instrumental?: boolean; seed?: number }
  | {
      mode: 'advanced'
      title: string
      lyrics: string
      style: string
      mood?: string
      tempo?: number
      key?: string
      instrumental?: boolean
      seed?: number
    }

/** The limits a request is held to; each refusal names the one it broke. */
export const GENERATION_LIMITS = {
  promptCharacters: 500,
  titleCharacters: 40,
  lyricsCharacters: 5000,
  lyricLines: 80,
  /** Longer songs would hold too much audio in memory for one job; the lyrics decide the length. */
  songSeconds: 420,
  syllablesPerLine: 48,
  minTempo: 60,
  maxTempo: 180,
} as const

function refuse(detail: string): never {
  throw new AudioError('invalid_option', detail)
}

/** Seeds given by the caller are used as they are; otherwise the request text itself seeds the song. */
export function requestSeed(request: GenerationRequest): number {
  if (request.seed !== undefined) {
    if (typeof request.seed !== 'number' || !Number.isFinite(request.seed))
      refuse('随机种子必须是有限的数字')
    return normalizeSeed(request.seed)
  }
  const text =
    request.mode === 'smart'
      ? `smart|${request.prompt}|${request.instrumental === true}`
      : `advanced|${request.title}|${request.lyrics}|${request.style}|${request.mood ?? ''}|${request.tempo ?? ''}|${request.key ?? ''}|${request.instrumental === true}`
  return hashString(text)
}

/** Checks the shape and limits of a request; throws an AudioError with a Chinese reason. */
export function validateRequest(request: unknown): GenerationRequest {
  if (typeof request !== 'object' || request === null) refuse('缺少生成请求')
  const candidate = request as Record<string, unknown>
  if (candidate.instrumental !== undefined && typeof candidate.instrumental !== 'boolean')
    refuse('纯音乐选项必须是是或否')
  if (
    candidate.seed !== undefined &&
    (typeof candidate.seed !== 'number' || !Number.isFinite(candidate.seed))
  ) {
    refuse('随机种子必须是有限的数字')
  }
  if (candidate.mode === 'smart') {
    if (typeof candidate.prompt !== 'string') refuse('请描述你想要的歌曲')
    if (Array.from(candidate.prompt).length > GENERATION_LIMITS.promptCharacters) {
      refuse(`歌曲描述最多${GENERATION_LIMITS.promptCharacters}个字`)
    }
    if (cleanLine(candidate.prompt) === '') refuse('请描述你想要的歌曲')
    return candidate as GenerationRequest
  }
  if (candidate.mode !== 'advanced') refuse('生成模式只能是智能模式或高级模式')
  const { title, lyrics, style, mood, tempo, key } = candidate
  if (typeof title !== 'string' || cleanLine(title) === '') refuse('请填写歌曲名称')
  if (Array.from(cleanLine(title)).length > GENERATION_LIMITS.titleCharacters) {
    refuse(`歌曲名称最多${GENERATION_LIMITS.titleCharacters}个字`)
  }
  if (typeof lyrics !== 'string') refuse('请填写歌词，或选择纯音乐')
  if (lyrics.length > GENERATION_LIMITS.lyricsCharacters)
    refuse(`歌词最多${GENERATION_LIMITS.lyricsCharacters}个字`)
  if (typeof style !== 'string' || style.trim() === '') refuse('请选择歌曲风格')
  if (!resolveStyle(style)) {
    refuse(
      `不支持的风格「${cleanLine(style).slice(0, 20)}」，可选：${SONG_STYLES.map((id) => STYLE_LABELS[id]).join('、')}`,
    )
  }
  if (mood !== undefined && typeof mood !== 'string') refuse('情绪必须是文字')
  if (tempo !== undefined) {
    if (
      typeof tempo !== 'number' ||
      !Number.isFinite(tempo) ||
      tempo < GENERATION_LIMITS.minTempo ||
      tempo > GENERATION_LIMITS.maxTempo
    ) {
      refuse(`速度需在${GENERATION_LIMITS.minTempo}到${GENERATION_LIMITS.maxTempo} BPM之间`)
    }
  }
  if (key !== undefined) {
    if (typeof key !== 'string') refuse('调性必须是文字，例如 C、Am、降E大调')
    if (key.trim() !== '' && !parseKey(key))
      refuse(`无法识别的调性「${cleanLine(key).slice(0, 12)}」，例如 C、Am、降E大调`)
  }
  const instrumental = candidate.instrumental === true
  if (!instrumental) {
    const sections = parseTaggedLyrics(lyrics)
    const lines = sections.flatMap((section) => section.lines)
    // Digits, punctuation and emoji alone have no words for the voice to sing.
    const singable = lines.some((line) => /[\p{Script=Han}A-Za-z]/u.test(line))
    if (!singable && /[^\s]/u.test(lyrics.replace(/^\s*[[【(（][^\]】)）]*[\]】)）]\s*$/gmu, '')))
      refuse('歌词里没有可以演唱的中文或英文字词，请填写歌词或选择纯音乐')
    if (lines.length === 0) refuse('请填写歌词，或选择纯音乐')
    if (lines.length > GENERATION_LIMITS.lyricLines)
      refuse(`歌词最多${GENERATION_LIMITS.lyricLines}行，当前${lines.length}行`)
    const longest = lines.findIndex(
      (line) => countSyllables(line) > GENERATION_LIMITS.syllablesPerLine,
    )
    if (longest >= 0)
      refuse(`第${longest + 1}句歌词太长，每句最多${GENERATION_LIMITS.syllablesPerLine}个字`)
  }
  return candidate as GenerationRequest
}

/** Moods a style falls back on when the request names none. */
const DEFAULT_MOODS: Record<SongStyle, readonly SongMood[]> = {
  folk: ['gentle', 'nostalgic', 'calm'],
  pop: ['romantic', 'cheerful', 'gentle'],
  rock: ['passionate', 'cheerful'],
  electronic: ['cheerful', 'passionate'],
  guofeng: ['gentle', 'nostalgic', 'sad'],
  jazz: ['romantic', 'calm'],
  lofi: ['calm', 'nostalgic'],
  hiphop: ['passionate', 'nostalgic'],
}

/** Styles a mood leans towards when the prompt names no style. */
const MOOD_STYLES: Record<SongMood, readonly SongStyle[]> = {
  gentle: ['folk', 'pop', 'guofeng'],
  cheerful: ['pop', 'electronic', 'folk'],
  sad: ['folk', 'pop', 'lofi', 'guofeng'],
  passionate: ['rock', 'electronic', 'hiphop'],
  calm: ['lofi', 'folk', 'jazz'],
  romantic: ['pop', 'jazz', 'folk'],
  nostalgic: ['folk', 'lofi', 'guofeng'],
}

const COMMON_TONICS: readonly (readonly [number, number])[] = [
  [0, 3],
  [2, 2],
  [4, 2],
  [5, 2],
  [7, 3],
  [9, 3],
  [10, 1],
  [3, 1],
]

function chooseTempo(random: Random, style: SongStyle, mood: SongMood, factor: number): number {
  const [low, high] = STYLE_DEFINITIONS[style].tempoRange
  const picked = random.range(low, high) * MOOD_DEFINITIONS[mood].tempoFactor * factor
  const clamped = Math.max(low * 0.9, Math.min(high * 1.1, picked))
  return Math.round(
    Math.max(GENERATION_LIMITS.minTempo, Math.min(GENERATION_LIMITS.maxTempo, clamped)),
  )
}

function chooseKey(random: Random, style: SongStyle, mood: SongMood): Key {
  const minorChance = Math.max(
    0,
    Math.min(1, STYLE_DEFINITIONS[style].minorChance + MOOD_DEFINITIONS[mood].minorBias),
  )
  const mode = random.chance(minorChance) ? 'minor' : 'major'
  // Minor keys are drawn as relatives of the common major keys (A minor rather than C minor).
  const tonic = random.weighted(COMMON_TONICS)
  return { tonic: mode === 'minor' ? (tonic + 9) % 12 : tonic, mode }
}

/**
 * Turns a validated request and a seed into everything the composer needs. All choices the
 * request leaves open come from the seed, so a seed fixes the song.
 */
export function resolveBrief(request: GenerationRequest, seed: number): SongBrief {
  const random = createRandom(seed).fork('brief')
  const instrumental = request.instrumental === true
  if (request.mode === 'smart') {
    const reading = readPrompt(cleanLine(request.prompt))
    const mood =
      reading.mood ??
      random.pick(
        reading.style
          ? DEFAULT_MOODS[reading.style]
          : (['gentle', 'cheerful', 'romantic', 'nostalgic'] as const),
      )
    const style = reading.style ?? random.pick(MOOD_STYLES[mood])
    const tempo =
      reading.tempo !== undefined
        ? Math.round(
            Math.max(
              GENERATION_LIMITS.minTempo,
              Math.min(GENERATION_LIMITS.maxTempo, reading.tempo),
            ),
          )
        : chooseTempo(random, style, mood, reading.tempoFactor)
    const key = chooseKey(random, style, mood)
    const isInstrumental = instrumental || reading.instrumental
    const lyrics: LyricSection[] = isInstrumental
      ? []
      : writeLyrics(random.fork('lyrics'), reading.themes, reading.english, {
          images: reading.images,
          mood,
        })
    const title =
      reading.title ??
      themeTitle(random.fork('title'), reading.themes, reading.english, reading.images)
    return { title, style, mood, key, tempo, instrumental: isInstrumental, lyrics, seed }
  }
  const style = resolveStyle(request.style) ?? 'pop'
  const mood =
    (request.mood ? (resolveMood(request.mood) ?? readPrompt(request.mood).mood) : undefined) ??
    random.pick(DEFAULT_MOODS[style])
  const tempo =
    request.tempo !== undefined ? Math.round(request.tempo) : chooseTempo(random, style, mood, 1)
  const key = (request.key ? parseKey(request.key) : undefined) ?? chooseKey(random, style, mood)
  const lyrics = instrumental ? [] : shapeSections(parseTaggedLyrics(request.lyrics))
  return { title: cleanLine(request.title), style, mood, key, tempo, instrumental, lyrics, seed }
}
