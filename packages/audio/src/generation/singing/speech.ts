/**
 * Where the singing voice gets spoken syllables from. The voice only needs this small interface, so
 * the speech synthesiser behind it (eSpeak NG today, see `espeak.ts`) can be replaced without
 * touching the singing code, for example by a synthesiser under another licence.
 */
import { createEspeakSpeech } from './espeak'
import { withSpeechCache } from './speechCache'

export type SpeechLanguage = 'zh' | 'en'

/** One phoneme as the synthesiser reports it, from its start to the next phoneme's start. */
export interface SpokenPhoneme {
  /** The synthesiser's phoneme symbol (eSpeak's are close to IPA: 'ts.h', 'ˈuə', 'n'). */
  symbol: string
  /** Sample of `samples` the phoneme starts at. */
  start: number
  /** Which word of the spoken text it belongs to, from 0. */
  word: number
}

export interface SpokenText {
  sampleRate: number
  samples: Float32Array
  phonemes: SpokenPhoneme[]
  /** Sample where the speech ends (what follows is silence). */
  end: number
}

export interface SpeakOptions {
  language: SpeechLanguage
  /** A voice variant of the synthesiser ('' for its default): a different speaker. */
  variant: string
  /** Base pitch, 0..100 in eSpeak's scale; the singing voice moves it anyway. */
  pitch: number
}

export interface SpeechSource {
  /**
   * Names the synthesiser, its version and its fixed settings: given one, what it speaks is kept
   * on disk under it (speechCache.ts), so it must change whenever the speech could.
   */
  identity?: string
  /** Speaks `text` (pinyin with tone numbers for 'zh', plain words for 'en'). Synchronous. */
  speak(text: string, options: SpeakOptions): SpokenText
  /**
   * Starts speaking texts that `speak` will be asked for soon, without waiting: a source that
   * runs elsewhere (a thread, a server) can do it while the caller renders something else.
   */
  prefetch?(texts: readonly string[], options: SpeakOptions): void
}

let current: { source: SpeechSource; uncached: SpeechSource } | undefined

function sources(): { source: SpeechSource; uncached: SpeechSource } {
  if (current === undefined) {
    const uncached = createEspeakSpeech()
    current = { source: withSpeechCache(uncached), uncached }
  }
  return current
}

/**
 * The process's speech source, made on first use: eSpeak NG, with what it speaks kept on disk,
 * unless `useSpeechSource` gave another. This is the only place the rest of the engine reaches
 * the GPL synthesiser through.
 */
export function speechSource(): SpeechSource {
  return sources().source
}

/**
 * Replaces the speech source (another synthesiser, or a stand-in), used as given: to keep what it
 * speaks on disk too, pass it through `withSpeechCache`.
 */
export function useSpeechSource(source: SpeechSource): void {
  current = { source, uncached: source }
}

/**
 * Starts the speech source in the background (for eSpeak: its thread, its WebAssembly and its
 * Mandarin voice) without waiting, so the first song a long-running process sings does not pay for
 * the start. Safe to call more than once.
 */
export function warmUpSpeech(): void {
  // Past the disk cache: syllables found there would not start the synthesiser.
  sources().uncached.prefetch?.(['a1', 'ni3', 'hao3'], { language: 'zh', variant: '', pitch: 50 })
}
