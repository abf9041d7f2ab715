import { describe, expect, it } from 'vitest'
import { aiCreationLines, keyLabel } from './aiCreation'
import type { AiCreationRecord } from './contract'

const formatTime = (iso: string) => `时间(${iso})`

function record(change: Partial<AiCreationRecord>): AiCreationRecord {
  return {
    resultId: 'r-1',
    kind: 'generate',
    engine: 'local-dsp@1.0.0',
    createdAt: '2026-11-24T00:04:05.000Z',
    request: {},
    seed: 7,
    key: 'A',
    tempo: 96,
    style: '民谣',
    ...change,
  }
}

const asPairs = (lines: { label: string; value: string }[]) =>
  lines.map((line) => [line.label, line.value])

describe('the creation record in words', () => {
  it('tells a smart-mode song by its description, with what the engine chose', () => {
    const lines = aiCreationLines(
      record({ request: { mode: 'smart', prompt: '  夏夜海边的民谣  ' } }),
      { formatTime },
    )
    expect(asPairs(lines)).toEqual([
      ['创作方式', 'AI写歌 · 灵感模式'],
      ['描述', '夏夜海边的民谣'],
      ['风格', '民谣'],
      ['速度', '96 BPM'],
      ['调性', 'A'],
      ['随机种子', '7'],
      ['生成引擎', 'local-dsp@1.0.0'],
      ['生成时间', '时间(2026-11-24T00:04:05.000Z)'],
      ['作品编号', 'r-1'],
    ])
  })

  it('prefers what the depositor asked for, and cuts long lyrics when told to', () => {
    const lines = aiCreationLines(
      record({
        request: {
          mode: 'advanced',
          title: '海边',
          lyrics: '浪花拍岸\n晚风吹过',
          style: '流行',
          mood: '温柔',
          tempo: 88,
          key: 'G',
        },
      }),
      { formatTime, maxTextLength: 5 },
    )
    expect(Object.fromEntries(asPairs(lines))).toMatchObject({
      创作方式: 'AI写歌 · 自定义模式',
      歌名: '海边',
      歌词: '浪花拍岸…',
      风格: '流行',
      情绪: '温柔',
      速度: '88 BPM',
      调性: 'G',
      随机种子: '7',
    })
    const instrumental = aiCreationLines(
      record({ request: { mode: 'advanced', title: '夜', instrumental: true, lyrics: '' } }),
      { formatTime },
    )
    expect(Object.fromEntries(asPairs(instrumental)).歌词).toBe('纯音乐（无歌词）')
  })

  it('writes an engine’s key in Chinese', () => {
    expect(keyLabel('F major')).toBe('F 大调')
    expect(keyLabel('C# minor')).toBe('C# 小调')
    expect(keyLabel('降E大调')).toBe('降E大调')
    const lines = aiCreationLines(record({ key: 'Bb major' }), { formatTime })
    expect(Object.fromEntries(asPairs(lines)).调性).toBe('Bb 大调')
  })

  it('tells a cover by its original, singer and settings, leaving out what it lacks', () => {
    const lines = aiCreationLines(
      record({
        kind: 'cover',
        seed: null,
        key: null,
        tempo: null,
        style: null,
        request: {
          source: 'store',
          workTitle: '青石巷',
          singerId: 'sweet-female',
          singerName: '甜美女声',
          semitones: 3,
          vocalGainDb: 2,
          accompanimentGainDb: 0,
        },
      }),
      { formatTime },
    )
    expect(asPairs(lines).slice(0, 5)).toEqual([
      ['创作方式', 'AI翻唱'],
      ['原曲', '青石巷'],
      ['歌手', '甜美女声'],
      ['变调', '+3 半音'],
      ['音量调整', '人声 +2 dB · 伴奏 0 dB'],
    ])
    expect(lines.map((line) => line.label)).not.toContain('随机种子')
    // Odd values in a stored request are left out, never shown as "undefined".
    const odd = aiCreationLines(
      record({ kind: 'cover', request: { singerName: 42, semitones: 'x' } }),
      { formatTime },
    )
    expect(odd.map((line) => line.value).join()).not.toMatch(/undefined|NaN|42/)
  })
})
