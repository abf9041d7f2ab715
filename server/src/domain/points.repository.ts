/**
 * SQL about points: the per-user balance rows, the ledger and the top-up orders. Every function
 * takes a Kysely instance that may be a transaction; the functions that must run inside one say
 * so. The rules that make money safe live in `points.ts`; this module only speaks SQL.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { lockUntilCommit } from '../db/advisoryLock'
import type {
  ChargeOrderPurpose,
  ChargeOrderStateColumn,
  ChargeOrdersTable,
  Database,
  PointsLedgerTable,
} from '../db/types'

export type LedgerKind = PointsLedgerTable['kind']

/** A ledger row with its bigint columns as JS numbers (balances stay far below 2^53). */
export interface LedgerEntry {
  id: string
  userId: string
  kind: LedgerKind
  amount: number
  balanceAfter: number
  orderId: string | null
  jobId: string | null
  refundOf: string | null
  title: string
  createdAt: Date
}

export type ChargeOrderRow = Selectable<ChargeOrdersTable>

function toLedgerEntry(row: Selectable<PointsLedgerTable>): LedgerEntry {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: Number(row.balance_after),
    orderId: row.order_id,
    jobId: row.job_id,
    refundOf: row.refund_of,
    title: row.title,
    createdAt: row.created_at,
  }
}

// ---------------------------------------------------------------------------------------------
// Balances

