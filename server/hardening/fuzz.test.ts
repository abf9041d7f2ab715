/**
 * Property-based fuzzing of every operation in the server's own API document: bodies, queries,
 * path parameters, headers, content types and signatures drawn from each operation's schemas,
 * valid-looking and hostile mixed, sent through `inject` to one app. The property is the
 * contract's rule for every response (support/apiOperations.ts, contractViolation): an envelope
 * whose code matches the HTTP status, a Chinese message on refusals, never a 500.
 *
 * Most requests are signed correctly over the fuzzed body and carry a live token, so they reach
 * validation, the handlers and the database; the rest break the signature or the login.
 * HARDENING_FUZZ_RUNS sets the runs per operation (default 40); a failure prints fast-check's
 * seed and path, and HARDENING_FUZZ_SEED replays it.
 */
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, loginAs } from '../src/test/call'
import { signedHeaders } from '../src/test/signing'
import { createTestApp } from '../src/test/testApp'
import {
  apiOperations,
  contractViolation,
  operationName,
  readApiDocument,
  refResolver,
  type ApiOperation,
} from './support/apiOperations'
import { hostileValue, schemaArbitrary, type RefResolver } from './support/schemaArbitrary'

const RUNS_PER_OPERATION = Number(process.env.HARDENING_FUZZ_RUNS ?? 40)
const SEED =
  process.env.HARDENING_FUZZ_SEED === undefined
    ? Date.now() ^ (Math.random() * 0x1_0000_0000)
    : Number(process.env.HARDENING_FUZZ_SEED)

/** Over the server's 1 MiB body limit: must be a 413 envelope, not a dropped connection. */
const OVERSIZED_BYTES = 1024 * 1024 + 1

type Signing = 'valid' | 'wrong' | 'missing' | 'stale' | 'garbage headers'
type Login = 'live' | 'none' | 'forged' | 'malformed'
type BodyKind = 'schema' | 'hostile JSON' | 'raw text' | 'oversized' | 'none'

interface FuzzedRequest {
  signing: Signing
  login: Login
  bodyKind: BodyKind
  body: unknown
  rawText: string
  contentType: string
  query: Record<string, unknown>
  pathValues: string[]
  fileBytes: Uint8Array
  extraHeaders: Record<string, string>
}

// Magic numbers of the upload types, so some fuzzed files get past the first byte check.
const FILE_HEADS = [
  [],
  [0x49, 0x44, 0x33, 0x04, 0x00],
  [0xff, 0xfb, 0x90, 0x64],
  [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x41, 0x56, 0x45],
  [0x66, 0x4c, 0x61, 0x43],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff, 0xe0],
  [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
]

const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', 'null', '0', '-1', '1e99', 'Bearer', 'Bearer ', '../x', 'é'),
)

function queryValue(value: unknown): string | string[] {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value
  return JSON.stringify(value) ?? ''
}

function requestArbitrary(
  operation: ApiOperation,
  resolve: RefResolver,
): fc.Arbitrary<FuzzedRequest> {
  const bodySchema = operation.body?.schema
  return fc.record({
    signing: fc.constantFrom<Signing>(
      ...([
        'valid',
        'valid',
        'valid',
        'valid',
        'valid',
        'valid',
        'wrong',
        'missing',
        'stale',
      ] as const),
      'garbage headers',
    ),
    login: fc.constantFrom<Login>('live', 'live', 'live', 'live', 'none', 'forged', 'malformed'),
    bodyKind: fc.constantFrom<BodyKind>(
      ...(bodySchema === undefined
        ? (['none', 'none', 'hostile JSON', 'raw text'] as const)
        : ([
            'schema',
            'schema',
            'schema',
            'schema',
            'schema',
            'hostile JSON',
            'raw text',
          ] as const)),
      'oversized',
    ),
    body: bodySchema === undefined ? fc.constant(undefined) : schemaArbitrary(bodySchema, resolve),
    rawText: fc.oneof(
      fc.constantFrom('{', '{"a":', '[]', 'null', '"x"', '{"__proto__":{"x":1}}', '\u0000', '{}}'),
      fc.string({ unit: 'binary', maxLength: 200 }),
    ),
    contentType: fc.constantFrom(
      'application/json;charset=UTF-8',
      'application/json;charset=UTF-8',
      'application/json;charset=UTF-8',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'application/xml',
      'x/y',
      '',
    ),
    query:
      operation.query === null
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant({}) },
            fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 2 }),
          )
        : // A query string is always a set of names, so a hostile top-level value becomes none.
          schemaArbitrary(operation.query, resolve).map((value) =>
            typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {},
          ),
    pathValues: fc.array(
      fc.oneof(fc.constantFrom('sandbox', 'wechatpay', 'alipay', '%00', '..'), fc.string()),
      { minLength: operation.pathParameters.length, maxLength: operation.pathParameters.length },
    ),
    fileBytes: fc
      .tuple(fc.constantFrom(...FILE_HEADS), fc.uint8Array({ maxLength: 4096 }))
      .map(([head, rest]) => Uint8Array.from([...head, ...rest])),
    extraHeaders: fc.oneof(
      { weight: 5, arbitrary: fc.constant({}) },
      fc.record(
        {
          platform: headerValue,
          'x-forwarded-for': headerValue,
          'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'bogus'),
          range: fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=9-1', 'x'),
        },
        { requiredKeys: [] },
      ),
    ),
  })
}

