/**
 * The OpenAPI 3.1 document of the API, built from the routes as they were registered: each
 * route's own zod schemas (request and response `data`), wrapped in the envelope, with the
 * signature headers, bearer login and the refusals it can give. zod-openapi turns the zod schemas
 * into JSON Schema (through zod 4's own `toJSONSchema`) and gathers the named ones as components.
 */
import { NONCE_LENGTH } from '@gy/api/constants'
import { RESPONSE_CODES, httpStatusOf } from '@gy/api/envelope'
import { z } from 'zod'
import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiParameters,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi'
import type { ErrorCode } from '../http/envelopeError'
import type { AuthMode } from '../http/route'
import type { EnvelopeRouteDocument, PlainRouteDocument, RouteDocument } from './routeDocument'

/** A route as fastify registered it: its full URL and the config apiRoute wrote. */
export interface RegisteredRoute {
  method: string
  url: string
  auth: AuthMode
  signed: boolean
  document: RouteDocument | undefined
}

export type OpenApiDocument = ReturnType<typeof createDocument>

const ERROR_MEANINGS: Record<ErrorCode, string> = {
  '400':
    '输入有误：字段缺失或格式错误、签名不符、时间戳超出 5 分钟或 nonce 重放；msg 用中文说明原因',
  '401': '未登录，或登录已过期、已退出',
  '402': '账号已在别处登录，此登录已被取代（HTTP 状态为 401）',
  '403': '已登录，但无权操作该资源',
  '404': '资源不存在',
  '409': '冲突：已经做过（已投票、重复存证、积分不足……）',
  '413': '上传的内容过大',
  '416': '请求的字节范围无法满足',
  '429': '请求过于频繁（短信、登录、未支付订单……）',
  '500': '服务器异常，请稍后重试；不泄露任何内部信息',
}

const ERROR_CODES = RESPONSE_CODES.filter((code): code is ErrorCode => code !== '000')

const signatureHeaders = z.object({
  nonce: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}$`))
    .meta({
      param: { id: 'nonce' },
      description: '16 个随机字符（A-Z a-z 0-9）；5 分钟内同一 nonce 只接受一次',
    }),
  timestamp: z
    .string()
    .regex(/^\d+$/)
    .meta({
      param: { id: 'timestamp' },
      description: '发送时刻，自 1970-01-01 起的毫秒数（十进制）；与服务器时钟相差不得超过 5 分钟',
    }),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({
      param: { id: 'signature' },
      description:
        'SHA-256(bodyText + nonce + timestamp + SIGN_SECRET) 的小写十六进制；bodyText 是请求体的原文，无请求体或上传文件时为空字符串',
    }),
  // Sent by every client, as the contract says; the server does not refuse a call without it.
  platform: z
    .literal('3')
    .optional()
    .meta({ param: { id: 'platform' }, description: '平台编号，网页端为 3' }),
})

const BEARER_SCHEME = 'bearerAuth'

function errorEnvelope(codes: readonly ErrorCode[]) {
  return z.object({
    code: z.enum(codes),
    msg: z.string().describe('给用户看的中文说明'),
    data: z.null(),
  })
}

function successEnvelope(data: z.ZodType | undefined) {
  return z.object({
    code: z.literal('000'),
    msg: z.string(),
    data: data ?? z.unknown().describe('这个接口还没有声明返回数据的结构'),
  })
}

/** Refusals grouped by the HTTP status they travel with (402 travels as 401). */
function errorResponses(codes: ReadonlySet<ErrorCode>): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of ERROR_CODES) {
    if (!codes.has(code)) continue
    const status = httpStatusOf(code)
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  const responses: ZodOpenApiResponsesObject = {}
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    // Error statuses are 400 to 500: always a 4xx or 5xx key.
    responses[`${status}` as `4${string}` | `5${string}`] = {
      description: statusCodes.map((code) => `${code}：${ERROR_MEANINGS[code]}`).join('；'),
      content: { 'application/json': { schema: errorEnvelope(statusCodes) } },
    }
  }
  return responses
}

/** The refusals a route can give: its own, and those of every route of its kind. */
function errorCodesOf(route: RegisteredRoute, document: RouteDocument | undefined): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(document?.errors ?? [])
  if (route.signed) codes.add('400')
  if (
    document?.kind === 'envelope' &&
    (document.body ?? document.query ?? document.form) !== undefined
  ) {
    codes.add('400')
  }
  if (route.auth === 'required') {
    codes.add('401')
    codes.add('402')
  }
  codes.add('500')
  return codes
}

function securityOf(auth: AuthMode): ZodOpenApiOperationObject['security'] {
  if (auth === 'required') return [{ [BEARER_SCHEME]: [] }]
  // An optional login: with or without the bearer token.
  if (auth === 'optional') return [{}, { [BEARER_SCHEME]: [] }]
  return []
}

/** `/api/payments/notify/:provider` → `/api/payments/notify/{provider}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/** The service a route belongs to: the path segment after /api. */
export function serviceOf(url: string): string {
  return url.split('/')[2] ?? 'api'
}

function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]?.toUpperCase() + word.slice(1)),
  ].join('')
}

