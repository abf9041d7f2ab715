import { describe, expect, it } from 'vitest'
import {
  cleanLine,
  countSyllables,
  englishWordSyllables,
  isMostlyEnglish,
  parseTaggedLyrics,
  readSectionTag,
  shapeSections,
  splitSyllables,
} from './lyrics'

describe('parseTaggedLyrics', () => {
  it('splits lyrics into tagged sections', () => {
    const sections = parseTaggedLyrics(
      [
        '[Intro]',
        '[verse]',
        '海风吹过',
        '',
        '浪花轻摇',
        '[Chorus]',
        '夏天的海边',
        '[bridge]',
        '一个人走',
        '[outro]',
        '再见',
      ].join('\n'),
    )
    expect(sections.map((section) => section.kind)).toEqual(['verse', 'chorus', 'bridge', 'outro'])
    expect(sections[0]?.lines).toEqual(['海风吹过', '浪花轻摇'])
  })

  it('reads Chinese and numbered tags', () => {
    expect(readSectionTag('[副歌]')).toBe('chorus')
    expect(readSectionTag('【主歌】')).toBe('verse')
    expect(readSectionTag('[Verse 2]')).toBe('verse')
    expect(readSectionTag('[Pre-Chorus]')).toBe('verse')
    expect(readSectionTag('海风吹过')).toBeUndefined()
  })

  it('treats untagged lines as a verse and drops unknown tags', () => {
    const sections = parseTaggedLyrics('第一句\n[Guitar solo]\n第二句\r\n')
    expect(sections).toEqual([{ kind: 'verse', lines: ['第一句', '第二句'] }])
  })

  it('drops lines with nothing to sing', () => {
    expect(parseTaggedLyrics('[verse]\n...\n!!!\n')).toEqual([])
  })
})

describe('syllables', () => {
  it('counts one per Chinese character', () => {
    expect(countSyllables('一首温柔的民谣')).toBe(7)
    expect(countSyllables('夏天，海边！')).toBe(4)
  })

  it('counts English words by vowel groups', () => {
    expect(englishWordSyllables('summer')).toBe(2)
    expect(englishWordSyllables('sea')).toBe(1)
    expect(englishWordSyllables('beautiful')).toBe(3)
    expect(englishWordSyllables('make')).toBe(1)
    expect(countSyllables('Take me to the sea tonight')).toBe(7)
  })

  it('holds the rest of a word on empty syllables', () => {
    expect(splitSyllables('hello 你好')).toEqual(['hello', '', '你', '好'])
  })

  it('tells English from Chinese', () => {
    expect(isMostlyEnglish('a gentle folk song about the summer sea')).toBe(true)
    expect(isMostlyEnglish('一首温柔的民谣 about summer')).toBe(false)
  })
})

describe('cleanLine', () => {
  it('removes brackets, markup and invisible characters', () => {
    expect(cleanLine('[00:01.00]<script>alert(1)</script>')).toBe(
      '00:01.00 script alert(1) /script',
    )
    expect(cleanLine('海\u202e边\u200b\u0000的\n风')).toBe('海边的 风')
  })
})

describe('shapeSections', () => {
  it('splits long sections and alternates verse and chorus for untagged lyrics', () => {
    const lines = Array.from({ length: 10 }, (_, index) => `第${index}句`)
    const shaped = shapeSections([{ kind: 'verse', lines }])
    expect(shaped.map((section) => section.kind)).toEqual(['verse', 'chorus', 'verse'])
    expect(shaped.flatMap((section) => section.lines)).toEqual(lines)
  })

  it('keeps tagged sections of ordinary length as they are', () => {
    const sections = [
      { kind: 'verse', lines: ['一', '二'] },
      { kind: 'chorus', lines: ['三'] },
    ] as const
    expect(
      shapeSections(sections.map((section) => ({ ...section, lines: [...section.lines] }))),
    ).toEqual(sections)
  })
})
