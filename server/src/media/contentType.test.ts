import { encodeMp3, encodeWav } from '@gy/audio'
import { describe, expect, it } from 'vitest'
import {
  bytesNeededToSniff,
  CONTENT_TYPES,
  sniffContentType,
  uploadPurposeOf,
  urlFileNameOf,
} from './contentType'
import { steppedTone } from './testTones'

const text = (value: string): Uint8Array => new TextEncoder().encode(value)

describe('sniffContentType', () => {
  it('knows MP3 and WAV by their bytes', () => {
    const tone = steppedTone(0.5)
    expect(sniffContentType(encodeMp3(tone, { kbps: 128 }))).toBe(CONTENT_TYPES.mp3)
    expect(sniffContentType(encodeWav(tone))).toBe(CONTENT_TYPES.wav)
  })

  it('knows images and playlists', () => {
    expect(sniffContentType(text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      CONTENT_TYPES.svg,
    )
    expect(sniffContentType(text('<?xml version="1.0"?>\n<svg viewBox="0 0 1 1"/>'))).toBe(
      CONTENT_TYPES.svg,
    )
    expect(sniffContentType(text('#EXTM3U\n#EXT-X-VERSION:3\n'))).toBe(CONTENT_TYPES.hlsPlaylist)
    expect(
      sniffContentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe(CONTENT_TYPES.png)
    expect(sniffContentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe(
      CONTENT_TYPES.jpeg,
    )
  })

  it('does not trust a name or a lone sync byte', () => {
    expect(sniffContentType(text('song.mp3'))).toBeNull()
    expect(sniffContentType(new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3]))).toBeNull()
    expect(sniffContentType(text('<html><svg></svg></html>'))).toBeNull()
    expect(sniffContentType(new Uint8Array())).toBeNull()
  })

  it('knows FLAC by its fLaC marker', () => {
    expect(sniffContentType(text('fLaC\u0000\u0000\u0000\u0022'))).toBe(CONTENT_TYPES.flac)
    expect(sniffContentType(text('flac'))).toBeNull()
  })
})

describe('uploadPurposeOf', () => {
  it('sorts uploadable types into audio and images, and refuses SVG and playlists', () => {
    expect(uploadPurposeOf(CONTENT_TYPES.mp3)).toBe('audio')
    expect(uploadPurposeOf(CONTENT_TYPES.wav)).toBe('audio')
    expect(uploadPurposeOf(CONTENT_TYPES.flac)).toBe('audio')
    expect(uploadPurposeOf(CONTENT_TYPES.png)).toBe('image')
    expect(uploadPurposeOf(CONTENT_TYPES.jpeg)).toBe('image')
    expect(uploadPurposeOf(CONTENT_TYPES.webp)).toBe('image')
    expect(uploadPurposeOf(CONTENT_TYPES.svg)).toBeNull()
    expect(uploadPurposeOf(CONTENT_TYPES.hlsPlaylist)).toBeNull()
    expect(uploadPurposeOf(null)).toBeNull()
  })
})

describe('bytesNeededToSniff', () => {
  it('waits for a whole ID3 tag and the frames after it, but not for an absurd tag', () => {
    const plain = bytesNeededToSniff(text('RIFF'))
    // ID3v2 header with a syncsafe size of 1000 bytes (7 bits a byte: 0x07 0x68).
    const tagged = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x07, 0x68])
    expect(bytesNeededToSniff(tagged)).toBe(plain + 1010)
    const huge = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0x7f, 0x7f, 0x7f, 0x7f])
    expect(bytesNeededToSniff(huge)).toBe(plain)
  })

  it('is enough for an MP3 behind a tag', () => {
    const mp3 = encodeMp3(steppedTone(0.5), { kbps: 128 })
    const tag = new Uint8Array(10 + 3000)
    tag.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0x17, 0x38])
    const tagged = new Uint8Array([...tag, ...mp3])
    const head = tagged.subarray(0, bytesNeededToSniff(tagged))
    expect(sniffContentType(head)).toBe(CONTENT_TYPES.mp3)
  })
})

describe('urlFileNameOf', () => {
  it('names a stored file by its type, in characters a signed URL takes', () => {
    expect(urlFileNameOf(CONTENT_TYPES.flac, 'audio')).toBe('audio.flac')
    expect(urlFileNameOf(CONTENT_TYPES.jpeg)).toBe('file.jpg')
    expect(urlFileNameOf('application/octet-stream')).toBe('file')
  })
})
