/**
 * What stored bytes are, judged by the bytes themselves (never by a file name): uploads are
 * checked with it, and it picks the Content-Type files are served with.
 */
import { id3TagLength, isMpegFrameChain } from '@gy/audio'
import type { UploadPurpose } from '@gy/api/contract'

export const CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  hlsPlaylist: 'application/vnd.apple.mpegurl',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
} as const

export type KnownContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES]

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, index) => bytes[at + index] === byte)
}

function ascii(text: string): number[] {
  return Array.from(text, (character) => character.charCodeAt(0))
}

/** The content type of `bytes`, or null when they are none of the kinds the platform stores. */
export function sniffContentType(bytes: Uint8Array): KnownContentType | null {
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WAVE'), 8)) {
    return CONTENT_TYPES.wav
  }
  if (startsWith(bytes, ascii('fLaC'))) return CONTENT_TYPES.flac
  if (startsWith(bytes, ascii('#EXTM3U'))) return CONTENT_TYPES.hlsPlaylist
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return CONTENT_TYPES.png
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return CONTENT_TYPES.jpeg
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return CONTENT_TYPES.webp
  }
  const audioStart = Math.min(id3TagLength(bytes), bytes.length)
  // An ID3 tag, or a frame chain right at the start: then frames must chain somewhere close by.
  if (audioStart > 0 || isMpegFrameChain(bytes, 0)) {
    const end = Math.min(bytes.length - 4, audioStart + 4096)
    for (let at = audioStart; at < end; at++) {
      if (bytes[at] === 0xff && isMpegFrameChain(bytes, at)) return CONTENT_TYPES.mp3
    }
  }
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) {
    return CONTENT_TYPES.svg
  }
  return null
}

/** What a user may upload, by purpose. SVG is not among the images: it is a document that can run script. */
const UPLOADABLE: Readonly<Record<UploadPurpose, readonly KnownContentType[]>> = {
  audio: [CONTENT_TYPES.mp3, CONTENT_TYPES.wav, CONTENT_TYPES.flac],
  image: [CONTENT_TYPES.png, CONTENT_TYPES.jpeg, CONTENT_TYPES.webp],
}

/** The upload purpose a sniffed type belongs to, or null when it may not be uploaded at all. */
export function uploadPurposeOf(contentType: string | null): UploadPurpose | null {
  if (contentType === null) return null
  if (UPLOADABLE.audio.some((type) => type === contentType)) return 'audio'
  if (UPLOADABLE.image.some((type) => type === contentType)) return 'image'
  return null
}

/** The first bytes an upload is judged by, when there are that many. */
const SNIFF_BYTES = 16 * 1024
/** An ID3 tag longer than this (cover art inside the tag) is not waited for: the type is unknown. */
const LONGEST_ID3_TAG = 4 * 1024 * 1024

/**
 * How many leading bytes `sniffContentType` needs to judge a file starting with `head`: a fixed
 * few, or for an MP3 behind an ID3 tag the tag and the first frames after it. Streamed uploads
 * hold only this much in memory before they know what they are storing.
 */
export function bytesNeededToSniff(head: Uint8Array): number {
  const tagLength = id3TagLength(head)
  if (tagLength === 0 || tagLength > LONGEST_ID3_TAG) return SNIFF_BYTES
  return tagLength + SNIFF_BYTES
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  [CONTENT_TYPES.mp3]: 'mp3',
  [CONTENT_TYPES.wav]: 'wav',
  [CONTENT_TYPES.flac]: 'flac',
  [CONTENT_TYPES.png]: 'png',
  [CONTENT_TYPES.jpeg]: 'jpg',
  [CONTENT_TYPES.webp]: 'webp',
  [CONTENT_TYPES.svg]: 'svg',
  [CONTENT_TYPES.hlsPlaylist]: 'm3u8',
}

/** A file name for a signed URL of a stored file: ASCII, with the extension of its type. */
export function urlFileNameOf(contentType: string, stem = 'file'): string {
  const extension = EXTENSIONS[contentType]
  return extension === undefined ? stem : `${stem}.${extension}`
}
