import { PLATFORM, REQUEST_TIMEOUT_MS } from './constants'
import { type Envelope, SUCCESS_CODE } from './envelope'
import { ApiError, type SessionCode, errorFromEnvelope, isSessionCode, toApiError } from './errors'
import { MESSAGES } from './messages'
import { sign } from './sign'
import { randomString } from './signing'

export const SERVICES = ['user-server', 'music-server', 'cicc-server', 'ai-server'] as const
export type ServiceName = (typeof SERVICES)[number]

export interface SessionErrorEvent {
  code: SessionCode
  /** Whether the failed call carried a token: the spec's two branches differ on it. */
  hadToken: boolean
}

export interface ApiClientOptions {
  /** Where the API lives; `/api` on the same origin by default. */
  baseURL?: string
  /** The contract's signing secret (SIGN_SECRET), given to the web build at build time. */
  secret: string
  getToken: () => string | undefined
  onSessionError?: (event: SessionErrorEvent) => void
  /** Told how many calls that asked for a loading indicator are still pending. */
  onLoadingChange?: (pending: number) => void
  timeoutMs?: number
}

export interface RequestOptions {
  service: ServiceName
  path: string
  method?: 'POST' | 'GET'
  /** Query parameters, e.g. send-sms sends its fields this way. */
  params?: Record<string, string | number>
  /** A JSON body, or FormData for uploads. */
  body?: unknown
  /** A dynamic suffix appended to the path, e.g. an id. */
  suffix?: string
  /** Whether the call carries the bearer token (default yes, as in the spec). */
  auth?: boolean
  /** Whether the call counts towards the loading indicator. */
  loading?: boolean
  timeoutMs?: number
  /** Told the fraction sent (0 to 1) while an upload's body goes out. */
  onUploadProgress?: (fraction: number) => void
}

export interface ApiClient {
  /** Resolves with the envelope's data on code 000; rejects with an ApiError otherwise. */
  request<Data>(options: RequestOptions): Promise<Data>
  /**
   * How the client was made: for a call `request` does not make, such as an event stream
   * (eventStream.ts), which signs and reports session errors the same way.
   */
  readonly options: ApiClientOptions
}

/** The contract's signature headers for a body text (CONTRACT.md, signed calls). */
export function signedHeaders(bodyText: string, secret: string): Record<string, string> {
  const nonce = randomString()
  const timestamp = String(Date.now())
  return {
    nonce,
    timestamp,
    signature: sign(bodyText, nonce, timestamp, secret),
    platform: String(PLATFORM),
  }
}

/** Query text as the server has always received it: `:` and `,` stay readable (86:138…). */
function queryOf(params: Record<string, string | number> | undefined): string {
  const pairs = Object.entries(params ?? {}).map(
    ([name, value]) =>
      `${encodeURIComponent(name)}=${encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%2C/gi, ',')}`,
  )
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

interface Exchange {
  url: string
  method: 'POST' | 'GET'
  headers: Record<string, string>
  body: string | FormData | undefined
  timeoutMs: number
}

interface Answer {
  status: number
  text: string
}

const timeoutError = () => new ApiError('timeout', 'timeout', MESSAGES.timeout)
const networkError = () => new ApiError('network', 'network', MESSAGES.networkError)

/** The ordinary way out: fetch, given up after the timeout. */
async function sendWithFetch(exchange: Exchange): Promise<Answer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), exchange.timeoutMs)
  try {
    const response = await fetch(exchange.url, {
      method: exchange.method,
      headers: exchange.headers,
      body: exchange.body,
      signal: controller.signal,
    })
    return { status: response.status, text: await response.text() }
  } catch {
    throw controller.signal.aborted ? timeoutError() : networkError()
  } finally {
    clearTimeout(timer)
  }
}

/** Uploads that show progress: fetch cannot tell how much of a body has gone out; XHR can. */
function sendWithProgress(
  Request: NonNullable<typeof XMLHttpRequest>,
  exchange: Exchange,
  onUploadProgress: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new Request()
    xhr.open(exchange.method, exchange.url)
    for (const [name, value] of Object.entries(exchange.headers)) xhr.setRequestHeader(name, value)
    xhr.timeout = exchange.timeoutMs
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onUploadProgress(Math.min(1, event.loaded / event.total))
      }
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    xhr.ontimeout = () => reject(timeoutError())
    xhr.onerror = () => reject(networkError())
    xhr.send(exchange.body ?? null)
  })
}

function parseEnvelope<Data>(text: string): Envelope<Data> | undefined {
  try {
    return JSON.parse(text) as Envelope<Data>
  } catch {
    // A proxy's HTML error page or an empty answer: not an envelope (the server fault message).
    return undefined
  }
}

/** Builds the app's one API client: signed, token-bearing, envelope-reading, on fetch. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseURL = options.baseURL ?? '/api'

  let pendingLoads = 0
  function changeLoading(delta: number): void {
    pendingLoads += delta
    options.onLoadingChange?.(pendingLoads)
  }

  async function request<Data>(call: RequestOptions): Promise<Data> {
    const token = call.auth === false ? undefined : options.getToken()
    const suffix = call.suffix ? `/${encodeURIComponent(call.suffix)}` : ''
    // Serialised once: the signature covers exactly the text that is sent (CONTRACT.md).
    const form = typeof FormData !== 'undefined' && call.body instanceof FormData ? call.body : null
    const bodyText =
      form !== null || call.body === undefined
        ? ''
        : typeof call.body === 'string'
          ? call.body
          : JSON.stringify(call.body)
    const headers: Record<string, string> = signedHeaders(bodyText, options.secret)
    if (bodyText !== '') headers['Content-Type'] = 'application/json;charset=UTF-8'
    if (token) headers.Authorization = `Bearer ${token}`
    const exchange: Exchange = {
      url: `${baseURL}/${call.service}/${call.path}${suffix}${queryOf(call.params)}`,
      method: call.method ?? 'POST',
      headers,
      body: form ?? (bodyText === '' ? undefined : bodyText),
      timeoutMs: call.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    }
    if (call.loading) changeLoading(1)
    try {
      const answer =
        call.onUploadProgress !== undefined && typeof XMLHttpRequest !== 'undefined'
          ? await sendWithProgress(XMLHttpRequest, exchange, call.onUploadProgress)
          : await sendWithFetch(exchange)
      const envelope = parseEnvelope<Data>(answer.text)
      if (envelope && typeof envelope === 'object' && envelope.code === SUCCESS_CODE) {
        return envelope.data
      }
      const error = errorFromEnvelope(envelope, answer.status)
      if (isSessionCode(error.code)) {
        options.onSessionError?.({ code: error.code, hadToken: token !== undefined })
      }
      throw error
    } catch (error) {
      throw toApiError(error)
    } finally {
      if (call.loading) changeLoading(-1)
    }
  }

  return { request, options }
}
