import axios, { type AxiosInstance, type InternalAxiosRequestConfig } from 'axios'
import { PLATFORM, REQUEST_TIMEOUT_MS } from './constants'
import { type Envelope, SUCCESS_CODE } from './envelope'
import { ApiError, type SessionCode, errorFromEnvelope, isSessionCode, toApiError } from './errors'
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
   * How the client was made: for a call axios cannot make, such as an event stream read with
   * fetch (eventStream.ts), which signs and reports session errors the same way.
   */
  readonly options: ApiClientOptions
  /** The underlying axios instance, for tests and for adding interceptors. */
  readonly instance: AxiosInstance
}

interface SignedConfig extends InternalAxiosRequestConfig {
  gyHadToken?: boolean
}

function isFormData(value: unknown): boolean {
  return typeof FormData !== 'undefined' && value instanceof FormData
}

/** Builds the one axios instance of the app: signed, token-bearing, envelope-reading. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const instance = axios.create({
    baseURL: options.baseURL ?? '/api',
    method: 'POST',
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    // The body is serialised once, by the signing interceptor, and sent as that exact text.
    transformRequest: [(data: unknown) => data],
    // Every status carries an envelope; it is read below, not thrown by axios.
    validateStatus: () => true,
  })

  instance.interceptors.request.use((config: SignedConfig) => {
    let bodyText = ''
    if (config.data !== undefined && !isFormData(config.data)) {
      bodyText = typeof config.data === 'string' ? config.data : JSON.stringify(config.data)
      config.data = bodyText
      config.headers.set('Content-Type', 'application/json;charset=UTF-8')
    }
    const nonce = randomString()
    const timestamp = String(Date.now())
    config.headers.set('nonce', nonce)
    config.headers.set('timestamp', timestamp)
    config.headers.set('signature', sign(bodyText, nonce, timestamp, options.secret))
    config.headers.set('platform', String(PLATFORM))
    return config
  })

  let pendingLoads = 0
  function changeLoading(delta: number): void {
    pendingLoads += delta
    options.onLoadingChange?.(pendingLoads)
  }

  async function request<Data>(call: RequestOptions): Promise<Data> {
    const token = call.auth === false ? undefined : options.getToken()
    const url = `/${call.service}/${call.path}${call.suffix ? `/${encodeURIComponent(call.suffix)}` : ''}`
    if (call.loading) changeLoading(1)
    try {
      const response = await instance.request<Envelope<Data>>({
        url,
        method: call.method ?? 'POST',
        params: call.params,
        data: call.body,
        timeout: call.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        ...(call.onUploadProgress === undefined
          ? {}
          : {
              onUploadProgress: (event: { loaded: number; total?: number | undefined }) => {
                if (event.total !== undefined && event.total > 0) {
                  call.onUploadProgress?.(Math.min(1, event.loaded / event.total))
                }
              },
            }),
      })
      const envelope = response.data
      if (envelope && typeof envelope === 'object' && envelope.code === SUCCESS_CODE) {
        return envelope.data
      }
      const error = errorFromEnvelope(envelope, response.status)
      if (isSessionCode(error.code)) {
        options.onSessionError?.({ code: error.code, hadToken: token !== undefined })
      }
      throw error
    } catch (error) {
      throw error instanceof ApiError ? error : toApiError(error)
    } finally {
      if (call.loading) changeLoading(-1)
    }
  }

  return { request, options, instance }
}
