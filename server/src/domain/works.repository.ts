/** SQL about works. */
import { sql, type Kysely } from 'kysely'
import { STORE_SEARCH_MATCHES_MAX, type StoreSort } from '@gy/api/constants'
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
 * A keyword of one or two characters has no trigram, so it is looked up among the single
 * characters and pairs of characters of migration 0020 instead. Counted in code points, as
 * PostgreSQL's length() counts them.
 */
function isShortKeyword(keyword: string): boolean {
  return [...keyword].length <= 2
}

/**
 * Works in the store: listed, with audio the player can play. A keyword is matched with ILIKE on
 * `search_text`, which the pg_trgm GIN index answers (migration 0015); one of one or two
 * characters is first narrowed by the character-pair GIN index (migration 0020), which finds
 * exactly the works ILIKE keeps.
 */
function storeWorks(db: Kysely<Database>, search: StoreSearch = {}) {
  // Spelled as the store's partial indexes spell their predicate, so the planner matches them.
  let query = db.selectFrom('works').where(sql<boolean>`status = 'listed' AND audio_ready`)
  const keyword = search.keyword?.trim()
  if (keyword) {
    if (isShortKeyword(keyword)) {
      query = query.where(
        sql<boolean>`store_search_grams(search_text) @> ARRAY[lower(${keyword}::text)]`,
      )
    }
    query = query.where('search_text', 'ilike', likePattern(keyword))
  }
  if (search.categoryId) query = query.where('category_id', '=', search.categoryId)
  return query
}

/** Each sort reads one index of migration 0015 (newest: 0003), or 0020 within a category. */
const SORT_ORDERS: Record<
  StoreSort,
  readonly [column: 'created_at' | 'play_count' | 'price_fen', direction: 'asc' | 'desc']
> = {
  newest: ['created_at', 'desc'],
  plays: ['play_count', 'desc'],
  priceAsc: ['price_fen', 'asc'],
  priceDesc: ['price_fen', 'desc'],
}

type SortOrder = (typeof SORT_ORDERS)[StoreSort]

function reversed([column, direction]: SortOrder): SortOrder {
  return [column, direction === 'asc' ? 'desc' : 'asc']
}

interface Paging {
  offset: number
  limit: number
}

/**
 * Listed works in the order asked (newest first by default), `limit` of them after `offset`.
 * Only the page's ids are looked up in order; then only those rows are read.
 *
 * A keyword search answers at most `matchesMax` works (STORE_SEARCH_MATCHES_MAX; tests pass a
 * smaller one): counting every match of a common word would read most of the catalogue on every
 * call. Without a keyword every page is reachable and the total is exact.
 */
export async function listListedWorks(
  db: Kysely<Database>,
  paging: Paging,
  search: StoreSearch = {},
  matchesMax: number = STORE_SEARCH_MATCHES_MAX,
): Promise<WorksPage> {
  const order = SORT_ORDERS[search.sort ?? 'newest']
  const { ids, total } = search.keyword?.trim()
    ? await searchPage(db, paging, search, order, matchesMax)
    : await browsePage(db, paging, search, order)
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('works').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return {
    rows: ids.flatMap((id) => {
      const work = byId.get(id)
      return work === undefined ? [] : [work]
    }),
    total,
  }
}

/** The ids of one window of a query's works in a sort's order, the id breaking ties. */
async function idsInOrder(
  query: ReturnType<typeof storeWorks>,
  [column, direction]: SortOrder,
  window: Paging,
): Promise<string[]> {
  const rows = await query
    .select('id')
    .orderBy(column, direction)
    .orderBy('id', direction)
    .offset(window.offset)
    .limit(window.limit)
    .execute()
  return rows.map((row) => row.id)
}

interface IdsPage {
  ids: string[]
  total: number
}

/**
 * A page of the whole store or of a category: the total is the kept count (store_counts), and a
 * page in the back half is read from the other end of the same index and turned round, so no
 * page walks more than half the index.
 */
async function browsePage(
  db: Kysely<Database>,
  paging: Paging,
  search: StoreSearch,
  order: SortOrder,
): Promise<IdsPage> {
  const kept = await db
    .selectFrom('store_counts')
    .select('works')
    .where('category_id', '=', search.categoryId ?? '')
    .executeTakeFirst()
  const total = kept?.works ?? 0
  if (paging.offset >= total) return { ids: [], total }
  const fromTheEnd = paging.offset + paging.limit / 2 > total / 2
  const window = fromTheEnd
    ? {
        offset: Math.max(0, total - paging.offset - paging.limit),
        limit: Math.min(paging.limit, total - paging.offset),
      }
    : paging
  const ids = await idsInOrder(storeWorks(db, search), fromTheEnd ? reversed(order) : order, window)
  return { ids: fromTheEnd ? ids.reverse() : ids, total }
}

/**
 * A page of a keyword search. The matches are counted up to `matchesMax`, which the search
 * index answers after reading at most that many rows. Fewer matches than that are all read and
 * sorted (a few hundred rows); more means the keyword is common, and walking the sort's index
 * meets the page's matches soon.
 */
async function searchPage(
  db: Kysely<Database>,
  paging: Paging,
  search: StoreSearch,
  order: SortOrder,
  matchesMax: number,
): Promise<IdsPage> {
  const counted = await db
    .selectFrom(storeWorks(db, search).select('id').limit(matchesMax).as('matches'))
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow()
  const total = Number(counted.total)
  const window = { offset: paging.offset, limit: Math.min(paging.limit, total - paging.offset) }
  if (window.limit <= 0) return { ids: [], total }
  const [column, direction] = order
  if (total < matchesMax) {
    // MATERIALIZED keeps the planner from walking the sort's index through a rare keyword.
    const rows = await db
      .with(
        (cte) => cte('matches').materialized(),
        () => storeWorks(db, search).select(['id', column]),
      )
      .selectFrom('matches')
      .select('id')
      .orderBy(column, direction)
      .orderBy('id', direction)
      .offset(window.offset)
      .limit(window.limit)
      .execute()
    return { ids: rows.map((row) => row.id), total }
  }
  // The same match as ILIKE (in a multi-byte database ILIKE compares lower() of both sides), in
  // a form no search index answers, so the planner walks the sort's index and stops at the page.
  const keyword = search.keyword?.trim() ?? ''
  const walk = storeWorks(db, { categoryId: search.categoryId }).where(
    sql<boolean>`strpos(lower(search_text), lower(${keyword}::text)) > 0`,
  )
  return { ids: await idsInOrder(walk, order, window), total }
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
