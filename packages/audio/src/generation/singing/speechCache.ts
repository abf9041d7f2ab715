/**
 * Spoken syllables kept on disk, so a fresh process sings a syllable some earlier process already
 * had spoken without starting the synthesiser for it. eSpeak (compiled to JavaScript) costs a
 * fresh process 1.5 to 2.6 s of CPU for a song's few dozen syllables, most of it its start and
 * its code warming up; the same song's syllables read back from files cost a few milliseconds. A
 * song whose syllables are all known never starts the synthesiser at all.
 *
 * A file is named by a hash of everything that decides the speech: the synthesiser and its
 * version (`SpeechSource.identity`), the language, the voice variant, the pitch and the text. What
 * is read back is exactly what was spoken (16-bit samples, as the synthesiser makes them), so a
 * song is bit for bit the same whether its syllables came from the disk or not. Files are written
 * whole under a temporary name and then renamed, so processes sharing the directory never read
 * half a file; a file that does not parse is spoken again and replaced. Nothing here is needed: a
 * directory that cannot be read or written only means speaking again.
 */
import type { SpeakOptions, SpeechSource, SpokenPhoneme, SpokenText } from './speech'

/** The Node built-ins used here, as narrowly as they are used (the engine has no Node types). */
interface NodeFiles {
  fs: {
    readFileSync(path: string): Uint8Array
    writeFileSync(path: string, data: Uint8Array): void
    renameSync(from: string, to: string): void
    mkdirSync(path: string, options: { recursive: true }): void
    existsSync(path: string): boolean
  }
  crypto: {
    createHash(algorithm: 'sha256'): { update(text: string): { digest(encoding: 'hex'): string } }
  }
  os: { tmpdir(): string }
  path: { join(...parts: string[]): string }
}

function nodeFiles(): NodeFiles | undefined {
  const load = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule
  if (typeof load !== 'function') return undefined
  // The shapes are Node's own; the interface above lists only what is used of them.
  return {
    fs: load('node:fs') as NodeFiles['fs'],
    crypto: load('node:crypto') as NodeFiles['crypto'],
    os: load('node:os') as NodeFiles['os'],
    path: load('node:path') as NodeFiles['path'],
  }
}

/** Bumped when the file layout below changes: older files are then simply not found. */
const FORMAT = 'gy-speech-1'
const MAGIC = 0x31535947 // "GYS1", little-endian

/**
 * Layout: magic (u32), header length (u32), the header as UTF-8 JSON (sample rate, end, phonemes),
 * padding to an even offset, then the samples as 16-bit integers.
 */
function encodeSpoken(spoken: SpokenText): Uint8Array {
  const header = new TextEncoder().encode(
    JSON.stringify({ sampleRate: spoken.sampleRate, end: spoken.end, phonemes: spoken.phonemes }),
  )
  const samplesAt = 8 + header.length + ((8 + header.length) % 2)
  const bytes = new Uint8Array(samplesAt + spoken.samples.length * 2)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, MAGIC, true)
  view.setUint32(4, header.length, true)
  bytes.set(header, 8)
  for (let index = 0; index < spoken.samples.length; index++) {
    // The samples came from 16-bit integers divided by 32768, so this gives those integers back.
    const value = Math.round((spoken.samples[index] as number) * 32768)
    view.setInt16(samplesAt + index * 2, Math.max(-32768, Math.min(32767, value)), true)
  }
  return bytes
}

function isPhoneme(value: unknown): value is SpokenPhoneme {
  const phoneme = value as Partial<SpokenPhoneme> | null
  return (
    typeof phoneme === 'object' &&
    phoneme !== null &&
    typeof phoneme.symbol === 'string' &&
    Number.isInteger(phoneme.start) &&
    Number.isInteger(phoneme.word)
  )
}

