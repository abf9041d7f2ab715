import { describe, expect, it } from 'vitest'
import { formatActivityDate, formatShare, rankOptions } from './format'

describe('vote formatting', () => {
  it('writes dates in China time', () => {
    // 17:00 UTC on the 30th is 01:00 on the 1st in Beijing.
    expect(formatActivityDate('2026-11-30T17:00:00.000Z')).toBe('2026年12月1日')
  })

  it('gives small shares a decimal and large ones none', () => {
    expect(formatShare(0, 0)).toBe('0%')
    expect(formatShare(1, 40)).toBe('2.5%')
    expect(formatShare(2, 3)).toBe('67%')
  })

  it('ranks by votes and keeps the order of ties', () => {
    const ranked = rankOptions([
      { id: 'a', votes: 1 },
      { id: 'b', votes: 3 },
      { id: 'c', votes: 1 },
    ])
    expect(ranked.map((option) => option.id)).toEqual(['b', 'a', 'c'])
  })
})
