import { encodeMp3, encodeWav } from '@gy/audio'
import { describe, expect, it } from 'vitest'
import { CONTENT_TYPES, sniffContentType } from './contentType'
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
})
