/**
 * cicc-server charge/*: creating a top-up order and following it. The points an order buys are
 * computed here from the package or the amount; the client never names them.
 */
import type { ChargeOrderCreated, ChargeOrderStatus, CheckoutKind } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import {
  chargeBody,
  chargeOrderCreated,
  chargeOrderStatus,
  queryChargeOrderBody,
} from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import {
  balanceOf,
  chargeTermsOf,
  newChargeOrderId,
  openChargeOrder,
  type ChargeTerms,
} from '../../domain/points'
import {
  findChargeOrder,
  findOpenRegistrationOrder,
  type ChargeOrderRow,
} from '../../domain/points.repository'
import { newOrderExpiry, refreshOrder, startCheckout } from '../payments/checkout'
import { EnvelopeError, success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

/** Shown by the provider on its checkout. */
const ORDER_SUBJECT = 'GY音乐积分充值'
/** Unpaid orders one user may have open at once: enough for second thoughts, not for a flood. */
export const MAX_OPEN_ORDERS_PER_USER = 10

function statusOf(order: ChargeOrderRow, balance: number): ChargeOrderStatus {
  return {
    orderId: order.order_id,
    state: order.state,
    amountFen: order.amount_fen,
    points: order.points,
    balance,
    expiresAt: order.expires_at.toISOString(),
    paidAt: order.paid_at === null ? null : order.paid_at.toISOString(),
  }
}

export interface ChargeOrderStart {
  userId: string
  terms: ChargeTerms
  /** Shown by the provider on its checkout. */
  subject: string
  /** The page of ours the payer comes back to; /buyPoints unless said. */
  returnPage?: string
  preferredKind?: CheckoutKind | undefined
  /** The copyright registration whose fee the order pays (its points are spent on it). */
  registrationId?: string
}

/**
 * Records a points order and opens the provider's checkout for it: top-ups here, and registration
 * fees (domain/registrationPayments.ts), which are top-ups spent at once when credited.
 */
export async function startChargeOrder(
  app: FastifyInstance,
  start: ChargeOrderStart,
): Promise<{ order: ChargeOrderRow; checkoutKind: CheckoutKind; checkoutUrl: string }> {
  const { provider, key } = app.payments
  if (provider === null || key === null) {
    throw new EnvelopeError('500', MESSAGES.serverError)
  }
  const now = app.clock()
  const order = await openChargeOrder(
    app.db,
    {
      orderId: newChargeOrderId(now),
      userId: start.userId,
      provider: key,
      packageId: start.terms.packageId,
      amountFen: start.terms.amountFen,
      points: start.terms.points,
      createdAt: now,
      expiresAt: newOrderExpiry(app, now),
      registrationId: start.registrationId ?? null,
    },
    MAX_OPEN_ORDERS_PER_USER,
    {
      // A registration's fee is paid through one order at a time: asked again, the same one.
      findOpen: (transaction) =>
        start.registrationId === undefined
          ? Promise.resolve(undefined)
          : findOpenRegistrationOrder(transaction, {
              userId: start.userId,
              registrationId: start.registrationId,
              now,
            }),
    },
  )
  const checkout = await startCheckout(
    app,
    order,
    {
      subject: start.subject,
      returnPage: start.returnPage ?? '/buyPoints',
      preferredKind: start.preferredKind,
    },
    app.log.child({ module: 'charge' }),
  )
  return { order, ...checkout }
}

export async function ciccServerChargeRoutes(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'charge' })

  apiRoute(app, {
    method: 'POST',
    url: '/charge/charge',
    auth: 'required',
    summary: '创建积分充值订单（套餐或自定义金额），返回支付地址',
    body: chargeBody,
    response: chargeOrderCreated,
    errors: ['429'],
    handler: async ({ body, user }) => {
      const terms = chargeTermsOf(body)
      const { order, checkoutKind, checkoutUrl } = await startChargeOrder(app, {
        userId: user.id,
        terms,
        subject: ORDER_SUBJECT,
        preferredKind: body.checkoutKind,
      })
      return success<ChargeOrderCreated>({
        orderId: order.order_id,
        checkoutKind,
        checkoutUrl,
        expiresAt: order.expires_at.toISOString(),
        amountFen: order.amount_fen,
        points: order.points,
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/charge/queryChargeOrder',
    auth: 'required',
    summary: '查询自己的充值订单及当前积分余额',
    body: queryChargeOrderBody,
    response: chargeOrderStatus,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      let order = await findChargeOrder(app.db, body.orderId)
      // A licence order is followed with musicGoods/licenceOrder; here it is no top-up.
      if (order?.purpose === 'licence') order = undefined
      if (order === undefined) throw new EnvelopeError('404', MESSAGES.chargeOrderNotFound)
      if (order.user_id !== user.id) {
        log.warn({ orderId: order.order_id, userId: user.id }, "query of another user's order")
        throw new EnvelopeError('403', MESSAGES.chargeOrderForbidden)
      }
      order = await refreshOrder(app, order, log)
      return success(statusOf(order, await balanceOf(app.db, user.id)))
    },
  })
}
