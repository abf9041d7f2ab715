import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SpeakOptions, SpeechSource, SpokenText } from './speech'
import { decodeSpoken, setSpeechCacheDirectory, withSpeechCache } from './speechCache'

const OPTIONS: SpeakOptions = { language: 'zh', variant: 'f3', pitch: 60 }

/** Speech as a synthesiser makes it: 16-bit samples, phonemes with sample positions. */
function spokenFor(text: string): SpokenText {
  const samples = new Float32Array(400 + text.length * 10)
  for (let index = 0; index < samples.length; index++)
    samples[index] = Math.round(Math.sin(index * 0.05 + text.length) * 20000) / 32768
  return {
    sampleRate: 22050,
    samples,
    phonemes: [
      { symbol: 'n', start: 0, word: 0 },
      { symbol: 'i', start: 120, word: 0 },
    ],
    end: samples.length - 40,
  }
}

/** A synthesiser that counts what it is asked. */
function countingSource(identity: string | undefined) {
  const spoken: string[] = []
  const prefetched: string[] = []
  const source: SpeechSource = {
    identity,
    speak(text) {
      spoken.push(text)
      return spokenFor(text)
    },
    prefetch(texts) {
      prefetched.push(...texts)
    },
  }
  return { source, spoken, prefetched }
}

describe('withSpeechCache', () => {
  let directory: string

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'gy-speech-cache-test-'))
    setSpeechCacheDirectory(directory)
  })
  afterEach(() => {
    setSpeechCacheDirectory(null)
    rmSync(directory, { recursive: true, force: true })
  })

  it('speaks a syllable once; a later process reads exactly the same speech back', () => {
    const first = countingSource('synth@1')
    const cached = withSpeechCache(first.source)
    const spoken = cached.speak('ni3', OPTIONS)
    expect(first.spoken).toEqual(['ni3'])
    expect(readdirSync(directory)).toHaveLength(1)

    // Another process: a new source and cache over the same directory.
    const later = countingSource('synth@1')
    const again = withSpeechCache(later.source)
    const read = again.speak('ni3', OPTIONS)
    expect(later.spoken).toEqual([])
    expect(read.sampleRate).toBe(spoken.sampleRate)
    expect(read.end).toBe(spoken.end)
    expect(read.phonemes).toEqual(spoken.phonemes)
    expect(Buffer.from(read.samples.buffer).equals(Buffer.from(spoken.samples.buffer))).toBe(true)

    // Only what is not kept yet is sent ahead to the synthesiser.
    again.prefetch?.(['ni3', 'hao3'], OPTIONS)
    expect(later.prefetched).toEqual(['hao3'])
  })

  it('keeps apart what any setting or another synthesiser version would say differently', () => {
    const first = countingSource('synth@1')
    const cached = withSpeechCache(first.source)
    cached.speak('ma1', OPTIONS)
    cached.speak('ma1', { ...OPTIONS, pitch: 61 })
    cached.speak('ma1', { ...OPTIONS, variant: 'm3' })
    cached.speak('ma1', { ...OPTIONS, language: 'en' })
    cached.speak('ma2', OPTIONS)
    expect(first.spoken).toHaveLength(5)
    const upgraded = countingSource('synth@2')
    withSpeechCache(upgraded.source).speak('ma1', OPTIONS)
    expect(upgraded.spoken).toEqual(['ma1'])
  })

  it('speaks again, and replaces, a file that is damaged', () => {
    const first = countingSource('synth@1')
    withSpeechCache(first.source).speak('hao3', OPTIONS)
    const [name] = readdirSync(directory)
    writeFileSync(join(directory, name as string), new Uint8Array([0x47, 0x59, 0x53, 0x31, 9]))
    const later = countingSource('synth@1')
    const cached = withSpeechCache(later.source)
    expect(cached.speak('hao3', OPTIONS).samples).toHaveLength(spokenFor('hao3').samples.length)
    expect(later.spoken).toEqual(['hao3'])
    cached.speak('hao3', OPTIONS)
    expect(later.spoken).toEqual(['hao3'])
  })

  it('reads only whole files it wrote', () => {
    const first = countingSource('synth@1')
    withSpeechCache(first.source).speak('xin4', OPTIONS)
    const [name] = readdirSync(directory)
    const whole = new Uint8Array(readFileSync(join(directory, name as string)))
    expect(decodeSpoken(whole)).toBeDefined()
    expect(decodeSpoken(whole.subarray(0, whole.length - 1))).toBeUndefined()
    expect(decodeSpoken(whole.subarray(0, 20))).toBeUndefined()
    expect(decodeSpoken(new Uint8Array(64))).toBeUndefined()
    const badHeader = whole.slice()
    badHeader[9] = 0x7b // breaks the JSON header
    expect(decodeSpoken(badHeader)).toBeUndefined()
  })

  it('leaves a source without an identity as it is, and keeps nothing when told to', () => {
    const anonymous = countingSource(undefined)
    expect(withSpeechCache(anonymous.source)).toBe(anonymous.source)
    setSpeechCacheDirectory(null)
    const first = countingSource('synth@1')
    const cached = withSpeechCache(first.source)
    cached.speak('yue4', OPTIONS)
    cached.speak('yue4', OPTIONS)
    expect(first.spoken).toEqual(['yue4', 'yue4'])
    expect(readdirSync(directory)).toHaveLength(0)
  })

  it('still speaks when the directory cannot be written', () => {
    const blocker = join(directory, 'a-file')
    writeFileSync(blocker, 'not a directory')
    setSpeechCacheDirectory(join(blocker, 'speech'))
    const first = countingSource('synth@1')
    const spoken = withSpeechCache(first.source).speak('feng1', OPTIONS)
    expect(spoken.samples).toHaveLength(spokenFor('feng1').samples.length)
    expect(first.spoken).toEqual(['feng1'])
  })
})
