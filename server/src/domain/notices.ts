/** Notices (公告): published ones only; one scheduled for later is not found until its time. */
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import type { NoticeRow } from '../db/votesTypes'

export function findNotice(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<NoticeRow | undefined> {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('id', '=', id)
    .where('published_at', '<=', now)
    .executeTakeFirst()
}
