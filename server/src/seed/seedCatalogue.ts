/**
 * Creates the seed catalogue (catalogue.ts). The first entry comes first and fast: its preview
 * (synthesise.ts) is listed as soon as it is stored, then its full song takes the preview's place,
 * then every other entry follows in catalogue order.
 *
 * Each version stores its MP3, cover and HLS package before its row is written or updated, so
 * the listings never show a work whose files are not all there, and an entry interrupted midway
 * is simply made again on the next start (same seed, same bytes, same keys). The seed key says
 * how far an entry got: none, its preview key, or its own key; an entry under its own key is
 * never made twice.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import {
  existingSeedKeys,
  insertWork,
  upgradeSeedPreview,
  type SeedWorkFiles,
} from '../domain/works.repository'
import { CONTENT_TYPES } from '../media/contentType'
import { storeHlsPackage } from '../media/hlsStore'
import type { FileStorage } from '../storage/fileStorage'
import { previewSeedKey, SEED_ARTIST, SEED_CATALOGUE, type SeedDefinition } from './catalogue'
import type { SeedVersion, SynthesisedWork } from './synthesise'

export interface SeedCatalogueOptions {
  db: Kysely<Database>
  storage: FileStorage
  /** How many entries of the catalogue to create (the first ones). */
  count: number
  synthesise: (definition: SeedDefinition, version: SeedVersion) => Promise<SynthesisedWork>
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
  /** Stops after the step under way (server shutdown). */
  signal?: AbortSignal
  clock?: () => Date
  /** Called after each work is listed (the demo voting activity takes it as an option). */
  onListed?: () => Promise<unknown>
}

export interface SeedOutcome {
  /** Entries listed as a preview first. */
  previewed: string[]
  /** Entries whose full song was stored (a new work, or in place of its preview). */
  created: string[]
  skipped: string[]
  failed: string[]
}

/** Stores a version's files: everything a listed work needs before its row points at them. */
async function storeFiles(storage: FileStorage, work: SynthesisedWork): Promise<SeedWorkFiles> {
  const audio = await storage.put(work.mp3, CONTENT_TYPES.mp3)
  const cover = await storage.put(new TextEncoder().encode(work.coverSvg), CONTENT_TYPES.svg)
  const playlistKey = await storeHlsPackage(storage, work.mp3)
  return {
    audio_key: audio.key,
    cover_key: cover.key,
    hls_playlist_key: playlistKey,
    duration_ms: Math.round(work.durationSeconds * 1000),
    lyric: work.lrc,
  }
}

export async function seedCatalogue(options: SeedCatalogueOptions): Promise<SeedOutcome> {
  const { db, storage, signal, log } = options
  const clock = options.clock ?? (() => new Date())
  const entries = SEED_CATALOGUE.slice(0, Math.max(0, options.count))
  const existing = await existingSeedKeys(db)
  const outcome: SeedOutcome = { previewed: [], created: [], skipped: [], failed: [] }
  const missing = entries.filter((entry) => !existing.has(entry.seedKey))
  outcome.skipped = entries.filter((entry) => existing.has(entry.seedKey)).map((e) => e.seedKey)
  if (missing.length === 0) {
    log.info(`seed catalogue: all ${entries.length} works present`)
    return outcome
  }
  log.info(`seed catalogue: composing ${missing.length} of ${entries.length} works`)

  /** Stores a version's files, then lists it: a full song takes its preview's place if any. */
  const listWork = async (
    entry: SeedDefinition,
    version: SeedVersion,
    work: SynthesisedWork,
  ): Promise<void> => {
    const files = await storeFiles(storage, work)
    const previewKey = previewSeedKey(entry.seedKey)
    if (version === 'full') {
      const keys = { previewSeedKey: previewKey, seedKey: entry.seedKey }
      if (await upgradeSeedPreview(db, keys, files, clock())) return
    }
    await insertWork(db, {
      ...files,
      title: work.title,
      artist: SEED_ARTIST,
      delivery: entry.delivery,
      price_fen: entry.priceFen,
      category_id: entry.categoryId,
      status: 'listed',
      is_seed: true,
      seed_key: version === 'preview' ? previewKey : entry.seedKey,
    })
  }

  const steps: { entry: SeedDefinition; version: SeedVersion }[] = missing.map((entry) => ({
    entry,
    version: 'full',
  }))
  const [first] = entries
  if (first !== undefined && missing[0] === first && !existing.has(previewSeedKey(first.seedKey))) {
    steps.unshift({ entry: first, version: 'preview' })
  }

  for (const [index, { entry, version }] of steps.entries()) {
    if (signal?.aborted) break
    const started = Date.now()
    try {
      const work = await options.synthesise(entry, version)
      if (signal?.aborted) break
      await listWork(entry, version, work)
      await options.onListed?.()
      ;(version === 'preview' ? outcome.previewed : outcome.created).push(entry.seedKey)
      log.info(
        `seed catalogue: ${index + 1}/${steps.length} 《${work.title}》 ${version === 'preview' ? 'preview' : 'full song'} listed (${entry.delivery}, ${Math.round(work.durationSeconds)} s, ${Date.now() - started} ms)`,
      )
    } catch (error) {
      if (signal?.aborted) break
      // A failed preview leaves the full song to come; a failed full song waits for a restart.
      if (version === 'full') outcome.failed.push(entry.seedKey)
      log.error({ err: error, seedKey: entry.seedKey, version }, 'seed catalogue: work failed')
    }
  }
  if (!signal?.aborted) {
    log.info(
      `seed catalogue: done (${outcome.created.length} created, ${outcome.failed.length} failed)`,
    )
  }
  return outcome
}
