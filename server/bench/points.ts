/**
 * Points budgets: 200 concurrent duplicate payment notifications for one order credit it once;
 * 1,000 concurrent debits of 1 point against a balance of 500 leave exactly 0 and refuse the
 * other 500. Each is timed. Both run on embedded PGlite and on the PostgreSQL server of
 * DATABASE_URL (in a schema of its own, dropped afterwards). PGlite runs one transaction at a
 * time, so only PostgreSQL, where the transactions really overlap, exercises the row locks and
 * unique constraints the budgets stand on: without DATABASE_URL its rows say so and fail.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import type { BenchLabels, BenchRow } from '../../scripts/bench-types'
import { balanceOf, debitForJob, grantPoints } from '../src/domain/points'
import { findOrCreateUserByPhone } from '../src/domain/users.repository'
import { EnvelopeError } from '../src/http/envelopeError'
import {
  createOrder,
  createPointsTestApp,
  deliverNotification,
  sandboxNotification,
} from '../src/routes/payments/pointsTestKit'
import { loginAs } from '../src/test/call'
import { type DatabaseLabel, measureOnDatabase, WITHOUT_POSTGRESQL } from './onDatabase'

const DUPLICATE_NOTIFICATIONS = 200
const CONCURRENT_DEBITS = 1_000
const STARTING_BALANCE = 500

function formatMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`
}

function duplicatesBudget(database: DatabaseLabel): string {
  return `${DUPLICATE_NOTIFICATIONS} concurrent duplicate notifications for one order (${database})`
}

function debitsBudget(database: DatabaseLabel): string {
  return `${CONCURRENT_DEBITS.toLocaleString('en-US')} concurrent debits of 1 against ${STARTING_BALANCE} (${database})`
}

export const labels: BenchLabels = {
  budgets: [
    duplicatesBudget('PGlite'),
    debitsBudget('PGlite'),
    duplicatesBudget('PostgreSQL'),
    debitsBudget('PostgreSQL'),
  ],
  references: [],
}

async function duplicateNotifications(
  app: FastifyInstance,
  database: DatabaseLabel,
): Promise<BenchRow> {
  const { accessToken, userInfo } = await loginAs(app, '86:13000000001')
  const order = await createOrder(app, accessToken, { packageId: 'p68' })
  // Each copy is signed separately, as a provider's retries are; all arrive at once.
  const copies = Array.from({ length: DUPLICATE_NOTIFICATIONS }, () =>
    sandboxNotification(app, order),
  )
  const started = performance.now()
  const answers = await Promise.all(copies.map((copy) => deliverNotification(app, copy)))
  const elapsed = performance.now() - started

  const credits = await app.db
    .selectFrom('points_ledger')
    .select('id')
    .where('order_id', '=', order.orderId)
    .where('kind', '=', 'topup')
    .execute()
  const acknowledged = answers.filter((answer) => answer.status === 200).length
  const balance = await balanceOf(app.db, userInfo.userId)
  return {
    area: 'points',
    budget: duplicatesBudget(database),
    target: 'credited exactly once',
    measured:
      `${credits.length} credit, balance ${balance}/${order.points}, ` +
      `${acknowledged}/${DUPLICATE_NOTIFICATIONS} acknowledged, ${formatMs(elapsed)}`,
    pass:
      credits.length === 1 && balance === order.points && acknowledged === DUPLICATE_NOTIFICATIONS,
  }
}

async function concurrentDebits(app: FastifyInstance, database: DatabaseLabel): Promise<BenchRow> {
  const user = await findOrCreateUserByPhone(app.db, '86:13000000002')
  await grantPoints(app.db, user.id, STARTING_BALANCE, '压测赠送', app.clock())
  const started = performance.now()
  const outcomes = await Promise.allSettled(
    Array.from({ length: CONCURRENT_DEBITS }, (_, index) =>
      debitForJob(app.db, user.id, `bench-job-${index}`, 1, 'AI 作曲', app.clock()),
    ),
  )
  const elapsed = performance.now() - started

  const refused = outcomes.filter(
    (outcome) =>
      outcome.status === 'rejected' &&
      outcome.reason instanceof EnvelopeError &&
      outcome.reason.message === MESSAGES.pointsInsufficient,
  ).length
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length - refused
  const balance = await balanceOf(app.db, user.id)
  const expectedRefusals = CONCURRENT_DEBITS - STARTING_BALANCE
  return {
    area: 'points',
    budget: debitsBudget(database),
    target: `ends at 0, ${expectedRefusals} refused`,
    measured:
      `ends at ${balance}, ${refused} refused` +
      `${failed > 0 ? `, ${failed} failed otherwise` : ''}, ${formatMs(elapsed)}`,
    pass: balance === 0 && refused === expectedRefusals && failed === 0,
  }
}

function measureOn(databaseUrl: string | undefined): Promise<BenchRow[]> {
  return measureOnDatabase(databaseUrl, createPointsTestApp, async (app, database) => [
    await duplicateNotifications(app, database),
    await concurrentDebits(app, database),
  ])
}

export async function run(): Promise<BenchRow[]> {
  const rows = await measureOn(undefined)
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) return [...rows, ...(await measureOn(databaseUrl))]
  const notMeasured = {
    area: 'points',
    measured: WITHOUT_POSTGRESQL,
    pass: false,
  }
  return [
    ...rows,
    { ...notMeasured, budget: duplicatesBudget('PostgreSQL'), target: 'credited exactly once' },
    {
      ...notMeasured,
      budget: debitsBudget('PostgreSQL'),
      target: `ends at 0, ${CONCURRENT_DEBITS - STARTING_BALANCE} refused`,
    },
  ]
}
