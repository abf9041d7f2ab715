/**
 * HLS packaging of an MP3 work: a VOD playlist of ~5 s packed-audio segments. Each segment is a
 * run of whole MPEG frames cut from the stored file (no re-encoding, so packaging is cheap and
 * the audio is bit-identical), led by an ID3 tag whose PRIV frame
 * `com.apple.streaming.transportStreamTimestamp` tells the player where on the timeline the
 * segment starts (HLS spec section 3.4, "Packed Audio").
 *
 * Why packed MP3 rather than AAC or MPEG-TS: the platform encodes MP3 only; hls.js's light build
 * demuxes packed MP3 (mp3demuxer) and hands it to Media Source as `audio/mpeg`, which Chromium
 * builds without proprietary codecs also play, where AAC would not be.
 *
 * The stored playlist is a template: its segment lines are unsigned (`../<key>/<name>`), and
 * they are signed when it is served (renderPlaylist), so the stored bytes never expire while
 * every URL the browser sees does.
 */
import { scanMp3 } from '@gy/audio'
import { isStorageKey, type StorageKey } from '../storage/fileStorage'
import { FILES_PREFIX, isFileName, type FileUrlSigner } from './signedUrl'

export const DEFAULT_SEGMENT_SECONDS = 5
/** The MPEG-TS clock that HLS timestamps count in. */
const PTS_HZ = 90_000
const TIMESTAMP_OWNER = 'com.apple.streaming.transportStreamTimestamp'

export interface HlsSegment {
  /** ID3 timestamp tag + MPEG frames. */
  bytes: Uint8Array
  /** Seconds this segment plays for. */
  durationSeconds: number
  /** Seconds from the start of the work to this segment's first sample. */
  startSeconds: number
}

/** An ID3v2.4 tag holding only the transport stream timestamp PRIV frame. */
export function id3TimestampTag(pts90k: number): Uint8Array {
  const owner = new TextEncoder().encode(TIMESTAMP_OWNER)
  const frameBody = owner.length + 1 + 8
  const tag = new Uint8Array(10 + 10 + frameBody)
  tag.set([0x49, 0x44, 0x33, 0x04, 0x00, 0x00], 0) // "ID3", version 2.4.0, no flags
  tag.set(syncsafe(10 + frameBody), 6)
  tag.set([0x50, 0x52, 0x49, 0x56], 10) // "PRIV"
  tag.set(syncsafe(frameBody), 14)
  // Two bytes of frame flags stay zero.
  tag.set(owner, 20)
  // The owner string's NUL terminator is already zero; then a 33-bit PTS, big-endian in 8 bytes.
  const view = new DataView(tag.buffer)
  const pts = Math.round(pts90k) % 2 ** 33
  view.setUint32(20 + owner.length + 1, Math.floor(pts / 2 ** 32))
  view.setUint32(20 + owner.length + 5, pts % 2 ** 32)
  return tag
}

