/**
 * eSpeak NG (GPL-3.0), compiled to WebAssembly by the Echogarden project
 * (`@echogarden/espeak-ng-emscripten`), as the singing voice's speech source.
 *
 * The WebAssembly module only loads asynchronously, while the renderer is synchronous (a song is
 * rendered section by section in one call stack). So eSpeak runs in a worker thread of its own,
 * loaded once per process, and each request blocks this thread on a shared counter until the
 * worker has answered (the pattern of synckit): a syllable costs a message round trip and a few
 * milliseconds of synthesis. The worker is unreferenced, so it never keeps a process alive.
 *
 * This file is the whole of the engine's contact with eSpeak: the synthesiser runs as a separate
 * program in its own thread and is reached only through `SpeechSource` (speech.ts).
 */
import { AudioError } from '../../errors'
import type { SpeakOptions, SpeechSource, SpokenPhoneme, SpokenText } from './speech'

/**
 * The few Node built-ins this file uses, typed as narrowly as it uses them: the engine is built
 * without Node's types (it runs anywhere), and only this speech source needs a worker thread.
 * They are reached through `process.getBuiltinModule`, so loading the engine elsewhere still works
 * and only singing fails there, with an AudioError.
 */
interface MessagePortLike {
  postMessage(message: unknown): void
  unref(): void
}
interface NodeBuiltins {
  workerThreads: {
    MessageChannel: new () => { port1: MessagePortLike; port2: MessagePortLike }
    Worker: new (
      source: string,
      options: { eval: true; workerData: unknown; transferList: unknown[] },
    ) => { unref(): void }
    receiveMessageOnPort(port: MessagePortLike): { message: unknown } | undefined
  }
  module: { createRequire(from: string): { resolve(id: string): string } }
  url: { pathToFileURL(path: string): { href: string } }
  fs: { readFileSync(path: string, encoding: 'utf8'): string }
}

function nodeBuiltins(): NodeBuiltins {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule
  if (typeof node !== 'function')
    throw new AudioError('speech_unavailable', '歌声合成需要 Node.js 22 或更新版本')
  // The shapes are Node's own; the interfaces above list only what is used of them.
  return {
    workerThreads: node('node:worker_threads') as NodeBuiltins['workerThreads'],
    module: node('node:module') as NodeBuiltins['module'],
    url: node('node:url') as NodeBuiltins['url'],
    fs: node('node:fs') as NodeBuiltins['fs'],
  }
}

/** The voices: 'cmn-latn-pinyin' reads pinyin with tone numbers ('cmn' would read some as letters). */
const VOICES = { zh: 'cmn-latn-pinyin', en: 'en-us' } as const

/** A little slower than conversation, with a flat pitch: the melody supplies the pitch. */
const SPEECH_RATE = 150
const SPEECH_RANGE = 0

/** Loading takes about 0.2 s; a first synthesis while the module compiles can take a second more. */
const ANSWER_TIMEOUT_MS = 20_000

/**
 * The worker, as plain JavaScript evaluated in the thread (so it needs no TypeScript loader). It
 * answers one request at a time: the audio as 16-bit samples and the phoneme and word events
 * (eSpeak reports their positions in milliseconds).
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads')
const { port, signal, moduleUrl } = workerData
const counter = new Int32Array(signal)
let engine
let failure
let current
const ready = import(moduleUrl)
  .then((loaded) => loaded.default())
  .then((module) => { engine = new module.eSpeakNGWorker() })
  .catch((error) => { failure = String((error && error.message) || error) })
function answer(message) {
  port.postMessage(message)
  Atomics.add(counter, 0, 1)
  Atomics.notify(counter, 0)
}
port.on('message', async (request) => {
  await ready
  try {
    if (failure !== undefined) throw new Error(failure)
    // Choosing a voice reads its files (tens of milliseconds), so it is done only on a change.
    const settings = request.voice + '|' + request.rate + '|' + request.pitch + '|' + request.range
    if (settings !== current) {
      current = undefined
      if (engine.set_voice(request.voice) !== 0) throw new Error('unknown voice ' + request.voice)
      engine.set_rate(request.rate)
      engine.set_pitch(request.pitch)
      engine.set_range(request.range)
      current = settings
    }
    const chunks = []
    const events = []
    engine.synthesize(request.text, (audio, list) => {
      if (audio) chunks.push(audio)
      for (const event of list) {
        if (event.type === 'phoneme' || event.type === 'word' || event.type === 'end')
          events.push({ type: event.type, id: event.id === undefined ? '' : String(event.id), at: event.audio_position })
      }
      return 0
    })
    let length = 0
    for (const chunk of chunks) length += chunk.length
    const samples = new Int16Array(length)
    let offset = 0
    for (const chunk of chunks) { samples.set(chunk, offset); offset += chunk.length }
    answer({ key: request.key, samples, sampleRate: engine.get_samplerate(), events })
  } catch (error) {
    answer({ key: request.key, error: String((error && error.message) || error) })
  }
})
`

interface WorkerEvent {
  type: 'phoneme' | 'word' | 'end'
  id: string
  /** Milliseconds from the start of the audio. */
  at: number
}

type WorkerAnswer = { key: string } & (
  { samples: Int16Array; sampleRate: number; events: WorkerEvent[] } | { error: string }
)

