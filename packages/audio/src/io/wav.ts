import { AudioError } from '../errors'
import type { PcmAudio } from '../types'

/** What the header of a RIFF/WAVE file says, enough to decode any range of it without decoding all. */
export interface WavInfo {
  sampleRate: number
  channelCount: number
  /** 8, 16, 24 or 32 for integer PCM; 32 or 64 for float. */
  bitDepth: number
  isFloat: boolean
  /** Byte offset of the first sample frame. */
  dataOffset: number
  /** Whole frames actually present (a header that promises more than the file holds is trusted only up to the end). */
  frameCount: number
  /** True when the data chunk promises more bytes than the file holds (an unfinished or cut-off file). */
  truncated: boolean
}

export interface WavEncodeOptions {
  /** 16 or 24 for integer PCM, 32 for IEEE float. Default 16. */
  bitDepth?: 16 | 24 | 32
}

const WAVE_FORMAT_PCM = 1
const WAVE_FORMAT_IEEE_FLOAT = 3
const WAVE_FORMAT_EXTENSIBLE = 0xfffe
export const MIN_SAMPLE_RATE = 8000
export const MAX_SAMPLE_RATE = 192000
export const MAX_CHANNELS = 8

function fourCc(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(
    bytes[offset] ?? 0,
    bytes[offset + 1] ?? 0,
    bytes[offset + 2] ?? 0,
    bytes[offset + 3] ?? 0,
  )
}

export function looksLikeWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && fourCc(bytes, 0) === 'RIFF' && fourCc(bytes, 8) === 'WAVE'
}

/** Reads the header chunks; refuses anything it could not decode correctly. */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  if (bytes.length === 0) throw new AudioError('empty')
  if (!looksLikeWav(bytes)) throw new AudioError('unsupported_format')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = 12
  let format: Omit<WavInfo, 'dataOffset' | 'frameCount' | 'truncated'> | undefined
  let blockAlign = 0
  while (offset + 8 <= bytes.length) {
    const id = fourCc(bytes, offset)
    const size = view.getUint32(offset + 4, true)
    const body = offset + 8
    if (id === 'fmt ') {
      if (body + 16 > bytes.length) throw new AudioError('truncated', 'WAV 头部不完整')
      let formatTag = view.getUint16(body, true)
      const channelCount = view.getUint16(body + 2, true)
      const sampleRate = view.getUint32(body + 4, true)
      blockAlign = view.getUint16(body + 12, true)
      const bitDepth = view.getUint16(body + 14, true)
      if (formatTag === WAVE_FORMAT_EXTENSIBLE) {
        if (size < 40 || body + 26 > bytes.length)
          throw new AudioError('corrupted', 'WAV 扩展头不完整')
        // The sub-format GUID starts with the plain format tag.
        formatTag = view.getUint16(body + 24, true)
      }
      const isFloat = formatTag === WAVE_FORMAT_IEEE_FLOAT
      if (formatTag !== WAVE_FORMAT_PCM && !isFloat) throw new AudioError('unsupported_encoding')
      const supportedDepth = isFloat
        ? bitDepth === 32 || bitDepth === 64
        : [8, 16, 24, 32].includes(bitDepth)
      if (!supportedDepth) throw new AudioError('unsupported_encoding')
      if (channelCount < 1 || channelCount > MAX_CHANNELS)
        throw new AudioError('unsupported_channels')
      if (sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
        throw new AudioError('unsupported_sample_rate', `${sampleRate} Hz`)
      }
      if (blockAlign !== (channelCount * bitDepth) / 8)
        throw new AudioError('corrupted', 'WAV 块对齐错误')
      format = { sampleRate, channelCount, bitDepth, isFloat }
    } else if (id === 'data') {
      if (!format) throw new AudioError('corrupted', 'WAV 缺少格式块')
      const available = bytes.length - body
      // Streaming writers leave the size at 0 or 0xFFFFFFFF; both mean "until the end of the file".
      const declared = size === 0 || size === 0xffffffff ? available : size
      const usable = Math.min(declared, available)
      const frameCount = Math.floor(usable / blockAlign)
      if (frameCount === 0) {
        throw new AudioError(declared > available ? 'truncated' : 'empty', 'WAV 没有音频数据')
      }
      return { ...format, dataOffset: body, frameCount, truncated: declared > available }
    }
    // Chunks are word-aligned: an odd size is followed by one pad byte.
    offset = body + size + (size & 1)
  }
  throw new AudioError(format ? 'truncated' : 'corrupted', 'WAV 缺少数据块')
}

