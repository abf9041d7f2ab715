/**
 * What stored bytes are, judged by the bytes themselves (never by a file name): uploads are
 * checked with it, and it picks the Content-Type files are served with.
 */
import { id3TagLength, isMpegFrameChain } from '@gy/audio'

export const CONTENT_TYPES = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
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