function syncsafe(value: number): number[] {
  return [(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]
}

/**
 * Cuts a stream of MPEG frames into segments of about `segmentSeconds` as the frames arrive: a
 * finished file all at once, or a song still being encoded chunk by chunk. Chunks must hold whole
 * frames. Segments come out in order, each led by its timestamp tag.
 */
export class Mp3Segmenter {
  private pending = new Uint8Array(0)
  private framesSoFar = 0

  /** `tag`: an ID3 tag each segment carries after its timestamp (a live song's AIGC label). */
  constructor(
    private readonly segmentSeconds: number = DEFAULT_SEGMENT_SECONDS,
    private readonly tag: Uint8Array = new Uint8Array(0),
  ) {}

  /** Adds frames; returns the segments now complete (none while less than one is waiting). */
  push(frames: Uint8Array): HlsSegment[] {
    const joined = new Uint8Array(this.pending.length + frames.length)
    joined.set(this.pending, 0)
    joined.set(frames, this.pending.length)
    this.pending = joined
    return this.cut(false)
  }

  /** The last, possibly shorter, segment: the stream has ended. */
  finish(): HlsSegment[] {
    return this.cut(true)
  }

  private cut(final: boolean): HlsSegment[] {
    if (this.pending.length === 0) return []
    const stream = scanMp3(this.pending)
    if (stream === null) {
      if (final) throw new Error('Not an MP3 stream: nothing to package')
      return []
    }
    const frameSeconds = stream.samplesPerFrame / stream.sampleRate
    const framesPerSegment = Math.max(1, Math.floor(this.segmentSeconds / frameSeconds))
    const segments: HlsSegment[] = []
    let first = 0
    let consumed = 0
    while (first < stream.frames.length) {
      const frames = stream.frames.slice(first, first + framesPerSegment)
      if (frames.length < framesPerSegment && !final) break
      const startSeconds = this.framesSoFar * frameSeconds
      const timestamp = id3TimestampTag(startSeconds * PTS_HZ)
      const audioBytes = frames.reduce((sum, frame) => sum + frame.length, 0)
      const bytes = new Uint8Array(timestamp.length + this.tag.length + audioBytes)
      bytes.set(timestamp, 0)
      bytes.set(this.tag, timestamp.length)
      let at = timestamp.length + this.tag.length
      for (const frame of frames) {
        bytes.set(this.pending.subarray(frame.offset, frame.offset + frame.length), at)
        at += frame.length
      }
      segments.push({ bytes, durationSeconds: frames.length * frameSeconds, startSeconds })
      this.framesSoFar += frames.length
      first += frames.length
      const last = frames[frames.length - 1]
      if (last !== undefined) consumed = last.offset + last.length
    }
    this.pending = this.pending.slice(final ? this.pending.length : consumed)
    return segments
  }
}

/**
 * Cuts an MP3 into segments of about `segmentSeconds` each (the last one may be shorter).
 * Throws when the bytes hold no MPEG audio.
 */
export function segmentMp3(
  mp3: Uint8Array,
  segmentSeconds: number = DEFAULT_SEGMENT_SECONDS,
): HlsSegment[] {
  if (scanMp3(mp3) === null) throw new Error('Not an MP3 stream: nothing to package')
  const segmenter = new Mp3Segmenter(segmentSeconds)
  return [...segmenter.push(mp3), ...segmenter.finish()]
}

export interface PlaylistEntry {
  key: StorageKey
  name: string
  durationSeconds: number
}

/** The segment name inside a playlist: `segment-001.mp3`, `segment-002.mp3`, ... */
export function segmentName(index: number): string {
  return `segment-${String(index + 1).padStart(3, '0')}.mp3`
}

/** The stored playlist: a VOD media playlist whose segment URIs are relative and unsigned. */
export function playlistTemplate(entries: readonly PlaylistEntry[]): string {
  return playlistText(entries, 'VOD', true)
}

/**
 * The playlist of a song still being made: an EVENT playlist (segments are only ever added),
 * closed with ENDLIST once the song is complete. hls.js reloads it until then.
 */
export function livePlaylistTemplate(entries: readonly PlaylistEntry[], ended: boolean): string {
  return playlistText(entries, 'EVENT', ended)
}

function playlistText(
  entries: readonly PlaylistEntry[],
  type: 'VOD' | 'EVENT',
  ended: boolean,
): string {
  const longest = entries.reduce((max, entry) => Math.max(max, entry.durationSeconds), 0)
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    // EXTINF rounded to the nearest integer must not exceed the target duration.
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(longest))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    `#EXT-X-PLAYLIST-TYPE:${type}`,
  ]
  for (const entry of entries) {
    lines.push(`#EXTINF:${entry.durationSeconds.toFixed(3)},`, `../${entry.key}/${entry.name}`)
  }
  if (ended) lines.push('#EXT-X-ENDLIST')
  lines.push('')
  return lines.join('\n')
}

const TEMPLATE_SEGMENT_LINE = /^\.\.\/([0-9a-f]{64})\/([A-Za-z0-9._-]+)$/

/**
 * The playlist as served: every segment URI signed until `expiresAt` (unix seconds). The URIs
 * are origin-relative (`/files/<key>/<name>?...`), so the host the player used does not matter.
 */
export function renderPlaylist(template: string, signer: FileUrlSigner, expiresAt: number): string {
  return template
    .split('\n')
    .map((line) => {
      const match = TEMPLATE_SEGMENT_LINE.exec(line)
      const key = match?.[1]
      const name = match?.[2]
      if (key === undefined || name === undefined || !isStorageKey(key) || !isFileName(name)) {
        return line
      }
      return `${FILES_PREFIX}/${key}/${name}?${signer.queryFor(key, expiresAt)}`
    })
    .join('\n')
}

/** The storage keys of the segments a stored playlist template names. */
export function segmentKeysOf(template: string): StorageKey[] {
  return template.split('\n').flatMap((line) => {
    const key = TEMPLATE_SEGMENT_LINE.exec(line)?.[1]
    return key !== undefined && isStorageKey(key) ? [key] : []
  })
}

/** The playlist's file name in URLs; it must never contain "mp3" or "wav" (the client's rule). */
export const PLAYLIST_NAME = 'index.m3u8'
