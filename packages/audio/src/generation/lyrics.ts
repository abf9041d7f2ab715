/**
 * Lyrics as the composer needs them: sections from [verse]/[chorus]/... tags, lines cleaned of
 * anything that could forge LRC timestamps or hide text, and syllables counted so each line gets
 * enough melody notes (one Chinese character = one syllable; English words by vowel groups).
 */

export const SECTION_KINDS = ['intro', 'verse', 'chorus', 'bridge', 'outro'] as const
export type LyricSectionKind = (typeof SECTION_KINDS)[number]

export interface LyricSection {
  kind: LyricSectionKind
  lines: string[]
}

const TAG_NAMES: Record<string, LyricSectionKind> = {
  intro: 'intro',
  前奏: 'intro',
  引子: 'intro',
  verse: 'verse',
  主歌: 'verse',
  'pre-chorus': 'verse',
  prechorus: 'verse',
  导歌: 'verse',
  chorus: 'chorus',
  hook: 'chorus',
  副歌: 'chorus',
  bridge: 'bridge',
  桥段: 'bridge',
  间奏: 'bridge',
  outro: 'outro',
  尾奏: 'outro',
  结尾: 'outro',
}

// Control characters, bidirectional overrides and zero-width characters: invisible text that
// could reorder or hide what a listener sees in the lyric view.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu

/** One lyric or title line made safe to show and to put into LRC: no brackets, no markup, one line. */
export function cleanLine(text: string): string {
  return text
    .replace(INVISIBLE, '')
    .replace(/[[\]<>{}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
}

/** Reads "[verse]", "[Verse 2]", "[副歌]" and similar; undefined if the line is not a tag. */
export function readSectionTag(line: string): LyricSectionKind | undefined {
  const match = /^\s*[[【(（]\s*([^\]】)）]+?)\s*[\]】)）]\s*$/u.exec(line)
  if (!match) return undefined
  const name = (match[1] ?? '')
    .toLowerCase()
    .replace(/[\s\d:：_]+$/u, '')
    .replace(/\s+/gu, '-')
  return TAG_NAMES[name]
}

/**
 * Splits tagged lyrics into sections. Lines before the first tag are a verse; blank lines separate
 * nothing (sections are made by tags only); unknown tags such as [Guitar solo] are dropped with
 * their brackets rather than sung.
 */
export function parseTaggedLyrics(lyrics: string): LyricSection[] {
  const sections: LyricSection[] = []
  let current: LyricSection | undefined
  for (const rawLine of lyrics.split(/\r\n|\r|\n/u)) {
    const tag = readSectionTag(rawLine)
    if (tag) {
      current = { kind: tag, lines: [] }
      sections.push(current)
      continue
    }
    if (/^\s*[[【]/u.test(rawLine) && /[\]】]\s*$/u.test(rawLine)) continue
    const line = cleanLine(rawLine)
    if (line === '' || countSyllables(line) === 0) continue
    if (!current) {
      current = { kind: 'verse', lines: [] }
      sections.push(current)
    }
    current.lines.push(line)
  }
  return sections.filter((section) => section.lines.length > 0)
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u

/** Rough English syllables: vowel groups, a silent final e dropped, at least one per word. */
export function englishWordSyllables(word: string): number {
  const lower = word.toLowerCase().replace(/[^a-z]/gu, '')
  if (lower === '') return /\d/u.test(word) ? word.replace(/\D/gu, '').length : 0
  const trimmed =
    lower.length > 3
      ? lower.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/u, (end) => end.slice(0, 1))
      : lower
  const groups = trimmed.match(/[aeiouy]+/gu)
  return Math.max(1, groups?.length ?? 0)
}

/**
 * The sung units of a line, one per melody note: each CJK character, and each English syllable
 * (the whole word stands on its first syllable, the rest are held with an empty text).
 */
export function splitSyllables(line: string): string[] {
  const units: string[] = []
  let word = ''
  const flushWord = () => {
    if (word === '') return
    const count = englishWordSyllables(word)
    for (let index = 0; index < count; index++) units.push(index === 0 ? word : '')
    word = ''
  }
  for (const character of line) {
    if (CJK.test(character)) {
      flushWord()
      units.push(character)
    } else if (/[\p{L}\p{N}'’]/u.test(character)) {
      word += character
    } else {
      flushWord()
    }
  }
  flushWord()
  return units
}

export function countSyllables(line: string): number {
  return splitSyllables(line).length
}

/** True when a text is mostly Latin letters (so the composer writes English lyrics for it). */
export function isMostlyEnglish(text: string): boolean {
  let latin = 0
  let cjk = 0
  for (const character of text) {
    if (CJK.test(character)) cjk++
    else if (/[A-Za-z]/u.test(character)) latin++
  }
  return latin > cjk * 3
}

/** Sections longer than this many lines are sung as several sections of `CHUNK_LINES`. */
const LONG_SECTION_LINES = 8
const CHUNK_LINES = 4

/**
 * Shapes lyrics into song sections: a long section becomes several four-line ones, and when the
 * lyrics name no chorus at all (a plain poem pasted in), every second chunk is sung as a chorus so
 * the arrangement still rises and falls.
 */
export function shapeSections(sections: readonly LyricSection[]): LyricSection[] {
  const shaped: LyricSection[] = []
  for (const section of sections) {
    if (section.lines.length <= LONG_SECTION_LINES) {
      shaped.push({ kind: section.kind, lines: [...section.lines] })
      continue
    }
    for (let start = 0; start < section.lines.length; start += CHUNK_LINES) {
      shaped.push({ kind: section.kind, lines: section.lines.slice(start, start + CHUNK_LINES) })
    }
  }
  if (shaped.length > 1 && shaped.every((section) => section.kind === 'verse')) {
    return shaped.map((section, index) =>
      index % 2 === 1 ? { ...section, kind: 'chorus' } : section,
    )
  }
  return shaped
}
