/**
 * Licence budget: 200 concurrent duplicate payment notifications for one licence order yield
 * exactly one licence and one earnings row (and no points). Run on embedded PGlite and on the
 * PostgreSQL server of DATABASE_URL, where the transactions really overlap, as the points bench
 * does; without DATABASE_URL the PostgreSQL row says so and fails.
 */
import type { LicenceOrderCreated } from '@gy/api/licences'
import type { FastifyInstance } from 'fastify'
import type { BenchLabels, BenchRow } from '../../scripts/bench-types'
import {
  createPointsTestApp,
  deliverNotification,
  sandboxNotification,
} from '../src/routes/payments/pointsTestKit'
import { call, loginAs } from '../src/test/call'
import { insertTestDeposit } from '../src/test/depositFixtures'
import { type DatabaseLabel, measureOnDatabase, WITHOUT_POSTGRESQL } from './onDatabase'

const DUPLICATE_NOTIFICATIONS = 200
const TARGET = 'one licence, one earnings row'

function budgetOn(database: DatabaseLabel): string {
  return `${DUPLICATE_NOTIFICATIONS} concurrent duplicate notifications for one licence order (${database})`
}

export const labels: BenchLabels = {
  budgets: [budgetOn('PGlite'), budgetOn('PostgreSQL')],
  references: [],
}

function formatMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`
}

/** A listed work of one user and another user's unpaid order of its 个人使用 licence. */
async function licenceOrder(app: FastifyInstance): Promise<LicenceOrderCreated> {
  const seller = await loginAs(app, '86:13000000011')
  const buyer = await loginAs(app, '86:13000000012')
  const deposit = await insertTestDeposit(app, seller.userInfo.userId, { title: '压测作品' })
  const listed = await call<{ goodsId: string }>(app, '/api/music-server/musicGoods/musicListing', {
    token: seller.accessToken,
    body: { depositId: deposit.id, priceFen: 990 },
  })
  const goodsId = listed.envelope.data.goodsId
  // The player's audio is prepared by a job; what is measured here does not depend on it.
  await app.db.updateTable('works').set({ audio_ready: true }).where('id', '=', goodsId).execute()
  const order = await call<LicenceOrderCreated>(app, '/api/music-server/musicGoods/buyLicence', {
    token: buyer.accessToken,
    body: { goodsId, licenceType: 'personal' },
  })
  if (order.envelope.code !== '000') {
    throw new Error(`buyLicence failed: ${JSON.stringify(order.envelope)}`)
  }
  return order.envelope.data
}

async function duplicateNotifications(
  app: FastifyInstance,
  database: DatabaseLabel,
): Promise<BenchRow> {
  const order = await licenceOrder(app)
  // Each copy is signed separately, as a provider's retries are; all arrive at once.
  const copies = Array.from({ length: DUPLICATE_NOTIFICATIONS }, () =>
    sandboxNotification(app, order),
  )
  const started = performance.now()
  const answers = await Promise.all(copies.map((copy) => deliverNotification(app, copy)))
  const elapsed = performance.now() - started

  const count = async (table: 'licences' | 'musician_earnings') =>
    (
      await app.db
        .selectFrom(table)
        .select('order_id')
        .where('order_id', '=', order.orderId)
        .execute()
    ).length
  const licences = await count('licences')
  const earnings = await count('musician_earnings')
  const points = (
    await app.db
      .selectFrom('points_ledger')
      .select('id')
      .where('order_id', '=', order.orderId)
      .execute()
  ).length
  const acknowledged = answers.filter((answer) => answer.status === 200).length
  return {
    area: 'licence',
    budget: budgetOn(database),
    target: TARGET,
    measured:
      `${licences} licence, ${earnings} earnings row, ${points} points rows, ` +
      `${acknowledged}/${DUPLICATE_NOTIFICATIONS} acknowledged, ${formatMs(elapsed)}`,
    pass:
      licences === 1 && earnings === 1 && points === 0 && acknowledged === DUPLICATE_NOTIFICATIONS,
  }
}

function measureOn(databaseUrl: string | undefined): Promise<BenchRow> {
  return measureOnDatabase(databaseUrl, createPointsTestApp, duplicateNotifications)
}

export async function run(): Promise<BenchRow[]> {
  const embedded = await measureOn(undefined)
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) return [embedded, await measureOn(databaseUrl)]
  return [
    embedded,
    {
      area: 'licence',
      budget: budgetOn('PostgreSQL'),
      target: TARGET,
      measured: WITHOUT_POSTGRESQL,
      pass: false,
    },
  ]
}
