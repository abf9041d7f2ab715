import { describe, expect, it } from 'vitest'
import { activeLyricIndex, lyricTimeline } from './lyricTimeline'

describe('lyricTimeline', () => {
  it('reads the times of LRC lines, repeated tags included, in time order', () => {
    const lrc = [
      '[ti:晚风]',
      '[00:12.50]晚风吹过街角',
      '[verse]',
      '[00:05]<00:05.10>第一句',
      '[01:02.345][00:30.00]副歌再来一遍',
      '没有时间的一行',
    ].join('\n')
    expect(lyricTimeline(lrc)).toEqual([
      { time: 5, text: '第一句' },
      { time: 12.5, text: '晚风吹过街角' },
      { time: 30, text: '副歌再来一遍' },
      { time: 62.345, text: '副歌再来一遍' },
    ])
  })

  it('gives nothing for plain lyrics', () => {
    expect(lyricTimeline('第一句\n第二句')).toEqual([])
  })
})

describe('activeLyricIndex', () => {
  const lines = lyricTimeline('[00:01]一\n[00:03]二\n[00:07]三')
  it('is -1 before the first line, then the last line that has started', () => {
    expect(activeLyricIndex(lines, 0)).toBe(-1)
    expect(activeLyricIndex(lines, 1)).toBe(0)
    expect(activeLyricIndex(lines, 6.9)).toBe(1)
    expect(activeLyricIndex(lines, 100)).toBe(2)
  })
})
