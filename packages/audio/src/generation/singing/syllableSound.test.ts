import { describe, expect, it } from 'vitest'
import type { SpokenPhoneme } from './speech'
import { isVowelSymbol, partPhonemes } from './syllableSound'

const phonemes = (symbols: string): SpokenPhoneme[] =>
  symbols.split(' ').map((symbol, index) => ({ symbol, start: index * 100, word: 0 }))

describe('partPhonemes', () => {
  it('tells vowels from consonants in eSpeak symbols', () => {
    expect(['ˈuə', 'ˈi.', 'əl', 'ˈyɛ', 'aɪ'].every(isVowelSymbol)).toBe(true)
    expect(['ts.h', 'ʐ', 'n', 'ɕ', 'j', 'b'].some(isVowelSymbol)).toBe(false)
  })

  it('shares a word out by syllable, a lone consonant between vowels starting the next one', () => {
    // "beautiful": b j uː ɾ i f əl
    const word = phonemes('b j ˈuː ɾ i f əl')
    expect(partPhonemes(word, 0, 3)).toEqual({ first: 0, last: 2, hold: false })
    expect(partPhonemes(word, 1, 3)).toEqual({ first: 3, last: 4, hold: false })
    expect(partPhonemes(word, 2, 3)).toEqual({ first: 5, last: 6, hold: false })
  })

  it('splits a consonant cluster between two syllables', () => {
    // "window": w ɪ n d oʊ
    const word = phonemes('w ˈɪ n d oʊ')
    expect(partPhonemes(word, 0, 2)).toEqual({ first: 0, last: 2, hold: false })
    expect(partPhonemes(word, 1, 2)).toEqual({ first: 3, last: 4, hold: false })
  })

  it('holds the last vowel on notes the word has no more syllables for', () => {
    const word = phonemes('n ˈaɪ t')
    expect(partPhonemes(word, 1, 2)).toEqual({ first: 0, last: 2, hold: true })
  })
})
