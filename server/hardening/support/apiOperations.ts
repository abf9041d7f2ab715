/**
 * Every operation of the API as the server's own document (`GET /api/openapi.json`) states it:
 * method, path, whether it is signed, what login it needs, its body and query schemas, and
 * whether it answers with the envelope. The hardening tests take their list of routes from here,
 * so a route added tomorrow is fuzzed and checked for login without anyone listing it.
 */
import type { Envelope } from '@gy/api/envelope'
import { RESPONSE_CODES, httpStatusOf } from '@gy/api/envelope'
import type { FastifyInstance } from 'fastify'
import type { JsonSchema, RefResolver } from './schemaArbitrary'

export type LoginNeed = 'required' | 'optional' | 'none'

export interface ApiOperation {
  method: 'GET' | 'POST'
  /** As the document writes it, `{name}` for path parameters. */
  path: string
  signed: boolean
  login: LoginNeed
  /** The request body's schema and content type, when the operation takes one. */
  body: { contentType: string; schema: JsonSchema } | null
  /** Query parameters as one object schema (`properties`, `required`). */
  query: JsonSchema | null
  pathParameters: string[]
  /** The success answer's content types: `application/json` with an envelope for most. */
  successContentTypes: string[]
  /** The 200 answer is the envelope (the contract's rule); false for the exceptions below. */
  answersEnvelope: boolean
}

/**
 * The operations under /api that the contract lets answer in another format when they succeed
 * (their refusals are envelopes all the same): this document itself, the reference page's
 * files, the live job events (server-sent events, each event an envelope) and the payment
 * provider's notification, answered in the provider's own acknowledgement format. Outside /api,
 * stored files, HLS playlists and segments, certificate PDFs and the web app are not API calls.
 */
export const NON_ENVELOPE_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/reference.js',
  'GET /api/docs/reference.css',
  'GET /api/ai-server/musicfy/jobEvents',
  'POST /api/payments/notify/{provider}',
])

const PAYMENT_NOTIFICATION = 'POST /api/payments/notify/{provider}'

/**
 * The payment provider's own acknowledgement, success or refusal. WeChat Pay (and the sandbox that
 * imitates it) sends a notification again until it is acknowledged, so a forged or unknown one is
 * answered FAIL, and nothing else is said; its status is a 4xx, as for any request the sender got
 * wrong (a 5xx only when we could not record a good notification).
 */
function isProviderAcknowledgement(answer: AnswerToCheck): boolean {
  if (answer.body === 'success' || answer.body === 'fail') return true
  try {
    const parsed = JSON.parse(answer.body) as { code?: unknown }
    const keys = Object.keys(parsed).sort().join(',')
    return (
      (parsed.code === 'SUCCESS' && keys === 'code') ||
      (parsed.code === 'FAIL' && keys === 'code,message')
    )
  } catch {
    return false
  }
}

interface OpenApiParameter {
  $ref?: string
  in?: string
  name?: string
  required?: boolean
  schema?: JsonSchema
}

interface OpenApiOperationObject {
  parameters?: OpenApiParameter[]
  security?: Array<Record<string, string[]>>
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { content?: Record<string, unknown> }>
}

export interface OpenApiDocumentJson {
  paths: Record<string, Record<string, OpenApiOperationObject>>
  components: {
    schemas?: Record<string, JsonSchema>
    parameters?: Record<string, OpenApiParameter>
  }
}

export function operationName(operation: Pick<ApiOperation, 'method' | 'path'>): string {
  return `${operation.method} ${operation.path}`
}

function loginNeedOf(security: OpenApiOperationObject['security']): LoginNeed {
  if (security === undefined || security.length === 0) return 'none'
  // `[{}, {bearerAuth: []}]`: with or without the token.
  if (security.some((requirement) => Object.keys(requirement).length === 0)) return 'optional'
  return 'required'
}

export async function readApiDocument(app: FastifyInstance): Promise<OpenApiDocumentJson> {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  if (response.statusCode !== 200) throw new Error(`no API document: ${response.body}`)
  return JSON.parse(response.body) as OpenApiDocumentJson
}

