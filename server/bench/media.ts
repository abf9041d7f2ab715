/**
 * Media budget: "A 10-minute work seeks to its last minute without fetching more than 2 MB",
 * for both delivery paths. A 10-minute tone is encoded like the seed works (128 kbit/s CBR MP3),
 * stored and HLS-packaged by the real server, which then listens on a loopback port:
 * - direct MP3: the player seeks by byte offset (bitrate × 9:00 past the first audio frame) and
 *   asks for `Range: bytes=<offset>-`; every byte of that answer counts.
 * - HLS: the playlist, then every segment from the one holding 9:00 to the end.
 * (The click-to-`playing` timings are measured in the browser by the e2e bench.)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { WorkItem } from '@gy/api/contract'
import { encodeMp3, scanMp3 } from '@gy/audio'
import type { BenchRow } from '../../scripts/bench-types'
import { insertWork } from '../src/domain/works.repository'
import { CONTENT_TYPES } from '../src/media/contentType'
import { steppedTone } from '../src/media/testTones'
import { call } from '../src/test/call'
import { createTestApp } from '../src/test/testApp'

const WORK_SECONDS = 600
const SEEK_TO_SECONDS = 540
const BUDGET_BYTES = 2 * 1024 * 1024
const KBPS = 128

/** Fetches `url` and counts the bytes of the body as they arrive. */
async function fetchBytes(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers })
  const body = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, body, text: () => new TextDecoder().decode(body) }
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`
}

export async function run(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gy-media-bench-'))
  const app = await createTestApp({ env: { DATA_DIR: dataDir } })
  try {
    // Mono encodes faster; the bytes per second are set by the bitrate alone.
    const tone = steppedTone(WORK_SECONDS)
    const mp3 = encodeMp3(
      { sampleRate: tone.sampleRate, channels: tone.channels.slice(0, 1) },
      { kbps: KBPS },
    )
    const audio = await app.storage.put(mp3, CONTENT_TYPES.mp3)
    const work = await insertWork(app.db, {
      title: '十分钟测试',
      artist: 'bench',
      audio_key: audio.key,
      delivery: 'hls',
      duration_ms: WORK_SECONDS * 1000,
    })
    if (work === undefined) throw new Error('bench work not inserted')
    const item = (
      await call<WorkItem>(app, '/api/music-server/keepRecord/musicById', {
        body: { musicId: work.id },
      })
    ).envelope.data

    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    const absolute = (url: string): string => {
      const parsed = new URL(url, address)
      return `${address}${parsed.pathname}${parsed.search}`
    }

    // Direct MP3: one open range from the byte where 9:00 starts.
    const stream = scanMp3(mp3)
    if (stream === null) throw new Error('bench MP3 has no frames')
    const offset = stream.audioStart + Math.floor((SEEK_TO_SECONDS * KBPS * 1000) / 8)
    const ranged = await fetchBytes(absolute(item.mp3Url), { range: `bytes=${offset}-` })
    if (ranged.status !== 206) throw new Error(`range request answered ${ranged.status}`)
    const directBytes = ranged.body.length

    // HLS: the playlist and the segments from 9:00 on.
    const playlist = await fetchBytes(absolute(item.hlsUrl))
    let hlsBytes = playlist.body.length
    let position = 0
    let duration = 0
    let segments = 0
    for (const line of playlist.text().split('\n')) {
      if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8))
      if (line === '' || line.startsWith('#')) continue
      const segmentEnd = position + duration
      if (segmentEnd > SEEK_TO_SECONDS) {
        const segment = await fetchBytes(absolute(line))
        if (segment.status !== 200) throw new Error(`segment answered ${segment.status}`)
        hlsBytes += segment.body.length
        segments++
      }
      position = segmentEnd
    }

    return [
      {
        area: 'media',
        budget: '10-minute work: seek to the last minute, direct MP3 (range request)',
        target: '≤ 2 MB',
        measured: megabytes(directBytes),
        pass: directBytes <= BUDGET_BYTES,
      },
      {
        area: 'media',
        budget: `10-minute work: seek to the last minute, HLS (playlist + ${segments} segments)`,
        target: '≤ 2 MB',
        measured: megabytes(hlsBytes),
        pass: hlsBytes <= BUDGET_BYTES,
      },
    ]
  } finally {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
