import { describe, expect, it } from 'vitest'
import { INSTRUMENTAL_LRC_LINE, buildLrc, formatLrcTime, parseLrc } from './lrc'

describe('LRC', () => {
  it('formats times as [mm:ss.xx]', () => {
    expect(formatLrcTime(0)).toBe('[00:00.00]')
    expect(formatLrcTime(22.318)).toBe('[00:22.31]')
    expect(formatLrcTime(61.5)).toBe('[01:01.50]')
    expect(formatLrcTime(3599.999)).toBe('[59:59.99]')
  })

  it('writes headers and lines in time order', () => {
    const lrc = buildLrc('夏天的海边', [
      { seconds: 30, text: '第二句' },
      { seconds: 10.5, text: '第一句' },
    ])
    expect(lrc.split('\n')).toEqual([
      '[ti:夏天的海边]',
      '[ar:GY音乐 AI]',
      '[00:10.50]第一句',
      '[00:30.00]第二句',
      '',
    ])
    expect(parseLrc(lrc)).toEqual([
      { seconds: 10.5, text: '第一句' },
      { seconds: 30, text: '第二句' },
    ])
  })

  it('cannot be forged by brackets or new lines in the text', () => {
    const lrc = buildLrc('标题]\n[ar:someone else', [{ seconds: 1, text: '歌词\n[00:00.00]伪造' }])
    expect(lrc.split('\n').filter((line) => line.startsWith('[ar:'))).toEqual(['[ar:GY音乐 AI]'])
    expect(parseLrc(lrc)).toHaveLength(1)
  })

  it('says so when the song is instrumental', () => {
    expect(parseLrc(buildLrc('曲', []))).toEqual([{ seconds: 0, text: INSTRUMENTAL_LRC_LINE }])
  })
})
