/**
 * The envelope: every API answer, error or not, is `{code, msg, data}` with the HTTP status that
 * goes with its code. This plugin owns the JSON body parser (it keeps the raw text the signature
 * covers) and the one error handler that turns any failure into an envelope.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { httpStatusOf, type Envelope } from '@gy/api/envelope'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyReply, FastifyRequest } from 'fastify'
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

/**
 * Paths whose every answer is an envelope: the API, and the stored files (their refusals are
 * read by the app). Everything else is a page of the web app or /healthz.
 */
export function answersWithEnvelope(pathname: string): boolean {
  return /^\/(api|files)(\/|$|\?)/.test(pathname)
}

/** The HTTP status an error asks for: fastify's `statusCode`, or `status` (http-errors style). */
function statusCodeOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined
  const status = Reflect.get(error, 'statusCode') ?? Reflect.get(error, 'status')
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined
}

/** Short Chinese text for a refused page request: no stack, nothing internal. */
const PAGE_REFUSALS: Readonly<Record<number, string>> = {
  400: MESSAGES.bodyInvalid,
  404: MESSAGES.notFound,
  413: MESSAGES.bodyTooLarge,
  416: MESSAGES.fileRangeInvalid,
  429: MESSAGES.requestsTooFrequent,
  500: MESSAGES.serverError,
}

function pageRefusalText(status: number): string {
  return PAGE_REFUSALS[status] ?? STATUS_CODES[status] ?? MESSAGES.bodyInvalid
}

/** A page request refused in plain text (a browser shows it; there is no app to read JSON). */
export function sendPageRefusal(reply: FastifyReply, status: number): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(pageRefusalText(status))
}

/** Maps any thrown value to the envelope the client sees; null means "a fault: log it". */
export function envelopeOf(error: unknown): Envelope | null {
  if (error instanceof EnvelopeError) return failure(error.code, error.message, error.data)
  const statusCode = statusCodeOf(error)
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

    // RFC 9112 section 3.2: an HTTP/1.1 request without Host is refused with 400.
    app.addHook('onRequest', async (request, reply) => {
      if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
        return refuseBeforeRouting(request, reply)
      }
      return undefined
    })

    app.setErrorHandler((error, request, reply) => {
      const envelope = envelopeOf(error)
      if (!answersWithEnvelope(request.url)) {
        const status =
          error instanceof EnvelopeError ? httpStatusOf(error.code) : statusCodeOf(error)
        // The client's fault (a bad Range, a bad URL) is not worth a stack trace in the log.
        if (status !== undefined && status < 500) return sendPageRefusal(reply, status)
        request.log.error({ err: error }, 'request failed')
        return sendPageRefusal(reply, 500)
      }
      if (envelope !== null) return sendEnvelope(reply, envelope)
      request.log.error({ err: error }, 'request failed')
      return sendEnvelope(reply, failure('500', MESSAGES.serverError))
    })
  },
  { name: 'gy-envelope' },
)

/** Fastify's refusal of a request before routing (a malformed URL): envelope or plain 400. */
export function refuseBeforeRouting(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (answersWithEnvelope(request.url)) {
    return sendEnvelope(reply, failure('400', MESSAGES.bodyInvalid))
  }
  return sendPageRefusal(reply, 400)
}

/** What Node's parser hands over with a request it could not read. */
export interface UnreadableRequestError extends Error {
  code: string
  rawPacket?: unknown
}

/** The request target of the bytes Node could not parse, when their first line shows it. */
function targetOf(rawPacket: unknown): string | null {
  if (!Buffer.isBuffer(rawPacket)) return null
  const requestLine = rawPacket.subarray(0, 8192).toString('latin1').split('\r\n', 1)[0] ?? ''
  const target = /^[A-Z]+ (\S+) HTTP\/\d/.exec(requestLine)?.[1]
  return target ?? null
}

function rawResponse(status: number, contentType: string, body: string): string {
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    `Content-Type: ${contentType}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  )
}

/**
 * Answers a request Node could not parse (conflicting Transfer-Encoding and Content-Length, a bad
 * chunk size, oversized headers, no Host...) on its socket, then closes it: the 400 envelope when
 * the target is under /api or /files or cannot be told, plain text for a page. Fastify's own
 * answer would be its JSON error body, which is not the contract's envelope.
 */
export function answerUnreadableRequest(error: UnreadableRequestError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  if (socket.writable) {
    const target = targetOf(error.rawPacket)
    if (target === null || answersWithEnvelope(target)) {
      socket.write(
        rawResponse(
          400,
          'application/json; charset=utf-8',
          JSON.stringify(failure('400', MESSAGES.bodyInvalid)),
        ),
      )
    } else {
      const status =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? 431
          : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? 408
            : 400
      socket.write(rawResponse(status, 'text/plain; charset=utf-8', pageRefusalText(status)))
    }
  }
  socket.destroy()
}
