import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { toneMp3 } from '../domain/works.fixtures'
import { createTestApp } from '../test/testApp'
import { previewSeedKey, SEED_CATALOGUE, type SeedDefinition } from './catalogue'
import { seedCatalogue } from './seedCatalogue'
import type { SeedVersion, SynthesisedWork } from './synthesise'

const silentLog = { info: () => undefined, error: () => undefined }

type Synthesise = (definition: SeedDefinition, version: SeedVersion) => Promise<SynthesisedWork>

/**
 * Stands in for the composer (minutes of CPU): what is tested here is the bookkeeping. A preview
 * is a 1 s tone, a full song a 2 s one. Calls are recorded as `seedKey:version`; `failOn` names
 * the calls that throw, `onCall` runs before each.
 */
function quickSynthesiser(options: { failOn?: string[]; onCall?: (call: string) => void } = {}) {
  const calls: string[] = []
  const synthesise: Synthesise = async (definition, version) => {
    const call = `${definition.seedKey}:${version}`
    calls.push(call)
    options.onCall?.(call)
    if (options.failOn?.includes(call)) throw new Error('composer crashed')
    const seconds = version === 'preview' ? 1 : 2
    return {
      title: `测试${definition.seedKey}`,
      mp3: toneMp3(seconds),
      lrc: `[00:00.50]${version}\n`,
      coverSvg: `<svg xmlns="http://www.w3.org/2000/svg"><title>${definition.seedKey}</title></svg>`,
      durationSeconds: seconds,
    }
  }
  return { calls, synthesise }
}

const key = (index: number): string => SEED_CATALOGUE[index]?.seedKey ?? ''

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

  const seed = (count: number, synthesise: Synthesise, signal?: AbortSignal) =>
    seedCatalogue({ db: app.db, storage: app.storage, count, synthesise, log: silentLog, signal })
  const seedRows = () =>
    app.db.selectFrom('works').selectAll().orderBy('created_at').orderBy('seed_key').execute()

  it('has six entries of both deliveries, with unique keys', () => {
    expect(SEED_CATALOGUE).toHaveLength(6)
    expect(new Set(SEED_CATALOGUE.map((entry) => entry.seedKey)).size).toBe(6)
    expect(SEED_CATALOGUE.slice(0, 2).map((entry) => entry.delivery)).toEqual(['mp3', 'hls'])
    const modes = new Set(SEED_CATALOGUE.map((entry) => entry.request.mode))
    expect(modes).toEqual(new Set(['smart', 'advanced']))
  })

  it('lists a preview of the first work first, then puts the full songs in place, once', async () => {
    const first = quickSynthesiser()
    let rowsWhenFullSongStarted: Awaited<ReturnType<typeof seedRows>> = []
    const watching: Synthesise = async (definition, version) => {
      if (version === 'full' && definition.seedKey === key(0))
        rowsWhenFullSongStarted = await seedRows()
      return first.synthesise(definition, version)
    }
    const outcome = await seed(2, watching)
    expect(first.calls).toEqual([`${key(0)}:preview`, `${key(0)}:full`, `${key(1)}:full`])
    // The preview was listed, alone, before any full song was composed.
    expect(rowsWhenFullSongStarted).toMatchObject([
      { seed_key: previewSeedKey(key(0)), duration_ms: 1000, status: 'listed' },
    ])
    expect(outcome).toMatchObject({ previewed: [key(0)], created: [key(0), key(1)], failed: [] })

    const works = await seedRows()
    expect(works.map((work) => work.seed_key)).toEqual([key(0), key(1)])
    // The preview's row took the full song: same work, full duration and lyric.
    expect(works[0]?.id).toBe(rowsWhenFullSongStarted[0]?.id)
    expect(works[0]).toMatchObject({ duration_ms: 2000, lyric: '[00:00.50]full\n' })
    for (const work of works) {
      expect(work).toMatchObject({ is_seed: true, status: 'listed', duration_ms: 2000 })
      for (const stored of [work.audio_key, work.cover_key, work.hls_playlist_key]) {
        expect(await app.storage.exists(stored ?? '')).toBe(true)
      }
    }
    expect(works.map((work) => work.delivery)).toEqual(['mp3', 'hls'])

    // A restart: nothing composed, nothing duplicated.
    const second = quickSynthesiser()
    const again = await seed(2, second.synthesise)
    expect(second.calls).toEqual([])
    expect(again.skipped).toEqual([key(0), key(1)])
    expect(await seedRows()).toHaveLength(2)
  })

  it('after a stop between the preview and its full song, upgrades the preview in place', async () => {
    const stop = new AbortController()
    const interrupted = quickSynthesiser({
      onCall: (call) => {
        if (call === `${key(0)}:full`) stop.abort()
      },
    })
    const outcome = await seed(3, interrupted.synthesise, stop.signal)
    expect(outcome).toMatchObject({ previewed: [key(0)], created: [], failed: [] })
    const [preview] = await seedRows()
    expect(preview?.seed_key).toBe(previewSeedKey(key(0)))

    const resumed = quickSynthesiser()
    const after = await seed(3, resumed.synthesise)
    // No second preview, no second row for the first work.
    expect(resumed.calls).toEqual([`${key(0)}:full`, `${key(1)}:full`, `${key(2)}:full`])
    expect(after.created).toEqual([key(0), key(1), key(2)])
    const works = await seedRows()
    expect(works.map((work) => work.seed_key)).toEqual([key(0), key(1), key(2)])
    expect(works[0]?.id).toBe(preview?.id)
  })

  it('resumes after failures midway, making only what is missing', async () => {
    const crashing = quickSynthesiser({ failOn: [`${key(0)}:preview`, `${key(1)}:full`] })
    const outcome = await seed(3, crashing.synthesise)
    // A failed preview leaves the first work to its full song.
    expect(outcome).toMatchObject({ previewed: [], created: [key(0), key(2)], failed: [key(1)] })

    const resumed = quickSynthesiser()
    await seed(3, resumed.synthesise)
    expect(resumed.calls).toEqual([`${key(1)}:full`])
    const works = await seedRows()
    expect(works.map((work) => work.seed_key).sort()).toEqual([key(0), key(1), key(2)])
  })

  it('does nothing with a count of 0, and stops when aborted', async () => {
    const unused = quickSynthesiser()
    await seed(0, unused.synthesise)
    const abort = new AbortController()
    abort.abort()
    await seed(6, unused.synthesise, abort.signal)
    expect(unused.calls).toEqual([])
    expect(await app.db.selectFrom('works').select('id').execute()).toHaveLength(0)
  })
})
