import { describe, expect, it } from 'vitest'
import { AudioError } from '../errors'
import { composeForRequest } from './generate'
import { melodySyllables } from './singing/pronounce'
import type { GenerationRequest } from './request'
import { GENERATION_LIMITS, requestSeed, resolveBrief, validateRequest } from './request'

function refusal(request: unknown): AudioError {
  try {
    validateRequest(request)
  } catch (error) {
    if (error instanceof AudioError) return error
    throw error
  }
  throw new Error('the request was accepted')
}

const advanced = {
  mode: 'advanced',
  title: '夏天',
  lyrics: '[verse]\n海风吹过\n',
  style: '民谣',
} as const

describe('validateRequest refuses bad requests with a Chinese reason', () => {
  it.each([
    ['an empty prompt', { mode: 'smart', prompt: '' }, '请描述你想要的歌曲'],
    ['a blank prompt', { mode: 'smart', prompt: ' \n\u200b ' }, '请描述你想要的歌曲'],
    ['an overlong prompt', { mode: 'smart', prompt: '海'.repeat(501) }, '最多500个字'],
    ['no request', null, '缺少生成请求'],
    ['an unknown mode', { mode: 'magic', prompt: 'x' }, '生成模式'],
    ['an empty title', { ...advanced, title: ' ' }, '请填写歌曲名称'],
    ['a long title', { ...advanced, title: '名'.repeat(41) }, '最多40个字'],
    ['no lyrics', { ...advanced, lyrics: '' }, '请填写歌词'],
    ['only tags', { ...advanced, lyrics: '[verse]\n[chorus]' }, '请填写歌词'],
    [
      'lyrics of digits, punctuation and emoji only',
      { ...advanced, lyrics: '[verse]\n123 456！！\n😀😀😀 ……\n2024' },
      '没有可以演唱的中文或英文',
    ],
    ['lyrics of emoji only', { ...advanced, lyrics: '🎵🎶🎵' }, '没有可以演唱的中文或英文'],
    ['2,000 characters in one line', { ...advanced, lyrics: '月'.repeat(2000) }, '每句最多48个字'],
    ['10,000 lines of lyrics', { ...advanced, lyrics: '啦\n'.repeat(10_000) }, '歌词最多5000个字'],
    ['too many lines', { ...advanced, lyrics: '啦啦\n'.repeat(81) }, '歌词最多80行'],
    ['a line too long to sing', { ...advanced, lyrics: '啦'.repeat(49) }, '每句最多48个字'],
    ['tempo 0', { ...advanced, tempo: 0 }, '速度需在60到180 BPM之间'],
    ['tempo 1000', { ...advanced, tempo: 1000 }, '速度需在60到180 BPM之间'],
    ['a tempo that is not a number', { ...advanced, tempo: Number.NaN }, '速度需在60到180 BPM之间'],
    [
      'an unknown style',
      { ...advanced, style: '重金属歌剧' },
      '不支持的风格「重金属歌剧」，可选：民谣、流行、摇滚、电子、古风、爵士、Lo-fi、说唱',
    ],
    ['an unknown key', { ...advanced, key: 'X#' }, '无法识别的调性'],
    ['an infinite seed', { ...advanced, seed: Number.POSITIVE_INFINITY }, '随机种子'],
  ])('%s', (_, request, reason) => {
    const error = refusal(request)
    expect(error.code).toBe('invalid_option')
    expect(error.message).toContain(reason)
    expect(error.message).toMatch(/[\u4e00-\u9fff]/u)
  })

  it('gives 2,000 characters of lyrics a song or a reason, never a hang', () => {
    // 80 lines of 25 characters, the most lines a request may have.
    const lines = Array.from({ length: 80 }, (_, line) =>
      `第${line}句${'春风吹过山岗明月照着故乡的小路我们'.repeat(2)}`.slice(0, 25),
    )
    const lyrics = lines.join('\n')
    expect(Array.from(lyrics.replace(/\n/gu, '')).length).toBeGreaterThanOrEqual(1900)
    expect(() => composeForRequest({ ...advanced, lyrics }, 1)).toThrow(/超过7分钟/u)
    // Half of it makes a song, and every character of it has a reading the voice can sing.
    const half = lines.slice(0, 20).join('\n')
    const song = composeForRequest({ ...advanced, lyrics: half, tempo: 120 }, 1)
    const sung = melodySyllables(song)
    expect(sung.size).toBeGreaterThan(400)
    for (const syllable of sung.values()) expect(syllable.spoken).toMatch(/^[a-z]+[1-5]$|^[a-z]+$/u)
  })

  it('refuses lyrics that would make a song longer than the limit', () => {
    const lyrics = Array.from(
      { length: 80 },
      (_, line) => `这是第${line}句很长的歌词需要两个小节来唱完它`,
    ).join('\n')
    expect(() => composeForRequest({ ...advanced, lyrics, tempo: 60 }, 1)).toThrow(/超过7分钟/u)
  })
})