function envelopeOperation(
  route: RegisteredRoute,
  document: EnvelopeRouteDocument | undefined,
): ZodOpenApiOperationObject {
  const requestParams: ZodOpenApiParameters = {}
  if (route.signed) requestParams.header = signatureHeaders
  if (document?.query !== undefined) requestParams.query = document.query as z.ZodObject
  return {
    summary: document?.summary,
    requestParams,
    ...(document?.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: document.body } },
          },
        }),
    ...(document?.form === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'multipart/form-data': { schema: document.form } },
          },
        }),
    responses: {
      '200': {
        description: '成功：code 为 000',
        content: { 'application/json': { schema: successEnvelope(document?.response) } },
      },
      ...errorResponses(errorCodesOf(route, document)),
    },
  }
}

function plainOperation(
  route: RegisteredRoute,
  document: PlainRouteDocument,
): ZodOpenApiOperationObject {
  const requestParams: ZodOpenApiParameters = {}
  if (route.signed) requestParams.header = signatureHeaders
  if (document.params !== undefined) requestParams.path = document.params
  const contentOf = (schemas: Readonly<Record<string, z.ZodType>>) =>
    Object.fromEntries(Object.entries(schemas).map(([type, schema]) => [type, { schema }]))
  return {
    summary: document.summary,
    description: document.description,
    requestParams,
    ...(document.requestContent === undefined
      ? {}
      : { requestBody: { required: true, content: contentOf(document.requestContent) } }),
    responses: {
      '200': { description: '成功（不是信封格式）', content: contentOf(document.responseContent) },
      ...errorResponses(errorCodesOf(route, document)),
    },
  }
}

const DESCRIPTION = `GY音乐的接口，由服务器注册的路由及其校验用的 zod 模式生成。

- 除特别说明外，每个接口都是 POST，请求体为 JSON；send-sms 的字段放在查询参数里，没有请求体。
- 每个响应（成功或失败）都是信封 \`{ "code", "msg", "data" }\`：code 为 000 表示成功，其余与 HTTP 状态相同（402 以 HTTP 401 返回）。
- 签名：请求头带 nonce、timestamp、signature、platform，signature = SHA-256(bodyText + nonce + timestamp + SIGN_SECRET) 的小写十六进制。/api/dev/* 与本文档不签名。
- 登录后的接口带 \`Authorization: Bearer <accessToken>\`。`

/** Builds the document from the routes; routes outside /api and HEAD twins are left out. */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[]): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {}
  const services = new Set<string>()
  for (const route of routes) {
    const method = route.method.toLowerCase()
    if (method !== 'get' && method !== 'post') continue
    const document = route.document
    const operation =
      document?.kind === 'plain'
        ? plainOperation(route, document)
        : envelopeOperation(route, document)
    const service = serviceOf(route.url)
    services.add(service)
    const path = openApiPath(route.url)
    paths[path] = {
      ...paths[path],
      [method]: {
        ...operation,
        operationId: operationIdOf(method, route.url),
        tags: [service],
        security: securityOf(route.auth),
      },
    }
  }
  const object: ZodOpenApiObject = {
    openapi: '3.1.0',
    info: { title: 'GY音乐 API', version: '1', description: DESCRIPTION },
    tags: [...services].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: '登录接口返回的 accessToken',
        },
      },
    },
  }
  return createDocument(object)
}
