/**
 * Votes budgets: 500 users vote at once for one option and its total is exactly 500; one user's
 * 50 simultaneous votes against a daily limit of 5 leave exactly 5 counted and 45 refused with the
 * limit's message. Both run on embedded PGlite and on the PostgreSQL server of DATABASE_URL (a
 * schema of its own, dropped afterwards). PGlite runs one transaction at a time, so only
 * PostgreSQL, where the transactions really overlap, exercises the row locks the budgets stand
 * on: without DATABASE_URL its rows say so and fail.
 */
import { VOTE_MESSAGES } from '@gy/api/votes'
import type { FastifyInstance } from 'fastify'
import type { BenchLabels, BenchRow } from '../../scripts/bench-types'
import type { UserRow } from '../src/db/types'
import { findOrCreateUserByPhone } from '../src/domain/users.repository'
import { castVote, createActivity } from '../src/domain/votes'
import { optionTotals } from '../src/domain/votes.repository'
import { EnvelopeError } from '../src/http/envelopeError'
import { createTestApp } from '../src/test/testApp'
import { type DatabaseLabel, measureOnDatabase, WITHOUT_POSTGRESQL } from './onDatabase'

const VOTERS = 500
const TABS = 50
const DAILY_LIMIT = 5

function formatMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`
}

const votersBudget = (database: DatabaseLabel) =>
  `${VOTERS} concurrent votes by ${VOTERS} users on one option (${database})`
const tabsBudget = (database: DatabaseLabel) =>
  `${TABS} simultaneous votes of one user, daily limit ${DAILY_LIMIT} (${database})`

export const labels: BenchLabels = {
  budgets: [
    votersBudget('PGlite'),
    tabsBudget('PGlite'),
    votersBudget('PostgreSQL'),
    tabsBudget('PostgreSQL'),
  ],
  references: [],
}

async function openActivity(
  app: FastifyInstance,
  limit: number,
): Promise<{ activityId: string; optionId: string }> {
  const now = app.clock().getTime()
  const activityId = await createActivity(app.db, {
    title: '压测投票',
    description: '',
    startAt: new Date(now - 60_000),
    endAt: new Date(now + 3_600_000),
    votesPerUserPerDay: limit,
    votesPerOptionPerUser: limit,
    coverKey: null,
    createdBy: null,
    options: [
      { kind: 'text', title: '甲', description: '', imageKey: null },
      { kind: 'text', title: '乙', description: '', imageKey: null },
    ],
  })
  const [first] = await optionTotals(app.db, activityId)
  return { activityId, optionId: first?.optionId ?? '' }
}

async function users(app: FastifyInstance, count: number): Promise<UserRow[]> {
  const made: UserRow[] = []
  for (let index = 0; index < count; index++) {
    made.push(await findOrCreateUserByPhone(app.db, `86:137${String(index).padStart(8, '0')}`))
  }
  return made
}

async function concurrentVoters(app: FastifyInstance, database: DatabaseLabel): Promise<BenchRow> {
  const vote = await openActivity(app, 1)
  const voters = await users(app, VOTERS)
  const started = performance.now()
  const outcomes = await Promise.allSettled(voters.map((user) => castVote(app, user, vote)))
  const elapsed = performance.now() - started
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length
  const [option] = await optionTotals(app.db, vote.activityId)
  const ballots = await app.db
    .selectFrom('vote_ballots')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('option_id', '=', vote.optionId)
    .executeTakeFirstOrThrow()
  return {
    area: 'votes',
    budget: votersBudget(database),
    target: `total exactly ${VOTERS}`,
    measured:
      `total ${option?.votes ?? 0}, ${ballots.count} ballots, ${failed} refused, ` +
      `${formatMs(elapsed)} (${Math.round((VOTERS / elapsed) * 1000)} votes/s)`,
    pass: option?.votes === VOTERS && Number(ballots.count) === VOTERS && failed === 0,
  }
}

async function simultaneousTabs(app: FastifyInstance, database: DatabaseLabel): Promise<BenchRow> {
  const vote = await openActivity(app, DAILY_LIMIT)
  const [user] = await users(app, 1)
  if (user === undefined) throw new Error('no user')
  const outcomes = await Promise.allSettled(
    Array.from({ length: TABS }, () => castVote(app, user, vote)),
  )
  const refused = outcomes.filter(
    (outcome) =>
      outcome.status === 'rejected' &&
      outcome.reason instanceof EnvelopeError &&
      outcome.reason.code === '409' &&
      outcome.reason.message === VOTE_MESSAGES.dailyLimit,
  ).length
  const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length
  const [option] = await optionTotals(app.db, vote.activityId)
  return {
    area: 'votes',
    budget: tabsBudget(database),
    target: `${DAILY_LIMIT} counted, ${TABS - DAILY_LIMIT} refused (409)`,
    measured: `${option?.votes ?? 0} counted (${accepted} accepted), ${refused} refused`,
    pass:
      option?.votes === DAILY_LIMIT && accepted === DAILY_LIMIT && refused === TABS - DAILY_LIMIT,
  }
}

function measureOn(databaseUrl: string | undefined): Promise<BenchRow[]> {
  return measureOnDatabase(databaseUrl, createTestApp, async (app, database) => [
    await concurrentVoters(app, database),
    await simultaneousTabs(app, database),
  ])
}

export async function run(): Promise<BenchRow[]> {
  const rows = await measureOn(undefined)
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) return [...rows, ...(await measureOn(databaseUrl))]
  const notMeasured = {
    area: 'votes',
    measured: WITHOUT_POSTGRESQL,
    pass: false,
  }
  return [
    ...rows,
    { ...notMeasured, budget: votersBudget('PostgreSQL'), target: `total exactly ${VOTERS}` },
    {
      ...notMeasured,
      budget: tabsBudget('PostgreSQL'),
      target: `${DAILY_LIMIT} counted, ${TABS - DAILY_LIMIT} refused (409)`,
    },
  ]
}
