/**
 * Payments on the job queue: a forged or replayed notification while the queue retries, the
 * expiry sweep with two instances on one PostgreSQL, and reconciliation through the provider's
 * order query when every notification is lost.
 */
import type { ChargeOrderStatus, PointsBalance } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import type { HttpTransport, TransportRequest } from '../../payments/provider'
import { queueSchemaOf } from '../../plugins/queue'
import { call, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import { createTestAppsOnOneDatabase } from '../../test/testApp'
import { sweepExpiredOrdersJob } from './paymentsPlugin'
import {
  ACKNOWLEDGED,
  BALANCE_URL,
  QUERY_URL,
  REFUSED_MALFORMED,
  REFUSED_UNVERIFIED,
  TEST_SANDBOX_KEY,
  createOrder,
  createPointsTestApp,
  deliverNotification,
  injectNotification,
  pointsState,
  postCheckoutForm,
  sandboxNotification,
  topupRows,
} from './pointsTestKit'
import { RECONCILE_AFTER_MS } from './reconcile'

const QUICK_RETRIES = { limit: 30, delaySeconds: 1, backoff: false }

async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  return (await call<PointsBalance>(app, BALANCE_URL, { token })).envelope.data.points
}

function asNotification(request: TransportRequest) {
  return { url: request.url, headers: request.headers, bodyText: request.body ?? '' }
}

describe('a forged or replayed notification while the queue is retrying', () => {
  it('is refused and changes nothing; the queue then credits once', async () => {
    const clock = createFakeClock()
    const attempts: TransportRequest[] = []
    let reachable = false
    // The provider's notifications do not get through until `reachable`; each is recorded.
    const transport: HttpTransport = async (request) => {
      attempts.push(request)
      if (!reachable) throw new Error('connection reset')
      return injectNotification(app, request)
    }
    const app = await createPointsTestApp({
      clock: clock.now,
      payments: { notificationTransport: transport, notificationRetry: QUICK_RETRIES },
    })
    try {
      const { accessToken } = await loginAs(app, '86:13800000001')
      const order = await createOrder(app, accessToken, { packageId: 'p6' })
      expect((await postCheckoutForm(app, order.checkoutUrl, 'confirm')).body).toContain('支付成功')
      // The queue is retrying: at least two attempts went out and were lost.
      await expect
        .poll(() => attempts.length, { timeout: 15_000, interval: 100 })
        .toBeGreaterThan(1)
      const before = await pointsState(app)
      expect(before.orderStates).toEqual([{ order_id: order.orderId, state: 'created' }])

      const forged = sandboxNotification(app, order, { key: 'an-attacker-guessed-this-key' })
      expect(await deliverNotification(app, forged)).toEqual(REFUSED_UNVERIFIED)
      const genuine = asNotification(attempts[0] as TransportRequest)
      const tampered = {
        ...genuine,
        bodyText: genuine.bodyText.replace('"amountFen":600', '"amountFen":1'),
      }
      expect(tampered.bodyText).not.toBe(genuine.bodyText)
      expect(await deliverNotification(app, tampered)).toEqual(REFUSED_UNVERIFIED)
      // A copy of a lost attempt, replayed once its signature has aged past the window.
      clock.advance(6 * 60_000)
      expect(await deliverNotification(app, genuine)).toEqual(REFUSED_MALFORMED)
      expect(await pointsState(app)).toEqual(before)

      // The queue's next attempt is signed afresh and gets through.
      reachable = true
      await expect
        .poll(() => balanceOf(app, accessToken), { timeout: 15_000, interval: 100 })
        .toBe(60)
      const after = await pointsState(app)
      // The accepted notification replayed: acknowledged as already recorded, nothing more.
      const accepted = asNotification(attempts.at(-1) as TransportRequest)
      expect(await deliverNotification(app, accepted)).toEqual(ACKNOWLEDGED)
      expect(await pointsState(app)).toEqual(after)
      expect(await topupRows(app, order.orderId)).toBe(1)
    } finally {
      await app.close()
    }
  }, 60_000)
})

