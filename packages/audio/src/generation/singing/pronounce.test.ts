import { describe, expect, it } from 'vitest'
import { splitSyllables } from '../lyrics'
import { espeakPinyin, pronounceSyllables } from './pronounce'

const spoken = (line: string) => pronounceSyllables(splitSyllables(line)).map((s) => s.spoken)

describe('pronounceSyllables', () => {
  it('reads each character as pinyin with its tone, in the context of the line', () => {
    expect(spoken('月下思念故乡的诗人')).toEqual([
      'yue4',
      'xia4',
      'si1',
      'nian4',
      'gu4',
      'xiang1',
      'de5',
      'shi1',
      'ren2',
    ])
    // Polyphonic characters take the reading their words call for.
    expect(spoken('我长大了')).toEqual(['wo3', 'zhang3', 'da4', 'le5'])
    expect(spoken('路很长')).toEqual(['lu4', 'hen3', 'chang2'])
    expect(spoken('还行')).toEqual(['hai2', 'xing2'])
    expect(spoken('银行')).toEqual(['yin2', 'hang2'])
  })

  it('writes ü as v and the neutral tone as 5, as eSpeak reads pinyin', () => {
    expect(spoken('女孩')).toEqual(['nv3', 'hai2'])
    expect(espeakPinyin('lü4')).toBe('lv4')
    expect(espeakPinyin('de0')).toBe('de5')
    expect(espeakPinyin('，')).toBeUndefined()
  })

  it('keeps English words English, one note per syllable', () => {
    const sung = pronounceSyllables(splitSyllables('月光 beautiful night'))
    expect(sung.map((s) => [s.text, s.language, s.spoken, s.part, s.parts])).toEqual([
      ['月', 'zh', 'yue4', 0, 1],
      ['光', 'zh', 'guang1', 0, 1],
      ['beautiful', 'en', 'beautiful', 0, 3],
      ['', 'en', 'beautiful', 1, 3],
      ['', 'en', 'beautiful', 2, 3],
      ['night', 'en', 'night', 0, 1],
    ])
  })

  it('reads digits in a Chinese line in Chinese, and in an English line in English', () => {
    expect(spoken('2024年')).toEqual(['er4', 'ling2', 'er4', 'si4', 'nian2'])
    expect(spoken('route 66')[1]).toBe('66')
  })

  it('hums kana and hangul, which have no pinyin', () => {
    expect(spoken('あ')).toEqual(['a5'])
  })
})
