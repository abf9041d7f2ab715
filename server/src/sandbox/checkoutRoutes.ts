/**
 * The sandbox provider's checkout page (embedded default only): `GET /sandbox/checkout/:orderId`
 * shows the order with 确认支付 / 取消支付; the buttons post plain forms to `.../confirm` and
 * `.../cancel`, after which the sandbox signs a notification, delivers it to our notify route
 * (a job of the queue, retried until acknowledged) and shows the outcome with a link back to /buyPoints.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { findChargeOrder } from '../domain/points.repository'
import { PaymentError, type OrderState } from '../payments/provider'
import type { SandboxRuntime } from '../routes/payments/paymentsPlugin'
import {
  CHECKOUT_PAGE_HEADERS,
  renderPayPage,
  renderProblemPage,
  renderResultPage,
  type CheckoutOutcome,
  type CheckoutPageOrder,
} from './checkoutPage'
import { checkoutCredentialsValid } from './checkoutToken'

const FORM_BODY_LIMIT_BYTES = 4 * 1024

interface CheckoutParams {
  orderId: string
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(CHECKOUT_PAGE_HEADERS).send(html)
}

function sendLinkInvalid(reply: FastifyReply) {
  return sendPage(reply, 403, renderProblemPage('链接无效或已过期', '请返回积分充值页面重新下单。'))
}

function sendOrderUnknown(reply: FastifyReply) {
  return sendPage(reply, 404, renderProblemPage('订单不存在', '请返回积分充值页面重新下单。'))
}

function outcomeOf(state: OrderState): CheckoutOutcome | null {
  if (state === 'paid') return 'paid'
  if (state === 'closed') return 'closed'
  return null
}

export async function sandboxCheckoutRoutes(
  app: FastifyInstance,
  options: { sandbox: SandboxRuntime },
): Promise<void> {
  const { sandbox } = options
  const log = app.log.child({ module: 'sandbox-checkout' })

  // The page's forms arrive url-encoded; nothing else is accepted here.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      done(null, Object.fromEntries(new URLSearchParams(text)))
    },
  )
  app.setErrorHandler((error, request, reply) => {
    log.warn({ err: error, url: request.url.split('?')[0] }, 'sandbox checkout request refused')
    return sendPage(reply, 400, renderProblemPage('请求无效', '请返回积分充值页面重新下单。'))
  })

  /** The order as the page shows it: the provider's amount and state, our points. */
  async function pageOrder(
    orderId: string,
  ): Promise<{ view: CheckoutPageOrder; state: OrderState } | null> {
    const charge = await findChargeOrder(app.db, orderId)
    if (charge === undefined) return null
    try {
      const order = await sandbox.provider.checkoutDetails(orderId)
      return {
        view: { orderId, amountFen: order.amountFen, points: charge.points },
        state: order.state,
      }
    } catch (error) {
      if (error instanceof PaymentError && error.code === 'order_unknown') return null
      throw error
    }
  }

  app.get<{ Params: CheckoutParams; Querystring: Record<string, unknown> }>(
    '/sandbox/checkout/:orderId',
    async (request, reply) => {
      const { orderId } = request.params
      if (!checkoutCredentialsValid(sandbox.key, orderId, request.query, app.clock())) {
        log.warn({ orderId }, 'checkout page opened with an invalid link')
        return sendLinkInvalid(reply)
      }
      const found = await pageOrder(orderId)
      if (found === null) return sendOrderUnknown(reply)
      const outcome = outcomeOf(found.state)
      if (outcome !== null) return sendPage(reply, 200, renderResultPage(found.view, outcome))
      const { expires, token } = request.query as { expires: string; token: string }
      return sendPage(reply, 200, renderPayPage(found.view, { expires, token }))
    },
  )

  for (const [action, outcome] of [
    ['confirm', 'paid'],
    ['cancel', 'closed'],
  ] as const) {
    app.post<{ Params: CheckoutParams; Body: Record<string, unknown> | undefined }>(
      `/sandbox/checkout/:orderId/${action}`,
      async (request, reply) => {
        const { orderId } = request.params
        if (!checkoutCredentialsValid(sandbox.key, orderId, request.body ?? {}, app.clock())) {
          log.warn({ orderId, action }, 'checkout form posted with an invalid link')
          return sendLinkInvalid(reply)
        }
        const found = await pageOrder(orderId)
        if (found === null) return sendOrderUnknown(reply)
        try {
          // The notification is queued with the payment; its first attempt usually runs before
          // the page answers, so the points are there when the buyer goes back.
          const { acknowledged } = await sandbox.complete(orderId, outcome)
          log.info({ orderId, outcome, acknowledged }, 'sandbox checkout completed')
          const shown: CheckoutOutcome = outcome === 'paid' ? 'paid' : 'cancelled'
          return sendPage(reply, 200, renderResultPage(found.view, shown))
        } catch (error) {
          if (!(error instanceof PaymentError)) throw error
          // Paying an expired order, cancelling a paid one: show where the order stands.
          log.warn({ orderId, action, code: error.code }, 'sandbox checkout refused')
          const current = await pageOrder(orderId)
          const shown = current === null ? null : outcomeOf(current.state)
          if (current === null || shown === null) return sendOrderUnknown(reply)
          return sendPage(reply, 409, renderResultPage(current.view, shown))
        }
      },
    )
  }
}