describe('validateRequest accepts and clamps', () => {
  it('accepts instrumental songs without lyrics', () => {
    expect(() => validateRequest({ ...advanced, lyrics: '', instrumental: true })).not.toThrow()
  })

  it('accepts style names in English and Chinese', () => {
    for (const style of ['folk', '古风', 'Hip-Hop', 'lo-fi', 'EDM']) {
      expect(() => validateRequest({ ...advanced, style })).not.toThrow()
    }
  })

  it('clamps a tempo named inside a smart prompt', () => {
    expect(resolveBrief({ mode: 'smart', prompt: '一首 999 bpm 的摇滚' }, 1).tempo).toBe(
      GENERATION_LIMITS.maxTempo,
    )
    expect(resolveBrief({ mode: 'smart', prompt: 'a slow song at 20 bpm' }, 1).tempo).toBe(
      GENERATION_LIMITS.minTempo,
    )
  })

  it('keeps hostile text out of the title and lyrics', () => {
    const request: GenerationRequest = {
      mode: 'advanced',
      title: '<img src=x onerror=alert(1)>[ti:假]',
      lyrics: '[verse]\n[00:00.00]<b>粗体</b>\u202e反向\n',
      style: 'pop',
    }
    const brief = resolveBrief(validateRequest(request), 3)
    expect(brief.title).not.toMatch(/[<>[\]]/u)
    const lines = brief.lyrics.flatMap((section) => section.lines)
    expect(lines.join('')).not.toMatch(/[<>[\]\u202e]/u)
  })

  it.each([
    '🎵🎵🎵',
    "'; DROP TABLE songs; --",
    '<script>alert(1)</script>',
    '[00:00.00][ti:假标题]',
    '\u202e\u202d反向',
    '关于',
    '《》',
    'a'.repeat(500),
  ])('composes a song for the odd prompt %j without letting it into the LRC headers', (prompt) => {
    const composition = composeForRequest({ mode: 'smart', prompt }, 1)
    expect(composition.melody.length).toBeGreaterThan(0)
    expect(composition.brief.title).not.toMatch(/[<>[\]\u202e]/u)
    expect(composition.brief.title.length).toBeGreaterThan(0)
  })

  it('derives the seed from the request when none is given and keeps the given one', () => {
    expect(requestSeed({ mode: 'smart', prompt: '夏天' })).toBe(
      requestSeed({ mode: 'smart', prompt: '夏天' }),
    )
    expect(requestSeed({ mode: 'smart', prompt: '夏天' })).not.toBe(
      requestSeed({ mode: 'smart', prompt: '冬天' }),
    )
    expect(requestSeed({ mode: 'smart', prompt: '夏天', seed: 12 })).toBe(12)
  })

  it('uses the requested tempo and key in advanced mode', () => {
    const brief = resolveBrief({ ...advanced, tempo: 96.4, key: '降E大调', mood: '悲伤' }, 1)
    expect(brief).toMatchObject({
      tempo: 96,
      key: { tonic: 3, mode: 'major' },
      mood: 'sad',
      style: 'folk',
    })
  })
})
