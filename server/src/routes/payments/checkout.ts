/**
 * Handing a new payment order to the provider: the same for a points top-up and a licence. The
 * order row exists already; if the provider refuses, the order is closed so nothing waits for
 * it. The answer is where the payer pays: with the sandbox, a link to its checkout page carrying
 * a short-lived token (the page is opened by a navigation, without our bearer token).
 */
import type { CheckoutKind } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import {
  closeChargeOrder,
  findChargeOrder,
  type ChargeOrderRow,
} from '../../domain/points.repository'
import { EnvelopeError } from '../../http/envelopeError'
import { isOrderExpired, orderExpiresAt } from '../../payments/provider'
import { sandboxCheckoutLink } from '../../sandbox/checkoutToken'
import { isDueForReconciliation, reconcileWithProvider } from './reconcile'

export interface CheckoutRequest {
  /** Shown by the provider on its checkout. */
  subject: string
  /** The page of ours the payer comes back to, e.g. `/buyPoints`. */
  returnPage: string
  preferredKind: CheckoutKind | undefined
}

/** When a new order stops being payable: 30 minutes, or the sandbox's configured time. */
export function newOrderExpiry(app: FastifyInstance, now: Date): Date {
  const { payments } = app.config
  return orderExpiresAt(now, payments.provider === 'sandbox' ? payments.orderTtlMs : undefined)
}

export async function startCheckout(
  app: FastifyInstance,
  order: ChargeOrderRow,
  request: CheckoutRequest,
  log: FastifyBaseLogger,
): Promise<{ checkoutKind: CheckoutKind; checkoutUrl: string }> {
  const { provider, sandbox } = app.payments
  if (provider === null) throw new EnvelopeError('500', MESSAGES.serverError)
  let checkout
  try {
    checkout = await provider.createCheckout({
      orderId: order.order_id,
      amountFen: order.amount_fen,
      subject: request.subject,
      expiresAt: order.expires_at,
      notifyUrl: app.payments.notifyUrl,
      returnUrl: app.payments.returnUrl(order.order_id, request.returnPage),
      ...(request.preferredKind === undefined ? {} : { preferredKind: request.preferredKind }),
    })
  } catch (error) {
    // The provider never saw a payable order: close ours so nothing waits for it.
    await closeChargeOrder(app.db, order.order_id, 'created')
    log.error({ err: error, orderId: order.order_id }, 'provider refused a new order')
    throw new EnvelopeError('500', MESSAGES.serverError)
  }
  const checkoutUrl =
    sandbox !== null
      ? sandboxCheckoutLink(sandbox.key, checkout, {
          orderId: order.order_id,
          expiresAt: order.expires_at,
        })
      : checkout.kind === 'qrCode'
        ? checkout.codeUrl
        : checkout.checkoutUrl
  return { checkoutKind: checkout.kind, checkoutUrl }
}

/**
 * The order as it stands when its payer asks: an order still open a while after it was made is
 * checked with the provider (its notification may be lost), and one past its expiry is closed.
 */
export async function refreshOrder(
  app: FastifyInstance,
  order: ChargeOrderRow,
  log: FastifyBaseLogger,
): Promise<ChargeOrderRow> {
  const now = app.clock()
  const { provider, key } = app.payments
  let current = order
  if (provider !== null && key === current.provider && isDueForReconciliation(current, now)) {
    current = await reconcileWithProvider(app.db, provider, key, current, now, log)
  }
  if (current.state === 'created' && isOrderExpired({ expiresAt: current.expires_at }, now)) {
    // Conditional: a payment recorded meanwhile wins, and is read back below.
    await closeChargeOrder(app.db, current.order_id, 'created')
    current = (await findChargeOrder(app.db, current.order_id)) ?? current
  }
  return current
}
