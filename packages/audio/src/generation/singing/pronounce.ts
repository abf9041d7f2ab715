/**
 * What each sung unit of a lyric line sounds like: Chinese characters become pinyin with tone
 * numbers, read with the whole line as context so polyphonic characters get the reading the words
 * around them call for (长大 zhang3, 很长 chang2); English words stay English and are sung one
 * syllable per note.
 */
import { pinyin } from 'pinyin-pro'
import type { Composition, MelodyNote } from '../composer'
import { splitSyllables } from '../lyrics'
import type { SpeechLanguage } from './speech'

export interface SungSyllable {
  /** The character or word as written ('' on the later notes of a word sung over several). */
  text: string
  language: SpeechLanguage
  /** What the speech synthesiser says: pinyin with its tone ('yue4'), or the English word. */
  spoken: string
  /** A word sung over several notes: which of its syllables this note sings, from 0, of `parts`. */
  part: number
  parts: number
}

const HAN = /\p{Script=Han}/u
const DIGITS = ['ling2', 'yi1', 'er4', 'san1', 'si4', 'wu3', 'liu4', 'qi1', 'ba1', 'jiu3']
const OTHER_CJK = /[\u3040-\u30ff\uac00-\ud7af]/u
/** Pinyin as pinyin-pro writes it with `v: true`: letters and a tone number (0 for neutral). */
const READING = /^([a-z]+)([0-5])$/u

/**
 * Pinyin as eSpeak's `cmn-latn-pinyin` voice reads it: ü written v (nv3, lve4), the neutral tone
 * 5 (it reads a trailing 0 as a number). Undefined when the text is not a reading at all.
 */
export function espeakPinyin(reading: string): string | undefined {
  const match = READING.exec(reading.toLowerCase().replace(/ü/gu, 'v'))
  if (!match) return undefined
  const tone = match[2] === '0' ? '5' : match[2]
  return `${match[1] ?? ''}${tone ?? '5'}`
}

/**
 * The sounds of one line's syllables, as `splitSyllables` cut them: one CJK character or one
 * English word followed by '' for each further syllable of that word. A kana or hangul character
 * (no pinyin) is hummed on "a"; an empty unit that follows nothing holds a hum too.
 */
export function pronounceSyllables(syllables: readonly string[]): SungSyllable[] {
  // One character per unit, so pinyin-pro's array lines up with the units; other units become a
  // comma, which also stops the context at an English word as a pause would.
  const hanText = syllables.map((unit) => (HAN.test(unit) && unit.length <= 2 ? unit : '，'))
  const readings = pinyin(hanText.join(''), { toneType: 'num', type: 'array', v: true })
  const sung: SungSyllable[] = []
  const chinese = syllables.some((unit) => HAN.test(unit))
  let index = 0
  while (index < syllables.length) {
    const unit = syllables[index] ?? ''
    if (HAN.test(unit) || OTHER_CJK.test(unit)) {
      const spoken = espeakPinyin(readings[index] ?? '') ?? 'a5'
      sung.push({ text: unit, language: 'zh', spoken, part: 0, parts: 1 })
      index++
      continue
    }
    const word = unit.replace(/[^\p{L}\p{N}'’]/gu, '')
    let parts = 1
    while (syllables[index + parts] === '') parts++
    if (chinese && /^\d+$/u.test(word)) {
      // Digits in a Chinese line are read in Chinese, one digit a note (2024: er4 ling2 er4 si4).
      for (let part = 0; part < parts; part++) {
        const digit = Number(word[part] ?? word.at(-1) ?? '0')
        sung.push({
          text: part === 0 ? unit : '',
          language: 'zh',
          spoken: DIGITS[digit] ?? 'ling2',
          part: 0,
          parts: 1,
        })
      }
      index += parts
      continue
    }
    const spoken = /\p{L}/u.test(word) ? word.replace(/’/gu, "'") : word === '' ? '' : word
    for (let part = 0; part < parts; part++) {
      sung.push({
        text: part === 0 ? unit : '',
        language: 'en',
        spoken: spoken === '' ? 'ah' : spoken,
        part,
        parts,
      })
    }
    index += parts
  }
  return sung
}

/** What each sung melody note sings: its phrase's syllables, read together (pinyin in context). */
export function melodySyllables(composition: Composition): Map<MelodyNote, SungSyllable> {
  const byPhrase = composition.phrases.map((phrase) =>
    phrase.carrier === 'voice' ? pronounceSyllables(splitSyllables(phrase.text ?? '')) : [],
  )
  const sung = new Map<MelodyNote, SungSyllable>()
  const position = composition.phrases.map(() => 0)
  for (const note of composition.melody) {
    const index = position[note.phraseIndex] ?? 0
    position[note.phraseIndex] = index + 1
    const syllable = byPhrase[note.phraseIndex]?.[index]
    if (syllable) sung.set(note, syllable)
  }
  return sung
}
