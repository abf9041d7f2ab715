/**
 * `POST /api/payments/notify/:provider`: the provider's asynchronous payment notification. Not
 * signed with our contract signature (the provider signs with its own keys, verified by its
 * adapter) and answered in the provider's acknowledgement format, not the envelope. A refused
 * notification answers FAIL, changes nothing and is logged; the provider retries until we
 * acknowledge. The status says whose the failure is: 400 for a notification that is malformed or
 * not for one of our orders, 401 for one whose signature does not verify (WeChat Pay's format;
 * Alipay reads only its `fail`), 500 only when we could not record a good one.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { failure } from '../../http/envelopeError'
import {
  ORDER_ID_PATTERN,
  PaymentError,
  type Acknowledgement,
  type NotificationRefusal,
  type PaymentErrorCode,
  type PaymentNotification,
} from '../../payments/provider'
import type { PlainRouteDocument } from '../../openapi/routeDocument'
import { sendEnvelope } from '../../plugins/envelope'
import type { PaymentProviderKey } from './paymentsPlugin'
import { recordPayment } from './recordPayment'

/** Larger than any notification WeChat Pay or Alipay sends. */
const NOTIFICATION_BODY_LIMIT_BYTES = 64 * 1024

/**
 * Whose mistake a refused notification is. The sender's: one we can never accept as sent, or one
 * that does not verify. Anything else (a provider that cannot be reached for a refund, a code
 * added later) counts as a fault of ours, answered 500 so the provider sends it again.
 */
function refusalOf(code: PaymentErrorCode): NotificationRefusal | null {
  switch (code) {
    case 'signature_invalid':
    case 'decryption_failed':
      return 'unverified'
    case 'signature_missing':
    case 'timestamp_stale':
    case 'notification_malformed':
    case 'merchant_mismatch':
    case 'amount_invalid':
    case 'amount_mismatch':
    case 'order_unknown':
      return 'malformed'
    default:
      return null
  }
}

/** The ids a verified notification brings are ours or the provider's: checked before any SQL. */
function assertStorableIds(notification: PaymentNotification): void {
  if (!ORDER_ID_PATTERN.test(notification.orderId)) {
    throw new PaymentError('order_unknown', 'the order id is not one of ours')
  }
  if (notification.providerTradeId.includes('\u0000')) {
    throw new PaymentError('notification_malformed', 'the trade id holds a NUL character')
  }
}

function sendAcknowledgement(reply: FastifyReply, acknowledgement: Acknowledgement) {
  return reply
    .code(acknowledgement.status)
    .type(acknowledgement.contentType)
    .header('cache-control', 'no-store')
    .send(acknowledgement.body)
}

/** What the API document says of the notification route, for the provider in use. */
function notifyDocument(key: PaymentProviderKey | null): PlainRouteDocument {
  const acknowledgement: Record<string, z.ZodType> =
    key === 'alipay'
      ? { 'text/plain': z.enum(['success', 'fail']) }
      : {
          'application/json': z.object({
            code: z.enum(['SUCCESS', 'FAIL']),
            message: z.string().optional(),
          }),
        }
  return {
    kind: 'plain',
    summary: '支付服务商的异步支付通知（由服务商调用，用服务商自己的签名）',
    description:
      '请求体按服务商的格式原样读取并验签；回答是服务商要求的确认格式，不是信封。拒绝的通知回答失败，服务商会重试。',
    params: z.object({ provider: z.enum(key === null ? ['sandbox'] : [key]) }),
    requestContent:
      key === 'alipay'
        ? { 'application/x-www-form-urlencoded': z.string() }
        : { 'application/json': z.looseObject({}).describe('服务商签名的 JSON 原文') },
    responseContent: acknowledgement,
    errors: ['404'],
  }
}

export async function paymentNotifyRoutes(app: FastifyInstance): Promise<void> {
  // Providers send JSON (WeChat Pay, sandbox) or a form (Alipay); the adapter reads the exact
  // text that was signed, so this scope keeps every body as its raw text.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, typeof body === 'string' ? body : body.toString('utf8'))
    },
  )

  const log = app.log.child({ module: 'payment-notify' })
  const { provider, key } = app.payments

  // Whatever goes wrong before the handler (a body too large, a bad content type) is still a
  // refusal the provider understands.
  app.setErrorHandler((error, request, reply) => {
    log.warn({ err: error, url: request.url.split('?')[0] }, 'payment notification refused')
    if (provider === null) return sendEnvelope(reply, failure('404', MESSAGES.notFound))
    // Fastify's own refusals (a body too large...) carry a 4xx statusCode: the sender's mistake.
    const status: unknown = error instanceof Error ? Reflect.get(error, 'statusCode') : undefined
    const clientError = typeof status === 'number' && status < 500
    return sendAcknowledgement(
      reply,
      clientError ? provider.refusal('malformed') : provider.acknowledgement(false),
    )
  })

  app.route<{ Params: { provider: string } }>({
    method: 'POST',
    url: '/notify/:provider',
    config: { signed: false, auth: 'none', document: notifyDocument(key) },
    handler: async (request, reply) => {
      if (provider === null || request.params.provider !== key) {
        log.warn({ provider: request.params.provider }, 'notification for a provider not in use')
        return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      }
      const bodyText = typeof request.body === 'string' ? request.body : ''
      try {
        const notification = await provider.parseNotification({
          headers: request.headers,
          bodyText,
        })
        assertStorableIds(notification)
        const result = await recordPayment(app.db, provider, key, notification, app.clock(), log)
        log.info(
          { orderId: notification.orderId, outcome: result.outcome, state: result.order.state },
          'payment notification recorded',
        )
        return sendAcknowledgement(reply, provider.acknowledgement(true))
      } catch (error) {
        const refusal = error instanceof PaymentError ? refusalOf(error.code) : null
        if (error instanceof PaymentError) {
          // Forged, stale, unknown order, wrong amount...: the detail is for us, not the sender.
          log.warn(
            { code: error.code, detail: error.detail, provider: key, ip: request.ip },
            'payment notification refused',
          )
        } else {
          log.error({ err: error, provider: key }, 'payment notification failed')
        }
        return sendAcknowledgement(
          reply,
          refusal === null ? provider.acknowledgement(false) : provider.refusal(refusal),
        )
      }
    },
  })
}
