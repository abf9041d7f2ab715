/**
 * The implicit label that 人工智能生成合成内容标识办法 and GB 45438-2025 require in the metadata of
 * every AI-generated audio file: a field named `AIGC` whose value is JSON with five keys. MP3 files
 * carry it in an ID3v2.4 `TXXX` frame described `AIGC`; WAV files in a `LIST`/`INFO` sub-chunk
 * with the id `AIGC`. Writing never touches the audio itself, only the metadata around it.
 */
import { AudioError } from '../errors'
import { concatBytes } from './bytes'
import { id3TagLength } from './mp3Frames'
import { looksLikeWav } from './wav'

export interface AigcLabel {
  /** "1" for AI-generated content. */
  Label: string
  ContentProducer: string
  ProduceID: string
  ContentPropagator: string
  PropagateID: string
}

/** The standard's keys, in the standard's order. */
const LABEL_KEYS = [
  'Label',
  'ContentProducer',
  'ProduceID',
  'ContentPropagator',
  'PropagateID',
] as const satisfies readonly (keyof AigcLabel)[]

const FIELD = 'AIGC'
const utf8 = new TextEncoder()

/** The label as JSON with exactly the five keys, so extra properties of the object never leak in. */
function labelJson(label: AigcLabel): string {
  return JSON.stringify(Object.fromEntries(LABEL_KEYS.map((key) => [key, label[key]])))
}

/** The label in `text`, or null when it is not JSON holding the five keys as strings. */
function parseLabel(text: string): AigcLabel | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const fields: Partial<Record<keyof AigcLabel, unknown>> = value
  const label: Partial<AigcLabel> = {}
  for (const key of LABEL_KEYS) {
    const field = fields[key]
    if (typeof field !== 'string') return null
    label[key] = field
  }
  return label as AigcLabel
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}

// ---- MP3: ID3v2 ----

/** ID3v2 "syncsafe" integers use 7 bits a byte, so no size byte can look like an MPEG sync. */
function syncsafe(value: number): Uint8Array {
  if (value > 0x0fffffff) throw new AudioError('invalid_option', 'ID3 标签过大')
  return Uint8Array.of(
    (value >> 21) & 0x7f,
    (value >> 14) & 0x7f,
    (value >> 7) & 0x7f,
    value & 0x7f,
  )
}

function readSyncsafe(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] ?? 0) & 0x7f) << 21) |
    (((bytes[offset + 1] ?? 0) & 0x7f) << 14) |
    (((bytes[offset + 2] ?? 0) & 0x7f) << 7) |
    ((bytes[offset + 3] ?? 0) & 0x7f)
  )
}

/**
 * The MP3 with one ID3v2.4 tag in front holding the label in a `TXXX` frame. A tag already at the
 * front (or several stacked ones) is replaced whole, other frames included: the audio frames after
 * it are copied byte for byte.
 */
export function writeMp3Aigc(mp3: Uint8Array, label: AigcLabel): Uint8Array {
  let audioStart = 0
  for (let tag = id3TagLength(mp3); tag > 0; tag = id3TagLength(mp3.subarray(audioStart))) {
    audioStart += tag
  }
  if (audioStart > mp3.length) throw new AudioError('corrupted', 'ID3 标签长度超出文件')
  // TXXX body: encoding 3 (UTF-8), the description and its NUL, then the value.
  const body = concatBytes([
    Uint8Array.of(3),
    utf8.encode(FIELD),
    Uint8Array.of(0),
    utf8.encode(labelJson(label)),
  ])
  const frame = concatBytes([utf8.encode('TXXX'), syncsafe(body.length), Uint8Array.of(0, 0), body])
  // "ID3", version 2.4.0, no flags (no unsynchronisation, extended header or footer).
  const header = concatBytes([utf8.encode('ID3'), Uint8Array.of(4, 0, 0), syncsafe(frame.length)])
  return concatBytes([header, frame, mp3.subarray(audioStart)])
}

/** Text of an ID3 text field in the given encoding byte (0 Latin-1, 1 UTF-16 with BOM, 2 UTF-16BE, 3 UTF-8). */
function decodeId3Text(bytes: Uint8Array, encoding: number): string {
  const label = ['latin1', 'utf-16', 'utf-16be', 'utf-8'][encoding] ?? 'utf-8'
  return new TextDecoder(label).decode(bytes).replace(/\0+$/, '')
}

/** Where the NUL ending the description of a TXXX body starts (a NUL is two bytes in UTF-16). */
function descriptionEnd(body: Uint8Array, encoding: number): number {
  const wide = encoding === 1 || encoding === 2
  for (let i = 1; i + (wide ? 1 : 0) < body.length; i += wide ? 2 : 1) {
    if (body[i] === 0 && (!wide || body[i + 1] === 0)) return i
  }
  return -1
}

/**
 * The label in the leading ID3v2.3 or v2.4 tag, or null when there is none. Other frames may come
 * before it. Unsynchronised tags are not undone (nothing the platform writes uses it).
 */
