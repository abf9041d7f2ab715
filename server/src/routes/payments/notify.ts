/**
 * `POST /api/payments/notify/:provider`: the provider's asynchronous payment notification. Not
 * signed with our contract signature (the provider signs with its own keys, verified by its
 * adapter) and answered in the provider's acknowledgement format, not the envelope. A refused
 * notification answers FAIL, changes nothing and is logged; the provider retries until we
 * acknowledge.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { creditOrder } from '../../domain/points'
import { failure } from '../../http/envelopeError'
import { PaymentError, type Acknowledgement } from '../../payments/provider'
import { sendEnvelope } from '../../plugins/envelope'

/** Larger than any notification WeChat Pay or Alipay sends. */
const NOTIFICATION_BODY_LIMIT_BYTES = 64 * 1024

function sendAcknowledgement(reply: FastifyReply, acknowledgement: Acknowledgement) {
  return reply
    .code(acknowledgement.status)
    .type(acknowledgement.contentType)
    .header('cache-control', 'no-store')
    .send(acknowledgement.body)
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
    return sendAcknowledgement(reply, provider.acknowledgement(false))
  })

  app.route<{ Params: { provider: string } }>({
    method: 'POST',
    url: '/notify/:provider',
    config: { signed: false, auth: 'none' },
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
        const result = await creditOrder(app.db, notification, key, app.clock())
        log.info(
          { orderId: notification.orderId, outcome: result.outcome, state: result.order.state },
          'payment notification recorded',
        )
        return sendAcknowledgement(reply, provider.acknowledgement(true))
      } catch (error) {
        if (error instanceof PaymentError) {
          // Forged, stale, unknown order, wrong amount...: the detail is for us, not the sender.
          log.warn(
            { code: error.code, detail: error.detail, provider: key, ip: request.ip },
            'payment notification refused',
          )
        } else {
          log.error({ err: error, provider: key }, 'payment notification failed')
        }
        return sendAcknowledgement(reply, provider.acknowledgement(false))
      }
    },
  })
}
