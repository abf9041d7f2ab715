/**
 * The AI forms' checks, made before a call so the user hears about an empty field at once, with
 * the same words the server would answer; and the field a refusal of the server belongs to. The
 * server still checks everything itself.
 */
import { ApiError, MESSAGES, type CreationBody } from '@gy/api'
import {
  AI_MESSAGES,
  AI_LYRICS_MAX,
  AI_PROMPT_MAX,
  AI_SEMITONES_MAX,
  AI_SEMITONES_MIN,
  AI_TAG_MAX,
  AI_TEMPO_MAX,
  AI_TEMPO_MIN,
  AI_TITLE_MAX,
} from '@gy/api/aiZone'
import { AI_TEXT } from '../../strings.ai'

/** The key of the advanced form; the server takes up to 12 characters. */
export const AI_KEY_MAX = 12
export const AI_SEED_MAX = 4_294_967_295

// The server's rule for free text: no control characters (line breaks and tabs allowed where
// several lines make sense) and no angle brackets.
const LINE = /^[^\p{Cc}<>]*$/u
const MULTILINE = /^(?:[^\p{Cc}<>]|[\n\r\t])*$/u

export type FieldErrors<Field extends string> = Partial<Record<Field | 'form', string>>
export type Checked<Body, Field extends string> =
  { ok: true; body: Body } | { ok: false; errors: FieldErrors<Field> }

function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some((error) => error !== undefined)
}

// ---------------------------------------------------------------------------------------------
// 灵感模式

export interface SmartForm {
  prompt: string
  instrumental: boolean
}
export type SmartField = 'prompt'

export function checkSmart(form: SmartForm): Checked<CreationBody, SmartField> {
  const prompt = form.prompt.trim()
  const error =
    prompt === ''
      ? AI_MESSAGES.aiPromptRequired
      : prompt.length > AI_PROMPT_MAX
        ? AI_MESSAGES.aiPromptTooLong
        : MULTILINE.test(prompt)
          ? undefined
          : AI_MESSAGES.aiTextInvalid
  if (error !== undefined) return { ok: false, errors: { prompt: error } }
  return { ok: true, body: { mode: 'smart', prompt, instrumental: form.instrumental } }
}

// ---------------------------------------------------------------------------------------------
// 自定义模式

export interface AdvancedForm {
  title: string
  lyrics: string
  style: string
  mood: string
  /** As typed: empty, or a whole number of beats per minute. */
  tempo: string
  key: string
  /** As typed: empty, or a whole number. */
  seed: string
  instrumental: boolean
}
export type AdvancedField = 'title' | 'lyrics' | 'style' | 'mood' | 'tempo' | 'key' | 'seed'

export const EMPTY_ADVANCED_FORM: AdvancedForm = {
  title: '',
  lyrics: '',
  style: '',
  mood: '',
  tempo: '',
  key: '',
  seed: '',
  instrumental: false,
}