export function readMp3Aigc(mp3: Uint8Array): AigcLabel | null {
  const tagEnd = Math.min(id3TagLength(mp3), mp3.length)
  const version = mp3[3]
  if (tagEnd === 0 || (version !== 3 && version !== 4)) return null
  const view = new DataView(mp3.buffer, mp3.byteOffset, mp3.byteLength)
  let offset = 10
  if (((mp3[5] ?? 0) & 0x40) !== 0) {
    // An extended header: v2.4 counts its own size field (syncsafe), v2.3 does not (plain).
    offset += version === 4 ? readSyncsafe(mp3, 10) : 4 + view.getUint32(10)
  }
  while (offset + 10 <= tagEnd) {
    const id = ascii(mp3, offset, 4)
    if (id.charCodeAt(0) === 0) break // padding
    // v2.4 frame sizes are syncsafe; v2.3 frame sizes are plain 32-bit integers.
    const size = version === 4 ? readSyncsafe(mp3, offset + 4) : view.getUint32(offset + 4)
    const start = offset + 10
    const end = start + size
    if (end > tagEnd) break
    if (id === 'TXXX' && size > 1) {
      const body = mp3.subarray(start, end)
      const encoding = body[0] ?? 0
      const nul = descriptionEnd(body, encoding)
      const width = encoding === 1 || encoding === 2 ? 2 : 1
      if (nul > 0 && decodeId3Text(body.subarray(1, nul), encoding) === FIELD) {
        return parseLabel(decodeId3Text(body.subarray(nul + width), encoding))
      }
    }
    offset = end
  }
  return null
}

// ---- WAV: RIFF LIST/INFO ----

interface RiffChunk {
  id: string
  /** Offset of the chunk header. */
  offset: number
  /** Body size as the header states it (without the pad byte). */
  size: number
}

/** The chunks after the RIFF/WAVE header; one running past the end is cut at the end. */
function riffChunks(bytes: Uint8Array, start: number, end: number): RiffChunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const chunks: RiffChunk[] = []
  for (let offset = start; offset + 8 <= end;) {
    const size = view.getUint32(offset + 4, true)
    chunks.push({ id: ascii(bytes, offset, 4), offset, size })
    // Chunks are word-aligned: an odd size is followed by one pad byte.
    offset += 8 + size + (size & 1)
  }
  return chunks
}

function isInfoList(bytes: Uint8Array, chunk: RiffChunk): boolean {
  return chunk.id === 'LIST' && ascii(bytes, chunk.offset + 8, 4) === 'INFO'
}

/** A chunk with `body`, its size in the header and a pad byte after an odd body. */
function chunk(id: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1))
  out.set(utf8.encode(id))
  new DataView(out.buffer).setUint32(4, body.length, true)
  out.set(body, 8)
  return out
}

/**
 * The WAV with a `LIST`/`INFO` chunk after the audio holding an `AIGC` sub-chunk: the label as a
 * NUL-terminated UTF-8 string. Other INFO entries of an existing list (a title, say) are kept in
 * the new list; the old list and any old `AIGC` entry go, so labels never stack.
 */
export function writeWavAigc(wav: Uint8Array, label: AigcLabel): Uint8Array {
  if (!looksLikeWav(wav)) throw new AudioError('unsupported_format')
  const parts: Uint8Array[] = []
  const keptInfo: Uint8Array[] = []
  let hasData = false
  for (const found of riffChunks(wav, 12, wav.length)) {
    const bodyStart = found.offset + 8
    const available = wav.length - bodyStart
    if (isInfoList(wav, found)) {
      const listEnd = bodyStart + Math.min(found.size, available)
      for (const entry of riffChunks(wav, bodyStart + 4, listEnd)) {
        if (entry.id === FIELD) continue
        const entryBody = wav.subarray(
          entry.offset + 8,
          Math.min(entry.offset + 8 + entry.size, listEnd),
        )
        keptInfo.push(chunk(entry.id, entryBody))
      }
      continue
    }
    // A streaming writer's data size (0 or 0xFFFFFFFF, "to the end of the file") or a cut-off
    // chunk would swallow a list appended after it, so the size written is what the file holds.
    const streaming = found.id === 'data' && (found.size === 0 || found.size === 0xffffffff)
    const size = streaming ? available : Math.min(found.size, available)
    hasData ||= found.id === 'data'
    parts.push(chunk(found.id, wav.subarray(bodyStart, bodyStart + size)))
  }
  if (!hasData) throw new AudioError('corrupted', 'WAV 缺少数据块')
  const text = concatBytes([utf8.encode(labelJson(label)), Uint8Array.of(0)])
  parts.push(chunk('LIST', concatBytes([utf8.encode('INFO'), ...keptInfo, chunk(FIELD, text)])))
  const riffBody = concatBytes([utf8.encode('WAVE'), ...parts])
  const out = concatBytes([utf8.encode('RIFF'), new Uint8Array(4), riffBody])
  new DataView(out.buffer).setUint32(4, riffBody.length, true)
  return out
}

/** The label in the WAV's `LIST`/`INFO` chunk, or null when there is none. */
export function readWavAigc(wav: Uint8Array): AigcLabel | null {
  if (!looksLikeWav(wav)) return null
  for (const found of riffChunks(wav, 12, wav.length)) {
    if (!isInfoList(wav, found)) continue
    const listEnd = Math.min(found.offset + 8 + found.size, wav.length)
    for (const entry of riffChunks(wav, found.offset + 12, listEnd)) {
      if (entry.id !== FIELD) continue
      const text = wav.subarray(entry.offset + 8, Math.min(entry.offset + 8 + entry.size, listEnd))
      return parseLabel(new TextDecoder().decode(text).replace(/\0+$/, ''))
    }
  }
  return null
}
