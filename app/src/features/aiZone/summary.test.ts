import { describe, expect, it } from 'vitest'
import { SUMMARY_PROMPT_MAX, summariseInput } from './summary'

describe('summariseInput', () => {
  it('says a smart song is 灵感模式 with its prompt, and whether it is instrumental', () => {
    expect(
      summariseInput({
        kind: 'generate',
        input: { mode: 'smart', prompt: ' 夏夜海边的民谣 ', instrumental: true },
      }),
    ).toEqual(['灵感模式', '描述：夏夜海边的民谣', '纯音乐'])
  })

  it('does not repeat what the title says (the server titles a song by its prompt or title)', () => {
    expect(
      summariseInput({
        kind: 'generate',
        title: '夏夜海边的 民谣，吉他…',
        input: { mode: 'smart', prompt: '夏夜海边的\n民谣，吉他和口琴' },
      }),
    ).toEqual(['灵感模式'])
    expect(
      summariseInput({
        kind: 'generate',
        title: '晴天',
        input: { mode: 'advanced', title: '晴天', style: '民谣' },
      }),
    ).toEqual(['自定义模式', '风格：民谣'])
    expect(
      summariseInput({ kind: 'generate', title: '别的', input: { mode: 'smart', prompt: '雨' } }),
    ).toEqual(['灵感模式', '描述：雨'])
  })

  it('cuts a long prompt by characters, not UTF-16 units', () => {
    const prompt = '🎵'.repeat(SUMMARY_PROMPT_MAX + 5)
    const [, line] = summariseInput({ kind: 'generate', input: { mode: 'smart', prompt } })
    expect(line).toBe(`描述：${'🎵'.repeat(SUMMARY_PROMPT_MAX)}…`)
  })

  it('gives an advanced song its title, style and mood, and the settings that were set', () => {
    expect(
      summariseInput({
        kind: 'generate',
        input: {
          mode: 'advanced',
          title: '晴天',
          lyrics: '…',
          style: '民谣',
          mood: '温暖',
          tempo: 96,
          key: 'Am',
          seed: 0,
          instrumental: false,
        },
      }),
    ).toEqual(['自定义模式', '歌名：晴天', '风格：民谣 · 温暖', '96 BPM · 调性：Am · 种子：0'])
    expect(
      summariseInput({ kind: 'generate', input: { mode: 'advanced', title: 'A', style: '摇滚' } }),
    ).toEqual(['自定义模式', '歌名：A', '风格：摇滚'])
  })

  it('names a cover by its singer (echoed, or looked up by id), transposition, volumes and song', () => {
    expect(
      summariseInput(
        {
          kind: 'cover',
          input: {
            singerId: 's2',
            goodsId: 'x',
            semitones: -3,
            vocalGainDb: 2,
            accompanimentGainDb: 0,
            sourceName: '夜曲',
          },
        },
        new Map([['s2', '清音']]),
      ),
    ).toEqual(['歌手：清音 · 变调 -3', '人声 +2 dB · 伴奏 0 dB', '歌曲：夜曲'])
    expect(
      summariseInput({ kind: 'cover', input: { singerName: '阿远', semitones: 4, fileId: 'f' } }),
    ).toEqual(['歌手：阿远 · 变调 +4'])
    expect(
      summariseInput({
        kind: 'cover',
        input: { source: 'store', workTitle: '晴天', singerName: '阿远', semitones: 0 },
      }),
    ).toEqual(['歌手：阿远', '歌曲：晴天'])
  })

  it('names a separation by its file, and guesses nothing that is missing or malformed', () => {
    expect(
      summariseInput({ kind: 'separate', input: { fileId: 'f', fileName: 'demo.wav' } }),
    ).toEqual(['歌曲：demo.wav'])
    expect(summariseInput({ kind: 'separate', input: {} })).toEqual([])
    expect(
      summariseInput({ kind: 'cover', input: { singerId: 7, semitones: 'high', sourceName: '' } }),
    ).toEqual([])
    expect(summariseInput({ kind: 'generate', input: { prompt: '雨天' } })).toEqual([
      '灵感模式',
      '描述：雨天',
    ])
  })
})
