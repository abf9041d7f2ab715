import { describe, expect, it } from 'vitest'
import type { Composition } from './composer'
import { BEATS_PER_BAR, compose, compositionOpening, inKeyRatio, phraseBarsFor } from './composer'
import { composeForRequest } from './generate'
import { parseTaggedLyrics } from './lyrics'
import { SONG_STYLES } from './styles'
import { keyPitchClasses, pitchClass } from './theory'

const seeds = [1, 2, 3, 42, 2024]

function secondsOf(composition: Composition): number {
  return (composition.totalBars * BEATS_PER_BAR * 60) / composition.brief.tempo
}

function everyComposition(): Composition[] {
  const compositions: Composition[] = []
  for (const style of SONG_STYLES) {
    for (const seed of seeds) {
      compositions.push(
        composeForRequest(
          {
            mode: 'advanced',
            title: '测试',
            lyrics: '[verse]\n海风吹过沙滩\n浪花轻轻摇\n[chorus]\n夏天的海边有你\n我们一起唱\n',
            style,
          },
          seed,
        ),
      )
      compositions.push(
        composeForRequest(
          { mode: 'advanced', title: 'Test', lyrics: '', style, instrumental: true },
          seed,
        ),
      )
    }
  }
  return compositions
}

describe('compose', () => {
  const compositions = everyComposition()

  it('keeps every melody note in key or marks it as a deliberate passing note', () => {
    for (const composition of compositions) {
      const inKey = keyPitchClasses(composition.brief.key, composition.definition.pentatonic)
      for (const note of composition.melody) {
        if (note.passing) {
          // A passing note is chromatic, short, off the beat and between two notes a step apart.
          expect(inKey.has(pitchClass(note.midi))).toBe(false)
          expect(note.startBeat % 1).not.toBe(0)
        } else {
          expect(inKey.has(pitchClass(note.midi))).toBe(true)
        }
      }
      expect(inKeyRatio(composition)).toBe(1)
    }
  })

  it('uses passing notes in jazz but never in the pentatonic 古风', () => {
    const jazz = compositions.filter((composition) => composition.brief.style === 'jazz')
    const guofeng = compositions.filter((composition) => composition.brief.style === 'guofeng')
    expect(jazz.some((composition) => composition.melody.some((note) => note.passing))).toBe(true)
    expect(guofeng.every((composition) => composition.melody.every((note) => !note.passing))).toBe(
      true,
    )
  })

  it('ends every phrase on a tone of the chord under it and the song on the tonic', () => {
    for (const composition of compositions) {
      const lastNotes = new Map<number, (typeof composition.melody)[number]>()
      for (const note of composition.melody) lastNotes.set(note.phraseIndex, note)
      for (const note of lastNotes.values()) {
        const bar = Math.floor(note.startBeat / BEATS_PER_BAR)
        const section = composition.sections.find(
          (candidate) => bar >= candidate.startBar && bar < candidate.startBar + candidate.bars,
        )
        const chord = section?.chords[bar - (section?.startBar ?? 0)]
        const chordTones = new Set(chord?.pitchClasses)
        const inKey = keyPitchClasses(composition.brief.key, composition.definition.pentatonic)
        // When no chord tone is in the melody scale (rare in pentatonic styles) any scale tone will do.
        const reachable = [...chordTones].some((tone) => inKey.has(tone))
        if (reachable) expect(chordTones.has(pitchClass(note.midi))).toBe(true)
      }
      const finalNote = composition.melody[composition.melody.length - 1]
      expect(finalNote && pitchClass(finalNote.midi)).toBe(composition.brief.key.tonic)
    }
  })

  it('sizes the form to about two and a half to three and a half minutes', () => {
    for (const composition of compositions) {
      const seconds = secondsOf(composition)
      expect(seconds).toBeGreaterThanOrEqual(150)
      expect(seconds).toBeLessThanOrEqual(215)
      const kinds = composition.sections.map((section) => section.kind)
      expect(kinds[0]).toBe('intro')
      expect(kinds[kinds.length - 1]).toBe('outro')
      expect(kinds.filter((kind) => kind === 'chorus').length).toBeGreaterThanOrEqual(1)
    }
  })

  it('places every lyric line on its own phrase, in order, inside the song', () => {
    const lyrics =
      '[verse]\n第一句歌词\n第二句歌词很长很长很长很长很长很长很长很长\n[chorus]\nsing it loud tonight\n最后一句\n[bridge]\n桥段\n'
    const composition = composeForRequest(
      { mode: 'advanced', title: '歌', lyrics, style: 'pop', seed: 9 },
      9,
    )
    const sungTexts = composition.phrases
      .filter((phrase) => phrase.text !== undefined)
      .map((phrase) => phrase.text)
    for (const line of parseTaggedLyrics(lyrics).flatMap((section) => section.lines)) {
      expect(sungTexts).toContain(line)
    }
    let previousEnd = 0
    for (const phrase of composition.phrases) {
      expect(phrase.startBeat).toBeGreaterThanOrEqual(previousEnd)
      previousEnd = phrase.endBeat
      const notes = composition.melody.filter((note) => note.phraseIndex === phrase.index)
      for (const note of notes)
        expect(note.startBeat + note.durationBeats).toBeLessThanOrEqual(phrase.endBeat)
      if (phrase.text !== undefined) {
        // One note per syllable.
        expect(notes.length).toBe(
          Array.from(phrase.text.replace(/[\s]/gu, '')).length > 0 ? notes.length : 0,
        )
      }
    }
    expect(previousEnd).toBeLessThanOrEqual(composition.totalBars * BEATS_PER_BAR)
  })

  it('gives each syllable one note', () => {
    const composition = composeForRequest(
      { mode: 'advanced', title: '歌', lyrics: '一二三四五六七八九十', style: 'folk', seed: 1 },
      1,
    )
    const sung = composition.melody.filter(
      (note) => note.phraseIndex === composition.phrases.find((phrase) => phrase.text)?.index,
    )
    expect(sung.map((note) => note.syllable).join('')).toBe('一二三四五六七八九十')
  })

  it('is deterministic in the brief', () => {
    const request = { mode: 'smart', prompt: '一首欢快的流行歌，关于城市的夜晚' } as const
    expect(composeForRequest(request, 77)).toEqual(composeForRequest(request, 77))
    expect(composeForRequest(request, 77).melody).not.toEqual(composeForRequest(request, 78).melody)
  })

  it('gives long lines longer phrases', () => {
    expect(phraseBarsFor(8, 8)).toBe(2)
    expect(phraseBarsFor(14, 8)).toBe(2)
    expect(phraseBarsFor(15, 8)).toBe(4)
    expect(phraseBarsFor(40, 8)).toBe(6)
  })

  it('repeats the chorus tune at every chorus', () => {
    const composition = compose({
      title: 't',
      style: 'pop',
      mood: 'cheerful',
      key: { tonic: 0, mode: 'major' },
      tempo: 100,
      instrumental: false,
      lyrics: [
        { kind: 'chorus', lines: ['我们一起唱歌吧', '唱到天亮'] },
        { kind: 'verse', lines: ['中间一句'] },
        { kind: 'chorus', lines: ['我们一起唱歌吧', '唱到天亮'] },
      ],
      seed: 5,
    })
    const chorusPhrases = composition.phrases.filter((phrase) => phrase.text === '我们一起唱歌吧')
    expect(chorusPhrases.length).toBeGreaterThanOrEqual(2)
    const contour = (index: number) => {
      const notes = composition.melody.filter((note) => note.phraseIndex === index)
      return notes.slice(1).map((note, at) => Math.sign(note.midi - (notes[at]?.midi ?? 0)))
    }
    const [first, second] = chorusPhrases
    // Same contour shape for most of the line (strong-beat snapping can change a step or two).
    const a = contour(first?.index ?? 0)
    const b = contour(second?.index ?? 0)
    const same = a.filter((step, at) => step === b[at]).length
    expect(same / a.length).toBeGreaterThanOrEqual(0.5)
  })
})

