/** A line of LRC with the time it starts, in seconds. */
export interface TimedLyricLine {
  time: number
  text: string
}

/** [mm:ss], [mm:ss.xx] or [mm:ss.xxx]; one line may carry several (a repeated chorus). */
const TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g
/** Word-level tags of enhanced LRC, <mm:ss.xx>, which are not shown. */
const WORD_TAG = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g

/**
 * The timed lines of an LRC text, in time order. Lines without a time tag (metadata, section
 * tags, plain lyrics) are left out; a text with no timed line gives [], and the player then shows
 * the lyric as plain text.
 */
export function lyricTimeline(lrc: string): TimedLyricLine[] {
  const lines: TimedLyricLine[] = []
  for (const raw of lrc.split(/\r\n|\r|\n/)) {
    const tags = [...raw.matchAll(TIME_TAG)]
    if (tags.length === 0) continue
    const text = raw.replace(TIME_TAG, '').replace(WORD_TAG, '').trim()
    if (text === '') continue
    for (const [, minutes, seconds, fraction] of tags) {
      const fractionSeconds = fraction === undefined ? 0 : Number(`0.${fraction}`)
      lines.push({ time: Number(minutes) * 60 + Number(seconds) + fractionSeconds, text })
    }
  }
  return lines.sort((first, second) => first.time - second.time)
}

/** The line being sung at `seconds`: the last that has started, or -1 before the first. */
export function activeLyricIndex(lines: readonly TimedLyricLine[], seconds: number): number {
  let active = -1
  for (const [index, line] of lines.entries()) {
    if (line.time > seconds) break
    active = index
  }
  return active
}
