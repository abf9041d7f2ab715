import { describe, expect, it } from 'vitest'
import { createEspeakSpeech, readPhonemes } from './espeak'
import { speechSource, useSpeechSource, warmUpSpeech, type SpeechSource } from './speech'

describe('eSpeak NG as the speech source', () => {
  it('reads its events into phonemes with sample positions, words and the end of speech', () => {
    const { phonemes, end } = readPhonemes(
      [
        { type: 'word', id: '1', at: 0 },
        { type: 'phoneme', id: 'ts.h', at: 10 },
        { type: 'phoneme', id: 'ˈuə', at: 150 },
        { type: 'phoneme', id: 'n', at: 300 },
        { type: 'phoneme', id: '', at: 400 },
        { type: 'end', id: '', at: 410 },
      ],
      1000,
      500,
    )
    expect(phonemes).toEqual([
      { symbol: 'ts.h', start: 10, word: 0 },
      { symbol: 'ˈuə', start: 150, word: 0 },
      { symbol: 'n', start: 300, word: 0 },
    ])
    expect(end).toBe(400)
  })

  it('speaks pinyin with the Mandarin pinyin voice (not letter names) and English words', () => {
    const speech = createEspeakSpeech()
    const chinese = speech.speak('gu4 xiang1', { language: 'zh', variant: '', pitch: 50 })
    expect(chinese.phonemes.map((phoneme) => phoneme.symbol).join(' ')).toMatch(/^k.*u.*ɕ.*ɑ.*ŋ$/u)
    expect(new Set(chinese.phonemes.map((phoneme) => phoneme.word))).toEqual(new Set([0, 1]))
    const english = speech.speak('river', { language: 'en', variant: 'm3', pitch: 40 })
    expect(english.phonemes[0]?.symbol).toMatch(/^[ɹr]/u)
  })

  it('answers prefetched texts, in any order, from its thread', () => {
    const speech = createEspeakSpeech()
    const options = { language: 'zh', variant: 'f2', pitch: 70 } as const
    speech.prefetch?.(['shan1', 'shui3', 'hua1'], options)
    const hua = speech.speak('hua1', options)
    const shan = speech.speak('shan1', options)
    expect(hua.phonemes[0]?.symbol).toMatch(/^[xχ]/u)
    expect(shan.phonemes[0]?.symbol).toMatch(/^s/u)
  })

  it('returns silence, not an error, for text with nothing to say', () => {
    const spoken = createEspeakSpeech().speak('，', { language: 'zh', variant: '', pitch: 50 })
    expect(spoken.phonemes).toEqual([])
  })

  it('can be replaced by another speech source, which the warm-up starts too', () => {
    const original = speechSource()
    const prefetched: string[] = []
    const stand: SpeechSource = {
      speak: () => ({
        sampleRate: 16000,
        samples: new Float32Array(1600),
        phonemes: [],
        end: 1600,
      }),
      prefetch: (texts) => prefetched.push(...texts),
    }
    useSpeechSource(stand)
    try {
      expect(speechSource()).toBe(stand)
      warmUpSpeech()
      expect(prefetched.length).toBeGreaterThan(0)
    } finally {
      useSpeechSource(original)
    }
  })
})
