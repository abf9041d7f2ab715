import { lyricLinesFromLrc } from '@gy/design-system'

// Shared with the other features (app/src/format.ts).
export { formatTime, formatYuan, isRefusal } from '../../format'

/** The spec's money input text ("12.5") in whole fen; null when it is not a valid price. */
export function fenFromInput(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  const [yuan = '0', decimals = ''] = text.split('.')
  const fen = Number(yuan) * 100 + Number(decimals.padEnd(2, '0'))
  return Number.isSafeInteger(fen) ? fen : null
}

/** LRC lines with a time tag, e.g. [01:02.30]歌词. */
const LRC_LINE = /^\s*\[\d{1,2}:\d{2}(?:[.:]\d{1,3})?\]/

export function lrcLines(lyric: string): string[] {
  return lyric.split(/\r?\n/).filter((line) => LRC_LINE.test(line))
}

/** What the engine writes as the only line of an instrumental song's LRC: not a lyric. */
const INSTRUMENTAL_LINE = '纯音乐，请欣赏'

/**
 * The lyric of an LRC as plain text for a deposit: no time tags, metadata or section tags, a blank
 * line between stanzas; an instrumental song's placeholder line gives no lyric at all.
 */
export function plainLyric(lrc: string): string {
  const lines = lyricLinesFromLrc(lrc)
  if (lines.length === 1 && lines[0] === INSTRUMENTAL_LINE) return ''
  return lines.join('\n')
}