function multipartBody(
  request: FuzzedRequest,
  fields: Record<string, unknown>,
): { payload: Buffer; contentType: string } {
  const boundary = `----gyfuzz${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'file') continue
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${String(queryValue(value))}\r\n`,
      ),
    )
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="fuzz.bin"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(request.fileBytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The request as inject takes it; signed over the exact text sent, unless the case breaks it. */
function injectOptions(
  app: FastifyInstance,
  operation: ApiOperation,
  request: FuzzedRequest,
  liveToken: string,
): InjectOptions {
  let payload: string | Buffer | undefined
  let contentType: string | undefined = request.contentType
  const multipart = operation.body?.contentType === 'multipart/form-data'
  if (request.bodyKind === 'oversized') {
    payload = 'x'.repeat(OVERSIZED_BYTES)
  } else if (request.bodyKind === 'schema' && multipart) {
    const form = multipartBody(
      request,
      typeof request.body === 'object' && request.body !== null
        ? (request.body as Record<string, unknown>)
        : {},
    )
    payload = form.payload
    contentType = form.contentType
  } else if (request.bodyKind === 'schema') {
    payload = JSON.stringify(request.body) ?? ''
  } else if (request.bodyKind === 'hostile JSON') {
    payload = JSON.stringify(request.body ?? request.rawText) ?? ''
  } else if (request.bodyKind === 'raw text') {
    payload = request.rawText
  } else {
    contentType = undefined
  }
  // Multipart is signed over '' (CONTRACT.md); everything else over the text sent.
  const signedText =
    payload === undefined || multipart ? '' : typeof payload === 'string' ? payload : ''
  const now = app.clock().getTime()
  const token =
    request.login === 'live'
      ? liveToken
      : request.login === 'forged'
        ? randomBytes(32).toString('base64url')
        : undefined
  const headers: Record<string, string> = {}
  if (request.signing !== 'missing') {
    const signed = signedHeaders({
      bodyText: signedText,
      secret: app.config.signSecret,
      now: request.signing === 'stale' ? now - 6 * 60_000 : now,
      token,
    })
    Object.assign(headers, signed)
    if (request.signing === 'wrong') headers.signature = 'f'.repeat(64)
    if (request.signing === 'garbage headers') {
      headers.nonce = '短'
      headers.timestamp = '-1e400'
      headers.signature = '<script>'
    }
  } else if (token !== undefined) {
    headers.authorization = `Bearer ${token}`
  }
  if (request.login === 'malformed') headers.authorization = 'Bearer \u00e9\u0000 x y'
  if (contentType !== undefined && contentType !== '') headers['content-type'] = contentType
  let url = operation.path
  operation.pathParameters.forEach((name, index) => {
    url = url.replace(`{${name}}`, encodeURIComponent(request.pathValues[index] ?? ''))
  })
  return {
    method: operation.method,
    url,
    query: Object.fromEntries(
      Object.entries(request.query).map(([name, value]) => [name, queryValue(value)]),
    ),
    headers: { ...request.extraHeaders, ...headers },
    ...(payload === undefined ? {} : { payload }),
  }
}

// The document is read before the tests are declared, so that each operation is a test of its own.
const app = await createTestApp()
const document = await readApiDocument(app)
const operations = apiOperations(document)
const resolve = refResolver(document)

// Calls that end the session run last, so the others fuzz with a live token.
const SESSION_ENDING = new Set([
  'POST /api/user-server/musicOauth/logout',
  'POST /api/user-server/user/cancelAccount',
])
const ordered = [
  ...operations.filter((operation) => !SESSION_ENDING.has(operationName(operation))),
  ...operations.filter((operation) => SESSION_ENDING.has(operationName(operation))),
]

describe('fuzzing every operation of the API document', () => {
  let token = ''
  let logins = 0

  /** A live token again, after a fuzzed call logged out, cancelled the account or moved the clock. */
  async function liveToken(): Promise<string> {
    if (token !== '') {
      const details = await call(app, '/api/music-server/user/userDetails', { token })
      if (details.envelope.code === '000') return token
    }
    logins += 1
    const phone = `86:1390000${String(logins).padStart(4, '0')}`
    token = (await loginAs(app, phone, `127.0.1.${logins % 250}`)).accessToken
    return token
  }

  beforeAll(() => {
    console.log(`fuzz seed ${SEED} (HARDENING_FUZZ_SEED=${SEED} replays it)`)
  })
  afterAll(async () => {
    await app.close()
  })

  it('reads every operation from the document, signed and login-required ones among them', () => {
    expect(operations.length).toBeGreaterThan(90)
    expect(operations.filter((operation) => operation.login === 'required').length).toBeGreaterThan(
      50,
    )
    expect(operations.filter((operation) => operation.body !== null).length).toBeGreaterThan(50)
  })

  it.each(ordered.map((operation) => [operationName(operation), operation] as const))(
    '%s answers every fuzzed request with a contract envelope',
    async (_name, operation) => {
      const session = await liveToken()
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation, resolve), async (request) => {
          const response = await app.inject(injectOptions(app, operation, request, session))
          const violation = contractViolation(
            { statusCode: response.statusCode, headers: response.headers, body: response.body },
            operation,
          )
          if (violation !== null) throw new Error(violation)
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      )
    },
  )
})
