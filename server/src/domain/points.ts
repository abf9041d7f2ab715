/**
 * Points (积分), the platform's money. Every change is a ledger row written in the same
 * transaction as the change of the user's balance row; the balance row is locked first, so
 * concurrent changes of one user's points happen one after the other and a balance can never
 * go below zero. A paid order is credited once (the order row is locked, and a unique index
 * refuses a second top-up row); a job is charged once and refunded once (unique indexes again).
 *
 * The AI routes call `debitForJob` when they accept a job and `refundJob` when it finally fails.
 * Both take a Kysely instance that may be the caller's own transaction (so a job and its charge
 * commit together) or the database, in which case they open their own.
 */
import { randomBytes } from 'node:crypto'
import type { PointsPackage, PointsRate } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import { CHARGE_MAX_FEN, CHARGE_MIN_FEN, POINTS_PER_YUAN } from '@gy/api/contract'
import type { Kysely } from 'kysely'
import type { Database, PaymentRefundReason } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import {
  PaymentError,
  decideNotification,
  fenToYuan,
  type PaymentNotification,
} from '../payments/provider'
import { settleLicenceOrder } from './licences'
import { recordRefundDue } from './paymentRefunds.repository'
import {
  addToBalance,
  closeChargeOrder,
  countOpenChargeOrders,
  findRefundOf,
  findSpendForJob,
  insertChargeOrder,
  insertLedgerEntry,
  insertSpendUnlessCharged,
  lockBalance,
  lockChargeOrder,
  lockChargeOrderCreation,
  markChargeOrderPaid,
  readBalance,
  selectLedgerPage,
  subtractFromBalance,
  type ChargeOrderRow,
  type LedgerEntry,
  type LedgerKind,
  type NewChargeOrder,
} from './points.repository'

export type { ChargeOrderRow, LedgerEntry, LedgerKind } from './points.repository'

// ---------------------------------------------------------------------------------------------
// Rate and packages

/** The top-up packages; the larger ones carry bonus points over the plain rate. */
export const POINTS_PACKAGES: readonly PointsPackage[] = [
  { id: 'p6', priceFen: 600, points: 60 },
  { id: 'p30', priceFen: 3_000, points: 300 },
  { id: 'p68', priceFen: 6_800, points: 700, badge: '赠20积分' },
  { id: 'p128', priceFen: 12_800, points: 1_350, badge: '赠70积分' },
  { id: 'p328', priceFen: 32_800, points: 3_500, badge: '赠220积分' },
]

export function pointsRate(): PointsRate {
  return {
    pointsPerYuan: POINTS_PER_YUAN,
    minYuan: CHARGE_MIN_FEN / 100,
    maxYuan: CHARGE_MAX_FEN / 100,
    packages: POINTS_PACKAGES.map((pack) => ({ ...pack })),
  }
}

/** Points a custom amount buys, rounded down: a partial point is never promised. */
export function pointsForFen(amountFen: number): number {
  return Math.floor((amountFen * POINTS_PER_YUAN) / 100)
}

export interface ChargeTerms {
  amountFen: number
  points: number
  packageId: string | null
}

/**
 * What an order costs and buys, computed here and never taken from the client. The request has
 * passed `chargeBody`, so exactly one of the two is set and the amount is within limits.
 */
export function chargeTermsOf(request: { packageId?: string; amountFen?: number }): ChargeTerms {
  if (request.packageId !== undefined) {
    const pack = POINTS_PACKAGES.find((candidate) => candidate.id === request.packageId)
    if (pack === undefined) throw new EnvelopeError('400', MESSAGES.chargePackageUnknown)
    return { amountFen: pack.priceFen, points: pack.points, packageId: pack.id }
  }
  const amountFen = request.amountFen
  if (
    amountFen === undefined ||
    !Number.isSafeInteger(amountFen) ||
    amountFen < CHARGE_MIN_FEN ||
    amountFen > CHARGE_MAX_FEN
  ) {
    throw new EnvelopeError('400', MESSAGES.chargeAmountInvalid)
  }
  return { amountFen, points: pointsForFen(amountFen), packageId: null }
}

