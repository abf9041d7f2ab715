/**
 * Numbers and dates as the interface writes them in Chinese, without Intl. A page's first Intl
 * formatter makes the browser load its locale data: 80–100 ms of one blocked main thread each for
 * numbers and for dates on a fast machine, several times that on a phone, and the vote list and
 * the home pages paid it in their first screen. What they need is simple enough to write out: the
 * tests hold it to Intl's own output.
 */

/** 1234567 → "1,234,567"; negatives keep their sign; fractions are cut, not rounded. */
export function groupDigits(value: number): string {
  const whole = Math.trunc(value)
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return whole < 0 ? `-${digits}` : digits
}

/** China has kept UTC+8 all year since 1991, so its wall clock is the UTC one eight hours on. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000

export interface ChinaDateParts {
  year: number
  /** 1–12. */
  month: number
  day: number
  hour: number
  minute: number
}

/** The date and time on a clock in China at `date`, whatever the device's own zone. */
export function chinaDateParts(date: Date): ChinaDateParts {
  const shifted = new Date(date.getTime() + CHINA_OFFSET_MS)
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  }
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** 2026年11月25日, in China time. */
export function formatChinaDate(date: Date): string {
  const { year, month, day } = chinaDateParts(date)
  return `${year}年${month}月${day}日`
}

/** 2026年11月24日 08:04, in China time. */
export function formatChinaDateTime(date: Date): string {
  const { hour, minute } = chinaDateParts(date)
  return `${formatChinaDate(date)} ${twoDigits(hour)}:${twoDigits(minute)}`
}

/** An ISO timestamp as "YYYY-MM-DD HH:mm" in China time (tables and lists); null when unreadable. */
export function formatShanghaiDateTime(iso: string): string | null {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  const { year, month, day, hour, minute } = chinaDateParts(date)
  return `${year}-${twoDigits(month)}-${twoDigits(day)} ${twoDigits(hour)}:${twoDigits(minute)}`
}