/** A whole number typed in a field, or undefined when the field is empty; NaN when it is not one. */
export function wholeNumber(typed: string): number | undefined {
  const trimmed = typed.trim()
  if (trimmed === '') return undefined
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

function lineError(value: string, max: number, tooLong: string): string | undefined {
  if (value.length > max) return tooLong
  return LINE.test(value) ? undefined : AI_MESSAGES.aiTextInvalid
}

export function checkAdvanced(form: AdvancedForm): Checked<CreationBody, AdvancedField> {
  const title = form.title.trim()
  const style = form.style.trim()
  const mood = form.mood.trim()
  const key = form.key.trim()
  const tempo = wholeNumber(form.tempo)
  const seed = wholeNumber(form.seed)
  const lyricsEmpty = form.lyrics.trim() === ''

  const errors: FieldErrors<AdvancedField> = {
    title:
      title === ''
        ? AI_MESSAGES.aiTitleRequired
        : lineError(title, AI_TITLE_MAX, AI_MESSAGES.aiTitleTooLong),
    lyrics:
      lyricsEmpty && !form.instrumental
        ? AI_TEXT.advanced.lyricsRequired
        : form.lyrics.length > AI_LYRICS_MAX
          ? AI_MESSAGES.aiLyricsTooLong
          : MULTILINE.test(form.lyrics)
            ? undefined
            : AI_MESSAGES.aiTextInvalid,
    style:
      style === ''
        ? AI_MESSAGES.aiStyleRequired
        : lineError(style, AI_TAG_MAX, AI_MESSAGES.aiTagTooLong),
    mood: mood === '' ? undefined : lineError(mood, AI_TAG_MAX, AI_MESSAGES.aiTagTooLong),
    tempo:
      tempo === undefined ||
      (Number.isInteger(tempo) && tempo >= AI_TEMPO_MIN && tempo <= AI_TEMPO_MAX)
        ? undefined
        : AI_MESSAGES.aiTempoInvalid,
    key: key === '' ? undefined : lineError(key, AI_KEY_MAX, AI_MESSAGES.aiKeyInvalid),
    seed:
      seed === undefined || (Number.isInteger(seed) && seed >= 0 && seed <= AI_SEED_MAX)
        ? undefined
        : AI_MESSAGES.aiSeedInvalid,
  }
  if (hasErrors(errors)) return { ok: false, errors }
  return {
    ok: true,
    body: {
      mode: 'advanced',
      title,
      lyrics: lyricsEmpty ? '' : form.lyrics,
      style,
      ...(mood === '' ? {} : { mood }),
      ...(tempo === undefined ? {} : { tempo }),
      ...(key === '' ? {} : { key }),
      ...(seed === undefined ? {} : { seed }),
      instrumental: form.instrumental,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The server's refusals

export type CoverField = 'song' | 'singer' | 'semitones' | 'gain'
export type SeparateField = 'file'

/** Which field each of the server's refusals is about; the rest go above the submit button. */
const FIELD_OF_MESSAGE: Readonly<Record<string, AdvancedField | SmartField | CoverField | 'file'>> =
  {
    [AI_MESSAGES.aiPromptRequired]: 'prompt',
    [AI_MESSAGES.aiPromptTooLong]: 'prompt',
    [AI_MESSAGES.aiTitleRequired]: 'title',
    [AI_MESSAGES.aiTitleTooLong]: 'title',
    [AI_MESSAGES.aiLyricsTooLong]: 'lyrics',
    [AI_MESSAGES.aiStyleRequired]: 'style',
    [AI_MESSAGES.aiTempoInvalid]: 'tempo',
    [AI_MESSAGES.aiKeyInvalid]: 'key',
    [AI_MESSAGES.aiSeedInvalid]: 'seed',
    [AI_MESSAGES.aiSingerInvalid]: 'singer',
    [AI_MESSAGES.aiSingerUnknown]: 'singer',
    [AI_MESSAGES.aiSemitonesInvalid]: 'semitones',
    [AI_MESSAGES.aiGainInvalid]: 'gain',
    [AI_MESSAGES.aiSourceRequired]: 'song',
    [MESSAGES.goodsIdInvalid]: 'song',
    [MESSAGES.fileIdInvalid]: 'file',
  }

/**
 * The field of `fields` a refusal belongs to, or 'form' when it names none of them (a file
 * refused on the cover page belongs to its song field: pass `{ file: 'song' }` as `aliases`).
 */
export function fieldOfMessage<Field extends string>(
  message: string,
  fields: readonly Field[],
  aliases: Partial<Record<string, Field>> = {},
): Field | 'form' {
  const named = FIELD_OF_MESSAGE[message]
  if (named === undefined) return 'form'
  const field = aliases[named] ?? named
  return (fields as readonly string[]).includes(field) ? (field as Field) : 'form'
}

/** Whether a call was refused for too few points (409 积分不足，请先充值): offer a top-up. */
export function isPointsShortage(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.message === AI_MESSAGES.aiPointsInsufficient ||
      (error.code === '409' && error.message.includes('积分')))
  )
}

/** Whether the error is the server's answer about the input (shown next to the field). */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'business'
}

/** Whether a session answer (401/402/403) took care of the error: the 系统提示 dialog shows it. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'session'
}

/** A transposition in range, from a slider or an address. */
export function clampSemitones(value: number): number {
  if (!Number.isFinite(value)) return 0
  return Math.min(AI_SEMITONES_MAX, Math.max(AI_SEMITONES_MIN, Math.round(value)))
}
