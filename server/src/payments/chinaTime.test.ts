import { describe, expect, it } from 'vitest'
import {
  formatChinaDateTime,
  formatChinaRfc3339,
  parseChinaDateTime,
  parseRfc3339,
} from './chinaTime'

describe('China time', () => {
  // 16:30:05 UTC on 31 January is 00:30:05 on 1 February in Beijing.
  const instant = new Date('2024-01-31T16:30:05.678Z')

  it('formats the wall clock of UTC+8, crossing the date line of the day', () => {
    expect(formatChinaDateTime(instant)).toBe('2024-02-01 00:30:05')
    expect(formatChinaRfc3339(instant)).toBe('2024-02-01T00:30:05+08:00')
  })

  it('reads both formats back to the same second', () => {
    const second = new Date('2024-01-31T16:30:05.000Z')
    expect(parseChinaDateTime('2024-02-01 00:30:05')).toEqual(second)
    expect(parseRfc3339('2024-02-01T00:30:05+08:00')).toEqual(second)
    expect(parseRfc3339('2024-01-31T16:30:05Z')).toEqual(second)
  })

  it.each(['', '2024-02-01', '2024-02-01T00:30:05', '2024-13-45 99:99:99', 'yesterday'])(
    'reads %j as no time',
    (text) => {
      expect(parseChinaDateTime(text)).toBeNull()
      expect(parseRfc3339(text)).toBeNull()
    },
  )
})
