/**
 * A verified payment applied to its order, the same way whether the provider's notification
 * brought it or our own query of the provider found it: the order's credit (exactly once), and
 * for a payment that buys nothing, its refund asked of the provider at once. A refund the
 * provider does not accept now stays recorded and is asked again by the minute's refund pass
 * (paymentsPlugin.ts).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/types'
import { refundPendingPayments, type RefundAttempt } from '../../domain/paymentRefunds'
import { creditOrder, type CreditResult } from '../../domain/points'
import { findChargeOrder } from '../../domain/points.repository'
import { settleRegistrationOrder } from '../../domain/registrationPayments'
import type { PaymentNotification, PaymentProvider } from '../../payments/provider'

export function logRefundAttempts(log: FastifyBaseLogger, attempts: RefundAttempt[]): void {
  for (const attempt of attempts) {
    if (attempt.refunded) log.info({ orderId: attempt.orderId }, 'payment refunded')
    else log.error({ orderId: attempt.orderId, error: attempt.error }, 'refund not accepted yet')
  }
}

export async function recordPayment(
  db: Kysely<Database>,
  provider: PaymentProvider,
  providerKey: string,
  notification: PaymentNotification,
  now: Date,
  log: FastifyBaseLogger,
): Promise<CreditResult> {
  const result = await creditOrder(db, notification, providerKey, now, settleRegistrationOrder)
  if (result.outcome !== 'refund_due') return result
  const orderId = result.order.order_id
  log.warn({ orderId }, 'payment for something already paid or held: refunding it')
  logRefundAttempts(log, await refundPendingPayments(db, provider, providerKey, now, { orderId }))
  return { ...result, order: (await findChargeOrder(db, orderId)) ?? result.order }
}
