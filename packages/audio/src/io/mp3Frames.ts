/**
 * Walking the frames of an MPEG audio stream without decoding it: where each frame starts, how
 * long it is and how many samples it carries. The MP3 reader sizes a file from these before
 * decoding it; the server cuts HLS segments on these boundaries, and a byte offset for a moment
 * in a constant-bitrate file follows from them.
 */

export interface MpegFrameHeader {
  /** Bytes in the whole frame, header included. */
  length: number
  sampleRate: number
  samplesPerFrame: number
  kbps: number
  channelCount: number
}

export interface MpegFrame {
  offset: number
  length: number
}

export interface Mp3Stream {
  sampleRate: number
  samplesPerFrame: number
  kbps: number
  /** The audio frames in order; a leading Xing/Info tag frame is left out. */
  frames: MpegFrame[]
  /** Where the audio frames start, after any ID3 tag and Xing/Info frame. */
  audioStart: number
}

// kbit/s by bitrate index 1..14, for MPEG-1 and MPEG-2/2.5, per layer.
const BITRATES: Record<string, readonly number[]> = {
  '1-1': [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const SAMPLE_RATES: Record<string, readonly number[]> = {
  '1': [44100, 48000, 32000],
  '2': [22050, 24000, 16000],
  '2.5': [11025, 12000, 8000],
}

/** Parses the 4-byte frame header at `offset`, or returns null when there is none. */
export function parseMpegFrameHeader(bytes: Uint8Array, offset: number): MpegFrameHeader | null {
  if (offset < 0 || offset + 4 > bytes.length) return null
  const b1 = bytes[offset] ?? 0
  const b2 = bytes[offset + 1] ?? 0
  const b3 = bytes[offset + 2] ?? 0
  const b4 = bytes[offset + 3] ?? 0
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null
  const versionBits = (b2 >> 3) & 3
  const layerBits = (b2 >> 1) & 3
  if (versionBits === 1 || layerBits === 0) return null
  const version = versionBits === 3 ? '1' : versionBits === 2 ? '2' : '2.5'
  const layer = 4 - layerBits
  const bitrateIndex = b3 >> 4
  const rateIndex = (b3 >> 2) & 3
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null
  const kbps = BITRATES[`${version === '1' ? 1 : 2}-${layer}`]?.[bitrateIndex - 1]
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex]
  if (kbps === undefined || sampleRate === undefined) return null
  const padding = (b3 >> 1) & 1
  const channelCount = b4 >> 6 === 3 ? 1 : 2
  if (layer === 1) {
    const length = (Math.floor((12 * kbps * 1000) / sampleRate) + padding) * 4
    return { length, sampleRate, samplesPerFrame: 384, kbps, channelCount }
  }
  const samplesPerFrame = layer === 3 && version !== '1' ? 576 : 1152
  const length = Math.floor(((samplesPerFrame / 8) * kbps * 1000) / sampleRate) + padding
  return { length, sampleRate, samplesPerFrame, kbps, channelCount }
}

/** True when two frame headers follow one another at `offset` (or one frame ends the data). */
export function isMpegFrameChain(bytes: Uint8Array, offset: number): boolean {
  const first = parseMpegFrameHeader(bytes, offset)
  if (first === null) return false
  const next = offset + first.length
  if (next === bytes.length) return true
  const second = parseMpegFrameHeader(bytes, next)
  return second !== null && second.sampleRate === first.sampleRate
}

/** The size of a leading ID3v2 tag (0 when there is none). */
export function id3TagLength(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0
  // ID3v2 sizes are "syncsafe": 7 bits per byte.
  const size =
    (((bytes[6] ?? 0) & 0x7f) << 21) |
    (((bytes[7] ?? 0) & 0x7f) << 14) |
    (((bytes[8] ?? 0) & 0x7f) << 7) |
    ((bytes[9] ?? 0) & 0x7f)
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0
  return 10 + size + footer
}

/**
 * Bytes of layer III side information after the frame header at `offset`; a Xing/Info tag starts
 * right after them.
 */
export function sideInfoLength(bytes: Uint8Array, offset: number): number {
  const mpeg1 = (((bytes[offset + 1] ?? 0) >> 3) & 3) === 3
  const mono = (bytes[offset + 3] ?? 0) >> 6 === 3
  return mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17
}

/** Whether the frame at `offset` is a Xing/Info tag (the silent header frame LAME writes). */
export function isXingFrame(bytes: Uint8Array, offset: number): boolean {
  const at = offset + 4 + sideInfoLength(bytes, offset)
  const id = String.fromCharCode(...bytes.subarray(at, at + 4))
  return id === 'Xing' || id === 'Info'
}

/** How far into the data the first frame is looked for (after an ID3 tag). */
const FIRST_FRAME_SEARCH_BYTES = 64 * 1024

/**
 * Lists the frames of an MP3 stream. Bytes between frames (damage, a trailing ID3v1 tag) are
 * skipped; frames of another sample rate are left out. Null when no frames are found.
 */
export function scanMp3(bytes: Uint8Array): Mp3Stream | null {
  const tagEnd = Math.min(id3TagLength(bytes), bytes.length)
  let offset = -1
  const searchEnd = Math.min(bytes.length, tagEnd + FIRST_FRAME_SEARCH_BYTES)
  for (let at = tagEnd; at < searchEnd; at++) {
    if (bytes[at] === 0xff && isMpegFrameChain(bytes, at)) {
      offset = at
      break
    }
  }
  if (offset < 0) return null
  const first = parseMpegFrameHeader(bytes, offset)
  if (first === null) return null
  if (isXingFrame(bytes, offset)) offset += first.length
  const audioStart = offset
  const frames: MpegFrame[] = []
  while (offset + 4 <= bytes.length) {
    const header = parseMpegFrameHeader(bytes, offset)
    if (header === null) {
      offset++
      continue
    }
    if (offset + header.length > bytes.length) break
    if (header.sampleRate === first.sampleRate) frames.push({ offset, length: header.length })
    offset += header.length
  }
  if (frames.length === 0) return null
  return {
    sampleRate: first.sampleRate,
    samplesPerFrame: first.samplesPerFrame,
    kbps: first.kbps,
    frames,
    audioStart,
  }
}
