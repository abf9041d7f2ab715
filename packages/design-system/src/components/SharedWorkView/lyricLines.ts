/** LRC time tags, [01:23.45] or [01:23], and the word-level ones of enhanced LRC, <01:23.45>. */
const TIME_TAG = /[[<]\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?[\]>]/g
/** LRC metadata lines: [ar:林晚], [ti:晚风], [offset:+200]. */
const METADATA_LINE = /^\[[a-z]+:[^\]]*\]$/i
/** Section tags such as [verse] or [Chorus 2], which structure lyrics but are not sung. */
const SECTION_LINE = /^\[[^\]:]+\]$/

/**
 * The lines to show of an LRC text (or plain lyrics): timestamps, metadata and section tags go,
 * and an empty string stands for a break between stanzas (never two in a row, none at the ends).
 */
export function lyricLinesFromLrc(lrc: string): string[] {
  const lines: string[] = []
  for (const raw of lrc.split(/\r\n|\r|\n/)) {
    const trimmed = raw.trim()
    if (METADATA_LINE.test(trimmed)) continue
    const text = trimmed.replace(TIME_TAG, '').trim()
    const isBreak = text === '' || SECTION_LINE.test(text)
    if (isBreak) {
      if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('')
      continue
    }
    lines.push(text)
  }
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}
