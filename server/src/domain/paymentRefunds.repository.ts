/**
 * SQL of the refunds owed for payments that bought nothing (migration 0021). The rules live in
 * `paymentRefunds.ts`; every function takes a Kysely instance that may be a transaction.
 */
import { randomBytes } from 'node:crypto'
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, PaymentRefundReason, PaymentRefundsTable } from '../db/types'
import type { ChargeOrderRow } from './points.repository'

export type PaymentRefundRow = Selectable<PaymentRefundsTable>

/** GYR + China date and time + 10 random hex digits: within WeChat Pay's and Alipay's 64. */
function newRefundId(now: Date): string {
  const chinaTime = new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString()
  const stamp = chinaTime.slice(0, 19).replace(/\D/g, '')
  return `GYR${stamp}${randomBytes(5).toString('hex').toUpperCase()}`
}

/**
 * Records that a paid order's whole amount must go back, in the transaction that recorded the
 * payment. An order is refunded once: a second record for it is ignored.
 */
export async function recordRefundDue(
  transaction: Kysely<Database>,
  order: ChargeOrderRow,
  reason: PaymentRefundReason,
  now: Date,
): Promise<void> {
  await transaction
    .insertInto('payment_refunds')
    .values({
      order_id: order.order_id,
      refund_id: newRefundId(now),
      amount_fen: order.amount_fen,
      reason,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute()
}

/** Refunds not yet accepted by the provider of their order, oldest first. */
export async function selectPendingRefunds(
  db: Kysely<Database>,
  provider: string,
  options: { orderId?: string; limit: number },
): Promise<PaymentRefundRow[]> {
  let query = db
    .selectFrom('payment_refunds')
    .innerJoin('charge_orders', 'charge_orders.order_id', 'payment_refunds.order_id')
    .selectAll('payment_refunds')
    .where('payment_refunds.state', '=', 'pending')
    .where('charge_orders.provider', '=', provider)
  if (options.orderId !== undefined) {
    query = query.where('payment_refunds.order_id', '=', options.orderId)
  }
  return query.orderBy('payment_refunds.created_at').limit(options.limit).execute()
}

export async function findRefundOfOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<PaymentRefundRow | undefined> {
  return db
    .selectFrom('payment_refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

/** The provider accepted the refund: the refund and its order read 'refunded', together. */
export async function markRefunded(
  db: Kysely<Database>,
  orderId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable('payment_refunds')
      .set({ state: 'refunded', refunded_at: now, last_error: null })
      .where('order_id', '=', orderId)
      .where('state', '=', 'pending')
      .execute()
    await transaction
      .updateTable('charge_orders')
      .set({ state: 'refunded' })
      .where('order_id', '=', orderId)
      .where('state', '=', 'paid')
      .execute()
  })
}

export async function recordRefundFailure(
  db: Kysely<Database>,
  orderId: string,
  error: string,
): Promise<void> {
  await db
    .updateTable('payment_refunds')
    .set({ attempts: sql`attempts + 1`, last_error: error.slice(0, 500) })
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .execute()
}
