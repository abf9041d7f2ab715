/**
 * Media budget: "A 10-minute work seeks to its last minute without fetching more than 2 MB",
 * for both delivery paths, as headless Chromium fetches it through the real web app.
 *
 * A 10-minute tone is encoded like the seed works (128 kbit/s CBR MP3) and stored twice by the
 * real server, once delivered as MP3 and once HLS-packaged; the server serves the built app
 * (`npm start`'s build) on a loopback port. For each, a fresh browser opens /home, presses the
 * work's play button, waits for `playing`, seeks the app's audio element to 9:00 (what the
 * player's seek command does) and lets 5 s play from there. Every byte the browser received for
 * the work's files from the click on, counted by the DevTools protocol's network events (bytes
 * on the wire, headers included), is measured against the budget: the start of playback before
 * the seek counts too, since a user who seeks has pressed play first.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { WorkItem } from '@gy/api/contract'
import { encodeMp3 } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import type { Page } from 'playwright-core'
import {
  captureAudioElements,
  launchBrowser,
  newDesktopContext,
  pressPlayOnCard,
} from '../../e2e/support/platform'
import type { BenchLabels, BenchRow } from '../../scripts/bench-types'
import type { WorkDelivery } from '../src/db/types'
import { insertWork } from '../src/domain/works.repository'
import { CONTENT_TYPES } from '../src/media/contentType'
import { steppedTone } from '../src/media/testTones'
import { call } from '../src/test/call'
import { createTestApp } from '../src/test/testApp'

const WORK_SECONDS = 600
const SEEK_TO_SECONDS = 540
const PLAY_AFTER_SEEK_SECONDS = 5
const BUDGET_BYTES = 2 * 1024 * 1024
const KBPS = 128
const repositoryRoot = path.resolve(import.meta.dirname, '../..')

const TITLES: Record<WorkDelivery, string> = { mp3: '十分钟直链测试', hls: '十分钟分片测试' }

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`
}

interface SeekFetch {
  /** Bytes of the work's files received from the click on play until the seek. */
  beforeSeek: number
  /** Bytes received from the seek until 5 s have played after it. */
  afterSeek: number
  requests: number
}

/** Records the bytes received per request whose URL passes `counts`, from the DevTools protocol. */
async function watchBytes(page: Page, counts: (url: string) => boolean) {
  const session = await page.context().newCDPSession(page)
  await session.send('Network.enable')
  const urls = new Map<string, string>()
  const received = new Map<string, number>()
  session.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url))
  const add = (requestId: string, bytes: number) => {
    if (counts(urls.get(requestId) ?? '')) {
      received.set(requestId, (received.get(requestId) ?? 0) + bytes)
    }
  }
  // dataReceived counts the body as it arrives (a cancelled range request too); the headers
  // are the difference loadingFinished reports on top of it.
  session.on('Network.dataReceived', (event) => add(event.requestId, event.encodedDataLength))
  session.on('Network.loadingFinished', (event) => {
    const sofar = received.get(event.requestId) ?? 0
    if (event.encodedDataLength > sofar) add(event.requestId, event.encodedDataLength - sofar)
  })
  return {
    total: () => [...received.values()].reduce((sum, bytes) => sum + bytes, 0),
    requests: () => received.size,
  }
}

async function seekInBrowser(
  baseUrl: string,
  title: string,
  launch: Awaited<ReturnType<typeof launchBrowser>>,
): Promise<SeekFetch> {
  const context = await newDesktopContext(launch)
  try {
    await captureAudioElements(context)
    // tsx compiles this file keeping function names, through a helper the page does not have.
    await context.addInitScript('window.__name = (target) => target')
    const page = await context.newPage()
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' })
    await page.getByText(title).first().waitFor()
    const bytes = await watchBytes(page, (url) => new URL(url).pathname.startsWith('/files/'))
    // The user presses play on the work's card, as the player bench does.
    await pressPlayOnCard(page, title)
    const beforeSeek = bytes.total()
    await page.evaluate(
      async ({ seekTo, playFor }) => {
        const audio = window.gyAudioElements?.[0]
        if (!audio) throw new Error('no audio element')
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('did not play after the seek')), 60_000)
          const played = () => {
            if (audio.currentTime >= seekTo + playFor) {
              clearTimeout(timer)
              audio.removeEventListener('timeupdate', played)
              resolve()
            }
          }
          audio.addEventListener('timeupdate', played)
          // What the player machine's seek command does to the element.
          audio.currentTime = seekTo
        })
      },
      { seekTo: SEEK_TO_SECONDS, playFor: PLAY_AFTER_SEEK_SECONDS },
    )
    return { beforeSeek, afterSeek: bytes.total() - beforeSeek, requests: bytes.requests() }
  } finally {
    await context.close()
  }
}

/** Stores the tone as a listed work delivered `delivery`; HLS works are packaged at once. */
async function addWork(app: FastifyInstance, mp3: Uint8Array, delivery: WorkDelivery) {
  const audio = await app.storage.put(mp3, CONTENT_TYPES.mp3)
  const work = await insertWork(app.db, {
    title: TITLES[delivery],
    artist: 'bench',
    audio_key: audio.key,
    delivery,
    duration_ms: WORK_SECONDS * 1000,
  })
  if (work === undefined) throw new Error('bench work not inserted')
  // Asking for the work packages its HLS playlist, as a first play would.
  await call<WorkItem>(app, '/api/music-server/keepRecord/musicById', {
    body: { musicId: work.id },
  })
}

const budgetOf = (delivery: WorkDelivery) =>
  `10-minute work: play, seek to 9:00, play ${PLAY_AFTER_SEEK_SECONDS} s, ` +
  `${delivery === 'mp3' ? 'direct MP3' : 'HLS'} (bytes Chromium received, from the click)`

export const labels: BenchLabels = { budgets: [budgetOf('mp3'), budgetOf('hls')], references: [] }

function row(delivery: WorkDelivery, fetched: SeekFetch): BenchRow {
  const total = fetched.beforeSeek + fetched.afterSeek
  return {
    area: 'media',
    budget: budgetOf(delivery),
    target: '≤ 2 MB',
    measured:
      `${megabytes(total)} (${megabytes(fetched.beforeSeek)} before the seek, ` +
      `${megabytes(fetched.afterSeek)} after; ${fetched.requests} requests)`,
    pass: total <= BUDGET_BYTES,
  }
}

export async function run(): Promise<BenchRow[]> {
  // The build `npm start` serves.
  execFileSync('npm', ['run', 'build', '-w', 'app'], { cwd: repositoryRoot, stdio: 'ignore' })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gy-media-bench-'))
  const app = await createTestApp({
    env: { DATA_DIR: dataDir, STATIC_DIR: path.join(repositoryRoot, 'app', 'dist') },
  })
  const browser = await launchBrowser()
  try {
    // Mono encodes faster; the bytes per second are set by the bitrate alone.
    const tone = steppedTone(WORK_SECONDS)
    const mp3 = encodeMp3(
      { sampleRate: tone.sampleRate, channels: tone.channels.slice(0, 1) },
      { kbps: KBPS },
    )
    await addWork(app, mp3, 'mp3')
    await addWork(app, mp3, 'hls')
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
    const rows: BenchRow[] = []
    for (const delivery of ['mp3', 'hls'] as const) {
      rows.push(row(delivery, await seekInBrowser(baseUrl, TITLES[delivery], browser)))
    }
    return rows
  } finally {
    await browser.close()
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
