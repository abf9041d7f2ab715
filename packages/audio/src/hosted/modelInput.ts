/**
 * How a task's request becomes a hosted model's input, and how the model's output is read back.
 * Every model names its inputs its own way (Demucs on Replicate takes `audio`, an RVC model
 * `song_input` and `rvc_model`, MusicGen `prompt` and `duration`), so the operator writes the input
 * as a JSON template with placeholders, and this fills it in.
 */
import { AudioError } from '../errors'

/** The placeholders each task fills; a template may use any of its task's. */
export const HOSTED_PLACEHOLDERS = {
  separation: ['audio'],
  cover: ['audio', 'singer', 'semitones', 'vocalGainDb', 'accompanimentGainDb'],
  generation: [
    'prompt',
    'description',
    'title',
    'lyrics',
    'style',
    'mood',
    'tempo',
    'key',
    'durationSeconds',
    'seed',
    'instrumental',
  ],
} as const

export type HostedTask = keyof typeof HOSTED_PLACEHOLDERS

/** The input templates used when the operator gives none. */
export const DEFAULT_INPUT_TEMPLATES: Record<HostedTask, Record<string, unknown>> = {
  separation: { audio: '{{audio}}' },
  cover: { audio: '{{audio}}', singer: '{{singer}}', semitones: '{{semitones}}' },
  generation: { prompt: '{{description}}，{{prompt}}', duration: '{{durationSeconds}}' },
}

export type PlaceholderValues = Record<string, string | number | boolean>

const WHOLE = /^\{\{(\w+)\}\}$/u
const ANY = /\{\{(\w+)\}\}/gu

/** Every placeholder a template uses, wherever it is nested. */
function placeholdersOf(template: unknown, found: Set<string> = new Set()): Set<string> {
  if (typeof template === 'string') {
    for (const match of template.matchAll(ANY)) found.add(match[1] as string)
  } else if (Array.isArray(template)) {
    for (const item of template) placeholdersOf(item, found)
  } else if (typeof template === 'object' && template !== null) {
    for (const value of Object.values(template)) placeholdersOf(value, found)
  }
  return found
}

/** The placeholders of a template its task does not know (a typo in the configuration). */
export function unknownPlaceholders(task: HostedTask, template: unknown): string[] {
  const known: readonly string[] = HOSTED_PLACEHOLDERS[task]
  return [...placeholdersOf(template)].filter((name) => !known.includes(name))
}

/**
 * The template with its placeholders filled. A string that is exactly one placeholder takes the
 * value with its type (`"{{semitones}}"` becomes the number -5), so numeric inputs stay numbers;
 * a placeholder inside a longer string is written into it as text.
 */
export function fillTemplate(template: unknown, values: PlaceholderValues): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template)
    if (whole) return valueOf(whole[1] as string, values)
    return template.replace(ANY, (_, name: string) => String(valueOf(name, values)))
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values))
  if (typeof template === 'object' && template !== null) {
    return Object.fromEntries(
      Object.entries(template).map(([key, value]) => [key, fillTemplate(value, values)]),
    )
  }
  return template
}

function valueOf(name: string, values: PlaceholderValues): string | number | boolean {
  const value = values[name]
  if (value === undefined)
    throw new AudioError('invalid_option', `云端模型输入模板的占位符 {{${name}}} 无法填写`)
  return value
}

function isUrl(value: unknown): value is string {
  return typeof value === 'string' && /^(https?:|data:)/u.test(value)
}

/** The name a result file's URL gives it: `.../vocals.wav` is "vocals". */
function nameFromUrl(url: string): string {
  if (url.startsWith('data:')) return ''
  const last = new URL(url).pathname.split('/').pop() ?? ''
  return decodeURIComponent(last).replace(/\.[^.]*$/u, '')
}

/**
 * The model's output as named result files: a map of names to URLs as it is, a list of URLs named
 * by their file names, one URL as `audio`. Anything else is not a result this engine can use.
 */
export function outputFiles(output: unknown): Map<string, string> {
  const files = new Map<string, string>()
  if (isUrl(output)) files.set('audio', output)
  else if (Array.isArray(output)) {
    output.forEach((item, index) => {
      if (isUrl(item)) files.set(nameFromUrl(item) || `audio${index}`, item)
    })
  } else if (typeof output === 'object' && output !== null) {
    for (const [key, value] of Object.entries(output)) {
      if (isUrl(value)) files.set(key, value)
    }
  }
  if (files.size === 0) throw new AudioError('hosted_bad_response', '结果中没有音频文件')
  return files
}

/** One result file: the one named `name` if given, else the only (or first) one. */
export function singleOutput(output: unknown, name: string | undefined): string {
  const files = outputFiles(output)
  if (name !== undefined) {
    const named = files.get(name)
    if (named === undefined) throw new AudioError('hosted_bad_response', `结果中没有 ${name}`)
    return named
  }
  return files.values().next().value as string
}

/** Names Demucs-like models give the whole accompaniment in two-stem mode. */
const ACCOMPANIMENT_NAMES = ['accompaniment', 'no_vocals', 'instrumental', 'other_stems']

/**
 * The vocal stem and what makes the accompaniment: a stem named for it, or else every other stem
 * (drums, bass, other...), which sum to it.
 */
export function separationOutputs(
  output: unknown,
  names: { vocals?: string; accompaniment?: string },
): { vocals: string; accompaniment: string[] } {
  const files = outputFiles(output)
  const vocalName = names.vocals ?? 'vocals'
  const vocals = files.get(vocalName)
  if (vocals === undefined)
    throw new AudioError('hosted_bad_response', `结果中没有人声（${vocalName}）`)
  const accompanimentName =
    names.accompaniment ?? ACCOMPANIMENT_NAMES.find((name) => files.has(name))
  if (accompanimentName !== undefined) {
    const accompaniment = files.get(accompanimentName)
    if (accompaniment === undefined) {
      throw new AudioError('hosted_bad_response', `结果中没有伴奏（${accompanimentName}）`)
    }
    return { vocals, accompaniment: [accompaniment] }
  }
  const rest = [...files].filter(([name]) => name !== vocalName).map(([, url]) => url)
  if (rest.length === 0) throw new AudioError('hosted_bad_response', '结果中没有伴奏')
  return { vocals, accompaniment: rest }
}

/** How far a running prediction says it is, 0..1, from the last percentage in its logs. */
export function logProgress(logs: string): number | undefined {
  const matches = [...logs.matchAll(/(\d{1,3})%/gu)]
  const last = matches.at(-1)?.[1]
  if (last === undefined) return undefined
  return Math.min(100, Number(last)) / 100
}
