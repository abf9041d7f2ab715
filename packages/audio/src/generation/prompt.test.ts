import { describe, expect, it } from 'vitest'
import { readPrompt, writeLyrics } from './prompt'
import { createRandom } from './random'
import { countSyllables } from './lyrics'

describe('readPrompt', () => {
  it('reads a Chinese description', () => {
    const reading = readPrompt('一首温柔的民谣，关于夏天的海边')
    expect(reading.style).toBe('folk')
    expect(reading.mood).toBe('gentle')
    expect(reading.themes).toEqual(['summer', 'sea'])
    expect(reading.title).toBe('夏天的海边')
    expect(reading.english).toBe(false)
    expect(reading.instrumental).toBe(false)
  })

  it('reads an English description', () => {
    const reading = readPrompt('An upbeat electronic track about city lights at night, 124 bpm')
    expect(reading.style).toBe('electronic')
    expect(reading.mood).toBe('cheerful')
    expect(reading.tempo).toBe(124)
    expect(reading.themes).toContain('city')
    expect(reading.themes).toContain('night')
    expect(reading.title).toBe('City Lights At Night')
    expect(reading.english).toBe(true)
  })

  it('reads titles in book-title marks and instrumental requests', () => {
    const reading = readPrompt('写一首古风纯音乐《江南烟雨》，节奏慢一点')
    expect(reading.style).toBe('guofeng')
    expect(reading.title).toBe('江南烟雨')
    expect(reading.instrumental).toBe(true)
    expect(reading.themes).toContain('rain')
  })

  it('does not match English keywords inside other words', () => {
    expect(readPrompt('a poppy seed field').style).toBeUndefined()
    expect(readPrompt('rapid river').style).toBeUndefined()
  })

  it('leaves unnamed choices open', () => {
    const reading = readPrompt('随便来一首')
    expect(reading.style).toBeUndefined()
    expect(reading.mood).toBeUndefined()
    expect(reading.tempo).toBeUndefined()
    expect(reading.title).toBeUndefined()
  })
})

describe('writeLyrics', () => {
  it('writes verses, a repeated chorus and a bridge from the theme words', () => {
    const sections = writeLyrics(createRandom(3), ['sea'], false)
    expect(sections.map((section) => section.kind)).toEqual([
      'verse',
      'chorus',
      'verse',
      'chorus',
      'bridge',
      'chorus',
    ])
    expect(sections[1]?.lines).toEqual(sections[3]?.lines)
    const allLines = sections.flatMap((section) => section.lines)
    for (const line of allLines) expect(countSyllables(line)).toBeLessThanOrEqual(12)
    // Verses do not repeat a line.
    const verses = [...(sections[0]?.lines ?? []), ...(sections[2]?.lines ?? [])]
    expect(new Set(verses).size).toBe(verses.length)
  })

  it('writes English lyrics for English prompts', () => {
    const sections = writeLyrics(createRandom(3), ['night'], true)
    expect(sections[0]?.lines.every((line) => /^[A-Za-z ,']+$/u.test(line))).toBe(true)
  })
})
