// Two first-start budgets, wall clock:
// - `npm start` from a clean clone, after install: time until /healthz answers 200;
// - `npm start`'s server half on a fresh data directory: time from /healthz until the first work
//   is listed and its audio URL answers 200 with audio bytes (a newcomer can press play).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { WorkItem } from '@gy/api'
import { signedCall } from '../../e2e/support/platform'
import type { BenchLabels, BenchRow } from '../bench-types'

const HEALTHZ_BUDGET_SECONDS = 15
const FIRST_PLAYABLE_BUDGET_SECONDS = 10
const GIVE_UP_MS = 120_000
const POLL_MS = 50
const root = new URL('../..', import.meta.url).pathname

const BUDGETS = {
  healthz: '`npm start` from a clean clone → /healthz 200',
  firstPlayable:
    'Fresh data directory, `npm start`’s server half: /healthz → first work listed and its audio answering 200 (wall clock)',
} as const

export const labels: BenchLabels = { budgets: Object.values(BUDGETS), references: [] }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Starts `npm <args>` in its own process group, so stopping it stops the server under npm. */
function startNpm(args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn('npm', args, { cwd, env, stdio: 'ignore', detached: true })
}

function stop(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM')
}

/** Milliseconds since `started` when `check` first answers true, or null after GIVE_UP_MS. */
async function waitUntil(started: number, check: () => Promise<boolean>): Promise<number | null> {
  while (performance.now() - started < GIVE_UP_MS) {
    try {
      if (await check()) return performance.now() - started
    } catch {
      // Not up yet, or not there yet.
    }
    await sleep(POLL_MS)
  }
  return null
}

async function healthy(baseUrl: string): Promise<boolean> {
  return (await fetch(`${baseUrl}/healthz`)).ok
}

/** True when `url` answers 200 with MPEG audio (an ID3 tag or a frame sync at the start). */
async function answersAudio(url: string): Promise<boolean> {
  const response = await fetch(url)
  const reader = response.body?.getReader()
  const bytes = (await reader?.read())?.value ?? new Uint8Array()
  await reader?.cancel()
  if (response.status !== 200) return false
  const id3 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33
  const frameSync = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0
  return response.headers.get('content-type')?.startsWith('audio/') === true && (id3 || frameSync)
}

/**
 * The work's audio plays: its direct file, or its HLS playlist and first segment. Without
 * PUBLIC_BASE_URL the server answers links as paths, which a browser resolves against the page.
 */
async function playable(work: WorkItem, baseUrl: string): Promise<boolean> {
  const mp3Url = new URL(work.mp3Url, baseUrl).href
  const playlistUrl = new URL(work.musicEncodeUrl, baseUrl).href
  if (work.musicEncodeUrl === work.mp3Url) return answersAudio(mp3Url)
  const playlist = await fetch(playlistUrl)
  if (playlist.status !== 200) return false
  const segment = (await playlist.text())
    .split('\n')
    .find((line) => line !== '' && !line.startsWith('#'))
  return segment !== undefined && answersAudio(new URL(segment, playlistUrl).href)
}

function seconds(milliseconds: number | null): string {
  return milliseconds === null ? 'never' : `${(milliseconds / 1000).toFixed(1)} s`
}

async function cleanCloneToHealthz(): Promise<BenchRow> {
  const clone = mkdtempSync(join(tmpdir(), 'gy-clone-'))
  try {
    execFileSync('git', ['clone', '--quiet', root, clone])
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: clone,
      stdio: 'ignore',
    })
    const port = 18_000 + Math.floor(Math.random() * 1000)
    const started = performance.now()
    const child = startNpm(['start'], clone, {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    })
    let elapsed: number | null
    try {
      elapsed = await waitUntil(started, () => healthy(`http://127.0.0.1:${port}`))
    } finally {
      stop(child)
    }
    return {
      area: 'startup',
      budget: BUDGETS.healthz,
      target: `≤ ${HEALTHZ_BUDGET_SECONDS} s`,
      measured: elapsed === null ? 'never answered' : seconds(elapsed),
      pass: elapsed !== null && elapsed <= HEALTHZ_BUDGET_SECONDS * 1000,
    }
  } finally {
    rmSync(clone, { recursive: true, force: true })
  }
}

/** The server half of `npm start`, on a fresh data directory with the default seed catalogue. */
export async function healthzToFirstPlayableWork(): Promise<BenchRow> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gy-first-start-'))
  const port = 19_000 + Math.floor(Math.random() * 1000)
  const baseUrl = `http://127.0.0.1:${port}`
  const { SEED_WORKS: _seedWorks, DATABASE_URL: _databaseUrl, ...environment } = process.env
  const started = performance.now()
  const child = startNpm(['run', 'start', '-w', 'server'], root, {
    ...environment,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  })
  try {
    const toHealthz = await waitUntil(started, () => healthy(baseUrl))
    if (toHealthz === null) {
      return firstPlayableRow(null, 'the server never answered /healthz')
    }
    const healthzAt = performance.now()
    let first: WorkItem | undefined
    const toPlayable = await waitUntil(healthzAt, async () => {
      const answer = await signedCall<WorkItem[]>(baseUrl, 'music-server/homePage/queryGoodsWeb')
      first = answer.code === '000' ? answer.data[0] : undefined
      return first !== undefined && (await playable(first, baseUrl))
    })
    const detail =
      first === undefined
        ? `/healthz after ${seconds(toHealthz)}`
        : `《${first.musicName}》, ${Math.round(first.duration)} s; /healthz after ${seconds(toHealthz)}`
    return firstPlayableRow(toPlayable, detail)
  } finally {
    stop(child)
    // The server removes nothing on SIGTERM; give it a moment to let go of its files.
    await sleep(500)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function firstPlayableRow(elapsed: number | null, detail: string): BenchRow {
  return {
    area: 'startup',
    budget: BUDGETS.firstPlayable,
    target: `≤ ${FIRST_PLAYABLE_BUDGET_SECONDS} s`,
    measured: `${seconds(elapsed)} (${detail})`,
    pass: elapsed !== null && elapsed <= FIRST_PLAYABLE_BUDGET_SECONDS * 1000,
  }
}

export async function run(): Promise<BenchRow[]> {
  return [await cleanCloneToHealthz(), await healthzToFirstPlayableWork()]
}
