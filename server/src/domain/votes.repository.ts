/**
 * The SQL of voting activities. Functions that take a `Transaction` must run inside one; the
 * others take any Kysely instance.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database, WorkRow } from '../db/types'
import type { VoteActivityRow, VoteOptionRow } from '../db/votesTypes'

export interface ActivityWithTotals extends VoteActivityRow {
  total_votes: number
  option_count: number
  /** The cover of the first work among the options, when the activity has no cover of its own. */
  first_work_cover_key: string | null
}

function withTotals(db: Kysely<Database>) {
  return db
    .selectFrom('vote_activities')
    .selectAll('vote_activities')
    .select((eb) => [
      eb
        .selectFrom('vote_options')
        .whereRef('vote_options.activity_id', '=', 'vote_activities.id')
        .select(sql<string>`coalesce(sum(vote_options.votes), 0)`.as('sum'))
        .as('total_votes'),
      eb
        .selectFrom('vote_options')
        .whereRef('vote_options.activity_id', '=', 'vote_activities.id')
        .select((count) => count.fn.countAll<string>().as('count'))
        .as('option_count'),
      eb
        .selectFrom('vote_options')
        .innerJoin('works', 'works.id', 'vote_options.work_id')
        .whereRef('vote_options.activity_id', '=', 'vote_activities.id')
        .select('works.cover_key')
        .orderBy('vote_options.position')
        .limit(1)
        .as('first_work_cover_key'),
    ])
}

function toActivity(row: {
  total_votes: string | number | null
  option_count: string | number | null
  first_work_cover_key: string | null
}) {
  return {
    total_votes: Number(row.total_votes ?? 0),
    option_count: Number(row.option_count ?? 0),
    first_work_cover_key: row.first_work_cover_key,
  }
}

export async function listActivities(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
): Promise<{ rows: ActivityWithTotals[]; total: number }> {
  const [rows, count] = await Promise.all([
    withTotals(db)
      .orderBy('vote_activities.start_at', 'desc')
      .orderBy('vote_activities.id')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    db
      .selectFrom('vote_activities')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    rows: rows.map((row) => ({ ...row, ...toActivity(row) })),
    total: Number(count.total),
  }
}

export async function findActivity(
  db: Kysely<Database>,
  activityId: string,
): Promise<ActivityWithTotals | undefined> {
  const row = await withTotals(db).where('vote_activities.id', '=', activityId).executeTakeFirst()
  return row === undefined ? undefined : { ...row, ...toActivity(row) }
}

export type OptionWithWork = VoteOptionRow & { work: WorkRow | null }

export async function optionsOf(
  db: Kysely<Database>,
  activityId: string,
): Promise<OptionWithWork[]> {
  const [options, works] = await Promise.all([
    db
      .selectFrom('vote_options')
      .selectAll()
      .where('activity_id', '=', activityId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('works')
      .innerJoin('vote_options', 'vote_options.work_id', 'works.id')
      .selectAll('works')
      .where('vote_options.activity_id', '=', activityId)
      .execute(),
  ])
  const workById = new Map(works.map((work) => [work.id, work]))
  return options.map((option) => ({
    ...option,
    work: option.work_id === null ? null : (workById.get(option.work_id) ?? null),
  }))
}

export async function optionTotals(
  db: Kysely<Database>,
  activityId: string,
): Promise<Array<{ optionId: string; votes: number }>> {
  const rows = await db
    .selectFrom('vote_options')
    .select(['id', 'votes'])
    .where('activity_id', '=', activityId)
    .orderBy('position')
    .execute()
  return rows.map((row) => ({ optionId: row.id, votes: Number(row.votes) }))
}

/**
 * Counts one more vote of the user today, unless that passes `limit`: the number used after it,
 * or null at the limit. The row stays locked until the transaction ends, so the user's other
 * votes of the day wait here and see this one.
 */
export async function takeDailyVote(
  transaction: Transaction<Database>,
  key: { activityId: string; userId: string; day: string },
  limit: number,
): Promise<number | null> {
  const row = await transaction
    .insertInto('vote_user_days')
    .values({ activity_id: key.activityId, user_id: key.userId, china_day: key.day, used: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['activity_id', 'user_id', 'china_day'])
        .doUpdateSet({ used: sql`vote_user_days.used + 1` })
        .where('vote_user_days.used', '<', limit),
    )
    .returning('used')
    .executeTakeFirst()
  return row?.used ?? null
}

export async function ballotsOfDay(
  db: Kysely<Database>,
  key: { activityId: string; userId: string; day: string },
  optionId?: string,
): Promise<number> {
  let query = db
    .selectFrom('vote_ballots')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('activity_id', '=', key.activityId)
    .where('user_id', '=', key.userId)
    .where('china_day', '=', key.day)
  if (optionId !== undefined) query = query.where('option_id', '=', optionId)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Records the ballot and adds it to the option's total; the new total. */
export async function recordBallot(
  transaction: Transaction<Database>,
  ballot: { activityId: string; optionId: string; userId: string; day: string; at: Date },
): Promise<number> {
  await transaction
    .insertInto('vote_ballots')
    .values({
      activity_id: ballot.activityId,
      option_id: ballot.optionId,
      user_id: ballot.userId,
      china_day: ballot.day,
      cast_at: ballot.at,
    })
    .execute()
  const option = await transaction
    .updateTable('vote_options')
    .set({ votes: sql`votes + 1` })
    .where('id', '=', ballot.optionId)
    .returning('votes')
    .executeTakeFirstOrThrow()
  return Number(option.votes)
}

/** The user's votes per option: today's and over the whole activity. */
export async function userVotesByOption(
  db: Kysely<Database>,
  key: { activityId: string; userId: string; day: string },
): Promise<Array<{ optionId: string; today: number; total: number }>> {
  const rows = await db
    .selectFrom('vote_ballots')
    .select((eb) => [
      'option_id',
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>(sql`CASE WHEN china_day = ${key.day}::date THEN 1 END`).as('today'),
    ])
    .where('activity_id', '=', key.activityId)
    .where('user_id', '=', key.userId)
    .groupBy('option_id')
    .execute()
  return rows.map((row) => ({
    optionId: row.option_id,
    today: Number(row.today),
    total: Number(row.total),
  }))
}

/**
 * Counts a view once per viewer per activity per day: the view count after it, whether or not
 * this one counted.
 */
export async function addView(
  db: Kysely<Database>,
  view: { activityId: string; viewerKey: string; day: string },
): Promise<number> {
  return db.transaction().execute(async (transaction) => {
    const inserted = await transaction
      .insertInto('vote_views')
      .values({ activity_id: view.activityId, viewer_key: view.viewerKey, china_day: view.day })
      .onConflict((conflict) => conflict.doNothing())
      .returning('activity_id')
      .executeTakeFirst()
    const activity =
      inserted === undefined
        ? await transaction
            .selectFrom('vote_activities')
            .select('view_count')
            .where('id', '=', view.activityId)
            .executeTakeFirstOrThrow()
        : await transaction
            .updateTable('vote_activities')
            .set({ view_count: sql`view_count + 1` })
            .where('id', '=', view.activityId)
            .returning('view_count')
            .executeTakeFirstOrThrow()
    return Number(activity.view_count)
  })
}