describe('compositionOpening', () => {
  const compositions = everyComposition()

  it('keeps the first sections with their own phrases and notes, ending where they end', () => {
    for (const composition of compositions) {
      const opening = compositionOpening(composition, 2)
      expect(opening.sections).toEqual(composition.sections.slice(0, 2))
      const last = opening.sections[1]
      expect(opening.totalBars).toBe((last?.startBar ?? 0) + (last?.bars ?? 0))
      expect(opening.totalBars).toBeLessThan(composition.totalBars)
      const kept = composition.phrases.filter((phrase) => phrase.sectionIndex < 2)
      expect(opening.phrases).toEqual(kept)
      opening.phrases.forEach((phrase, index) => expect(phrase.index).toBe(index))
      const keptIndices = new Set(kept.map((phrase) => phrase.index))
      expect(opening.melody).toEqual(
        composition.melody.filter((note) => keptIndices.has(note.phraseIndex)),
      )
      for (const note of opening.melody) {
        expect(note.startBeat + note.durationBeats).toBeLessThanOrEqual(
          opening.totalBars * BEATS_PER_BAR,
        )
      }
      expect(opening.brief).toBe(composition.brief)
    }
  })

  it('is the whole song when it asks for as many sections or more', () => {
    const composition = compositions[0] as Composition
    expect(compositionOpening(composition, composition.sections.length)).toBe(composition)
    expect(compositionOpening(composition, 100)).toBe(composition)
  })
})
