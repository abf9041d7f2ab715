import type { AiJob } from '@gy/api'
import { AI_TEXT } from '../../strings.ai'

const TEXT = AI_TEXT.summary
/** A prompt longer than this is cut in a summary line (the whole prompt is in the job). */
export const SUMMARY_PROMPT_MAX = 80

type Input = Readonly<Record<string, unknown>>

function text(input: Input, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = input[key]
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return undefined
}

function integer(input: Input, key: string): number | undefined {
  const value = input[key]
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined
}

function cut(value: string, max: number): string {
  const characters = [...value]
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : value
}

/** Whether the job's title already says `value` (the server titles a job by its prompt or title). */
function titleSays(title: string | undefined, value: string): boolean {
  if (title === undefined) return false
  const shown = title.replace(/…$/, '').trim()
  return shown !== '' && value.replace(/\s+/g, ' ').trim().startsWith(shown)
}

/**
 * The lines that say what a job was asked to do, from the inputs the server echoes back
 * (`job.input`, the body as it was submitted, plus the names the server knows): for a song the
 * mode and its prompt or its title, style and settings; for a cover the singer, the transposition,
 * the volumes and the song; for a separation the song. What the job's title already says is not
 * repeated. `singerNames` maps singer ids to names, for a server that echoes only the id. Unknown
 * or missing inputs are left out, never guessed.
 */
export function summariseInput(
  job: Pick<AiJob, 'kind' | 'input'> & { title?: string },
  singerNames: ReadonlyMap<string, string> = new Map(),
): string[] {
  const input: Input = job.input
  const lines: string[] = []
  const sourceName = text(input, 'sourceName', 'fileName', 'workTitle', 'originalName', 'name')
  if (job.kind === 'generate') {
    const prompt = text(input, 'prompt')
    const mode = text(input, 'mode') ?? (prompt === undefined ? 'advanced' : 'smart')
    if (mode === 'smart') {
      lines.push(TEXT.smart)
      if (prompt !== undefined && !titleSays(job.title, prompt)) {
        lines.push(TEXT.prompt(cut(prompt, SUMMARY_PROMPT_MAX)))
      }
    } else {
      lines.push(TEXT.advanced)
      const title = text(input, 'title')
      if (title !== undefined && !titleSays(job.title, title)) lines.push(TEXT.title(title))
      const style = text(input, 'style')
      if (style !== undefined) lines.push(TEXT.style(style, text(input, 'mood')))
      const tempo = integer(input, 'tempo')
      const key = text(input, 'key')
      const seed = integer(input, 'seed')
      const settings = [
        tempo === undefined ? null : TEXT.tempo(tempo),
        key === undefined ? null : TEXT.key(key),
        seed === undefined ? null : TEXT.seed(seed),
      ].filter((line): line is string => line !== null)
      if (settings.length > 0) lines.push(settings.join(' · '))
    }
    if (input.instrumental === true) lines.push(TEXT.instrumental)
    return lines
  }
  if (job.kind === 'cover') {
    const singerId = text(input, 'singerId')
    const singer =
      text(input, 'singerName') ?? (singerId === undefined ? undefined : singerNames.get(singerId))
    const semitones = integer(input, 'semitones') ?? 0
    const voice = [
      singer === undefined ? null : TEXT.singer(singer),
      semitones === 0 ? null : TEXT.semitones(semitones),
    ].filter((line): line is string => line !== null)
    if (voice.length > 0) lines.push(voice.join(' · '))
    const vocal = integer(input, 'vocalGainDb') ?? 0
    const accompaniment = integer(input, 'accompanimentGainDb') ?? 0
    if (vocal !== 0 || accompaniment !== 0) lines.push(TEXT.gains(vocal, accompaniment))
    if (sourceName !== undefined) lines.push(TEXT.file(sourceName))
    return lines
  }
  if (sourceName !== undefined) lines.push(TEXT.file(sourceName))
  return lines
}