export function refResolver(document: OpenApiDocumentJson): RefResolver {
  return (ref) => {
    const name = ref.replace('#/components/schemas/', '')
    const schema = document.components.schemas?.[name]
    if (schema === undefined) throw new Error(`unresolved schema reference ${ref}`)
    return schema
  }
}

export function apiOperations(document: OpenApiDocumentJson): ApiOperation[] {
  const parameterOf = (parameter: OpenApiParameter): OpenApiParameter =>
    parameter.$ref === undefined
      ? parameter
      : (document.components.parameters?.[parameter.$ref.split('/').pop() ?? ''] ?? parameter)
  const operations: ApiOperation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []).map(parameterOf)
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query')
      const bodyContent = Object.entries(operation.requestBody?.content ?? {})[0]
      const upperMethod = method.toUpperCase() as 'GET' | 'POST'
      const name = `${upperMethod} ${path}`
      operations.push({
        method: upperMethod,
        path,
        signed: parameters.some((parameter) => parameter.name === 'signature'),
        login: loginNeedOf(operation.security),
        body:
          bodyContent === undefined
            ? null
            : { contentType: bodyContent[0], schema: bodyContent[1].schema },
        query:
          queryParameters.length === 0
            ? null
            : {
                type: 'object',
                properties: Object.fromEntries(
                  queryParameters.map((parameter) => [
                    parameter.name ?? '',
                    parameter.schema ?? {},
                  ]),
                ),
                required: queryParameters
                  .filter((parameter) => parameter.required === true)
                  .map((parameter) => parameter.name ?? ''),
              },
        pathParameters: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name ?? ''),
        successContentTypes: Object.keys(operation.responses['200']?.content ?? {}),
        answersEnvelope: !NON_ENVELOPE_OPERATIONS.has(name),
      })
    }
  }
  return operations
}

const CHINESE = /[\u4e00-\u9fff]/
const KNOWN_CODES = new Set<string>(RESPONSE_CODES)

export interface AnswerToCheck {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

/**
 * Why `answer` breaks the contract's rule for every response, or null when it keeps it: an
 * envelope whose code goes with its HTTP status, a Chinese message and no data on a refusal, no
 * 500, and nosniff on everything. An operation that succeeds in its own format is held to the
 * rule only when it refuses.
 */
export function contractViolation(
  answer: AnswerToCheck,
  operation: Pick<ApiOperation, 'method' | 'path' | 'answersEnvelope'>,
): string | null {
  if (
    operationName(operation) === PAYMENT_NOTIFICATION &&
    answer.statusCode < 500 &&
    isProviderAcknowledgement(answer)
  ) {
    return answer.headers['x-content-type-options'] === 'nosniff'
      ? null
      : 'no X-Content-Type-Options'
  }
  const envelopeExpected = operation.answersEnvelope
  if (answer.statusCode >= 500) return `HTTP ${answer.statusCode}: ${answer.body.slice(0, 300)}`
  if (answer.headers['x-content-type-options'] !== 'nosniff') return 'no X-Content-Type-Options'
  if (!envelopeExpected && answer.statusCode < 400) return null
  const contentType = String(answer.headers['content-type'] ?? '')
  if (!contentType.startsWith('application/json')) return `content type ${contentType}`
  let envelope: Envelope
  try {
    envelope = JSON.parse(answer.body) as Envelope
  } catch {
    return `not JSON: ${answer.body.slice(0, 300)}`
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    return `not an envelope: ${answer.body.slice(0, 300)}`
  }
  if (!KNOWN_CODES.has(envelope.code)) return `unknown code ${String(envelope.code)}`
  if (typeof envelope.msg !== 'string' || !('data' in envelope)) return 'envelope without msg/data'
  if (httpStatusOf(envelope.code) !== answer.statusCode) {
    return `code ${envelope.code} with HTTP ${answer.statusCode}`
  }
  if (envelope.code === '500') return `code 500: ${envelope.msg}`
  if (envelope.code !== '000') {
    if (!CHINESE.test(envelope.msg)) return `refusal without a Chinese message: ${envelope.msg}`
    if (envelope.data !== null) return `refusal with data: ${answer.body.slice(0, 300)}`
  }
  return null
}