describe('reconciliation through the provider’s order query', () => {
  /** A user's order settled at the sandbox, whose notifications never arrive. */
  async function settledWithoutNotification(phone: string, outcome: 'confirm' | 'cancel') {
    const clock = createFakeClock()
    const lost: HttpTransport = () => Promise.reject(new Error('network unreachable'))
    const app = await createPointsTestApp({
      clock: clock.now,
      payments: { notificationTransport: lost, notificationRetry: QUICK_RETRIES },
    })
    const { accessToken } = await loginAs(app, phone)
    const order = await createOrder(app, accessToken, { packageId: 'p6' })
    await postCheckoutForm(app, order.checkoutUrl, outcome)
    const query = () =>
      call<ChargeOrderStatus>(app, QUERY_URL, {
        token: accessToken,
        body: { orderId: order.orderId },
      })
    return { app, clock, accessToken, order, query }
  }

  it('credits a paid order whose notifications are all lost, once, however often it is asked', async () => {
    const { app, clock, accessToken, order, query } = await settledWithoutNotification(
      '86:13800000002',
      'confirm',
    )
    try {
      // Within the grace period the notification may still come: the provider is not asked.
      clock.advance(RECONCILE_AFTER_MS - 1)
      expect((await query()).envelope.data.state).toBe('created')
      expect(await balanceOf(app, accessToken)).toBe(0)

      clock.advance(1)
      // The app polls, perhaps from several tabs: one of them asks the provider, the others may
      // still see the order open until their next look.
      const answers = await Promise.all(Array.from({ length: 5 }, () => query()))
      const paid = answers.filter((answer) => answer.envelope.data.state === 'paid')
      expect(paid.length).toBeGreaterThanOrEqual(1)
      expect((await query()).envelope.data.state).toBe('paid')
      // Paid when the payer confirmed, as the provider says, not when we asked.
      expect(paid[0]?.envelope.data.paidAt).toBe(createFakeClock().now().toISOString())
      expect(await balanceOf(app, accessToken)).toBe(60)
      expect(await topupRows(app, order.orderId)).toBe(1)

      // The notification that finally arrives changes nothing more.
      const late = sandboxNotification(app, order)
      expect(await deliverNotification(app, late)).toEqual(ACKNOWLEDGED)
      expect(await balanceOf(app, accessToken)).toBe(60)
      expect(await topupRows(app, order.orderId)).toBe(1)
    } finally {
      await app.close()
    }
  })

  it('asks the provider at most once per period, however often the app polls', async () => {
    const clock = createFakeClock()
    const app = await createPointsTestApp({ clock: clock.now })
    try {
      const provider = app.payments.provider
      if (provider === null) throw new Error('no payment provider')
      const asked = vi.spyOn(provider, 'queryOrder')
      const { accessToken } = await loginAs(app, '86:13800000005')
      const order = await createOrder(app, accessToken, { packageId: 'p6' })
      const query = () =>
        call<ChargeOrderStatus>(app, QUERY_URL, {
          token: accessToken,
          body: { orderId: order.orderId },
        })
      await query()
      expect(asked).not.toHaveBeenCalled()
      clock.advance(RECONCILE_AFTER_MS)
      await Promise.all(Array.from({ length: 5 }, () => query()))
      await query()
      expect(asked).toHaveBeenCalledTimes(1)
      clock.advance(RECONCILE_AFTER_MS)
      await query()
      await query()
      expect(asked).toHaveBeenCalledTimes(2)
      expect((await query()).envelope.data.state).toBe('created')
    } finally {
      await app.close()
    }
  })

  it('closes an order the payer cancelled, crediting nothing', async () => {
    const { app, clock, accessToken, query } = await settledWithoutNotification(
      '86:13800000003',
      'cancel',
    )
    try {
      clock.advance(RECONCILE_AFTER_MS)
      expect((await query()).envelope.data.state).toBe('closed')
      expect(await balanceOf(app, accessToken)).toBe(0)
    } finally {
      await app.close()
    }
  })
})

// The embedded database has one connection in one process: two instances need PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('sweep an expired order once and keep one schedule of the sweep', async () => {
    const clock = createFakeClock()
    const logs: string[][] = [[], []]
    const { apps, close } = await createTestAppsOnOneDatabase(
      logs.map((lines) => ({
        clock: clock.now,
        env: { SANDBOX_PAYMENT_KEY: TEST_SANDBOX_KEY, LOG_LEVEL: 'info' },
        logStream: { write: (line: string) => lines.push(line) },
      })),
    )
    const [first, second] = apps as [FastifyInstance, FastifyInstance]
    try {
      const { accessToken } = await loginAs(first, '86:13800000004')
      const orders = [
        await createOrder(first, accessToken, { packageId: 'p6' }),
        await createOrder(second, accessToken, { packageId: 'p30' }),
      ]
      clock.advance(30 * 60_000)

      // Both instances start a sweep at the same moment, twice, as two servers' timers would.
      const sent = await Promise.all(
        [first, second, first, second].map((app) => app.queue.send(sweepExpiredOrdersJob, {})),
      )
      const queued = sent.filter((id): id is string => id !== null)
      // One sweep waits at a time (and one runs): the rest are not queued at all.
      expect(queued.length).toBeGreaterThanOrEqual(1)
      expect(queued.length).toBeLessThanOrEqual(2)
      for (const id of queued) {
        await expect
          .poll(() => first.queue.stateOf(sweepExpiredOrdersJob, id), { timeout: 15_000 })
          .toBe('completed')
      }

      const states = await first.db
        .selectFrom('charge_orders')
        .select('state')
        .where(
          'order_id',
          'in',
          orders.map((order) => order.orderId),
        )
        .execute()
      expect(states.map((row) => row.state)).toEqual(['closed', 'closed'])
      const closedByEach = logs.map((lines) =>
        lines
          .map((line) => JSON.parse(line) as { msg: string; closed?: number })
          .filter((entry) => entry.msg === 'closed expired top-up orders')
          .reduce((sum, entry) => sum + (entry.closed ?? 0), 0),
      )
      // Each order was closed by exactly one sweep, on one instance or the other.
      expect(closedByEach.reduce((sum, closed) => sum + closed, 0)).toBe(2)

      const schedules = await sql<{ count: string }>`
        SELECT count(*) AS count FROM ${sql.table(`${queueSchemaOf(first.config.database)}.schedule`)}
        WHERE name = ${sweepExpiredOrdersJob.name}
      `.execute(first.db)
      expect(Number(schedules.rows[0]?.count)).toBe(1)
    } finally {
      await close()
    }
  }, 60_000)
})