export interface OpenChargeOrderOptions {
  /**
   * The user's open order that buys the same thing (the same licence, the same registration's
   * fee), answered instead of a new order: one thing is paid through one order at a time.
   */
  findOpen?: (transaction: Kysely<Database>) => Promise<ChargeOrderRow | undefined>
  /** What the order buys beyond its row (a licence order's details), written with it. */
  recordDetails?: (transaction: Kysely<Database>, order: ChargeOrderRow) => Promise<void>
}

/**
 * Records a new unpaid top-up order unless the user already has `maxOpen` open ones (429), or
 * answers the open order `findOpen` finds. The look-up, the count and the insert happen under a
 * per-user lock in one transaction: checked apart, forty concurrent requests all saw room for
 * one more and opened forty orders.
 */
export async function openChargeOrder(
  db: Kysely<Database>,
  order: NewChargeOrder,
  maxOpen: number,
  options: OpenChargeOrderOptions = {},
): Promise<ChargeOrderRow> {
  return db.transaction().execute(async (transaction) => {
    await lockChargeOrderCreation(transaction, order.userId)
    const open = await options.findOpen?.(transaction)
    if (open !== undefined) return open
    const openCount = await countOpenChargeOrders(transaction, order.userId, order.createdAt)
    if (openCount >= maxOpen) throw new EnvelopeError('429', MESSAGES.chargeTooManyOpenOrders)
    const created = await insertChargeOrder(transaction, order)
    await options.recordDetails?.(transaction, created)
    return created
  })
}

/** GY + China date and time + 10 random hex digits: 26 characters every provider accepts. */
export function newChargeOrderId(now: Date): string {
  const chinaTime = new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString()
  const stamp = chinaTime.slice(0, 19).replace(/\D/g, '')
  return `GY${stamp}${randomBytes(5).toString('hex').toUpperCase()}`
}

// ---------------------------------------------------------------------------------------------
// Transactions

/** Runs `work` in the caller's transaction if `db` is one, else in a new one. */
function inTransaction<Result>(
  db: Kysely<Database>,
  work: (transaction: Kysely<Database>) => Promise<Result>,
): Promise<Result> {
  if (db.isTransaction) return work(db)
  return db.transaction().execute(work)
}

/** The most points one movement may carry: far above any job or top-up, far below overflow. */
export const MAX_POINTS_PER_MOVEMENT = 10_000_000
const MAX_JOB_ID_LENGTH = 64
const MAX_TITLE_LENGTH = 100

function assertValidPoints(points: number): void {
  if (!Number.isSafeInteger(points) || points <= 0 || points > MAX_POINTS_PER_MOVEMENT) {
    throw new EnvelopeError('400', MESSAGES.pointsAmountInvalid)
  }
}

function assertValidJobId(jobId: string): void {
  if (typeof jobId !== 'string' || jobId.length === 0 || jobId.length > MAX_JOB_ID_LENGTH) {
    throw new EnvelopeError('400', MESSAGES.pointsJobInvalid)
  }
}

