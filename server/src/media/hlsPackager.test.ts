import { decodeAudio, encodeMp3, id3TagLength, scanMp3 } from '@gy/audio'
import { beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_TYPES, sniffContentType } from './contentType'
import {
  id3TimestampTag,
  livePlaylistTemplate,
  Mp3Segmenter,
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

  it('cuts frames arriving in ragged chunks exactly as the whole file, and waits for a full segment', () => {
    const stream = scanMp3(mp3)
    if (stream === null) throw new Error('not an MP3')
    const frames = stream.frames
    const segmenter = new Mp3Segmenter(5)
    const live: HlsSegment[] = []
    let from = 0
    // Chunks of 7, 50, 3, ... frames, never a partial one.
    for (const [index, count] of [7, 50, 3, 120, 1, 99, 400].entries()) {
      const chunk = frames.slice(from, from + count)
      from += chunk.length
      if (chunk.length === 0) break
      const first = chunk[0]
      const last = chunk[chunk.length - 1]
      if (first === undefined || last === undefined) break
      const cut = segmenter.push(mp3.subarray(first.offset, last.offset + last.length))
      if (index === 0) expect(cut).toEqual([])
      live.push(...cut)
    }
    live.push(...segmenter.finish())
    expect(live.map((segment) => Buffer.from(segment.bytes).toString('hex'))).toEqual(
      segments.map((segment) => Buffer.from(segment.bytes).toString('hex')),
    )
  })

  it("puts a given tag (a live song's AIGC label) after each segment's timestamp", () => {
    // An empty ID3v2.4 tag.
    const tag = Uint8Array.of(0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0)
    const labelled = new Mp3Segmenter(5, tag)
    const cut = [...labelled.push(mp3), ...labelled.finish()]
    expect(cut).toHaveLength(segments.length)
    for (const [index, segment] of cut.entries()) {
      const timestamp = id3TimestampTag(0).length
      expect(Buffer.from(segment.bytes.subarray(timestamp, timestamp + tag.length))).toEqual(
        Buffer.from(tag),
      )
      expect(readTimestamp(segment.bytes)).toBe(readTimestamp(segments[index]?.bytes ?? mp3))
    }
  })

  it('writes a live EVENT playlist that ends only when the song is complete', () => {
    const entries = [{ key: 'a'.repeat(64), name: segmentName(0), durationSeconds: 3.997 }]
    const growing = livePlaylistTemplate(entries, false)
    expect(growing).toContain('#EXT-X-PLAYLIST-TYPE:EVENT')
    expect(growing).toContain('#EXT-X-TARGETDURATION:4')
    expect(growing).not.toContain('#EXT-X-ENDLIST')
    expect(livePlaylistTemplate(entries, true).trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true)
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
