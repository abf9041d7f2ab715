import { Mp3Encoder } from '@breezystack/lamejs'
import { concatBytes } from './bytes'
import { MPEGDecoder } from 'mpg123-decoder'
import { createEncoder, createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders'
import { AudioError } from '../errors'
import { toChannelCount } from '../mix'
import { resample } from '../resample'
import type { PcmAudio } from '../types'
import {
  id3TagLength,
  parseMpegFrameHeader,
  sideInfoLength,
  type MpegFrameHeader,
} from './mp3Frames'

/** What a scan of the MPEG frame headers says, without decoding any audio. */
export interface Mp3Info {
  sampleRate: number
  channelCount: number
  frameCount: number
  /** Samples per channel before the decoder's gapless trimming. */
  sampleCount: number
  durationSeconds: number
  /** Byte offset of the first frame (after an ID3v2 tag). */
  firstFrameOffset: number
  /**
   * The file ends inside a frame, or holds fewer frames than its Xing/Info tag promises: it was cut
   * off (an interrupted upload). What is there still decodes.
   */
  truncated: boolean
}

export interface Mp3EncodeOptions {
  /** Constant bitrate in kbit/s; one of the MPEG-1 layer III rates. Default 192. */
  kbps?: number
}

/** The constant bitrates (kbit/s) the encoder accepts: those of MPEG-1 layer III. */
export const MP3_BITRATES = [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const
/** Sample rates an MP3 can carry; anything else is resampled to the nearest one at or below 48 kHz. */
const MP3_SAMPLE_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const

/** LAME's encoder delay in samples: the decoder adds 529 of its own, which mpg123 trims itself. */
const LAME_ENCODER_DELAY = 576

interface GaplessInfo {
  frames: number
  delay: number
  padding: number
}

/**
 * Reads a Xing/Info tag with a LAME extension in the frame at `offset` (the first frame of a file
 * written by LAME), which says how many frames follow and how many samples of encoder delay and
 * padding to drop, so the decoded length is the original length.
 */
function readGaplessTag(
  bytes: Uint8Array,
  offset: number,
  frameLength: number,
): GaplessInfo | undefined {
  const tag = offset + 4 + sideInfoLength(bytes, offset)
  const id = String.fromCharCode(...bytes.subarray(tag, tag + 4))
  if (id !== 'Xing' && id !== 'Info') return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const flags = view.getUint32(tag + 4, false)
  let position = tag + 8
  let frames = 0
  if (flags & 1) {
    frames = view.getUint32(position, false)
    position += 4
  }
  if (flags & 2) position += 4
  if (flags & 4) position += 100
  if (flags & 8) position += 4
  // LAME extension: 9-byte encoder name, then delay and padding as two 12-bit numbers at +21.
  if (position + 24 > offset + frameLength || bytes[position] === 0)
    return { frames, delay: 0, padding: 0 }
  const a = bytes[position + 21] as number
  const b = bytes[position + 22] as number
  const c = bytes[position + 23] as number
  return { frames, delay: (a << 4) | (b >> 4), padding: ((b & 0x0f) << 8) | c }
}

/**
 * A silent first frame holding an Info tag with LAME's gapless fields, as LAME itself writes:
 * decoders that read it (mpg123, browsers) then return exactly the samples that were encoded.
 */
function gaplessInfoFrame(
  firstFrame: Uint8Array,
  audioFrames: number,
  totalBytes: number,
  sampleCount: number,
  kbps: number,
): Uint8Array | undefined {
  const header = firstFrame.slice(0, 4)
  header[2] = (header[2] as number) & ~0x02 // no padding slot
  const parsed = parseMpegFrameHeader(header, 0)
  if (!parsed) return undefined
  const frame = new Uint8Array(parsed.length)
  frame.set(header)
  const tag = 4 + sideInfoLength(header, 0)
  if (tag + 8 + 8 + 24 > frame.length) return undefined
  const view = new DataView(frame.buffer)
  frame.set([0x49, 0x6e, 0x66, 0x6f], tag) // "Info": the constant-bitrate form of the Xing tag
  view.setUint32(tag + 4, 0x3, false) // fields present: frames and bytes
  view.setUint32(tag + 8, audioFrames, false)
  view.setUint32(tag + 12, totalBytes + frame.length, false)
  const lame = tag + 16
  frame.set(new TextEncoder().encode('LAME3.100'), lame)
  frame[lame + 9] = 0x01 // tag revision 0, constant bitrate
  frame[lame + 20] = Math.min(255, kbps)
  const padding = audioFrames * parsed.samplesPerFrame - LAME_ENCODER_DELAY - sampleCount
  if (padding < 0 || padding > 0xfff) return undefined
  frame[lame + 21] = LAME_ENCODER_DELAY >> 4
  frame[lame + 22] = ((LAME_ENCODER_DELAY & 0x0f) << 4) | (padding >> 8)
  frame[lame + 23] = padding & 0xff
  return frame
}

/** Finds the first offset where three frame headers follow one another, which random bytes practically never do. */
function findFirstFrame(bytes: Uint8Array, from: number, searchLimit: number): number {
  const end = Math.min(bytes.length - 4, from + searchLimit)
  for (let offset = from; offset < end; offset++) {
    if (bytes[offset] !== 0xff) continue
    const first = parseMpegFrameHeader(bytes, offset)
    if (!first) continue
    const second = parseMpegFrameHeader(bytes, offset + first.length)
    if (!second) {
      // A file holding a single frame is still an MP3.
      if (offset + first.length === bytes.length) return offset
      continue
    }
    if (second.sampleRate !== first.sampleRate) continue
    const thirdOffset = offset + first.length + second.length
    if (thirdOffset >= bytes.length || parseMpegFrameHeader(bytes, thirdOffset)) return offset
  }
  return -1
}

export function looksLikeMp3(bytes: Uint8Array): boolean {
  const start = id3TagLength(bytes)
  if (start > 0 && start <= bytes.length) return findFirstFrame(bytes, start, 64 * 1024) >= 0
  return findFirstFrame(bytes, 0, 4096) >= 0
}

/**
 * Walks the frame headers to learn the duration before decoding, so a file that is too long can be
 * refused cheaply. Bytes that are not a frame are skipped up to the next header (a damaged region).
 */
export function readMp3Info(bytes: Uint8Array): Mp3Info {
  if (bytes.length === 0) throw new AudioError('empty')
  const tagEnd = id3TagLength(bytes)
  const firstFrameOffset = findFirstFrame(bytes, tagEnd, tagEnd > 0 ? 64 * 1024 : 4096)
  if (firstFrameOffset < 0) throw new AudioError('unsupported_format')
  let offset = firstFrameOffset
  let frameCount = 0
  let sampleCount = 0
  let first: MpegFrameHeader | undefined
  let cutInsideFrame = false
  const firstHeader = parseMpegFrameHeader(bytes, firstFrameOffset)
  const gapless = firstHeader
    ? readGaplessTag(bytes, firstFrameOffset, firstHeader.length)
    : undefined
  // The tag frame is silence that decoders skip; it is not part of the audio.
  if (gapless && firstHeader) offset += firstHeader.length
  while (offset + 4 <= bytes.length) {
    const header = parseMpegFrameHeader(bytes, offset)
    if (!header) {
      offset++
      continue
    }
    first ??= header
    if (header.sampleRate === first.sampleRate) {
      frameCount++
      sampleCount += header.samplesPerFrame
    }
    if (offset + header.length > bytes.length) cutInsideFrame = true
    offset += header.length
  }
  if (!first || frameCount === 0) throw new AudioError('corrupted')
  if (gapless && gapless.frames === frameCount) {
    sampleCount = Math.max(0, sampleCount - gapless.delay - gapless.padding)
  }
  return {
    sampleRate: first.sampleRate,
    channelCount: first.channelCount,
    frameCount,
    sampleCount,
    durationSeconds: sampleCount / first.sampleRate,
    firstFrameOffset,
    truncated: cutInsideFrame || (gapless !== undefined && gapless.frames > frameCount),
  }
}

/**
 * Runs `work` with console.error silenced: mpg123-decoder prints every damaged frame there, while
 * the same errors come back in its result, which is where they are counted. The call is
 * synchronous, so nothing else can log in between.
 */
function quietly<T>(work: () => T): T {
  const original = console.error
  console.error = () => undefined
  try {
    return work()
  } finally {
    console.error = original
  }
}

/** Bytes fed to the decoder per call; large enough to amortise the WebAssembly boundary. */
const DECODE_CHUNK_BYTES = 256 * 1024

/**
 * Decodes chunk by chunk (mpg123 is a streaming decoder), yielding the samples of each chunk so a
 * long file can be measured without holding all of it. Throws `corrupted` when most frames fail.
 */
export async function* streamMp3(bytes: Uint8Array): AsyncGenerator<PcmAudio> {
  const info = readMp3Info(bytes)
  const decoder = new MPEGDecoder()
  await decoder.ready
  let decodedFrames = 0
  let errorCount = 0
  try {
    for (let offset = info.firstFrameOffset; offset < bytes.length; offset += DECODE_CHUNK_BYTES) {
      const result = quietly(() =>
        decoder.decode(bytes.subarray(offset, offset + DECODE_CHUNK_BYTES)),
      )
      errorCount += result.errors.length
      if (result.samplesDecoded === 0) continue
      decodedFrames += result.samplesDecoded / 1152
      // mpg123 hands out two channels even for a mono stream; the frame header says what is real.
      const channelData = result.channelData.slice(0, info.channelCount)
      yield {
        sampleRate: result.sampleRate,
        channels: channelData.map((channel) => channel.subarray(0, result.samplesDecoded)),
      }
    }
  } finally {
    decoder.free()
  }
  if (decodedFrames === 0 || errorCount > Math.max(2, info.frameCount * 0.1)) {
    throw new AudioError('corrupted', `${errorCount} 个 MP3 帧解码失败`)
  }
}

export async function decodeMp3(bytes: Uint8Array): Promise<PcmAudio> {
  const info = readMp3Info(bytes)
  // Preallocate from the header scan so a long file is not copied chunk by chunk twice.
  let capacity = info.sampleCount + 4608
  let channels: Float32Array[] = []
  let length = 0
  let sampleRate = info.sampleRate
  for await (const chunk of streamMp3(bytes)) {
    sampleRate = chunk.sampleRate
    if (channels.length === 0) {
      channels = chunk.channels.map(() => new Float32Array(capacity))
    }
    const chunkLength = chunk.channels[0]?.length ?? 0
    if (length + chunkLength > capacity) {
      capacity = Math.ceil((length + chunkLength) * 1.25)
      channels = channels.map((channel) => {
        const grown = new Float32Array(capacity)
        grown.set(channel.subarray(0, length))
        return grown
      })
    }
    channels.forEach((channel, c) => channel.set(chunk.channels[c] ?? new Float32Array(0), length))
    length += chunkLength
  }
  return { sampleRate, channels: channels.map((channel) => channel.subarray(0, length)) }
}

/** The highest sample rate an MP3 can carry at or below `sampleRate`. */
export function nearestMp3Rate(sampleRate: number): number {
  let best: number = MP3_SAMPLE_RATES[0]
  for (const rate of MP3_SAMPLE_RATES) if (rate <= sampleRate) best = rate
  return best
}

type WasmMp3Encoder = WasmMediaEncoder<'audio/mpeg'>

/**
 * LAME's algorithm quality, from 0 (best, slowest) to 9: what it spends on psychoacoustics and
 * noise shaping for the same bitrate. 3 is LAME's own default and what files made from a user's
 * audio are encoded with.
 */
export const LAME_DEFAULT_QUALITY = 3

/**
 * LAME compiled to WebAssembly (wasm-media-encoders) encodes about six times faster than the
 * JavaScript port: 3 minutes of stereo in under 3 s instead of 16. Its instances are made
 * asynchronously, so a few are made when this module loads and kept in a pool, and the encoder
 * API stays synchronous. A stream that finds the pool empty uses the JavaScript port (the same
 * LAME, the same output format) while another instance is made for the next one. There is a pool
 * per algorithm quality; only the default one is filled at load (`prepareMp3Encoders` fills
 * another).
 */
const idleWasmEncoders = new Map<number, WasmMp3Encoder[]>()
const WASM_ENCODERS_AT_LOAD = 2

function poolOf(quality: number): WasmMp3Encoder[] {
  let pool = idleWasmEncoders.get(quality)
  if (pool === undefined) {
    pool = []
    idleWasmEncoders.set(quality, pool)
  }
  return pool
}

/** A compiled WebAssembly module, as `createEncoder` takes it. */
type LameModule = Exclude<Parameters<typeof createEncoder>[1], string | ArrayBuffer | Uint8Array>

/**
 * What the engine uses of the WebAssembly and URL globals that browsers and Node share (the
 * engine's types include neither the DOM's nor Node's).
 */
const platform = globalThis as unknown as {
  WebAssembly: {
    compile: (bytes: Uint8Array) => Promise<LameModule>
    Module: abstract new (...args: never[]) => LameModule
  }
  URL: new (href: string) => object
  process?: { getBuiltinModule?: (id: string) => unknown }
}

/**
 * The package's LAME WebAssembly file, read directly where the engine runs in Node: its own
 * loader fetches a 760 KB base64 data URL instead, which Node's fetch decodes slowly (about a
 * fifth of a second of a process's start). Elsewhere, undefined: the package loads its own.
 */
function readLameFile(): Uint8Array | undefined {
  // `getBuiltinModule` (Node 22.3+) keeps node:fs out of the imports of an engine that also runs
  // outside Node.
  const fs = platform.process?.getBuiltinModule?.('node:fs') as
    { readFileSync: (path: object) => Uint8Array } | undefined
  const meta = import.meta as { resolve?: (specifier: string) => string }
  if (fs === undefined || meta.resolve === undefined) return undefined
  try {
    return fs.readFileSync(new platform.URL(meta.resolve('wasm-media-encoders/wasm/mp3')))
  } catch {
    return undefined
  }
}

/**
 * The compiled code of LAME 3.100's CBR branch in `lame_init_params`, as wasm-media-encoders
 * 0.7.0 builds it: `sfb21_extra = 0; if (gfp->quality < 0) gfp->quality = LAME_DEFAULT_QUALITY;`
 * (`quality` is at offset 44 of `lame_global_flags`; the byte at `QUALITY_BYTE` is the 3). The
 * package never sets the quality, so this constant decides it for every constant-bitrate stream.
 */
const CBR_DEFAULT_QUALITY_CODE = [
  0x20, 0x01, 0x41, 0xe4, 0x98, 0x05, 0x6a, 0x41, 0x00, 0x36, 0x02, 0x00, 0x20, 0x00, 0x28, 0x02,
  0x2c, 0x41, 0x7f, 0x4c, 0x04, 0x40, 0x20, 0x00, 0x41, 0x03, 0x36, 0x02, 0x2c, 0x0b,
]
const QUALITY_BYTE = 25

/**
 * LAME's WebAssembly with another default algorithm quality, or undefined when the code above is
 * not found exactly once (another build of the package): the package exposes no quality setting,
 * and LAME has one, so the one constant is changed, and nothing else. The quality is one byte of
 * an `i32.const` (0 to 9 need no longer encoding), so the module keeps its size and layout.
 */
export function withLameQuality(lame: Uint8Array, quality: number): Uint8Array | undefined {
  if (!Number.isInteger(quality) || quality < 0 || quality > 9) return undefined
  const first = CBR_DEFAULT_QUALITY_CODE[0] as number
  let found = -1
  for (let at = lame.indexOf(first); at >= 0; at = lame.indexOf(first, at + 1)) {
    if (at + CBR_DEFAULT_QUALITY_CODE.length > lame.length) break
    if (!CBR_DEFAULT_QUALITY_CODE.every((byte, index) => lame[at + index] === byte)) continue
    if (found >= 0) return undefined
    found = at
  }
  if (found < 0) return undefined
  const patched = lame.slice()
  patched[found + QUALITY_BYTE] = quality
  return patched
}

/** LAME's compiled WebAssembly per quality, kept from the first encoder so the others share it. */
const lameModules = new Map<number, LameModule>()

/**
 * A new encoder. The package decodes and compiles its embedded WebAssembly for every encoder it
 * creates, and V8 then optimises each copy's hot functions separately. So LAME is compiled once
 * per quality (from its file where that can be read, else taken from the first encoder, which
 * keeps its module in a field of its own) and every later encoder is made from that module. A
 * quality other than the default needs the file; without it (or when the file cannot be
 * changed), the encoder is LAME at its default quality.
 */
async function createWasmEncoder(quality: number): Promise<WasmMp3Encoder> {
  const known = lameModules.get(quality)
  if (known !== undefined) return createEncoder('audio/mpeg', known)
  const file = readLameFile()
  const bytes =
    file === undefined || quality === LAME_DEFAULT_QUALITY ? file : withLameQuality(file, quality)
  if (bytes !== undefined) {
    const compiled = await platform.WebAssembly.compile(bytes)
    lameModules.set(quality, compiled)
    return createEncoder('audio/mpeg', compiled)
  }
  if (quality !== LAME_DEFAULT_QUALITY) return createWasmEncoder(LAME_DEFAULT_QUALITY)
  const encoder = await createMp3Encoder()
  // A field the package's types keep private; if a later version moves it, every encoder simply
  // compiles its own module again.
  const compiled = (encoder as unknown as { module?: { module?: unknown } }).module?.module
  if (compiled instanceof platform.WebAssembly.Module) lameModules.set(quality, compiled)
  return encoder
}

function addWasmEncoder(quality: number): Promise<void> {
  return createWasmEncoder(quality).then(
    (encoder) => {
      poolOf(quality).push(encoder)
    },
    () => undefined,
  )
}
await Promise.all(
  Array.from({ length: WASM_ENCODERS_AT_LOAD }, () => addWasmEncoder(LAME_DEFAULT_QUALITY)),
)

/**
 * Fills the pool of encoders of a quality to `count`, so the next `count` streams at that quality
 * start on WebAssembly instead of the JavaScript port.
 */
export async function prepareMp3Encoders(quality: number, count = 1): Promise<void> {
  while (poolOf(quality).length < count) {
    const before = poolOf(quality).length
    await addWasmEncoder(quality)
    if (poolOf(quality).length === before) return
  }
}

function takeWasmEncoder(quality: number): WasmMp3Encoder | undefined {
  const pool = poolOf(quality)
  const encoder = pool.pop()
  if (pool.length === 0) void addWasmEncoder(quality)
  return encoder
}

/** MPEG audio frames handed out while a stream is encoded. */
export interface EncodedFrames {
  /** Whole frames, one after another. */
  bytes: Uint8Array
  /** Samples per channel the frames decode to (the encoder's delay at the start included). */
  sampleCount: number
}

/**
 * Constant-bitrate MP3 encoding (LAME) fed chunk by chunk, so a long song can be encoded as it is
 * produced instead of held whole. `finish` returns the file, led by a LAME Info tag that makes
 * decoders return exactly the samples pushed. The sample rate must be one MP3 carries.
 *
 * A stream can also be sent while it is encoded: `takeFrames` hands out the frames encoded since
 * it was last called. The Info tag can only be written at the end (it counts the frames), so
 * what was sent is the file without it: the Info frame followed by every frame handed out is
 * what `finish` returns.
 */
export class Mp3StreamEncoder {
  private readonly wasm: WasmMp3Encoder | undefined
  private readonly encoder: Mp3Encoder | undefined
  private readonly left = new Int16Array(1152 * 16)
  private readonly right = new Int16Array(1152 * 16)
  private readonly parts: Uint8Array[] = []
  /** Encoded bytes not yet handed out by `takeFrames`. */
  private untaken: Uint8Array[] = []
  private finished = false
  private samples = 0

  /**
   * `quality` is LAME's algorithm quality (0 best to 9 fastest). Any other than the default needs
   * LAME's WebAssembly file (Node); where the encoder cannot have it, it encodes at the default.
   */
  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
    readonly kbps = 192,
    readonly quality = LAME_DEFAULT_QUALITY,
  ) {
    if (!(MP3_BITRATES as readonly number[]).includes(kbps)) {
      throw new AudioError('invalid_option', `MP3 码率应为 ${MP3_BITRATES.join('/')} 之一`)
    }
    if (!(MP3_SAMPLE_RATES as readonly number[]).includes(sampleRate)) {
      throw new AudioError('unsupported_sample_rate', `MP3 不支持 ${sampleRate} Hz`)
    }
    if (channelCount !== 1 && channelCount !== 2) throw new AudioError('unsupported_channels')
    this.wasm = takeWasmEncoder(quality)
    if (this.wasm === undefined) {
      this.encoder = new Mp3Encoder(channelCount, sampleRate, kbps)
    } else {
      this.wasm.configure({
        sampleRate,
        channels: channelCount,
        bitrate: kbps as Parameters<WasmMp3Encoder['configure']>[0]['bitrate'],
      })
    }
  }

  push(channels: readonly Float32Array[]): void {
    const frames = channels[0]?.length ?? 0
    if (this.wasm !== undefined) {
      const block = this.left.length
      for (let start = 0; start < frames; start += block) {
        const end = Math.min(frames, start + block)
        const first = (channels[0] as Float32Array).subarray(start, end)
        const input =
          this.channelCount === 2
            ? [first, ((channels[1] ?? channels[0]) as Float32Array).subarray(start, end)]
            : [first]
        this.keep(this.wasm.encode(input))
      }
      this.samples += frames
      return
    }
    const encoder = this.encoder as Mp3Encoder
    const block = this.left.length
    for (let start = 0; start < frames; start += block) {
      const count = Math.min(block, frames - start)
      toInt16(channels[0] as Float32Array, this.left, start, count)
      if (this.channelCount === 2) {
        toInt16((channels[1] ?? channels[0]) as Float32Array, this.right, start, count)
        this.keep(encoder.encodeBuffer(this.left.subarray(0, count), this.right.subarray(0, count)))
      } else {
        this.keep(encoder.encodeBuffer(this.left.subarray(0, count)))
      }
    }
    this.samples += frames
  }

  /**
   * The whole frames encoded since the last call, in order. A frame the encoder has only partly
   * written waits for the next call; after `finish`, everything left is handed out.
   */
  takeFrames(): EncodedFrames {
    const joined = concatBytes(this.untaken)
    let end = 0
    let sampleCount = 0
    while (end + 4 <= joined.length) {
      const header = parseMpegFrameHeader(joined, end)
      if (!header || end + header.length > joined.length) break
      end += header.length
      sampleCount += header.samplesPerFrame
    }
    if (this.finished) end = joined.length
    this.untaken = end < joined.length ? [joined.subarray(end)] : []
    return { bytes: joined.subarray(0, end), sampleCount }
  }

  finish(): Uint8Array {
    this.finished = true
    if (this.wasm !== undefined) {
      this.keep(this.wasm.finalize())
      poolOf(this.quality).push(this.wasm)
    } else {
      this.keep((this.encoder as Mp3Encoder).flush())
    }
    const joined = concatBytes(this.parts)
    this.parts.length = 0
    let audioFrames = 0
    for (let at = 0; at + 4 <= joined.length;) {
      const header = parseMpegFrameHeader(joined, at)
      if (!header) break
      audioFrames++
      at += header.length
    }
    const info =
      joined.length > 0
        ? gaplessInfoFrame(joined, audioFrames, joined.length, this.samples, this.kbps)
        : undefined
    return info ? concatBytes([info, joined]) : joined
  }

  private keep(part: Uint8Array): void {
    if (part.length === 0) return
    // LAME reuses its output buffer (the WebAssembly one hands out a view of its memory), so each
    // part is copied before the next call; the JavaScript port hands out signed bytes (Int8Array
    // at run time, whatever its types say), read here as unsigned.
    const copy = new Uint8Array(part.buffer, part.byteOffset, part.length).slice()
    this.parts.push(copy)
    this.untaken.push(copy)
  }
}

function toInt16(from: Float32Array, into: Int16Array, start: number, count: number): void {
  for (let i = 0; i < count; i++) {
    const s = from[start + i] as number
    into[i] = s >= 1 ? 32767 : s <= -1 ? -32768 : Math.round(s * 32767)
  }
}

/** Encodes constant-bitrate MP3 with LAME; more than two channels are mixed to stereo first. */
export function encodeMp3(audio: PcmAudio, options: Mp3EncodeOptions = {}): Uint8Array {
  let source = audio.channels.length > 2 ? toChannelCount(audio, 2) : audio
  const targetRate = nearestMp3Rate(source.sampleRate)
  if (targetRate !== source.sampleRate) source = resample(source, targetRate)
  const encoder = new Mp3StreamEncoder(targetRate, source.channels.length, options.kbps ?? 192)
  encoder.push(source.channels)
  return encoder.finish()
}