/** Titles come from our own code, but a ledger row must never fail on a long one. */
function ledgerTitle(title: string): string {
  const trimmed = [...title.trim()].slice(0, MAX_TITLE_LENGTH).join('')
  return trimmed === '' ? '积分变动' : trimmed
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function balanceOf(db: Kysely<Database>, userId: string): Promise<number> {
  return readBalance(db, userId)
}

export interface LedgerQuery {
  kind?: LedgerKind | undefined
  page: number
  pageSize: number
}

export async function listLedger(
  db: Kysely<Database>,
  userId: string,
  query: LedgerQuery,
): Promise<{ records: LedgerEntry[]; total: number }> {
  const { entries, total } = await selectLedgerPage(db, userId, {
    kind: query.kind,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  })
  return { records: entries, total }
}

// ---------------------------------------------------------------------------------------------
// Changing

/** Points given by the platform (a welcome gift, a correction). */
export async function grantPoints(
  db: Kysely<Database>,
  userId: string,
  points: number,
  title: string,
  now: Date,
): Promise<LedgerEntry> {
  assertValidPoints(points)
  return inTransaction(db, async (transaction) => {
    const balanceAfter = await addToBalance(transaction, userId, points, now)
    return insertLedgerEntry(transaction, {
      userId,
      kind: 'grant',
      amount: points,
      balanceAfter,
      title: ledgerTitle(title),
      createdAt: now,
    })
  })
}

export interface DebitResult {
  /** 'already_debited': this job was charged before; nothing changed this time. */
  outcome: 'debited' | 'already_debited'
  entry: LedgerEntry
  balance: number
}

/**
 * Charges `points` for an AI job. Refuses with 409 积分不足 when the balance does not cover them.
 * Charging the same job again answers the first charge unchanged; charging it again with
 * another amount or for another user is refused with 409.
 */
export async function debitForJob(
  db: Kysely<Database>,
  userId: string,
  jobId: string,
  points: number,
  title: string,
  now: Date,
): Promise<DebitResult> {
  assertValidPoints(points)
  assertValidJobId(jobId)
  return inTransaction(db, async (transaction): Promise<DebitResult> => {
    // One statement checks, locks and debits: the lock is held only until the ledger row is in.
    const balanceAfter = await subtractFromBalance(transaction, userId, points, now)
    if (balanceAfter === null) {
      // A repeat of a charge that already spent the balance is still just a repeat.
      const earlier = await findSpendForJob(transaction, jobId)
      if (earlier === undefined) throw new EnvelopeError('409', MESSAGES.pointsInsufficient)
      return repeatedCharge(earlier, userId, points, await readBalance(transaction, userId))
    }
    const entry = await insertSpendUnlessCharged(transaction, {
      userId,
      amount: -points,
      balanceAfter,
      jobId,
      title: ledgerTitle(title),
      createdAt: now,
    })
    if (entry !== undefined) return { outcome: 'debited', entry, balance: balanceAfter }

    // The job was charged before. Undo this debit here rather than by a rollback, because the
    // transaction may be the caller's, which goes on.
    const balance = await addToBalance(transaction, userId, points, now)
    const earlier = await findSpendForJob(transaction, jobId)
    if (earlier === undefined) throw new EnvelopeError('409', MESSAGES.pointsJobConflict)
    return repeatedCharge(earlier, userId, points, balance)
  })
}

/** The answer to charging a job again: the first charge, if it was the same charge. */
function repeatedCharge(
  earlier: LedgerEntry,
  userId: string,
  points: number,
  balance: number,
): DebitResult {
  if (earlier.userId !== userId || earlier.amount !== -points) {
    throw new EnvelopeError('409', MESSAGES.pointsJobConflict)
  }
  return { outcome: 'already_debited', entry: earlier, balance }
}

export interface RefundResult {
  /** 'already_refunded': the job was refunded before; nothing changed this time. */
  outcome: 'refunded' | 'already_refunded'
  entry: LedgerEntry
  balance: number
}

/**
 * Gives back what a job was charged, exactly once however often it is called (a job that
 * finally failed may be reported more than once). 404 when the job was never charged.
 */
export async function refundJob(
  db: Kysely<Database>,
  jobId: string,
  now: Date,
): Promise<RefundResult> {
  assertValidJobId(jobId)
  return inTransaction(db, async (transaction): Promise<RefundResult> => {
    const spend = await findSpendForJob(transaction, jobId)
    if (spend === undefined) throw new EnvelopeError('404', MESSAGES.pointsJobNotCharged)
    const balance = await lockBalance(transaction, spend.userId)
    const earlier = await findRefundOf(transaction, spend.id)
    if (earlier !== undefined) {
      return { outcome: 'already_refunded', entry: earlier, balance: balance ?? 0 }
    }
    const points = -spend.amount
    const balanceAfter = await addToBalance(transaction, spend.userId, points, now)
    const entry = await insertLedgerEntry(transaction, {
      userId: spend.userId,
      kind: 'refund',
      amount: points,
      balanceAfter,
      jobId,
      refundOf: spend.id,
      title: ledgerTitle(`退还：${spend.title}`),
      createdAt: now,
    })
    return { outcome: 'refunded', entry, balance: balanceAfter }
  })
}

export interface CreditResult {
  /**
   * 'credited': the order became paid and what it buys was granted now. 'refund_due': it became
   * paid but buys nothing (a licence the buyer holds, a registration paid already): a refund is
   * recorded, for the caller to ask of the provider (paymentRefunds.ts). 'closed': the provider
   * reported it closed. 'already_recorded' / 'superseded': a repeat or an outdated notification,
   * acknowledged without any change.
   */
  outcome: 'credited' | 'refund_due' | 'closed' | 'already_recorded' | 'superseded'
  order: ChargeOrderRow
}

/**
 * What a paid order buys beyond points, decided in the transaction that records the payment:
 * 'settled' when it was granted, or why the payment must go back instead.
 */
export type Settlement = 'settled' | PaymentRefundReason

/**
 * Settles a paid order that pays a copyright registration (registrationPayments.ts, passed in
 * because that module builds on this one). Runs once per order, because the payment does.
 */
export type OrderSettlement = (
  transaction: Kysely<Database>,
  order: ChargeOrderRow,
  now: Date,
) => Promise<Settlement>

/** Adds a paid top-up order's points to its user's balance, with its ledger row. */
export async function creditTopUp(
  transaction: Kysely<Database>,
  order: ChargeOrderRow,
  now: Date,
): Promise<void> {
  const balanceAfter = await addToBalance(transaction, order.user_id, order.points, now)
  await insertLedgerEntry(transaction, {
    userId: order.user_id,
    kind: 'topup',
    amount: order.points,
    balanceAfter,
    orderId: order.order_id,
    title: `积分充值 ¥${fenToYuan(order.amount_fen)}`,
    createdAt: now,
  })
}

/**
 * Applies a verified payment notification to its order: grants what the order buys exactly
 * once whatever the number, order or concurrency of notifications, and records a refund for a
 * payment that buys nothing. Throws `PaymentError` for an unknown order, another provider's
 * order and an amount that differs from the order.
 */
export async function creditOrder(
  db: Kysely<Database>,
  notification: PaymentNotification,
  provider: string,
  now: Date,
  settleRegistration: OrderSettlement,
): Promise<CreditResult> {
  return inTransaction(db, async (transaction): Promise<CreditResult> => {
    const order = await lockChargeOrder(transaction, notification.orderId)
    if (order !== undefined && order.provider !== provider) {
      throw new PaymentError(
        'order_unknown',
        `order ${order.order_id} belongs to ${order.provider}, not ${provider}`,
      )
    }
    const decision = decideNotification(
      order === undefined
        ? undefined
        : { orderId: order.order_id, amountFen: order.amount_fen, state: order.state },
      notification,
    )
    if (order === undefined) throw new PaymentError('order_unknown')
    if (decision.action === 'acknowledge') return { outcome: decision.reason, order }

    if (decision.to === 'closed') {
      await closeChargeOrder(
        transaction,
        order.order_id,
        decision.from,
        notification.providerTradeId || null,
      )
      return { outcome: 'closed', order: { ...order, state: 'closed' } }
    }
    const paidAt = notification.paidAt ?? now
    await markChargeOrderPaid(transaction, order.order_id, notification.providerTradeId, paidAt)
    const paid: ChargeOrderRow = {
      ...order,
      state: 'paid',
      provider_trade_id: notification.providerTradeId,
      paid_at: paidAt,
    }
    let settlement: Settlement = 'settled'
    if (order.purpose === 'licence') {
      // A licence order buys no points: the licence and the seller's earnings instead.
      settlement = await settleLicenceOrder(transaction, order.order_id, now)
    } else if (order.registration_id !== null) {
      settlement = await settleRegistration(transaction, paid, now)
    } else {
      await creditTopUp(transaction, paid, now)
    }
    if (settlement === 'settled') return { outcome: 'credited', order: paid }
    await recordRefundDue(transaction, paid, settlement, now)
    return { outcome: 'refund_due', order: paid }
  })
}