/** Decodes `frameCount` frames starting at `startFrame` into a fresh buffer (for streaming long files). */
export function decodeWavFrames(
  bytes: Uint8Array,
  info: WavInfo,
  startFrame: number,
  frameCount: number,
): PcmAudio {
  const count = Math.max(0, Math.min(frameCount, info.frameCount - startFrame))
  const channels = Array.from({ length: info.channelCount }, () => new Float32Array(count))
  const bytesPerSample = info.bitDepth / 8
  const stride = bytesPerSample * info.channelCount
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let c = 0; c < info.channelCount; c++) {
    const out = channels[c] as Float32Array
    let p = info.dataOffset + startFrame * stride + c * bytesPerSample
    if (info.isFloat && info.bitDepth === 32) {
      for (let i = 0; i < count; i++, p += stride) out[i] = view.getFloat32(p, true)
    } else if (info.isFloat) {
      for (let i = 0; i < count; i++, p += stride) out[i] = view.getFloat64(p, true)
    } else if (info.bitDepth === 16) {
      for (let i = 0; i < count; i++, p += stride) {
        out[i] = ((((bytes[p] as number) | ((bytes[p + 1] as number) << 8)) << 16) >> 16) / 32768
      }
    } else if (info.bitDepth === 24) {
      for (let i = 0; i < count; i++, p += stride) {
        const value =
          (((bytes[p] as number) |
            ((bytes[p + 1] as number) << 8) |
            ((bytes[p + 2] as number) << 16)) <<
            8) >>
          8
        out[i] = value / 8388608
      }
    } else if (info.bitDepth === 32) {
      for (let i = 0; i < count; i++, p += stride) out[i] = view.getInt32(p, true) / 2147483648
    } else {
      // 8-bit WAV is unsigned with its zero at 128.
      for (let i = 0; i < count; i++, p += stride) out[i] = ((bytes[p] as number) - 128) / 128
    }
  }
  return { sampleRate: info.sampleRate, channels }
}

export function decodeWav(bytes: Uint8Array): PcmAudio {
  const info = readWavInfo(bytes)
  return decodeWavFrames(bytes, info, 0, info.frameCount)
}

/** Yields the file in chunks of `chunkFrames` so a long file never needs all of its samples in memory. */
export function* streamWav(bytes: Uint8Array, chunkFrames = 65536): Generator<PcmAudio> {
  const info = readWavInfo(bytes)
  for (let start = 0; start < info.frameCount; start += chunkFrames) {
    yield decodeWavFrames(bytes, info, start, chunkFrames)
  }
}

export function encodeWav(audio: PcmAudio, options: WavEncodeOptions = {}): Uint8Array {
  const bitDepth = options.bitDepth ?? 16
  const channelCount = audio.channels.length
  if (channelCount < 1 || channelCount > MAX_CHANNELS) throw new AudioError('unsupported_channels')
  const frames = audio.channels[0]?.length ?? 0
  const bytesPerSample = bitDepth / 8
  const blockAlign = bytesPerSample * channelCount
  const dataBytes = frames * blockAlign
  const out = new Uint8Array(44 + dataBytes + (dataBytes & 1))
  const view = new DataView(out.buffer)
  const writeId = (offset: number, id: string) => {
    for (let i = 0; i < 4; i++) out[offset + i] = id.charCodeAt(i)
  }
  writeId(0, 'RIFF')
  view.setUint32(4, out.length - 8, true)
  writeId(8, 'WAVE')
  writeId(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, bitDepth === 32 ? WAVE_FORMAT_IEEE_FLOAT : WAVE_FORMAT_PCM, true)
  view.setUint16(22, channelCount, true)
  view.setUint32(24, audio.sampleRate, true)
  view.setUint32(28, audio.sampleRate * blockAlign, true)
  view.setUint16(32, blockAlign, true)
  view.setUint16(34, bitDepth, true)
  writeId(36, 'data')
  view.setUint32(40, dataBytes, true)
  for (let c = 0; c < channelCount; c++) {
    const samples = audio.channels[c] as Float32Array
    let p = 44 + c * bytesPerSample
    if (bitDepth === 32) {
      for (let i = 0; i < frames; i++, p += blockAlign)
        view.setFloat32(p, samples[i] as number, true)
    } else if (bitDepth === 24) {
      for (let i = 0; i < frames; i++, p += blockAlign) {
        const s = Math.max(-1, Math.min(1, samples[i] as number))
        const value = Math.max(-8388608, Math.min(8388607, Math.round(s * 8388608)))
        out[p] = value & 0xff
        out[p + 1] = (value >> 8) & 0xff
        out[p + 2] = (value >> 16) & 0xff
      }
    } else {
      for (let i = 0; i < frames; i++, p += blockAlign) {
        const s = Math.max(-1, Math.min(1, samples[i] as number))
        const value = Math.max(-32768, Math.min(32767, Math.round(s * 32768)))
        out[p] = value & 0xff
        out[p + 1] = (value >> 8) & 0xff
      }
    }
  }
  return out
}
