import { describe, expect, it } from 'vitest'
import { formatFen, formatPoints, formatSignedPoints, formatYuanAmount } from './pointsFormat'

describe('points formatting', () => {
  it('groups points in thousands', () => {
    expect(formatPoints(0)).toBe('0')
    expect(formatPoints(1234567)).toBe('1,234,567')
  })

  it('signs movements except zero', () => {
    expect(formatSignedPoints(1080)).toBe('+1,080')
    expect(formatSignedPoints(-200)).toBe('-200')
    expect(formatSignedPoints(0)).toBe('0')
  })

  it('shows whole yuan without decimals and any fen with two', () => {
    expect(formatFen(1000)).toBe('¥10')
    expect(formatFen(990)).toBe('¥9.90')
    expect(formatFen(1)).toBe('¥0.01')
    expect(formatFen(1234500)).toBe('¥12,345')
  })
})

describe('points formatting agrees with Intl', () => {
  const integer = new Intl.NumberFormat('zh-CN', {
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  })
  const whole = new Intl.NumberFormat('zh-CN', {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  })
  const withFen = new Intl.NumberFormat('zh-CN', {
    style: 'currency',
    currency: 'CNY',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const upToTwo = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 })
  const values = [0, 1, 9, 10, 99, 100, 101, 990, 1000, 99_999, 123_456_789, -1, -990, -123_456]

  it('for signed points, fen and typed yuan amounts', () => {
    for (const value of values) {
      expect(formatSignedPoints(value)).toBe(integer.format(value))
      expect(formatFen(value)).toBe(
        value % 100 === 0 ? whole.format(value / 100) : withFen.format(value / 100),
      )
      // Typed amounts are never negative (Intl would write a rounded-away -0.001 as "-0").
      if (value < 0) continue
      for (const yuan of [value, value / 10, value / 100, value / 1000]) {
        expect(formatYuanAmount(yuan)).toBe(upToTwo.format(yuan))
      }
    }
  })
})
