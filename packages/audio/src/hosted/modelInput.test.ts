import { describe, expect, it } from 'vitest'
import { AudioError } from '../errors'
import {
  fillTemplate,
  logProgress,
  outputFiles,
  separationOutputs,
  singleOutput,
  unknownPlaceholders,
} from './modelInput'

describe('fillTemplate', () => {
  it('keeps the type of a whole placeholder and writes a placeholder inside text as text', () => {
    const filled = fillTemplate(
      {
        audio: '{{audio}}',
        pitch: '{{semitones}}',
        label: '升 {{semitones}} 度',
        nested: ['{{singer}}'],
      },
      { audio: 'data:audio/wav;base64,AA==', semitones: -5, singer: 'warm-male' },
    )
    expect(filled).toEqual({
      audio: 'data:audio/wav;base64,AA==',
      pitch: -5,
      label: '升 -5 度',
      nested: ['warm-male'],
    })
  })

  it('refuses a placeholder it has no value for', () => {
    expect(() => fillTemplate({ a: '{{lyrics}}' }, {})).toThrow(AudioError)
  })

  it('names the placeholders a task cannot fill', () => {
    expect(unknownPlaceholders('separation', { a: '{{audio}}', b: ['{{singer}} {{x}}'] })).toEqual([
      'singer',
      'x',
    ])
    expect(unknownPlaceholders('cover', { a: '{{audio}}', b: '{{singer}}' })).toEqual([])
  })
})

describe('reading outputs', () => {
  it('names a list of URLs by their file names and one URL as audio', () => {
    expect([
      ...outputFiles(['https://x/a/vocals.wav', 'https://x/a/no_vocals.wav']).keys(),
    ]).toEqual(['vocals', 'no_vocals'])
    expect(singleOutput('https://x/out.mp3', undefined)).toBe('https://x/out.mp3')
  })

  it('refuses an output with no file in it', () => {
    for (const output of [null, 42, 'not a url', { text: 'hello' }, []]) {
      expect(() => outputFiles(output)).toThrow(/云端模型返回了无法识别的结果/)
    }
  })

  it('takes a named accompaniment, or sums every stem but the vocals', () => {
    const twoStems = { vocals: 'https://x/v.wav', no_vocals: 'https://x/n.wav' }
    expect(separationOutputs(twoStems, {})).toEqual({
      vocals: 'https://x/v.wav',
      accompaniment: ['https://x/n.wav'],
    })
    const fourStems = {
      drums: 'https://x/d.wav',
      bass: 'https://x/b.wav',
      vocals: 'https://x/v.wav',
      other: 'https://x/o.wav',
    }
    expect(separationOutputs(fourStems, {}).accompaniment).toEqual([
      'https://x/d.wav',
      'https://x/b.wav',
      'https://x/o.wav',
    ])
    expect(() => separationOutputs(fourStems, { vocals: 'voice' })).toThrow(AudioError)
    expect(() => separationOutputs({ vocals: 'https://x/v.wav' }, {})).toThrow(AudioError)
  })
})

describe('logProgress', () => {
  it('reads the last percentage a progress bar printed', () => {
    expect(logProgress('loading\n 12%|##\n 57%|#####')).toBeCloseTo(0.57)
    expect(logProgress('loading model')).toBeUndefined()
  })
})
