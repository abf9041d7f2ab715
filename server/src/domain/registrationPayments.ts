/**
 * Paying a registration's fee, once. Both ways end in the points ledger's one spend per job
 * (`debitForJob` with the registration's fee job id, a unique index under it):
 * - with points: the spend and the move to 已提交 commit together;
 * - through the payment provider: the order is a top-up of exactly the fee, and when the
 *   provider's notification credits it, the same transaction spends it on the registration.
 * Paid twice (points and then the provider, or two provider orders), the registration is charged
 * once and the later provider payment is refunded through the provider (paymentRefunds.ts).
 */
import { MESSAGES } from '@gy/api/messages'
import { REGISTRATION_MESSAGES as M } from '@gy/api/registration'
import { nextRegistrationStatus, type RegistrationStatus } from '@gy/machines'
import type { Kysely } from 'kysely'
import type { CopyrightRegistrationRow, Database } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { creditTopUp, debitForJob, type ChargeOrderRow, type OrderSettlement } from './points'
import { findSpendForJob } from './points.repository'
import { feeJobId, lockOwnRegistration, moveRegistration, registrationPrice } from './registrations'

function feeTitle(row: CopyrightRegistrationRow): string {
  return `版权登记费：${row.title}`
}

/** 409 unless the registration is waiting for its fee. */
export function assertAwaitingPayment(row: CopyrightRegistrationRow): void {
  if (nextRegistrationStatus(row.status, 'payment.settled') !== null) return
  throw new EnvelopeError(
    '409',
    row.paid_at === null ? M.registrationNotAwaitingPayment : M.registrationAlreadyPaid,
  )
}

export async function payWithPoints(
  db: Kysely<Database>,
  userId: string,
  registrationId: string,
  now: Date,
): Promise<{ status: RegistrationStatus; balance: number; amountFen: number }> {
  return db.transaction().execute(async (transaction) => {
    const row = await lockOwnRegistration(transaction, userId, registrationId)
    assertAwaitingPayment(row)
    const { points } = registrationPrice()
    const debit = await debitForJob(
      transaction,
      userId,
      feeJobId(row.id),
      points,
      feeTitle(row),
      now,
    ).catch((error: unknown) => {
      if (error instanceof EnvelopeError && error.message === MESSAGES.pointsInsufficient) {
        throw new EnvelopeError('409', M.pointsInsufficient)
      }
      throw error
    })
    const status = await moveRegistration(transaction, row, 'payment.settled', now, {
      paid_with: 'points',
      paid_at: now,
    })
    return { status, balance: debit.balance, amountFen: row.price_fen }
  })
}

/** The registration a provider payment may be opened for: the user's, waiting for its fee. */
export async function registrationAwaitingPayment(
  db: Kysely<Database>,
  userId: string,
  registrationId: string,
): Promise<CopyrightRegistrationRow> {
  return db.transaction().execute(async (transaction) => {
    const row = await lockOwnRegistration(transaction, userId, registrationId)
    assertAwaitingPayment(row)
    return row
  })
}

/**
 * Settles a paid registration order (see `creditOrder`): while the registration waits for its
 * fee, the order's points are credited and spent on it at once; otherwise (paid meanwhile with
 * points or through another order, withdrawn, or another user's) the payment buys nothing and is
 * refunded, never turned into points. The registration is locked first, so a payment with points
 * at the same moment waits and then finds it paid.
 */
export const settleRegistrationOrder: OrderSettlement = async (transaction, order, now) => {
  if (order.registration_id === null)
    throw new Error(`order ${order.order_id} pays no registration`)
  const row = await lockOwnRegistration(transaction, null, order.registration_id)
  const jobId = feeJobId(row.id)
  if (
    row.user_id !== order.user_id ||
    nextRegistrationStatus(row.status, 'payment.settled') === null ||
    // Its fee charged already: this payment buys nothing either.
    (await findSpendForJob(transaction, jobId)) !== undefined
  ) {
    return 'registration_not_payable'
  }
  // Under the registration's lock, with no charge of its fee yet and the order's points just
  // credited, the charge cannot be refused.
  await creditTopUp(transaction, order, now)
  await debitForJob(transaction, order.user_id, jobId, order.points, feeTitle(row), now)
  await moveRegistration(transaction, row, 'payment.settled', now, {
    paid_with: 'provider',
    paid_at: now,
  })
  return 'settled'
}

/** The newest provider order opened for a registration, if any. */
export async function latestRegistrationOrder(
  db: Kysely<Database>,
  registrationId: string,
): Promise<ChargeOrderRow | undefined> {
  return db
    .selectFrom('charge_orders')
    .selectAll()
    .where('registration_id', '=', registrationId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}
