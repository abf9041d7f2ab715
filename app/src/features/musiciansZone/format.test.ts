import { describe, expect, it } from 'vitest'
import { fenFromInput, formatYuan, lrcLines, plainLyric } from './format'

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

  it('turns a generated song’s LRC into plain lyrics for its deposit', () => {
    const lrc = [
      '[ti:晚风与灯火]',
      '[ar:GY音乐 AI]',
      '[00:08.50]巷口的灯一盏一盏亮起',
      '[00:12.75]晚风把白天轻轻折起',
      '[00:20.00][副歌]',
      '[00:21.00]晚风啊慢一点走',
      '',
    ].join('\n')
    expect(plainLyric(lrc)).toBe('巷口的灯一盏一盏亮起\n晚风把白天轻轻折起\n\n晚风啊慢一点走')
    expect(plainLyric('[ti:夜]\n[ar:GY音乐 AI]\n[00:00.00]纯音乐，请欣赏\n')).toBe('')
    expect(plainLyric('')).toBe('')
    // Plain text stays as it was.
    expect(plainLyric('第一句\r\n第二句')).toBe('第一句\n第二句')
  })
})
