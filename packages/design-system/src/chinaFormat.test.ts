import { describe, expect, it } from 'vitest'
import { chinaDateParts, formatChinaDate, formatChinaDateTime, groupDigits } from './chinaFormat'

// The formats are written out to spare pages Intl's start-up cost; Intl remains the reference.
const INTL_INTEGER = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 })
const INTL_DATE = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
})
const INTL_DATE_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** A fixed spread of values, so a failure names the same value every run. */
function* spread(count: number, max: number): Generator<number> {
  let seed = 12345
  for (let index = 0; index < count; index++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    yield Math.floor((seed / 2 ** 31) * max)
  }
}

describe('groupDigits', () => {
  it('writes integers the way Intl does for zh-CN', () => {
    const values = [0, 7, 999, 1000, 1080, 99_999, 100_000, 1_234_567, 2 ** 31, -200, -1_234_567]
    for (const value of [...values, ...spread(500, 10 ** 12)]) {
      expect(groupDigits(value)).toBe(INTL_INTEGER.format(value))
    }
  })

  it('cuts fractions instead of rounding, as counts are whole', () => {
    expect(groupDigits(1234.9)).toBe('1,234')
    expect(groupDigits(-0.5)).toBe('0')
  })
})

describe('dates in China time', () => {
  it('match Intl in Asia/Shanghai across years, days and midnights', () => {
    const start = Date.UTC(2000, 0, 1)
    const instants = [
      ...spread(500, Date.UTC(2060, 0, 1) - start),
      // Either side of midnight in China (16:00 UTC) and in UTC.
      Date.UTC(2026, 10, 25, 15, 59, 59) - start,
      Date.UTC(2026, 10, 25, 16, 0, 0) - start,
      Date.UTC(2026, 11, 31, 16, 0, 0) - start,
      Date.UTC(2028, 1, 28, 16, 30, 0) - start,
    ].map((offset) => new Date(start + offset))
    for (const instant of instants) {
      expect(formatChinaDate(instant)).toBe(INTL_DATE.format(instant))
      expect(formatChinaDateTime(instant)).toBe(INTL_DATE_TIME.format(instant))
    }
  })

  it('gives the parts of a China clock', () => {
    expect(chinaDateParts(new Date('2026-11-25T16:04:05Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 26,
      hour: 0,
      minute: 4,
    })
  })
})