interface SpeakRequest {
  /** Names the request in its answer: answers to requests sent ahead may come in any time. */
  key: string
  text: string
  voice: string
  rate: number
  pitch: number
  range: number
}

const ESPEAK_PACKAGE = '@echogarden/espeak-ng-emscripten'

function resolvePackage(node: NodeBuiltins, specifier: string): string {
  const here = (import.meta as { url?: string }).url ?? `file://${'/'}`
  return node.module.createRequire(here).resolve(specifier)
}

function moduleUrl(node: NodeBuiltins): string {
  return node.url.pathToFileURL(resolvePackage(node, ESPEAK_PACKAGE)).href
}

/**
 * The package and its version, and the settings every request shares: what a spoken syllable
 * kept on disk is filed under. Undefined (nothing kept) when the version cannot be read.
 */
function speechIdentity(): string | undefined {
  try {
    const node = nodeBuiltins()
    const manifest = JSON.parse(
      node.fs.readFileSync(resolvePackage(node, `${ESPEAK_PACKAGE}/package.json`), 'utf8'),
    ) as { version?: unknown }
    if (typeof manifest.version !== 'string') return undefined
    return `${ESPEAK_PACKAGE}@${manifest.version} rate=${SPEECH_RATE} range=${SPEECH_RANGE}`
  } catch {
    return undefined
  }
}

/** Turns eSpeak's events into phonemes with sample positions and the word each belongs to. */
export function readPhonemes(
  events: readonly WorkerEvent[],
  sampleRate: number,
  length: number,
): { phonemes: SpokenPhoneme[]; end: number } {
  const phonemes: SpokenPhoneme[] = []
  let word = -1
  let end = length
  const toSample = (milliseconds: number) =>
    Math.max(0, Math.min(length, Math.round((milliseconds / 1000) * sampleRate)))
  for (const event of events) {
    if (event.type === 'word') word++
    else if (event.type === 'phoneme') {
      // An empty symbol marks a pause or the end of the speech; '(en)' a language switch.
      if (event.id === '' || event.id.startsWith('(')) {
        if (phonemes.length > 0 && word >= 0) end = toSample(event.at)
        continue
      }
      phonemes.push({ symbol: event.id, start: toSample(event.at), word: Math.max(0, word) })
      end = length
    }
  }
  return { phonemes, end }
}

export function createEspeakSpeech(): SpeechSource {
  let channel: { port: MessagePortLike; counter: Int32Array; node: NodeBuiltins } | undefined
  const start = () => {
    const node = nodeBuiltins()
    const { port1, port2 } = new node.workerThreads.MessageChannel()
    const signal = new SharedArrayBuffer(4)
    const worker = new node.workerThreads.Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal, moduleUrl: moduleUrl(node) },
      transferList: [port2],
    })
    worker.unref()
    port1.unref()
    return { port: port1, counter: new Int32Array(signal), node }
  }
  /** Answers received and not yet taken, and the requests sent whose answers are still due. */
  const answers = new Map<string, WorkerAnswer>()
  const asked = new Set<string>()
  const send = (message: SpeakRequest) => {
    channel ??= start()
    if (asked.has(message.key) || answers.has(message.key)) return
    asked.add(message.key)
    channel.port.postMessage(message)
  }
  const receive = () => {
    if (!channel) return
    for (;;) {
      // The worker answers only with the WorkerAnswer shapes it builds above.
      const received = channel.node.workerThreads.receiveMessageOnPort(channel.port)?.message as
        WorkerAnswer | undefined
      if (received === undefined) return
      asked.delete(received.key)
      answers.set(received.key, received)
    }
  }
  const request = (message: SpeakRequest): SpokenText => {
    send(message)
    const { counter } = channel ?? start()
    let answer = answers.get(message.key)
    while (answer === undefined) {
      const seen = Atomics.load(counter, 0)
      receive()
      answer = answers.get(message.key)
      if (answer !== undefined) break
      if (Atomics.wait(counter, 0, seen, ANSWER_TIMEOUT_MS) === 'timed-out')
        throw new AudioError('speech_unavailable', '语音合成器没有应答')
    }
    answers.delete(message.key)
    if ('error' in answer) throw new AudioError('speech_unavailable', answer.error)
    const samples = new Float32Array(answer.samples.length)
    for (let index = 0; index < samples.length; index++)
      samples[index] = (answer.samples[index] as number) / 32768
    const { phonemes, end } = readPhonemes(answer.events, answer.sampleRate, samples.length)
    return { sampleRate: answer.sampleRate, samples, phonemes, end }
  }
  const requestFor = (text: string, options: SpeakOptions): SpeakRequest => {
    const variant = options.variant === '' ? '' : `+${options.variant}`
    const voice = `${VOICES[options.language]}${variant}`
    return {
      key: `${voice}|${options.pitch}|${text}`,
      text,
      voice,
      rate: SPEECH_RATE,
      pitch: options.pitch,
      range: SPEECH_RANGE,
    }
  }
  return {
    identity: speechIdentity(),
    speak: (text, options) => request(requestFor(text, options)),
    prefetch(texts, options) {
      for (const text of texts) send(requestFor(text, options))
    },
  }
}
