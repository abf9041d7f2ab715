/**
 * Voting activities: who may vote, when, and how often. The server enforces every rule of an
 * activity (its period, votes per user per day, votes per option per user per day); the day is
 * the calendar day in China, whatever the server's own time zone. Totals are exact under any
 * concurrency: a ballot and its option's total change in one transaction (votes.repository.ts).
 */
import { createHash } from 'node:crypto'
import type { WorkItem } from '@gy/api/contract'
import {
  VOTE_MESSAGES,
  type AccountVoteDetail,
  type CreateVoteActivity,
  type VoteActivityDetail,
  type VoteActivitySummary,
  type VoteCast,
  type VoteStatus,
} from '@gy/api/votes'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/types'
import type { VoteActivityRow } from '../db/votesTypes'
import { EnvelopeError } from '../http/envelopeError'
import { publicLink } from '../http/publicLink'
import { chinaDay } from '../payments/chinaTime'
import { findOwnedFile } from './files.repository'
import {
  activityForVote,
  addView,
  findActivity,
  optionsOf,
  castBallot,
  userVotesByOption,
  type ActivityWithTotals,
} from './votes.repository'
import { toWorkItems } from './works'

export function statusOf(
  activity: Pick<VoteActivityRow, 'start_at' | 'end_at' | 'closed_at'>,
  now: Date,
): VoteStatus {
  if (activity.closed_at !== null && activity.closed_at <= now) return 'ended'
  if (now < activity.start_at) return 'upcoming'
  return now < activity.end_at ? 'open' : 'ended'
}

function signedUrl(app: FastifyInstance, key: string | null, name: string): string {
  if (key === null) return ''
  return publicLink(app.config.publicBaseUrl, app.fileUrls.urlFor(key, name, app.clock()))
}

export function toSummary(app: FastifyInstance, row: ActivityWithTotals): VoteActivitySummary {
  return {
    activityId: row.id,
    title: row.title,
    description: row.description,
    cover: signedUrl(app, row.cover_key ?? row.first_work_cover_key, 'cover'),
    startAt: row.start_at.toISOString(),
    endAt: row.end_at.toISOString(),
    status: statusOf(row, app.clock()),
    totalVotes: row.total_votes,
    views: Number(row.view_count),
    optionCount: row.option_count,
  }
}

export async function requireActivity(
  db: Kysely<Database>,
  activityId: string,
): Promise<ActivityWithTotals> {
  const activity = await findActivity(db, activityId)
  if (activity === undefined) throw new EnvelopeError('404', VOTE_MESSAGES.activityNotFound)
  return activity
}

export async function activityDetail(
  app: FastifyInstance,
  activityId: string,
): Promise<VoteActivityDetail> {
  const activity = await requireActivity(app.db, activityId)
  const options = await optionsOf(app.db, activityId)
  const works = await toWorkItems(
    app,
    options.flatMap((option) => (option.work === null ? [] : [option.work])),
  )
  const itemById = new Map<string, WorkItem>(works.map((item) => [item.musicId, item]))
  return {
    ...toSummary(app, activity),
    votesPerUserPerDay: activity.votes_per_user_per_day,
    votesPerOptionPerUser: activity.votes_per_option_per_user,
    options: options.map((option) => ({
      optionId: option.id,
      title: option.title,
      votes: Number(option.votes),
      description: option.description,
      imageUrl: signedUrl(app, option.image_key, 'image'),
      work: option.work_id === null ? null : (itemById.get(option.work_id) ?? null),
    })),
  }
}

export async function accountVoteDetail(
  app: FastifyInstance,
  user: UserRow,
  activityId: string,
): Promise<AccountVoteDetail> {
  const activity = await requireActivity(app.db, activityId)
  const key = { activityId, userId: user.id, day: chinaDay(app.clock()) }
  const byOption = await userVotesByOption(app.db, key)
  const votedToday = byOption.reduce((sum, option) => sum + option.today, 0)
  return {
    remainingToday: Math.max(0, activity.votes_per_user_per_day - votedToday),
    votedToday,
    votesPerUserPerDay: activity.votes_per_user_per_day,
    votesPerOptionPerUser: activity.votes_per_option_per_user,
    options: byOption.map((option) => ({
      optionId: option.optionId,
      votesToday: option.today,
      votesTotal: option.total,
    })),
  }
}

/**
 * One vote of `user` for `optionId`, or the refusal that says which rule stops it. The activity
 * and option are checked before the transaction (a reviewer closing the activity meanwhile is a
 * race the vote may win by a moment); the vote itself is one statement (castBallot), so a crowd
 * voting at once holds each pooled connection for one round trip.
 */
export async function castVote(
  app: FastifyInstance,
  user: UserRow,
  vote: { activityId: string; optionId: string },
): Promise<VoteCast> {
  const now = app.clock()
  const key = { activityId: vote.activityId, userId: user.id, day: chinaDay(now) }
  const activity = await activityForVote(app.db, vote)
  if (activity === undefined) throw new EnvelopeError('404', VOTE_MESSAGES.activityNotFound)
  if (activity.option_activity_id !== activity.id) {
    throw new EnvelopeError('404', VOTE_MESSAGES.optionNotInActivity)
  }
  const status = statusOf(activity, now)
  if (status === 'upcoming') throw new EnvelopeError('400', VOTE_MESSAGES.notStarted)
  if (status === 'ended') throw new EnvelopeError('400', VOTE_MESSAGES.ended)

  const outcome = await castBallot(
    app.db,
    { ...vote, userId: user.id, day: key.day, at: now },
    { perDay: activity.votes_per_user_per_day, perOption: activity.votes_per_option_per_user },
  )
  if (outcome.kind === 'dailyLimit') throw new EnvelopeError('409', VOTE_MESSAGES.dailyLimit)
  if (outcome.kind === 'optionLimit') throw new EnvelopeError('409', VOTE_MESSAGES.optionLimit)
  return {
    remainingToday: activity.votes_per_user_per_day - outcome.used,
    optionRemainingToday: Math.min(
      activity.votes_per_option_per_user - outcome.optionUsed,
      activity.votes_per_user_per_day - outcome.used,
    ),
    votes: outcome.votes,
  }
}

