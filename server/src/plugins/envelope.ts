/**
 * The envelope: every API answer, error or not, is `{code, msg, data}` with the HTTP status that
 * goes with its code. This plugin owns the JSON body parser (it keeps the raw text the signature
 * covers) and the one error handler that turns any failure into an envelope.
 */
import { httpStatusOf, type Envelope } from '@gy/api/envelope'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { EnvelopeError, failure } from '../http/envelopeError'

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact request body text as received; '' when there was none or it was not JSON. */
    rawBody: string
  }
}

/** The largest JSON body an API call may carry (uploads have their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

export function sendEnvelope(reply: FastifyReply, envelope: Envelope): FastifyReply {
  return reply
    .code(httpStatusOf(envelope.code))
    .type('application/json; charset=utf-8')
    .send(envelope)
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error
}

/** Maps any thrown value to the envelope the client sees; null means "a fault: log it". */
export function envelopeOf(error: unknown): Envelope | null {
  if (error instanceof EnvelopeError) return failure(error.code, error.message, error.data)
  const statusCode = isFastifyError(error) ? error.statusCode : undefined
  if (statusCode === 413) return failure('413', MESSAGES.bodyTooLarge)
  if (statusCode === 404) return failure('404', MESSAGES.notFound)
  // Malformed JSON, an unsupported content type, a bad Content-Length...: the request's fault.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return failure('400', MESSAGES.bodyInvalid)
  }
  return null
}

export const envelopePlugin = fastifyPlugin(
  async (app) => {
    app.decorateRequest('rawBody', '')

    // Only JSON bodies reach the API; other types (text/plain included) are refused as 400.
    app.removeAllContentTypeParsers()
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES },
      (request: FastifyRequest, body: string | Buffer, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8')
        request.rawBody = text
        // An empty body with a JSON content type is "no body", not a syntax error.
        if (text === '') {
          done(null, undefined)
          return
        }
        parseJson(request, text, done)
      },
    )

    app.setErrorHandler((error, request, reply) => {
      const envelope = envelopeOf(error)
      if (envelope !== null) return sendEnvelope(reply, envelope)
      request.log.error({ err: error }, 'request failed')
      return sendEnvelope(reply, failure('500', MESSAGES.serverError))
    })
  },
  { name: 'gy-envelope' },
)
