import { AI_STRINGS } from '../../strings.ai'

/** The section tags the toolbar inserts, in song order. */
export const LYRIC_SECTION_TAGS = [
  'intro',
  'verse',
  'pre-chorus',
  'chorus',
  'bridge',
  'outro',
] as const
export type LyricSectionTag = (typeof LYRIC_SECTION_TAGS)[number]

export interface LyricSection {
  /** The tag in lower case without a number: `verse` for [Verse 2]. */
  tag: string
  /** The Chinese name of a known tag (主歌), or the tag as written for any other. */
  label: string
  /** Lines of lyric under the tag, blank lines not counted. */
  lines: number
}

const sectionLabels: Record<string, string> = AI_STRINGS.lyricEditor.sections

/** Other spellings people and other tools use for the same sections. */
const aliases: Record<string, LyricSectionTag> = {
  prechorus: 'pre-chorus',
  hook: 'chorus',
  refrain: 'chorus',
  ...Object.fromEntries(
    Object.entries(AI_STRINGS.lyricEditor.sections).map(([tag, label]) => [label, tag]),
  ),
}

const TAG_LINE = /^\[([^\]]+)\]$/
/** LRC timestamps ([01:23.45]) and metadata ([ar:林晚]) are not sections. */
const NOT_A_SECTION = /:/

function sectionOf(raw: string): { tag: string; label: string } {
  const written = raw.trim()
  const normalised = written
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-?\d+$/, '')
  const tag = aliases[normalised] ?? aliases[written] ?? normalised
  return { tag, label: sectionLabels[tag] ?? written }
}

/**
 * The structure of lyrics written with section tags, in order: `[verse]` and the lines under it,
 * then `[chorus]` and its lines, and so on. Lines before the first tag count as a verse.
 */
export function lyricSections(text: string): LyricSection[] {
  const sections: LyricSection[] = []
  let current: LyricSection | null = null
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim()
    if (line === '') continue
    const tagMatch = TAG_LINE.exec(line)
    if (tagMatch?.[1] !== undefined) {
      if (NOT_A_SECTION.test(tagMatch[1])) continue
      current = { ...sectionOf(tagMatch[1]), lines: 0 }
      sections.push(current)
      continue
    }
    if (current === null) {
      current = { tag: 'verse', label: sectionLabels.verse ?? 'verse', lines: 0 }
      sections.push(current)
    }
    current.lines += 1
  }
  return sections
}

/**
 * Puts a section tag on a line of its own where the cursor is (replacing any selection), and says
 * where the cursor goes next: at the start of the line under the tag, ready to write.
 */
export function insertSectionTag(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  tag: string,
): { value: string; caret: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length))
  const end = Math.max(start, Math.min(selectionEnd, text.length))
  const before = text.slice(0, start)
  const after = text.slice(end)
  const lead = before === '' || before.endsWith('\n') ? '' : '\n'
  const line = `${lead}[${tag}]\n`
  return { value: before + line + after, caret: before.length + line.length }
}
