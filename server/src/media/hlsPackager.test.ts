import { decodeAudio, encodeMp3, id3TagLength, scanMp3 } from '@gy/audio'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_TYPES, sniffContentType } from './contentType'
import {
  id3TimestampTag,
  playlistTemplate,
  renderPlaylist,
  segmentMp3,
  segmentName,
  type HlsSegment,
} from './hlsPackager'
import { createFileUrlSigner } from './signedUrl'
import { steppedTone } from './testTones'

/** Reads the PTS (90 kHz) of a segment's leading ID3 PRIV timestamp frame, as hls.js does. */
function readTimestamp(segment: Uint8Array): number | undefined {
  const owner = 'com.apple.streaming.transportStreamTimestamp'
  const text = new TextDecoder('latin1').decode(segment.subarray(0, id3TagLength(segment)))
  const at = text.indexOf(`PRIV`)
  if (at < 0 || !text.includes(owner)) return undefined
  const data = at + 10 + owner.length + 1
  const view = new DataView(segment.buffer, segment.byteOffset + data, 8)
  return (view.getUint32(0) & 1) * 2 ** 32 + view.getUint32(4)
}

describe('HLS packaging', () => {
  let mp3: Uint8Array
  let segments: HlsSegment[]
  beforeAll(() => {
    mp3 = encodeMp3(steppedTone(12), { kbps: 128 })
    segments = segmentMp3(mp3, 5)
  })

  it('cuts a 12 s work into segments of about 5 s, covering every audio frame once', () => {
    expect(segments.map((segment) => segment.durationSeconds.toFixed(2))).toEqual([
      '4.99',
      '4.99',
      expect.any(String),
    ])
    const stream = scanMp3(mp3)
    const frameBytes = stream?.frames.reduce((sum, frame) => sum + frame.length, 0) ?? 0
    const segmentAudioBytes = segments.reduce(
      (sum, segment) => sum + segment.bytes.length - id3TagLength(segment.bytes),
      0,
    )
    expect(segmentAudioBytes).toBe(frameBytes)
    const total = segments.reduce((sum, segment) => sum + segment.durationSeconds, 0)
    expect(total).toBeGreaterThan(12)
    expect(total).toBeLessThan(12.2)
  })

  it('leads each segment with an ID3 PRIV timestamp of its start on the 90 kHz clock', () => {
    for (const segment of segments) {
      expect(readTimestamp(segment.bytes)).toBe(Math.round(segment.startSeconds * 90_000))
    }
    expect(segments[1]?.startSeconds).toBeCloseTo(4.989, 2)
  })

  it('writes timestamps beyond 32 bits with the 33rd bit', () => {
    const tag = id3TimestampTag(2 ** 32 + 5)
    expect(readTimestamp(tag)).toBe(2 ** 32 + 5)
  })

  it('gives segments that decode on their own, each as long as it says', async () => {
    for (const segment of segments) {
      expect(sniffContentType(segment.bytes)).toBe(CONTENT_TYPES.mp3)
      const audio = await decodeAudio(segment.bytes)
      const seconds = (audio.channels[0]?.length ?? 0) / audio.sampleRate
      expect(seconds).toBeGreaterThan(segment.durationSeconds - 0.1)
      expect(seconds).toBeLessThan(segment.durationSeconds + 0.1)
    }
  })

  it('refuses bytes that are not MP3', () => {
    expect(() => segmentMp3(new TextEncoder().encode('not audio at all'))).toThrow()
  })

  it('writes a VOD playlist and signs its segment URLs when it is served', () => {
    const key = (n: number): string => String(n).repeat(64)
    const template = playlistTemplate(
      segments.map((segment, index) => ({
        key: key(index + 1),
        name: segmentName(index),
        durationSeconds: segment.durationSeconds,
      })),
    )
    const lines = template.trim().split('\n')
    expect(lines.slice(0, 5)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:5',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
    ])
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST')
    expect(lines.filter((line) => line.startsWith('#EXTINF:'))).toHaveLength(3)
    expect(lines).toContain(`../${key(1)}/segment-001.mp3`)

    const signer = createFileUrlSigner('a-test-secret-of-some-length')
    const served = renderPlaylist(template, signer, 1_900_000_000)
    const uris = served.split('\n').filter((line) => line !== '' && !line.startsWith('#'))
    expect(uris).toHaveLength(3)
    for (const [index, uri] of uris.entries()) {
      const url = new URL(uri, 'http://localhost')
      expect(url.pathname).toBe(`/files/${key(index + 1)}/${segmentName(index)}`)
      expect(
        signer.check(
          key(index + 1),
          url.searchParams.get('expires'),
          url.searchParams.get('signature'),
          new Date('2030-01-01T00:00:00Z'),
        ),
      ).toBe('valid')
    }
  })
})
