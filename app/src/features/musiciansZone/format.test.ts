import { describe, expect, it } from 'vitest'
import { fenFromInput, formatYuan, lrcLines } from './format'

describe('the musicians’ zone formats', () => {
  it('reads a price as the spec’s money input allows it', () => {
    expect(fenFromInput('12.5')).toBe(1250)
    expect(fenFromInput('0.01')).toBe(1)
    expect(fenFromInput('100000')).toBe(10_000_000)
    for (const bad of ['', '.5', '1.234', '1..2', '-1', 'abc', '1,5'])
      expect(fenFromInput(bad)).toBeNull()
    expect(formatYuan(990)).toBe('¥9.90')
  })

  it('tells LRC lines from plain text', () => {
    expect(lrcLines('[00:01.00]第一句\n第二句\n[01:02]第三句')).toEqual([
      '[00:01.00]第一句',
      '[01:02]第三句',
    ])
    expect(lrcLines('只是文字')).toEqual([])
  })
})
