/** SQL about works. */
import type { Kysely } from 'kysely'
import type { Database, NewWork, WorkRow } from '../db/types'

export interface WorksPage {
  rows: WorkRow[]
  total: number
}

export interface StoreSearch {
  /** Matched against title and artist, case-insensitive, as plain text. */
  keyword?: string | undefined
  /** A genre, matched exactly. */
  categoryId?: string | undefined
}

/** `%` and `_` in a user's keyword are text, not patterns. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/** Works in the store: listed, with audio the player can play. */
function storeWorks(db: Kysely<Database>, search: StoreSearch = {}) {
  let query = db.selectFrom('works').where('status', '=', 'listed').where('audio_ready', '=', true)
  const keyword = search.keyword?.trim()
  if (keyword) {
    const pattern = likePattern(keyword)
    query = query.where((eb) =>
      eb.or([eb('title', 'ilike', pattern), eb('artist', 'ilike', pattern)]),
    )
  }
  const category = search.categoryId?.trim()
  if (category) query = query.where('genre', '=', category)
  return query
}

/** Listed works, newest first, `limit` of them after skipping `offset`. */
export async function listListedWorks(
  db: Kysely<Database>,
  paging: { offset: number; limit: number },
  search: StoreSearch = {},
): Promise<WorksPage> {
  const [rows, count] = await Promise.all([
    storeWorks(db, search)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(paging.offset)
      .limit(paging.limit)
      .execute(),
    storeWorks(db, search)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

/** A listed work by id; undefined when there is none (or it is not for sale). */
export function findListedWork(db: Kysely<Database>, id: string): Promise<WorkRow | undefined> {
  return storeWorks(db).selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Inserts a work; a seed work whose seed key is already taken is left alone (a restart or a
 * second process seeding at the same time), and undefined comes back.
 */
export function insertWork(db: Kysely<Database>, work: NewWork): Promise<WorkRow | undefined> {
  return db
    .insertInto('works')
    .values(work)
    .onConflict((conflict) => conflict.column('seed_key').doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** Remembers where a work's HLS playlist is stored. */
export async function setHlsPlaylistKey(
  db: Kysely<Database>,
  id: string,
  playlistKey: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('works')
    .set({ hls_playlist_key: playlistKey, updated_at: now })
    .where('id', '=', id)
    .execute()
}

/** The seed keys already in the catalogue. */
export async function existingSeedKeys(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db
    .selectFrom('works')
    .select('seed_key')
    .where('seed_key', 'is not', null)
    .execute()
  return new Set(rows.flatMap((row) => (row.seed_key === null ? [] : [row.seed_key])))
}

/** The seed works listed in full (not as previews), in catalogue order. */
export function listedSeedWorks(db: Kysely<Database>): Promise<WorkRow[]> {
  return storeWorks(db)
    .selectAll()
    .where('is_seed', '=', true)
    .where('seed_key', 'not like', '%:preview')
    .orderBy('seed_key')
    .execute()
}

/** What the full version of a seed work replaces in its preview. */
export type SeedWorkFiles = Pick<
  NewWork,
  'audio_key' | 'cover_key' | 'hls_playlist_key' | 'duration_ms' | 'lyric'
>

/**
 * Puts the full version of a seed work in place of its preview, in one statement: the work keeps
 * its id and place in the listings, and takes the full seed key at the same time, so the preview
 * is upgraded once. Returns false when no preview was waiting (nothing changed).
 */
export async function upgradeSeedPreview(
  db: Kysely<Database>,
  keys: { previewSeedKey: string; seedKey: string },
  files: SeedWorkFiles,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('works')
    .set({ ...files, seed_key: keys.seedKey, updated_at: now })
    .where('seed_key', '=', keys.previewSeedKey)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
