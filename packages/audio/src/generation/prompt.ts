import type { Random } from './random'
import type { LyricSection } from './lyrics'
import { cleanLine, isMostlyEnglish } from './lyrics'
import type { ImageKind, LyricTheme } from './phraseBank'
import {
  CHINESE_IMAGE_LINES,
  CHINESE_IMAGES,
  CHINESE_LINES,
  CHINESE_MOOD_LINES,
  CHINESE_PAIR_LINES,
  ENGLISH_IMAGE_LINES,
  ENGLISH_IMAGES,
  ENGLISH_LINES,
  ENGLISH_MOOD_LINES,
  ENGLISH_PAIR_LINES,
  IMAGE_KINDS,
  LYRIC_THEMES,
  NOT_IMAGES,
  THEME_KEYWORDS,
  THEME_TITLES,
} from './phraseBank'
import type { SongMood, SongStyle } from './styles'
import { MOOD_ALIASES, STYLE_ALIASES } from './styles'

/** What a smart-mode description tells the composer. Anything it does not say is left undefined. */
export interface PromptReading {
  style: SongStyle | undefined
  mood: SongMood | undefined
  /** An explicit tempo ("120 bpm", "每分钟90拍"), before clamping. */
  tempo: number | undefined
  /** Multiplies the chosen tempo: "快节奏" / "slow" and the like. */
  tempoFactor: number
  themes: LyricTheme[]
  /** The pictures the prompt names (月, 故乡, 诗人), in the order it names them. */
  images: PromptImage[]
  instrumental: boolean
  english: boolean
  /** A title the prompt names or implies; undefined when nothing reads as one. */
  title: string | undefined
}

const ASCII_WORD = /^[a-z0-9&\- ]+$/u

/** Where in the text a keyword first occurs; English keywords must be whole words. */
function keywordPosition(text: string, keyword: string): number {
  const lower = keyword.toLowerCase()
  if (!ASCII_WORD.test(lower)) return text.indexOf(lower)
  // ASCII_WORD admits no regular-expression syntax ('-' and '&' are literal outside a class).
  const match = new RegExp(`(^|[^a-z])${lower}($|[^a-z])`, 'u').exec(text)
  return match ? match.index + (match[1]?.length ?? 0) : -1
}

/** The id whose aliases appear earliest in the text (the first thing named usually matters most). */
function firstNamed<T extends string>(
  text: string,
  aliases: Record<T, readonly string[]>,
): T | undefined {
  let best: T | undefined
  let bestPosition = Number.POSITIVE_INFINITY
  for (const [id, names] of Object.entries(aliases) as [T, readonly string[]][]) {
    for (const name of names) {
      const position = keywordPosition(text, name)
      if (position >= 0 && position < bestPosition) {
        best = id
        bestPosition = position
      }
    }
  }
  return best
}

function readTempo(text: string): number | undefined {
  const match =
    /(\d{2,3})\s*(?:bpm|拍每分钟|拍\/分)/u.exec(text) ??
    /(?:bpm|tempo|速度|每分钟)\s*[:：]?\s*(\d{2,3})/u.exec(text)
  if (!match) return undefined
  const value = Number(match[1])
  return Number.isFinite(value) ? value : undefined
}

function readTempoFactor(text: string): number {
  if (/(快节奏|节奏快|很快|fast|uptempo|up-tempo)/u.test(text)) return 1.15
  if (/(慢节奏|节奏慢|慢慢|舒缓|slow|downtempo)/u.test(text)) return 0.85
  return 1
}

function readThemes(text: string): LyricTheme[] {
  const found: { theme: LyricTheme; position: number }[] = []
  for (const theme of LYRIC_THEMES) {
    let position = -1
    for (const keyword of THEME_KEYWORDS[theme]) {
      const at = keywordPosition(text, keyword)
      if (at >= 0 && (position < 0 || at < position)) position = at
    }
    if (position >= 0) found.push({ theme, position })
  }
  found.sort((left, right) => left.position - right.position)
  return found.map((entry) => entry.theme)
}

const MAX_TITLE_LENGTH = 24

function titleCase(text: string): string {
  return text.replace(/\b([a-z])/gu, (letter) => letter.toUpperCase())
}