/** The spoken text in a file, or undefined when the file is not one this code wrote whole. */
export function decodeSpoken(bytes: Uint8Array): SpokenText | undefined {
  if (bytes.length < 8) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(0, true) !== MAGIC) return undefined
  const headerLength = view.getUint32(4, true)
  const samplesAt = 8 + headerLength + ((8 + headerLength) % 2)
  if (samplesAt > bytes.length || (bytes.length - samplesAt) % 2 !== 0) return undefined
  let header: { sampleRate?: unknown; end?: unknown; phonemes?: unknown }
  try {
    header = JSON.parse(
      new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)),
    ) as typeof header
  } catch {
    return undefined
  }
  const { sampleRate, end, phonemes } = header
  const count = (bytes.length - samplesAt) / 2
  if (typeof sampleRate !== 'number' || !(sampleRate > 0)) return undefined
  if (typeof end !== 'number' || !Number.isInteger(end) || end < 0 || end > count) return undefined
  if (!Array.isArray(phonemes) || !phonemes.every(isPhoneme)) return undefined
  const samples = new Float32Array(count)
  for (let index = 0; index < count; index++)
    samples[index] = view.getInt16(samplesAt + index * 2, true) / 32768
  return { sampleRate, samples, phonemes, end }
}

let directory: string | null | undefined

/** Names the directory for processes that do not call `setSpeechCacheDirectory`; `off` keeps none. */
export const SPEECH_CACHE_ENVIRONMENT = 'GY_SPEECH_CACHE_DIR'

/**
 * Where spoken syllables are kept: a directory (made when first needed), or null to keep none.
 * Until this is called, the directory `GY_SPEECH_CACHE_DIR` names, else `gy-audio-speech` in the
 * system's temporary directory.
 */
export function setSpeechCacheDirectory(path: string | null): void {
  directory = path
}

function cacheDirectory(node: NodeFiles): string | null {
  // null is a choice (keep nothing); only undefined means not set.
  if (directory === undefined) {
    const named = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env?.[SPEECH_CACHE_ENVIRONMENT]
    if (named === 'off') directory = null
    else if (named !== undefined && named !== '') directory = named
    else directory = node.path.join(node.os.tmpdir(), 'gy-audio-speech')
  }
  return directory
}

/**
 * `source` with its speech kept on disk under its identity. A source without one (a stand-in, a
 * test's), or a process without Node's file system, is returned as it is.
 */
export function withSpeechCache(source: SpeechSource): SpeechSource {
  const node = nodeFiles()
  const identity = source.identity
  if (node === undefined || identity === undefined) return source
  const fileOf = (text: string, options: SpeakOptions): string | undefined => {
    const folder = cacheDirectory(node)
    if (folder === null) return undefined
    const name = node.crypto
      .createHash('sha256')
      .update(
        JSON.stringify([FORMAT, identity, options.language, options.variant, options.pitch, text]),
      )
      .digest('hex')
    return node.path.join(folder, `${name}.bin`)
  }
  const read = (file: string): SpokenText | undefined => {
    try {
      return decodeSpoken(node.fs.readFileSync(file))
    } catch {
      return undefined
    }
  }
  const write = (file: string, folder: string, spoken: SpokenText): void => {
    try {
      node.fs.mkdirSync(folder, { recursive: true })
      const temporary = `${file}.${Math.random().toString(36).slice(2)}.tmp`
      node.fs.writeFileSync(temporary, encodeSpoken(spoken))
      node.fs.renameSync(temporary, file)
    } catch {
      // A directory that cannot be written keeps nothing; the speech itself is unaffected.
    }
  }
  return {
    identity,
    speak(text, options) {
      const file = fileOf(text, options)
      const kept = file === undefined ? undefined : read(file)
      if (kept !== undefined) return kept
      const spoken = source.speak(text, options)
      const folder = cacheDirectory(node)
      if (file !== undefined && folder !== null) write(file, folder, spoken)
      return spoken
    },
    prefetch(texts, options) {
      if (!source.prefetch) return
      const missing = texts.filter((text) => {
        const file = fileOf(text, options)
        return file === undefined || !node.fs.existsSync(file)
      })
      if (missing.length > 0) source.prefetch(missing, options)
    },
  }
}
