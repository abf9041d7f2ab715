/** SQL of the store beyond the works themselves: categories, banners, plays and figures. */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../db/types'

export interface CategoryRow {
  id: string
  name: string
}

/** Every category, in display order. */
export function listCategories(db: Kysely<Database>): Promise<CategoryRow[]> {
  return db
    .selectFrom('store_categories')
    .select(['id', 'name'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
}

/**
 * The category a client named, by id or by its name (a listing's genre, as clients sent it
 * before categories had ids); undefined when there is none.
 */
export async function resolveCategory(
  db: Kysely<Database>,
  idOrName: string,
): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('store_categories')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', idOrName), eb('name', '=', idOrName)]))
    .orderBy(sql`id = ${idOrName}`, 'desc')
    .executeTakeFirst()
}

export interface BannerRow {
  id: string
  title: string
  subtitle: string
  link: string
  work_seed_key: string | null
  /** The listed work the banner shows, if its seed work is in the catalogue. */
  work_id: string | null
  cover_key: string | null
}

/** Active banners in display order, each with the listed work it points at (if any). */
export function listBanners(db: Kysely<Database>): Promise<BannerRow[]> {
  return db
    .selectFrom('store_banners')
    .leftJoin('works', (join) =>
      join
        .onRef('works.seed_key', '=', 'store_banners.work_seed_key')
        .on('works.status', '=', 'listed')
        .on('works.audio_ready', '=', true),
    )
    .select([
      'store_banners.id',
      'store_banners.title',
      'store_banners.subtitle',
      'store_banners.link',
      'store_banners.work_seed_key',
      'works.id as work_id',
      'works.cover_key',
    ])
    .where('store_banners.active', '=', true)
    .orderBy('store_banners.sort_order')
    .execute()
}

/**
 * Records one play of a work by a listener on a day; counts it only if that listener has not
 * played that work that day. Answers whether it counted and the work's count afterwards.
 */
export function recordPlay(
  db: Kysely<Database>,
  play: { workId: string; listener: string; day: string },
): Promise<{ counted: boolean; playCount: number }> {
  return db.transaction().execute(async (transaction) => {
    const inserted = await transaction
      .insertInto('work_plays')
      .values({ work_id: play.workId, listener: play.listener, day: play.day })
      .onConflict((conflict) => conflict.doNothing())
      .returning('work_id')
      .executeTakeFirst()
    const counted = inserted !== undefined
    const work = counted
      ? await transaction
          .updateTable('works')
          .set((eb) => ({ play_count: eb('play_count', '+', 1) }))
          .where('id', '=', play.workId)
          .returning('play_count')
          .executeTakeFirstOrThrow()
      : await transaction
          .selectFrom('works')
          .select('play_count')
          .where('id', '=', play.workId)
          .executeTakeFirstOrThrow()
    return { counted, playCount: work.play_count }
  })
}

/** The certificate number of each deposit among `depositIds`. */
export async function certificateNumbers(
  db: Kysely<Database>,
  depositIds: readonly string[],
): Promise<Map<string, string>> {
  if (depositIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('deposits')
    .select(['id', 'certificate_no'])
    .where('id', 'in', depositIds)
    .execute()
  return new Map(rows.map((row) => [row.id, row.certificate_no]))
}

/** The store in figures: works for sale, musicians selling, plays counted. */
export async function storeFigures(
  db: Kysely<Database>,
): Promise<{ works: number; musicians: number; plays: number }> {
  const row = await db
    .selectFrom('works')
    .select((eb) => [
      eb.fn.countAll<string>().as('works'),
      eb.fn.count<string>('owner_user_id').distinct().as('musicians'),
      eb.fn.coalesce(eb.fn.sum<string>('play_count'), sql<string>`0`).as('plays'),
    ])
    .where('status', '=', 'listed')
    .where('audio_ready', '=', true)
    .executeTakeFirstOrThrow()
  return { works: Number(row.works), musicians: Number(row.musicians), plays: Number(row.plays) }
}
