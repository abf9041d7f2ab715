/**
 * Creates the seed catalogue (catalogue.ts): for each entry not yet in the database, compose it,
 * store MP3, cover and HLS package, then insert the work. The row is written last, so an entry
 * interrupted midway is simply made again on the next start (same seed, same bytes, same keys),
 * and an entry already there is never made twice.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { existingSeedKeys, insertWork } from '../domain/works.repository'
import { CONTENT_TYPES } from '../media/contentType'
import { storeHlsPackage } from '../media/hlsStore'
import type { FileStorage } from '../storage/fileStorage'
import { SEED_ARTIST, SEED_CATALOGUE, type SeedDefinition } from './catalogue'
import type { SynthesisedWork } from './synthesise'

export interface SeedCatalogueOptions {
  db: Kysely<Database>
  storage: FileStorage
  /** How many entries of the catalogue to create (the first ones). */
  count: number
  synthesise: (definition: SeedDefinition) => Promise<SynthesisedWork>
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
  /** Stops after the entry under way (server shutdown). */
  signal?: AbortSignal
}

export interface SeedOutcome {
  created: string[]
  skipped: string[]
  failed: string[]
}

export async function seedCatalogue(options: SeedCatalogueOptions): Promise<SeedOutcome> {
  const entries = SEED_CATALOGUE.slice(0, Math.max(0, options.count))
  const existing = await existingSeedKeys(options.db)
  const outcome: SeedOutcome = { created: [], skipped: [], failed: [] }
  const missing = entries.filter((entry) => !existing.has(entry.seedKey))
  outcome.skipped = entries.filter((entry) => existing.has(entry.seedKey)).map((e) => e.seedKey)
  if (missing.length === 0) {
    options.log.info(`seed catalogue: all ${entries.length} works present`)
    return outcome
  }
  options.log.info(`seed catalogue: composing ${missing.length} of ${entries.length} works`)

  for (const [index, entry] of missing.entries()) {
    if (options.signal?.aborted) break
    const started = Date.now()
    try {
      const work = await options.synthesise(entry)
      if (options.signal?.aborted) break
      const audio = await options.storage.put(work.mp3, CONTENT_TYPES.mp3)
      const cover = await options.storage.put(
        new TextEncoder().encode(work.coverSvg),
        CONTENT_TYPES.svg,
      )
      const playlistKey = await storeHlsPackage(options.storage, work.mp3)
      await insertWork(options.db, {
        title: work.title,
        artist: SEED_ARTIST,
        cover_key: cover.key,
        audio_key: audio.key,
        hls_playlist_key: playlistKey,
        delivery: entry.delivery,
        duration_ms: Math.round(work.durationSeconds * 1000),
        lyric: work.lrc,
        price_fen: entry.priceFen,
        status: 'listed',
        is_seed: true,
        seed_key: entry.seedKey,
      })
      outcome.created.push(entry.seedKey)
      options.log.info(
        `seed catalogue: ${index + 1}/${missing.length} 《${work.title}》 ready (${entry.delivery}, ${Math.round(work.durationSeconds)} s, ${Date.now() - started} ms)`,
      )
    } catch (error) {
      if (options.signal?.aborted) break
      outcome.failed.push(entry.seedKey)
      options.log.error({ err: error, seedKey: entry.seedKey }, 'seed catalogue: work failed')
    }
  }
  if (!options.signal?.aborted) {
    options.log.info(
      `seed catalogue: done (${outcome.created.length} created, ${outcome.failed.length} failed)`,
    )
  }
  return outcome
}