/**
 * Who is viewing, for the view count: the user, or for a visitor a digest of the address the
 * request came from (the address itself is not kept). Neither a reload nor a new tab adds a view;
 * a visitor who logs in is counted again once, as the user.
 */
export function viewerKey(user: UserRow | null, address: string): string {
  if (user !== null) return `user:${user.id}`
  return `address:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`
}

export async function countView(
  app: FastifyInstance,
  activityId: string,
  viewer: string,
): Promise<number> {
  await requireActivity(app.db, activityId)
  return addView(app.db, { activityId, viewerKey: viewer, day: chinaDay(app.clock()) })
}

/**
 * Creates an activity with its options. `createdBy` is the reviewer (null for the demo and the
 * admin command). Work options must be listed works; image files must be the creator's own.
 */
export async function createActivity(
  db: Kysely<Database>,
  activity: {
    title: string
    description: string
    startAt: Date
    endAt: Date
    votesPerUserPerDay: number
    votesPerOptionPerUser: number
    coverKey: string | null
    createdBy: string | null
    seedKey?: string
    options: ReadonlyArray<
      | { kind: 'work'; workId: string }
      | { kind: 'text'; title: string; description: string; imageKey: string | null }
    >
  },
): Promise<string> {
  const workIds = activity.options.flatMap((option) =>
    option.kind === 'work' ? [option.workId] : [],
  )
  if (new Set(workIds).size !== workIds.length) {
    throw new EnvelopeError('400', VOTE_MESSAGES.optionWorkRepeated)
  }
  const works =
    workIds.length === 0
      ? []
      : await db
          .selectFrom('works')
          .select(['id', 'title'])
          .where('id', 'in', workIds)
          .where('status', '=', 'listed')
          .execute()
  const titleOf = new Map(works.map((work) => [work.id, work.title]))
  if (workIds.some((id) => !titleOf.has(id))) {
    throw new EnvelopeError('400', VOTE_MESSAGES.optionWorkUnknown)
  }
  return db.transaction().execute(async (transaction) => {
    const created = await transaction
      .insertInto('vote_activities')
      .values({
        title: activity.title,
        description: activity.description,
        cover_key: activity.coverKey,
        start_at: activity.startAt,
        end_at: activity.endAt,
        votes_per_user_per_day: activity.votesPerUserPerDay,
        votes_per_option_per_user: activity.votesPerOptionPerUser,
        created_by: activity.createdBy,
        seed_key: activity.seedKey ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await transaction
      .insertInto('vote_options')
      .values(
        activity.options.map((option, position) =>
          option.kind === 'work'
            ? {
                activity_id: created.id,
                position,
                work_id: option.workId,
                title: titleOf.get(option.workId) ?? '',
                image_key: null,
              }
            : {
                activity_id: created.id,
                position,
                work_id: null,
                title: option.title,
                description: option.description,
                image_key: option.imageKey,
              },
        ),
      )
      .execute()
    return created.id
  })
}

/**
 * An activity from the API body (or the admin command's, parsed by the same schema). `imageKey`
 * turns an uploaded image's id into its storage key, refusing a file that is not the creator's.
 */
export async function createActivityFromBody(
  db: Kysely<Database>,
  body: CreateVoteActivity,
  creator: {
    userId: string | null
    imageKey: (fileId: string | undefined) => Promise<string | null>
  },
): Promise<string> {
  const options = []
  for (const option of body.options) {
    options.push(
      option.kind === 'work'
        ? { kind: 'work' as const, workId: option.musicId }
        : {
            kind: 'text' as const,
            title: option.title,
            description: option.description,
            imageKey: await creator.imageKey(option.imageFileId),
          },
    )
  }
  return createActivity(db, {
    title: body.title,
    description: body.description,
    startAt: new Date(body.startAt),
    endAt: new Date(body.endAt),
    votesPerUserPerDay: body.votesPerUserPerDay,
    votesPerOptionPerUser: body.votesPerOptionPerUser,
    coverKey: await creator.imageKey(body.coverFileId),
    createdBy: creator.userId,
    options,
  })
}

/** The storage key of one of `user`'s uploaded images, for `createActivityFromBody`. */
export function imagesOf(
  db: Kysely<Database>,
  user: UserRow,
): (fileId: string | undefined) => Promise<string | null> {
  return async (fileId) =>
    fileId === undefined ? null : (await findOwnedFile(db, user.id, fileId, 'image')).storage_key
}

/** Ends an activity now. An activity already over answers 409. */
export async function closeActivity(
  db: Kysely<Database>,
  activityId: string,
  now: Date,
): Promise<void> {
  const result = await db
    .updateTable('vote_activities')
    .set({ closed_at: now })
    .where('id', '=', activityId)
    .where('closed_at', 'is', null)
    .where('end_at', '>', now)
    .executeTakeFirst()
  if (result.numUpdatedRows > 0n) return
  await requireActivity(db, activityId)
  throw new EnvelopeError('409', VOTE_MESSAGES.activityClosed)
}
