/**
 * A first start as a newcomer has it: the real server on a fresh data directory with the
 * embedded database, seeding in its own thread. The first work must be listed and playable before
 * any other; a restart in the middle of the seeding must neither duplicate nor lose a work.
 *
 * Needs time: composes a preview and two whole songs (about 35 s of CPU).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodeAudio, readMp3Aigc } from '@gy/audio'
import type { WorkItem } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { call } from '../test/call'
import { previewSeedKey, SEED_CATALOGUE, type SeedDefinition } from './catalogue'
import { seedCatalogue } from './seedCatalogue'
import { synthesiseSeedWork } from './synthesise'

const HOME = '/api/music-server/homePage/queryGoodsWeb'
const [FIRST, SECOND] = SEED_CATALOGUE as [SeedDefinition, SeedDefinition]

function serverOn(dataDir: string, seedWorks: number): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(import.meta.dirname, '..', 'test', 'no-web-build'),
    DATA_DIR: dataDir,
    SEED_WORKS: String(seedWorks),
  })
  // The AI examples have tests of their own (seedAiExamples.test.ts).
  return buildApp(config, { seedAiExamples: false })
}

async function listed(app: FastifyInstance): Promise<WorkItem[]> {
  const answer = await call<WorkItem[]>(app, HOME)
  expect(answer.envelope.code).toBe('000')
  return answer.envelope.data
}

async function waitFor<Value>(
  probe: () => Promise<Value | undefined>,
  timeoutMs: number,
): Promise<Value> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** GETs a signed file URL in-process: status, type and bytes. */
async function download(app: FastifyInstance, url: string) {
  // Without PUBLIC_BASE_URL the server answers links as paths; resolve them against any origin.
  const { pathname, search } = new URL(url, 'http://localhost')
  const response = await app.inject({ method: 'GET', url: pathname + search })
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type']),
    bytes: new Uint8Array(response.rawPayload),
  }
}

/** The work's MP3 answers 200, decodes, and lasts as long as the listing says. */
async function expectPlayable(app: FastifyInstance, work: WorkItem): Promise<void> {
  const mp3 = await download(app, work.mp3Url)
  expect(mp3.status).toBe(200)
  expect(mp3.contentType).toMatch(/^audio\/mpeg/)
  const audio = await decodeAudio(mp3.bytes)
  const seconds = (audio.channels[0]?.length ?? 0) / audio.sampleRate
  expect(seconds).toBeCloseTo(work.duration, 0)
  // Composed by the platform's engine, so labelled as AI-made (GB 45438-2025).
  expect(readMp3Aigc(mp3.bytes)).toMatchObject({ Label: '1', ContentProducer: 'GY音乐' })
  // 128 kbit/s constant bitrate.
  expect(mp3.bytes.length / seconds).toBeCloseTo(16_000, -3)
  const playlist = await download(app, work.hlsUrl)
  expect(playlist.status).toBe(200)
  expect(new TextDecoder().decode(playlist.bytes)).toMatch(/^#EXTM3U/)
}

// Seeding happens on the embedded database only, so the PostgreSQL run of the server tests (which
// sets DATABASE_URL) would repeat the same minutes of composing for nothing.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the first start', () => {
  let dataDir = ''
  const running: FastifyInstance[] = []
  afterAll(async () => {
    await Promise.all(running.map((app) => app.close()))
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
  })

  it('lists the first work, playable, before the others, and a restart loses and duplicates nothing', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-first-start-'))
    const first = await serverOn(dataDir, 2)
    running.push(first)
    await first.listen({ port: 0, host: '127.0.0.1' })

    // The first work appears alone: the others are still to be composed.
    const [preview, ...others] = await waitFor(async () => {
      const works = await listed(first)
      return works.length > 0 ? works : undefined
    }, 300_000)
    expect(others).toEqual([])
    expect(preview?.musicName).toBe('晚风与灯火')
    if (preview === undefined) return
    await expectPlayable(first, preview)
    // A preview: its first verse and chorus, the verse sung from the start.
    expect(preview.duration).toBeLessThan(90)
    expect(preview.lyric).toMatch(/^\[00:0\d\.\d\d\]巷口的灯一盏一盏亮起$/m)
    expect(preview.lyric).toContain('照着回家的人不再彷徨')
    const rows = await first.db.selectFrom('works').select(['id', 'seed_key']).execute()
    expect(rows).toEqual([{ id: preview.musicId, seed_key: previewSeedKey(FIRST.seedKey) }])

    // Stop mid-seed (the first full song is being composed), then start again.
    running.pop()
    await first.close()
    const second = await serverOn(dataDir, 0)
    running.push(second)
    expect(await listed(second)).toMatchObject([{ musicId: preview.musicId }])
    const outcome = await seedCatalogue({
      db: second.db,
      storage: second.storage,
      count: 2,
      // In this thread at normal priority: the server's own thread yields to everything else.
      synthesise: async (definition, version) => synthesiseSeedWork(definition, version),
      log: { info: () => undefined, error: () => undefined },
    })
    expect(outcome).toMatchObject({
      previewed: [],
      created: [FIRST.seedKey, SECOND.seedKey],
      failed: [],
    })

    const works = await second.db
      .selectFrom('works')
      .select(['id', 'seed_key'])
      .orderBy('seed_key')
      .execute()
    expect(works.map((work) => work.seed_key)).toEqual([FIRST.seedKey, SECOND.seedKey])
    const items = await listed(second)
    expect(items).toHaveLength(2)
    const full = items.find((item) => item.musicId === preview.musicId)
    const streamed = items.find((item) => item.musicId !== preview.musicId)
    if (full === undefined || streamed === undefined) throw new Error('a work went missing')
    await expectPlayable(second, full)
    await expectPlayable(second, streamed)
    expect(full.duration).toBeGreaterThan(preview.duration + 60)
    expect(full.musicEncodeUrl).toBe(full.mp3Url)
    expect(streamed.musicEncodeUrl).toBe(streamed.hlsUrl)
    // The whole song sings its chorus again after the first.
    expect(full.lyric.match(/晚风啊慢一点走/g)?.length).toBeGreaterThan(1)
    expect(full.lyric).toContain('[ti:晚风与灯火]')
  }, 900_000)
})
