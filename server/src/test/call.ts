/**
 * Calling the API in-process the way the client does: sign the exact body text, add nonce,
 * timestamp, platform 3 and the bearer token, and read the envelope.
 */
import type { LoginData } from '@gy/api/contract'
import type { Envelope } from '@gy/api/envelope'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { OutgoingHttpHeaders } from 'node:http'
import { signedHeaders } from './signing'

export interface CallOptions {
  method?: 'GET' | 'POST'
  query?: Record<string, string>
  /** Serialised with JSON.stringify, as the client does. */
  body?: unknown
  /** Sent (and signed) verbatim instead of `body`: for malformed JSON and the like. */
  bodyText?: string
  token?: string
  /** Defaults to application/json when there is a body. */
  contentType?: string
  /** Overrides or additions to the signed headers (a stale timestamp, a wrong signature...). */
  headers?: Record<string, string>
  /** Leave out the signature headers entirely. */
  unsigned?: boolean
  /** The client's IP as the server sees it (rate limits are per IP). */
  remoteAddress?: string
}

export interface CallResult<Data> {
  status: number
  envelope: Envelope<Data>
  headers: OutgoingHttpHeaders
}

/** The inject options of a signed call: use with `app.inject()` when `call` is not enough. */
export function signedRequest(
  app: FastifyInstance,
  url: string,
  options: CallOptions = {},
): InjectOptions {
  const bodyText =
    options.bodyText ?? (options.body === undefined ? '' : JSON.stringify(options.body))
  const hasBody = options.bodyText !== undefined || options.body !== undefined
  const signature = options.unsigned
    ? {}
    : signedHeaders({
        bodyText,
        secret: app.config.signSecret,
        now: app.clock().getTime(),
        token: options.token,
      })
  return {
    method: options.method ?? 'POST',
    url,
    ...(options.query === undefined ? {} : { query: options.query }),
    ...(hasBody ? { payload: bodyText } : {}),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    headers: {
      ...(hasBody
        ? { 'content-type': options.contentType ?? 'application/json;charset=UTF-8' }
        : {}),
      ...signature,
      ...(options.unsigned && options.token !== undefined
        ? { authorization: `Bearer ${options.token}` }
        : {}),
      ...options.headers,
    },
  }
}

/** Makes a signed call and parses the envelope (failing loudly if the answer is not one). */
export async function call<Data = unknown>(
  app: FastifyInstance,
  url: string,
  options: CallOptions = {},
): Promise<CallResult<Data>> {
  const response = await app.inject(signedRequest(app, url, options))
  const envelope = JSON.parse(response.body) as Envelope<Data>
  if (typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'string') {
    throw new Error(`Not an envelope: ${response.statusCode} ${response.body}`)
  }
  return { status: response.statusCode, envelope, headers: response.headers }
}

/** Asks for a code for `phone`, reads it from the dev route, and logs in with it. */
export async function loginAs(
  app: FastifyInstance,
  phone: string,
  remoteAddress?: string,
): Promise<LoginData> {
  const sent = await call(app, '/api/user-server/musicOauth/send-sms', {
    query: { phone, platform: '3', type: 'login' },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  })
  if (sent.envelope.code !== '000')
    throw new Error(`send-sms failed: ${JSON.stringify(sent.envelope)}`)
  const latest = await latestSmsCode(app, phone)
  const login = await call<LoginData>(app, '/api/user-server/musicOauth/login', {
    body: { mobile: phone, smsCode: latest, platform: 3, smsCodeType: 'login' },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  })
  if (login.envelope.code !== '000')
    throw new Error(`login failed: ${JSON.stringify(login.envelope)}`)
  return login.envelope.data
}

/** The last code the console provider sent to `phone`, through the dev route. */
export async function latestSmsCode(app: FastifyInstance, phone: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/sms/latest', query: { phone } })
  const envelope = JSON.parse(response.body) as Envelope<{ smsCode: string }>
  if (envelope.code !== '000') throw new Error(`no SMS code for ${phone}: ${response.body}`)
  return envelope.data.smsCode
}

/** Row counts of the given tables, to assert that a refused call changed nothing. */
export async function countRows(
  app: FastifyInstance,
  tables: ReadonlyArray<'users' | 'sessions' | 'sms_codes' | 'login_failures' | 'request_nonces'>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const row = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('rows'))
      .executeTakeFirstOrThrow()
    counts[table] = Number(row.rows)
  }
  return counts
}
