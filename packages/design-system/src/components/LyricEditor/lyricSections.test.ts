import { describe, expect, it } from 'vitest'
import { insertSectionTag, lyricSections } from './lyricSections'

describe('lyricSections', () => {
  it('counts the lines under each tag, in order, skipping blank lines', () => {
    const text = [
      '[verse]',
      '晚风吹过旧街口',
      '路灯一盏一盏亮',
      '',
      '[chorus]',
      '我们唱着歌',
      '走向远方',
      '[verse]',
      '第二段',
    ].join('\n')
    expect(lyricSections(text)).toEqual([
      { tag: 'verse', label: '主歌', lines: 2 },
      { tag: 'chorus', label: '副歌', lines: 2 },
      { tag: 'verse', label: '主歌', lines: 1 },
    ])
  })

  it('counts lines before any tag as a verse', () => {
    expect(lyricSections('第一行\n第二行\n[chorus]\n副歌')).toEqual([
      { tag: 'verse', label: '主歌', lines: 2 },
      { tag: 'chorus', label: '副歌', lines: 1 },
    ])
  })

  it('reads tags written in other ways and keeps unknown ones as written', () => {
    expect(lyricSections('[Verse 2]\na\n[Pre Chorus]\nb\n[副歌]\nc\n[Solo]\nd\r\n[outro]')).toEqual(
      [
        { tag: 'verse', label: '主歌', lines: 1 },
        { tag: 'pre-chorus', label: '导歌', lines: 1 },
        { tag: 'chorus', label: '副歌', lines: 1 },
        { tag: 'solo', label: 'Solo', lines: 1 },
        { tag: 'outro', label: '尾奏', lines: 0 },
      ],
    )
  })

  it('is empty for empty text and ignores LRC timestamps and metadata as tags', () => {
    expect(lyricSections('')).toEqual([])
    expect(lyricSections('  \n\n')).toEqual([])
    expect(lyricSections('[ar:林晚]\n[00:12.00]\n[00:13.50]晚风')).toEqual([
      { tag: 'verse', label: '主歌', lines: 1 },
    ])
  })
})

describe('insertSectionTag', () => {
  it('puts the tag on a line of its own in the middle of a line', () => {
    expect(insertSectionTag('晚风吹过', 2, 2, 'chorus')).toEqual({
      value: '晚风\n[chorus]\n吹过',
      caret: 12,
    })
  })

  it('needs no extra break at the start of a line or of the text', () => {
    expect(insertSectionTag('', 0, 0, 'verse')).toEqual({ value: '[verse]\n', caret: 8 })
    expect(insertSectionTag('一\n二', 2, 2, 'bridge')).toEqual({
      value: '一\n[bridge]\n二',
      caret: 11,
    })
  })

  it('replaces a selection and clamps a cursor beyond the text', () => {
    expect(insertSectionTag('abcdef', 1, 3, 'intro').value).toBe('a\n[intro]\ndef')
    expect(insertSectionTag('ab', 9, 9, 'outro')).toEqual({ value: 'ab\n[outro]\n', caret: 11 })
  })
})
