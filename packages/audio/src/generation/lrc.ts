import { cleanLine } from './lyrics'

/** A lyric line and the second its melody phrase starts. */
export interface TimedLine {
  seconds: number
  text: string
}

export const LRC_ARTIST = 'GY音乐 AI'
export const INSTRUMENTAL_LRC_LINE = '纯音乐，请欣赏'

/** "[mm:ss.xx]": minutes may pass 99 for very long audio, hundredths are rounded down. */
export function formatLrcTime(seconds: number): string {
  const hundredths = Math.max(0, Math.floor(seconds * 100 + 1e-6))
  const minutes = Math.floor(hundredths / 6000)
  const rest = hundredths - minutes * 6000
  const wholeSeconds = Math.floor(rest / 100)
  const fraction = rest - wholeSeconds * 100
  const pad = (value: number) => value.toString().padStart(2, '0')
  return `[${pad(minutes)}:${pad(wholeSeconds)}.${pad(fraction)}]`
}

/**
 * LRC text: title and artist headers, then one timed line per sung phrase in time order. An
 * instrumental song gets a single line saying so, so players still show something.
 */
export function buildLrc(title: string, lines: readonly TimedLine[]): string {
  const header = [`[ti:${cleanLine(title)}]`, `[ar:${LRC_ARTIST}]`]
  const sorted = [...lines].sort((left, right) => left.seconds - right.seconds)
  const body =
    sorted.length > 0
      ? sorted.map((line) => `${formatLrcTime(line.seconds)}${cleanLine(line.text)}`)
      : [`${formatLrcTime(0)}${INSTRUMENTAL_LRC_LINE}`]
  return [...header, ...body].join('\n') + '\n'
}

/** Reads the timed lines back out of LRC text (for tests and for players that need them). */
export function parseLrc(lrc: string): TimedLine[] {
  const lines: TimedLine[] = []
  for (const row of lrc.split('\n')) {
    const match = /^\[(\d{2,}):(\d{2})\.(\d{2})\](.*)$/u.exec(row)
    if (!match) continue
    lines.push({
      seconds: Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) / 100,
      text: match[4] ?? '',
    })
  }
  return lines
}
