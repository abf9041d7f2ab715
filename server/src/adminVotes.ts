/**
 * The voting commands of `npm run admin` (admin.ts): an operator lists, creates and closes voting
 * activities, as a reviewer does on /review/votes. The same domain code checks them.
 */
import { createVoteActivityBody, VOTE_STATUSES } from '@gy/api/votes'
import type { Kysely } from 'kysely'
import type { Database } from './db/types'
import { EnvelopeError } from './http/envelopeError'
import { closeActivity, createActivityFromBody, statusOf } from './domain/votes'
import { listActivities } from './domain/votes.repository'
import type { AdminResult } from './admin'

export const VOTE_USAGE = [
  '  list-votes                list the voting activities',
  '  create-vote <title> <startAt> <endAt> <votesPerDay> <votesPerOptionPerDay> <option>...',
  '                            options are work:<musicId> or text:<title> (2 to 30); times ISO 8601',
  '  close-vote <activityId>   end an activity now',
]

const STATUS_TEXT: Record<(typeof VOTE_STATUSES)[number], string> = {
  upcoming: '未开始',
  open: '进行中',
  ended: '已结束',
}

/** The result of a voting command, or null when `args` is not one. */
export async function runVoteCommand(
  db: Kysely<Database>,
  args: readonly string[],
): Promise<AdminResult | null> {
  const [command, ...rest] = args
  try {
    if (command === 'list-votes' && rest.length === 0) return await listVotes(db)
    if (command === 'close-vote' && rest.length === 1 && rest[0] !== undefined) {
      await closeActivity(db, rest[0].toLowerCase(), new Date())
      return { exitCode: 0, output: `Closed ${rest[0]}. 已结束该投票活动。` }
    }
    if (command === 'create-vote' && rest.length >= 7) return await createVote(db, rest)
  } catch (error) {
    if (error instanceof EnvelopeError) return { exitCode: 1, output: error.message }
    throw error
  }
  return command === 'list-votes' || command === 'close-vote' || command === 'create-vote'
    ? { exitCode: 2, output: VOTE_USAGE.join('\n') }
    : null
}

async function listVotes(db: Kysely<Database>): Promise<AdminResult> {
  const { rows } = await listActivities(db, 1, 100)
  if (rows.length === 0) return { exitCode: 0, output: 'No voting activities. 暂无投票活动。' }
  const now = new Date()
  return {
    exitCode: 0,
    output: rows
      .map((row) =>
        [
          row.id,
          STATUS_TEXT[statusOf(row, now)],
          row.title,
          `${row.start_at.toISOString()} → ${row.end_at.toISOString()}`,
          `${row.total_votes} votes`,
        ].join('\t'),
      )
      .join('\n'),
  }
}

async function createVote(db: Kysely<Database>, rest: readonly string[]): Promise<AdminResult> {
  const [title, startAt, endAt, perDay, perOption, ...optionArgs] = rest
  const parsed = createVoteActivityBody.safeParse({
    title,
    startAt,
    endAt,
    votesPerUserPerDay: Number(perDay),
    votesPerOptionPerUser: Number(perOption),
    options: optionArgs.map((option) =>
      option.startsWith('work:')
        ? { kind: 'work', musicId: option.slice('work:'.length) }
        : { kind: 'text', title: option.replace(/^text:/, '') },
    ),
  })
  if (!parsed.success) {
    return { exitCode: 2, output: parsed.error.issues[0]?.message ?? VOTE_USAGE.join('\n') }
  }
  const activityId = await createActivityFromBody(db, parsed.data, {
    userId: null,
    // The command takes no images: it has no uploader.
    imageKey: () => Promise.resolve(null),
  })
  return { exitCode: 0, output: `Created ${activityId}. 已创建投票活动。` }
}
