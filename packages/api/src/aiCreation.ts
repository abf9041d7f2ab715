/**
 * The creation record of an AI-made work in words: what the certificate page and the certificate
 * PDF show as the depositor's creative input. One wording for both, so the page and the PDF never
 * tell the record differently. Imported as `@gy/api/aiCreation` (the first page load needs none
 * of it).
 */
import type { AiCreationRecord } from './contract'

/** One line of the record, e.g. `{ label: '描述', value: '夏夜海边的民谣' }`. */
export interface AiCreationLine {
  label: string
  value: string
}

export const AI_CREATION_TEXT = {
  heading: 'AI 创作记录',
  madeWith: 'GY音乐 AI 生成',
  note: '本作品由 GY音乐 AI 生成，以下是存证人提交的创作参数和生成记录，可作为创作投入的证明。',
  method: '创作方式',
  methods: {
    smart: 'AI写歌 · 灵感模式',
    advanced: 'AI写歌 · 自定义模式',
    generate: 'AI写歌',
    cover: 'AI翻唱',
  },
  prompt: '描述',
  title: '歌名',
  lyrics: '歌词',
  noLyrics: '纯音乐（无歌词）',
  style: '风格',
  mood: '情绪',
  tempo: '速度',
  tempoValue: (tempo: number) => `${tempo} BPM`,
  key: '调性',
  seed: '随机种子',
  original: '原曲',
  singer: '歌手',
  semitones: '变调',
  semitonesValue: (value: number) => (value > 0 ? `+${value} 半音` : `${value} 半音`),
  gains: '音量调整',
  gainsValue: (vocal: number, accompaniment: number) =>
    `人声 ${signed(vocal)} dB · 伴奏 ${signed(accompaniment)} dB`,
  engine: '生成引擎',
  resultId: '作品编号',
  createdAt: '生成时间',
} as const

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value)
}

/** An engine's key in Chinese: `F major` → `F 大调`, `A minor` → `A 小调`; others as they are. */
export function keyLabel(key: string): string {
  const match = /^([A-G][#b♯♭]?)\s*(major|minor)$/i.exec(key.trim())
  if (match === null) return key
  return `${match[1]} ${match[2]?.toLowerCase() === 'major' ? '大调' : '小调'}`
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

function number(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** A long text cut to `max` characters (counted as the reader sees them) with an ellipsis. */
function clip(value: string, max: number | undefined): string {
  const characters = Array.from(value)
  return max === undefined || characters.length <= max
    ? value
    : `${characters.slice(0, max - 1).join('')}…`
}

export interface AiCreationLineOptions {
  /** How the record's time is written, e.g. in China time for the reader. */
  formatTime: (iso: string) => string
  /** Cuts lyrics and descriptions longer than this many characters (a one-page PDF). */
  maxTextLength?: number
}

/**
 * The record as labelled lines, in reading order: how it was made, what the depositor asked for
 * (the description, or the title, lyrics, style, mood, tempo and key; for a cover the original,
 * the singer and the settings), the seed the engine used, the engine and the time.
 */
export function aiCreationLines(
  record: AiCreationRecord,
  options: AiCreationLineOptions,
): AiCreationLine[] {
  const T = AI_CREATION_TEXT
  const request = record.request
  const lines: AiCreationLine[] = []
  const add = (label: string, value: string | null) => {
    if (value !== null) lines.push({ label, value })
  }
  const long = (value: string | null) =>
    value === null ? null : clip(value, options.maxTextLength)

  if (record.kind === 'cover') {
    add(T.method, T.methods.cover)
    add(T.original, text(request.workTitle) ?? text(request.fileName))
    add(T.singer, text(request.singerName) ?? text(request.singerId))
    const semitones = number(request.semitones)
    add(T.semitones, semitones === null ? null : T.semitonesValue(semitones))
    const vocal = number(request.vocalGainDb) ?? 0
    const accompaniment = number(request.accompanimentGainDb) ?? 0
    add(T.gains, vocal === 0 && accompaniment === 0 ? null : T.gainsValue(vocal, accompaniment))
  } else {
    const mode = request.mode
    add(
      T.method,
      mode === 'smart'
        ? T.methods.smart
        : mode === 'advanced'
          ? T.methods.advanced
          : T.methods.generate,
    )
    add(T.prompt, long(text(request.prompt)))
    add(T.title, text(request.title))
    const instrumental = request.instrumental === true
    add(T.lyrics, instrumental ? T.noLyrics : long(text(request.lyrics)))
    add(T.style, text(request.style) ?? text(record.style))
    add(T.mood, text(request.mood))
    const tempo = number(request.tempo) ?? record.tempo
    add(T.tempo, tempo === null ? null : T.tempoValue(tempo))
    const key = text(request.key) ?? text(record.key)
    add(T.key, key === null ? null : keyLabel(key))
    const seed = record.seed ?? number(request.seed)
    add(T.seed, seed === null ? null : String(seed))
  }
  add(T.engine, text(record.engine))
  add(T.createdAt, options.formatTime(record.createdAt))
  add(T.resultId, record.resultId)
  return lines
}
