/**
 * Both Chinese providers write times in China Standard Time (UTC+8, no daylight saving),
 * whatever the server's own time zone is.
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000

function chinaParts(date: Date): { day: string; time: string } {
  // Shifting by the offset and reading the UTC fields gives the wall clock in China.
  const iso = new Date(date.getTime() + CHINA_OFFSET_MS).toISOString()
  return { day: iso.slice(0, 10), time: iso.slice(11, 19) }
}

/** `yyyy-MM-dd`: the calendar day in China (daily limits start again at midnight Beijing time). */
export function chinaDay(date: Date): string {
  return chinaParts(date).day
}

/** `yyyy-MM-dd HH:mm:ss` (Alipay's `timestamp`, `time_expire`). */
export function formatChinaDateTime(date: Date): string {
  const { day, time } = chinaParts(date)
  return `${day} ${time}`
}

/** RFC 3339 with the +08:00 offset (WeChat Pay's `time_expire`). */
export function formatChinaRfc3339(date: Date): string {
  const { day, time } = chinaParts(date)
  return `${day}T${time}+08:00`
}

const CHINA_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/

/** Reads `yyyy-MM-dd HH:mm:ss` as China time; null when the text is not such a time. */
export function parseChinaDateTime(text: string): Date | null {
  const match = CHINA_DATE_TIME.exec(text)
  if (match === null) return null
  const date = new Date(`${match[1]}T${match[2]}+08:00`)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Reads an RFC 3339 time with an explicit offset; null otherwise. */
export function parseRfc3339(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? null : date
}
