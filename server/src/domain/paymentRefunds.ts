/**
 * Giving back a payment that bought nothing: a second payment for a licence the buyer holds, or
 * for a registration whose fee was paid already. `creditOrder` records the refund in the
 * transaction that records the payment (so no crash can lose it); this module asks the provider
 * that took the money to return it, right after the payment and again every minute for any
 * refund the provider has not accepted yet, with the same refund id each time so the provider
 * refunds once. The order reads 'refunded' once the provider accepts.
 */
import type { Kysely } from 'kysely'
import type { Database, PaymentRefundReason } from '../db/types'
import { PaymentError, type PaymentProvider } from '../payments/provider'
import {
  markRefunded,
  recordRefundFailure,
  selectPendingRefunds,
} from './paymentRefunds.repository'

/** What the payer reads at the provider beside the refund (WeChat Pay allows 80 characters). */
export const REFUND_REASONS: Readonly<Record<PaymentRefundReason, string>> = {
  licence_already_held: 'GY音乐：你已拥有这份授权，重复支付的款项原路退回',
  registration_not_payable: 'GY音乐：这份版权登记申请无需再付费，款项原路退回',
}

/** Refunds asked of the provider in one pass; the rest wait for the next pass. */
const REFUNDS_PER_PASS = 50

export interface RefundAttempt {
  orderId: string
  refunded: boolean
  /** Why the provider did not accept it, for the log. */
  error?: string
}

/**
 * Asks the provider to refund every pending refund of its orders (or only `orderId`'s) and
 * records each answer. Never throws for the provider's sake: a refusal stays pending, with its
 * error, and is asked again on the next pass.
 */
export async function refundPendingPayments(
  db: Kysely<Database>,
  provider: PaymentProvider,
  providerKey: string,
  now: Date,
  only: { orderId?: string } = {},
): Promise<RefundAttempt[]> {
  const pending = await selectPendingRefunds(db, providerKey, {
    ...only,
    limit: REFUNDS_PER_PASS,
  })
  const attempts: RefundAttempt[] = []
  for (const refund of pending) {
    try {
      await provider.refund({
        orderId: refund.order_id,
        refundId: refund.refund_id,
        amountFen: refund.amount_fen,
        reason: REFUND_REASONS[refund.reason],
      })
      await markRefunded(db, refund.order_id, now)
      attempts.push({ orderId: refund.order_id, refunded: true })
    } catch (error) {
      const detail =
        error instanceof PaymentError ? `${error.code}: ${error.detail}` : String(error)
      await recordRefundFailure(db, refund.order_id, detail)
      attempts.push({ orderId: refund.order_id, refunded: false, error: detail })
    }
  }
  return attempts
}