/** The balance, 0 for a user who never had points. */
export async function readBalance(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('point_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row === undefined ? 0 : Number(row.balance)
}

/**
 * Locks the user's balance row until the transaction ends and returns the balance; null when the
 * user has no row yet (nothing to spend). Inside a transaction only.
 */
export async function lockBalance(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('point_balances')
    .select('balance')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
  return row === undefined ? null : Number(row.balance)
}

/** Adds points (creating the row on the first credit) and returns the new balance. */
export async function addToBalance(
  db: Kysely<Database>,
  userId: string,
  points: number,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('point_balances')
    .values({ user_id: userId, balance: points, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        balance: sql`point_balances.balance + excluded.balance`,
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .returning('balance')
    .executeTakeFirstOrThrow()
  return Number(row.balance)
}

/**
 * Takes points away only if the balance covers them (the CHECK constraint would refuse a
 * negative balance anyway); returns the new balance, or null when it does not.
 */
export async function subtractFromBalance(
  db: Kysely<Database>,
  userId: string,
  points: number,
  now: Date,
): Promise<number | null> {
  const row = await db
    .updateTable('point_balances')
    .set({ balance: sql`balance - ${points}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('balance', '>=', String(points))
    .returning('balance')
    .executeTakeFirst()
  return row === undefined ? null : Number(row.balance)
}

// ---------------------------------------------------------------------------------------------
// The ledger

export interface NewLedgerEntry {
  userId: string
  kind: LedgerKind
  amount: number
  balanceAfter: number
  orderId?: string | null
  jobId?: string | null
  refundOf?: string | null
  title: string
  createdAt: Date
}

export async function insertLedgerEntry(
  db: Kysely<Database>,
  entry: NewLedgerEntry,
): Promise<LedgerEntry> {
  const row = await db
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      order_id: entry.orderId ?? null,
      job_id: entry.jobId ?? null,
      refund_of: entry.refundOf ?? null,
      title: entry.title,
      created_at: entry.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toLedgerEntry(row)
}

/**
 * Records the charge of a job unless the job has one already (then undefined: the caller must
 * undo its balance change). Waits for a concurrent charge of the same job to commit or roll back.
 */
export async function insertSpendUnlessCharged(
  db: Kysely<Database>,
  entry: Omit<NewLedgerEntry, 'kind' | 'orderId' | 'refundOf'> & { jobId: string },
): Promise<LedgerEntry | undefined> {
  const row = await db
    .insertInto('points_ledger')
    .values({
      user_id: entry.userId,
      kind: 'spend',
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      job_id: entry.jobId,
      title: entry.title,
      created_at: entry.createdAt,
    })
    .onConflict((conflict) => conflict.column('job_id').where('kind', '=', 'spend').doNothing())
    .returningAll()
    .executeTakeFirst()
  return row === undefined ? undefined : toLedgerEntry(row)
}

/** The charge of a job (kind 'spend'), if there is one. */
export async function findSpendForJob(
  db: Kysely<Database>,
  jobId: string,
): Promise<LedgerEntry | undefined> {
  const row = await db
    .selectFrom('points_ledger')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('kind', '=', 'spend')
    .executeTakeFirst()
  return row === undefined ? undefined : toLedgerEntry(row)
}

export async function findRefundOf(
  db: Kysely<Database>,
  spendId: string,
): Promise<LedgerEntry | undefined> {
  const row = await db
    .selectFrom('points_ledger')
    .selectAll()
    .where('refund_of', '=', spendId)
    .where('kind', '=', 'refund')
    .executeTakeFirst()
  return row === undefined ? undefined : toLedgerEntry(row)
}

export interface LedgerPageQuery {
  kind?: LedgerKind | undefined
  limit: number
  offset: number
}

/** One page of the user's movements, newest first, and how many there are in all. */
export async function selectLedgerPage(
  db: Kysely<Database>,
  userId: string,
  query: LedgerPageQuery,
): Promise<{ entries: LedgerEntry[]; total: number }> {
  let filtered = db.selectFrom('points_ledger').where('user_id', '=', userId)
  if (query.kind !== undefined) filtered = filtered.where('kind', '=', query.kind)
  const [rows, count] = await Promise.all([
    filtered.selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { entries: rows.map(toLedgerEntry), total: Number(count.total) }
}

// ---------------------------------------------------------------------------------------------
// Top-up orders

export interface NewChargeOrder {
  orderId: string
  userId: string
  provider: string
  packageId: string | null
  amountFen: number
  points: number
  createdAt: Date
  expiresAt: Date
  /** 'points' unless said otherwise; a licence order carries 0 points. */
  purpose?: ChargeOrderPurpose
  /** Set when the order pays a copyright registration's fee. */
  registrationId?: string | null
}

/**
 * Makes top-up orders of one user wait for each other until the transaction ends, on every server
 * instance, so that counting the open orders and adding one cannot interleave.
 */
export async function lockChargeOrderCreation(
  transaction: Transaction<Database>,
  userId: string,
): Promise<void> {
  await lockUntilCommit(transaction, `charge-orders:${userId}`)
}

export async function insertChargeOrder(
  db: Kysely<Database>,
  order: NewChargeOrder,
): Promise<ChargeOrderRow> {
  return db
    .insertInto('charge_orders')
    .values({
      order_id: order.orderId,
      user_id: order.userId,
      provider: order.provider,
      package_id: order.packageId,
      amount_fen: order.amountFen,
      points: order.points,
      state: 'created',
      provider_trade_id: null,
      created_at: order.createdAt,
      expires_at: order.expiresAt,
      paid_at: null,
      purpose: order.purpose ?? 'points',
      registration_id: order.registrationId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function findChargeOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<ChargeOrderRow | undefined> {
  return db
    .selectFrom('charge_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

/** Reads the order and locks it until the transaction ends: notifications settle one at a time. */
export async function lockChargeOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<ChargeOrderRow | undefined> {
  return db
    .selectFrom('charge_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .forUpdate()
    .executeTakeFirst()
}

export async function markChargeOrderPaid(
  db: Kysely<Database>,
  orderId: string,
  providerTradeId: string,
  paidAt: Date,
): Promise<void> {
  await db
    .updateTable('charge_orders')
    .set({ state: 'paid', provider_trade_id: providerTradeId, paid_at: paidAt })
    .where('order_id', '=', orderId)
    .execute()
}

/** Moves an order from `from` to closed; false when it was no longer in `from`. */
export async function closeChargeOrder(
  db: Kysely<Database>,
  orderId: string,
  from: ChargeOrderStateColumn,
  providerTradeId: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('charge_orders')
    .set({
      state: 'closed',
      ...(providerTradeId === null ? {} : { provider_trade_id: providerTradeId }),
    })
    .where('order_id', '=', orderId)
    .where('state', '=', from)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Closes every unpaid order whose 30 minutes are over; returns how many. */
export async function closeExpiredChargeOrders(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable('charge_orders')
    .set({ state: 'closed' })
    .where('state', '=', 'created')
    .where('expires_at', '<=', now)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Unpaid orders of the user that can still be paid. */
export async function countOpenChargeOrders(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('charge_orders')
    .select((eb) => eb.fn.countAll<string>().as('open'))
    .where('user_id', '=', userId)
    .where('state', '=', 'created')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow()
  return Number(row.open)
}

/** The user's unpaid order for this registration's fee that can still be paid, if any. */
export async function findOpenRegistrationOrder(
  db: Kysely<Database>,
  request: { userId: string; registrationId: string; now: Date },
): Promise<ChargeOrderRow | undefined> {
  return db
    .selectFrom('charge_orders')
    .selectAll()
    .where('registration_id', '=', request.registrationId)
    .where('user_id', '=', request.userId)
    .where('state', '=', 'created')
    .where('expires_at', '>', request.now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}
