import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { decodeAudio } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { toneMp3 } from '../domain/works.fixtures'
import { createTestApp } from '../test/testApp'
import { SEED_CATALOGUE, type SeedDefinition } from './catalogue'
import { seedCatalogue } from './seedCatalogue'
import { createThreadSynthesiser } from './seedWorker'
import type { SynthesisedWork } from './synthesise'

const silentLog = { info: () => undefined, error: () => undefined }

/** Stands in for the composer (minutes of CPU): what is tested here is the bookkeeping. */
function quickSynthesiser(options: { failOn?: string } = {}) {
  const calls: string[] = []
  const synthesise = async (definition: SeedDefinition): Promise<SynthesisedWork> => {
    calls.push(definition.seedKey)
    if (definition.seedKey === options.failOn) throw new Error('composer crashed')
    return {
      title: `测试${definition.seedKey}`,
      mp3: toneMp3(2),
      lrc: '[00:00.50]一句\n',
      coverSvg: `<svg xmlns="http://www.w3.org/2000/svg"><title>${definition.seedKey}</title></svg>`,
      durationSeconds: 2,
    }
  }
  return { calls, synthesise }
}

describe('seedCatalogue', () => {
  let app: FastifyInstance
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-seed-'))
    app = await createTestApp({ env: { DATA_DIR: dataDir } })
  })
  afterEach(async () => {
    await app.db.deleteFrom('works').execute()
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const seed = (count: number, synthesise: (d: SeedDefinition) => Promise<SynthesisedWork>) =>
    seedCatalogue({ db: app.db, storage: app.storage, count, synthesise, log: silentLog })

  it('has six entries of both deliveries, with unique keys', () => {
    expect(SEED_CATALOGUE).toHaveLength(6)
    expect(new Set(SEED_CATALOGUE.map((entry) => entry.seedKey)).size).toBe(6)
    expect(SEED_CATALOGUE.slice(0, 2).map((entry) => entry.delivery)).toEqual(['mp3', 'hls'])
    const modes = new Set(SEED_CATALOGUE.map((entry) => entry.request.mode))
    expect(modes).toEqual(new Set(['smart', 'advanced']))
  })

  it('creates the first `count` works with stored audio, cover and HLS, once', async () => {
    const first = quickSynthesiser()
    const outcome = await seed(2, first.synthesise)
    expect(outcome.created).toEqual(SEED_CATALOGUE.slice(0, 2).map((entry) => entry.seedKey))
    const works = await app.db.selectFrom('works').selectAll().orderBy('seed_key').execute()
    expect(works).toHaveLength(2)
    for (const work of works) {
      expect(work).toMatchObject({ is_seed: true, status: 'listed', duration_ms: 2000 })
      expect(work.hls_playlist_key).not.toBeNull()
      for (const key of [work.audio_key, work.cover_key, work.hls_playlist_key]) {
        expect(await app.storage.exists(key ?? '')).toBe(true)
      }
    }
    expect(works.map((work) => work.delivery)).toEqual(['mp3', 'hls'])

    // A restart: nothing composed, nothing duplicated.
    const second = quickSynthesiser()
    const again = await seed(2, second.synthesise)
    expect(second.calls).toEqual([])
    expect(again.skipped).toHaveLength(2)
    expect(await app.db.selectFrom('works').select('id').execute()).toHaveLength(2)
  })

  it('resumes after a failure midway, making only what is missing', async () => {
    const crashing = quickSynthesiser({ failOn: SEED_CATALOGUE[1]?.seedKey ?? '' })
    const outcome = await seed(3, crashing.synthesise)
    expect(outcome.created).toHaveLength(2)
    expect(outcome.failed).toEqual([SEED_CATALOGUE[1]?.seedKey])

    const resumed = quickSynthesiser()
    await seed(3, resumed.synthesise)
    expect(resumed.calls).toEqual([SEED_CATALOGUE[1]?.seedKey])
    const keys = await app.db.selectFrom('works').select('seed_key').orderBy('seed_key').execute()
    expect(keys.map((row) => row.seed_key)).toEqual(
      SEED_CATALOGUE.slice(0, 3).map((entry) => entry.seedKey),
    )
  })

  it('does nothing with a count of 0, and stops when aborted', async () => {
    const unused = quickSynthesiser()
    await seed(0, unused.synthesise)
    const abort = new AbortController()
    abort.abort()
    await seedCatalogue({
      db: app.db,
      storage: app.storage,
      count: 6,
      synthesise: unused.synthesise,
      log: silentLog,
      signal: abort.signal,
    })
    expect(unused.calls).toEqual([])
    expect(await app.db.selectFrom('works').select('id').execute()).toHaveLength(0)
  })

  // Needs time: composes and encodes one real song (about half a minute of CPU) in the worker.
  it('composes a real seed work in the worker thread', async () => {
    const synthesiser = createThreadSynthesiser()
    try {
      const entry = SEED_CATALOGUE[0] as SeedDefinition
      const work = await synthesiser.synthesise(entry)
      expect(work.title).toBe('晚风与灯火')
      expect(work.lrc).toContain('[ti:晚风与灯火]')
      expect(work.lrc).toMatch(/\[\d\d:\d\d\.\d\d\]巷口的灯一盏一盏亮起/)
      expect(work.coverSvg).toMatch(/^<svg|^<\?xml/)
      const audio = await decodeAudio(work.mp3)
      const seconds = (audio.channels[0]?.length ?? 0) / audio.sampleRate
      expect(seconds).toBeCloseTo(work.durationSeconds, 0)
      // 128 kbit/s constant bitrate.
      expect(work.mp3.length / work.durationSeconds).toBeCloseTo(16_000, -3)

      const outcome = await seed(1, async () => work)
      expect(outcome.created).toEqual([entry.seedKey])
    } finally {
      await synthesiser.close()
    }
  }, 300_000)
})
