/** The SQL of voting activities: every query of the domain, and the one statement that votes. */
import { sql, type Kysely } from 'kysely'
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

/** The activity's rules and period, and which activity the option belongs to (null: none). */
export function activityForVote(
  db: Kysely<Database>,
  vote: { activityId: string; optionId: string },
) {
  return db
    .selectFrom('vote_activities')
    .select([
      'id',
      'start_at',
      'end_at',
      'closed_at',
      'votes_per_user_per_day',
      'votes_per_option_per_user',
    ])
    .select((eb) =>
      eb
        .selectFrom('vote_options')
        .select('vote_options.activity_id')
        .where('vote_options.id', '=', vote.optionId)
        .as('option_activity_id'),
    )
    .where('id', '=', vote.activityId)
    .executeTakeFirst()
}

export type BallotOutcome =
  | { kind: 'counted'; used: number; optionUsed: number; votes: number }
  | { kind: 'dailyLimit' }
  | { kind: 'optionLimit' }

/**
 * Casts one ballot in a single statement: the user's day row takes the vote only while it stays
 * within both limits (checked on the row's latest version, under its lock, so concurrent votes of
 * one user queue there), and only then is the ballot written and the option's total raised. One
 * statement is one transaction, and holds a pooled connection for one round trip.
 */
export async function castBallot(
  db: Kysely<Database>,
  ballot: { activityId: string; optionId: string; userId: string; day: string; at: Date },
  limits: { perDay: number; perOption: number },
): Promise<BallotOutcome> {
  const optionKey = ballot.optionId
  const result = await sql<{ used: number; option_used: number; votes: string | number }>`
    WITH day AS (
      INSERT INTO vote_user_days AS current (activity_id, user_id, china_day, used, per_option)
      VALUES (${ballot.activityId}, ${ballot.userId}, ${ballot.day}::date, 1,
              jsonb_build_object(${optionKey}::text, 1))
      ON CONFLICT (activity_id, user_id, china_day) DO UPDATE
        SET used = current.used + 1,
            per_option = jsonb_set(
              current.per_option,
              ARRAY[${optionKey}::text],
              to_jsonb(coalesce((current.per_option ->> ${optionKey}::text)::int, 0) + 1)
            )
        WHERE current.used < ${limits.perDay}
          AND coalesce((current.per_option ->> ${optionKey}::text)::int, 0) < ${limits.perOption}
      RETURNING current.used, (current.per_option ->> ${optionKey}::text)::int AS option_used
    ), ballot AS (
      INSERT INTO vote_ballots (activity_id, option_id, user_id, china_day, cast_at)
      SELECT ${ballot.activityId}::uuid, ${ballot.optionId}::uuid, ${ballot.userId}::uuid,
             ${ballot.day}::date, ${ballot.at}::timestamptz
      FROM day
      RETURNING option_id
    ), tally AS (
      UPDATE vote_options SET votes = votes + 1
      WHERE id IN (SELECT option_id FROM ballot)
      RETURNING votes
    )
    SELECT day.used, day.option_used, tally.votes FROM day CROSS JOIN tally
  `.execute(db)
  const [row] = result.rows
  if (row !== undefined) {
    return {
      kind: 'counted',
      used: row.used,
      optionUsed: row.option_used,
      votes: Number(row.votes),
    }
  }
  // Refused: the row as it is now says which limit (a refusal changes nothing, so it stays true).
  const day = await db
    .selectFrom('vote_user_days')
    .select('used')
    .where('activity_id', '=', ballot.activityId)
    .where('user_id', '=', ballot.userId)
    .where('china_day', '=', ballot.day)
    .executeTakeFirst()
  return (day?.used ?? 0) >= limits.perDay ? { kind: 'dailyLimit' } : { kind: 'optionLimit' }
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
