import { ApiError, MESSAGES } from '@gy/api'
import { AI_MESSAGES } from '@gy/api/aiZone'
import { describe, expect, it } from 'vitest'
import {
  type AdvancedForm,
  checkAdvanced,
  checkSmart,
  clampSemitones,
  EMPTY_ADVANCED_FORM,
  fieldOfMessage,
  isPointsShortage,
  wholeNumber,
} from './forms'

const filled: AdvancedForm = {
  ...EMPTY_ADVANCED_FORM,
  title: ' 晴天 ',
  lyrics: '[verse]\n第一句',
  style: '民谣',
}

describe('checkSmart', () => {
  it('sends the trimmed prompt and the switch', () => {
    expect(checkSmart({ prompt: '  雨天的爵士 ', instrumental: true })).toEqual({
      ok: true,
      body: { mode: 'smart', prompt: '雨天的爵士', instrumental: true },
    })
  })

  it("refuses what the server would, in the server's words", () => {
    expect(checkSmart({ prompt: ' \n ', instrumental: false })).toEqual({
      ok: false,
      errors: { prompt: AI_MESSAGES.aiPromptRequired },
    })
    expect(checkSmart({ prompt: '歌'.repeat(501), instrumental: false })).toEqual({
      ok: false,
      errors: { prompt: AI_MESSAGES.aiPromptTooLong },
    })
    expect(checkSmart({ prompt: '<b>歌</b>', instrumental: false })).toEqual({
      ok: false,
      errors: { prompt: AI_MESSAGES.aiTextInvalid },
    })
    expect(checkSmart({ prompt: '第一行\n第二行', instrumental: false }).ok).toBe(true)
  })
})

describe('checkAdvanced', () => {
  it('sends only the optional fields that were filled', () => {
    expect(checkAdvanced(filled)).toEqual({
      ok: true,
      body: {
        mode: 'advanced',
        title: '晴天',
        lyrics: '[verse]\n第一句',
        style: '民谣',
        instrumental: false,
      },
    })
    const all = checkAdvanced({ ...filled, mood: '温暖', tempo: '96', key: ' 降E大调 ', seed: '0' })
    expect(all).toMatchObject({
      ok: true,
      body: { mood: '温暖', tempo: 96, key: '降E大调', seed: 0 },
    })
  })

  it('wants lyrics unless the song is instrumental', () => {
    const empty = { ...filled, lyrics: '  ' }
    expect(checkAdvanced(empty)).toMatchObject({
      ok: false,
      errors: { lyrics: '请填写歌词，或选择纯音乐' },
    })
    expect(checkAdvanced({ ...empty, instrumental: true })).toMatchObject({
      ok: true,
      body: { lyrics: '', instrumental: true },
    })
  })

  it('puts every refusal next to its field at once', () => {
    const checked = checkAdvanced({
      ...EMPTY_ADVANCED_FORM,
      lyrics: 'x',
      mood: '很'.repeat(21),
      tempo: '200',
      key: 'C'.repeat(13),
      seed: '4294967296',
    })
    expect(checked).toEqual({
      ok: false,
      errors: {
        title: AI_MESSAGES.aiTitleRequired,
        lyrics: undefined,
        style: AI_MESSAGES.aiStyleRequired,
        mood: AI_MESSAGES.aiTagTooLong,
        tempo: AI_MESSAGES.aiTempoInvalid,
        key: AI_MESSAGES.aiKeyInvalid,
        seed: AI_MESSAGES.aiSeedInvalid,
      },
    })
    expect(checkAdvanced({ ...filled, tempo: '59' })).toMatchObject({
      errors: { tempo: AI_MESSAGES.aiTempoInvalid },
    })
    expect(checkAdvanced({ ...filled, tempo: '60' }).ok).toBe(true)
    expect(checkAdvanced({ ...filled, tempo: '180' }).ok).toBe(true)
  })

  it('reads whole numbers and nothing else', () => {
    expect(wholeNumber('')).toBeUndefined()
    expect(wholeNumber(' 42 ')).toBe(42)
    expect(wholeNumber('4.5')).toBeNaN()
    expect(wholeNumber('1e3')).toBeNaN()
  })
})

describe("the server's refusals", () => {
  it('go to the field they name, or to the form', () => {
    const fields = ['title', 'style', 'tempo'] as const
    expect(fieldOfMessage(AI_MESSAGES.aiTitleTooLong, fields)).toBe('title')
    expect(fieldOfMessage(AI_MESSAGES.aiTempoInvalid, fields)).toBe('tempo')
    expect(fieldOfMessage(AI_MESSAGES.aiSingerUnknown, fields)).toBe('form')
    expect(fieldOfMessage('服务器异常，请稍后重试', fields)).toBe('form')
    expect(fieldOfMessage(MESSAGES.fileIdInvalid, ['song'] as const, { file: 'song' })).toBe('song')
  })

  it('know a shortage of points by its 409 and message', () => {
    expect(
      isPointsShortage(new ApiError('business', '409', AI_MESSAGES.aiPointsInsufficient, 409)),
    ).toBe(true)
    expect(
      isPointsShortage(new ApiError('business', '409', AI_MESSAGES.aiAlreadyUpvoted, 409)),
    ).toBe(false)
    expect(isPointsShortage(new Error(AI_MESSAGES.aiPointsInsufficient))).toBe(false)
  })

  it('keep a transposition within −12 to +12 whole semitones', () => {
    expect([-20, -12, 0.4, 7.6, 12, 99, Number.NaN].map(clampSemitones)).toEqual([
      -12, -12, 0, 8, 12, 12, 0,
    ])
  })
})
