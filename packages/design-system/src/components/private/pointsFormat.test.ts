import { describe, expect, it } from 'vitest'
import { formatFen, formatPoints, formatSignedPoints } from './pointsFormat'

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