function readTitle(prompt: string): string | undefined {
  const quoted = /[《“"「『]([^》”"」』]{1,40})[》”"」』]/u.exec(prompt)
  const candidates: string[] = []
  if (quoted?.[1]) candidates.push(quoted[1])
  const about = /关于([^，。,.!！？?；;、\n]{1,30})/u.exec(prompt)
  if (about?.[1]) candidates.push(about[1].replace(/(的歌曲|的歌|的故事)$/u, ''))
  const english = /\babout\s+([a-z][a-z' -]{1,40}?)(?:[,.!?;]|\s+(?:with|in|for|and)\b|$)/iu.exec(
    prompt,
  )
  if (english?.[1]) candidates.push(titleCase(english[1].replace(/^(the|a|an)\s+/iu, '').trim()))
  for (const candidate of candidates) {
    const cleaned = cleanLine(candidate)
    if (cleaned !== '') return Array.from(cleaned).slice(0, MAX_TITLE_LENGTH).join('')
  }
  return undefined
}

export interface PromptImage {
  word: string
  kind: ImageKind
}

const IMAGE_KIND_OF = new Map<string, ImageKind>(
  IMAGE_KINDS.flatMap((kind) => [
    ...CHINESE_IMAGES[kind].map((word) => [word, kind] as const),
    ...ENGLISH_IMAGES[kind].map((word) => [word, kind] as const),
  ]),
)
const LONGEST_IMAGE = Math.max(...[...IMAGE_KIND_OF.keys()].map((word) => word.length))

/**
 * The images a text names, in order and each once: English words whole, Chinese by the longest
 * image starting at each character (故乡 before 乡), skipping words that only contain an image's
 * characters (风格 is no wind).
 */
export function readImages(text: string): PromptImage[] {
  const found = new Map<string, ImageKind>()
  const lower = text.toLowerCase()
  for (const word of lower.match(/[a-z]+/gu) ?? []) {
    const kind = IMAGE_KIND_OF.get(word)
    if (kind && !found.has(word)) found.set(word, kind)
  }
  let index = 0
  while (index < lower.length) {
    const skip = NOT_IMAGES.find((word) => lower.startsWith(word, index))
    if (skip) {
      index += skip.length
      continue
    }
    let matched = ''
    for (let length = LONGEST_IMAGE; length >= 1 && matched === ''; length--) {
      const candidate = lower.slice(index, index + length)
      if (!/[a-z]/u.test(candidate) && IMAGE_KIND_OF.has(candidate)) matched = candidate
    }
    if (matched === '') {
      index++
      continue
    }
    const kind = IMAGE_KIND_OF.get(matched)
    if (kind && !found.has(matched)) found.set(matched, kind)
    index += matched.length
  }
  return [...found].map(([word, kind]) => ({ word, kind }))
}

/** Reads a smart-mode description in Chinese or English. Pure: no randomness here. */
export function readPrompt(prompt: string): PromptReading {
  const text = prompt.toLowerCase()
  return {
    style: firstNamed(text, STYLE_ALIASES),
    mood: firstNamed(text, MOOD_ALIASES),
    tempo: readTempo(text),
    tempoFactor: readTempoFactor(text),
    themes: readThemes(text),
    images: readImages(prompt),
    instrumental: /(纯音乐|无人声|不要人声|伴奏|instrumental|no vocals?)/u.test(text),
    english: isMostlyEnglish(prompt),
    title: readTitle(prompt),
  }
}

function drawLines(
  random: Random,
  pool: readonly string[],
  count: number,
  used: Set<string>,
): string[] {
  const lines: string[] = []
  const fresh = pool.filter((line) => !used.has(line))
  const source = fresh.length >= count ? fresh : [...pool]
  for (let index = 0; index < count && source.length > 0; index++) {
    const at = Math.floor(random.next() * source.length)
    const [line] = source.splice(at, 1)
    if (line !== undefined) {
      lines.push(line)
      used.add(line)
    }
  }
  return lines
}

/** The form of the composer's own lyrics: verse, chorus, verse, chorus, bridge, chorus. */
function songForm(
  verseOne: string[],
  chorus: string[],
  verseTwo: string[],
  bridge: string[],
): LyricSection[] {
  return [
    { kind: 'verse', lines: verseOne },
    { kind: 'chorus', lines: chorus },
    { kind: 'verse', lines: verseTwo },
    { kind: 'chorus', lines: chorus },
    { kind: 'bridge', lines: bridge },
    { kind: 'chorus', lines: chorus },
  ]
}

/**
 * The composer's own lyrics for a theme list: two verses, a chorus (sung at every chorus) and a
 * short bridge, drawn from the phrase bank of the first two themes.
 */
export function writeLyrics(
  random: Random,
  themes: readonly LyricTheme[],
  english: boolean,
  prompt: { images: readonly PromptImage[]; mood: SongMood } | undefined = undefined,
): LyricSection[] {
  if (prompt && prompt.images.length > 0)
    return writeImageLyrics(random, prompt.images, prompt.mood, english)
  const bank = english ? ENGLISH_LINES : CHINESE_LINES
  const verseLength = english ? 3 : 4
  const chosen: LyricTheme[] = themes.length > 0 ? themes.slice(0, 2) : [random.pick(LYRIC_THEMES)]
  // Two verses and a bridge line should not repeat a line: borrow a neighbouring theme if needed.
  const poolSize = () => chosen.reduce((sum, theme) => sum + bank[theme].verse.length, 0)
  while (poolSize() < verseLength * 2 + 1) {
    const others = LYRIC_THEMES.filter((theme) => !chosen.includes(theme))
    chosen.push(random.pick(others))
  }
  const versePool = chosen.flatMap((theme) => bank[theme].verse)
  const chorusPool = chosen.slice(0, 2).flatMap((theme) => bank[theme].chorus)
  const used = new Set<string>()
  const verseOne = drawLines(random, versePool, verseLength, used)
  const chorus = drawLines(random, chorusPool, 4, used)
  const verseTwo = drawLines(random, versePool, verseLength, used)
  const bridge = [
    ...drawLines(random, versePool, 1, used),
    ...drawLines(random, chorusPool, 1, used),
  ]
  return songForm(verseOne, chorus, verseTwo, bridge)
}

export function themeTitle(
  random: Random,
  themes: readonly LyricTheme[],
  english: boolean,
  images: readonly PromptImage[] = [],
): string {
  const [first, second] = images
  if (first) {
    if (english) {
      const name = (image: PromptImage) =>
        `${image.word[0]?.toUpperCase() ?? ''}${image.word.slice(1)}`
      return second ? `The ${name(first)} and the ${name(second)}` : `Song of the ${name(first)}`
    }
    return second ? `${first.word}与${second.word}` : `${first.word}之歌`
  }
  const theme = themes[0] ?? random.pick(LYRIC_THEMES)
  return random.pick(english ? THEME_TITLES[theme].en : THEME_TITLES[theme].zh)
}

/**
 * How a one-character image is sung in a line of its own: "月照着故乡的方向" and "说给月听" read
 * as clipped, "月亮" as a songwriter writes it. The short form stays in pair lines (月下的诗人).
 */
const SUNG_FORMS: ReadonlyMap<string, string> = new Map([
  ['月', '月亮'],
  ['星', '星星'],
  ['柳', '柳树'],
])

export function sungImage(word: string): string {
  return SUNG_FORMS.get(word) ?? word
}

/** Images a pair line can set the scene with ("{0}下的{1}" reads well with 月, not with 秋天). */
const SCENE_KINDS: readonly ImageKind[] = ['nature']

/**
 * Lyrics built around the prompt's images: every verse line shows one of them (or a scene and who
 * or where it is about, together), the chorus alternates them with lines of the song's mood, and
 * no line brings in a picture the prompt did not name.
 */
function writeImageLyrics(
  random: Random,
  images: readonly PromptImage[],
  mood: SongMood,
  english: boolean,
): LyricSection[] {
  const imageLines = english ? ENGLISH_IMAGE_LINES : CHINESE_IMAGE_LINES
  const pairLines = english ? ENGLISH_PAIR_LINES : CHINESE_PAIR_LINES
  const moodLines = english ? ENGLISH_MOOD_LINES : CHINESE_MOOD_LINES
  const used = new Set<string>()
  const fill = (template: string, words: readonly string[]) =>
    template.replace(
      /\{(\d?)\}/gu,
      (_, slot: string) => words[slot === '' ? 0 : Number(slot)] ?? '',
    )
  const pickFresh = (templates: readonly string[], words: readonly string[]): string => {
    const lines = templates.map((template) => fill(template, words))
    const fresh = lines.filter((line) => !used.has(line))
    const line = random.pick(fresh.length > 0 ? fresh : lines)
    used.add(line)
    return line
  }
  const lineOf = (image: PromptImage) => pickFresh(imageLines[image.kind], [sungImage(image.word)])
  const scenes = images.filter((image) => SCENE_KINDS.includes(image.kind))
  const others = images.filter((image) => !SCENE_KINDS.includes(image.kind))
  const pairLine = (offset: number): string | undefined => {
    const scene = scenes[offset % Math.max(1, scenes.length)]
    const other = others[offset % Math.max(1, others.length)]
    if (!scene || !other) return undefined
    const templates =
      other.kind === 'person' ? [...pairLines.any, ...pairLines.person] : pairLines.any
    return pickFresh(templates, [scene.word, other.word])
  }
  let next = 0
  const nextImageLine = () => lineOf(images[next++ % images.length] as PromptImage)
  const verseLength = english ? 3 : 4
  const verse = (offset: number): string[] => {
    const lines: string[] = []
    const pair = pairLine(offset)
    if (pair) lines.push(pair)
    while (lines.length < verseLength) lines.push(nextImageLine())
    return lines
  }
  const moodLine = () => pickFresh(moodLines[mood], [])
  const main = images[0] as PromptImage
  const second = images[1] ?? main
  const verseOne = verse(0)
  const chorus = [lineOf(main), moodLine(), pairLine(1) ?? lineOf(second), moodLine()]
  const verseTwo = verse(1)
  const bridge = [moodLine(), nextImageLine()]
  return songForm(verseOne, chorus, verseTwo, bridge)
}
