/** SQL about works. */
import { sql, type Kysely } from 'kysely'
import type { StoreSort } from '@gy/api/constants'
import type { Database, NewWork, WorkRow } from '../db/types'

export interface WorksPage {
  rows: WorkRow[]
  total: number
}

export interface StoreSearch {
  /** Matched against title, artist and lyric, case-insensitive, as plain text. */
  keyword?: string | undefined
  /** A store category id (store_categories.id), already checked to exist. */
  categoryId?: string | undefined
  sort?: StoreSort | undefined
}

/** `%`, `_` and `\` in a user's keyword are text, not patterns. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

/**
 * Works in the store: listed, with audio the player can play. A keyword is matched with ILIKE on
 * `search_text`, which the pg_trgm GIN index answers (migration 0015).
 */
function storeWorks(db: Kysely<Database>, search: StoreSearch = {}) {
  // Spelled as the store's partial indexes spell their predicate, so the planner matches them.
  let query = db.selectFrom('works').where(sql<boolean>`status = 'listed' AND audio_ready`)
  const keyword = search.keyword?.trim()
  if (keyword) query = query.where('search_text', 'ilike', likePattern(keyword))
  if (search.categoryId) query = query.where('category_id', '=', search.categoryId)
  return query
}

/** Each sort reads one index of migration 0015 (newest: 0003); the id breaks ties stably. */
const SORT_ORDERS: Record<
  StoreSort,
  readonly [column: 'created_at' | 'play_count' | 'price_fen', direction: 'asc' | 'desc']
> = {
  newest: ['created_at', 'desc'],
  plays: ['play_count', 'desc'],
  priceAsc: ['price_fen', 'asc'],
  priceDesc: ['price_fen', 'desc'],
}

/**
 * Listed works in the order asked (newest first by default), `limit` of them after `offset`.
 * The page's ids come from an index alone (however deep the offset), then only those rows are
 * read.
 */
export async function listListedWorks(
  db: Kysely<Database>,
  paging: { offset: number; limit: number },
  search: StoreSearch = {},
): Promise<WorksPage> {
  const [column, direction] = SORT_ORDERS[search.sort ?? 'newest']
  const [ids, count] = await Promise.all([
    storeWorks(db, search)
      .select('id')
      .orderBy(column, direction)
      .orderBy('id', direction)
      .offset(paging.offset)
      .limit(paging.limit)
      .execute(),
    countStoreWorks(db, search),
  ])
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('works')
          .selectAll()
          .where(
            'id',
            'in',
            ids.map((row) => row.id),
          )
          .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return {
    rows: ids.flatMap((row) => {
      const work = byId.get(row.id)
      return work === undefined ? [] : [work]
    }),
    total: count,
  }
}

/** How many works a search finds: kept counts without a keyword, counted matches with one. */
async function countStoreWorks(db: Kysely<Database>, search: StoreSearch): Promise<number> {
  if (!search.keyword?.trim()) {
    const kept = await db
      .selectFrom('store_counts')
      .select('works')
      .where('category_id', '=', search.categoryId ?? '')
      .executeTakeFirst()
    return kept?.works ?? 0
  }
  const counted = await storeWorks(db, search)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(counted.total)
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
