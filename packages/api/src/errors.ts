import { MESSAGES } from './messages'

/**
 * Why a call failed: `business` is an envelope with a non-success code, `session` a 401/402/403
 * envelope, the rest are transport failures. Pages show `message`; only the session machine cares
 * about the rest.
 */
export const API_ERROR_KINDS = ['business', 'session', 'timeout', 'network', 'server'] as const
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number]

export const SESSION_CODES = ['401', '402', '403'] as const
export type SessionCode = (typeof SESSION_CODES)[number]

export function isSessionCode(code: string): code is SessionCode {
  return (SESSION_CODES as readonly string[]).includes(code)
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  /** The envelope code when there was one; otherwise the kind. */
  readonly code: string
  readonly status: number | undefined

  constructor(kind: ApiErrorKind, code: string, message: string, status?: number) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.code = code
    this.status = status
  }
}

function isEnvelopeLike(value: unknown): value is { code: string; msg?: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string'
  )
}

/** The message the spec wants for a response: the server's msg, or the generic server fault. */
function messageOf(body: unknown): string {
  if (isEnvelopeLike(body) && typeof body.msg === 'string' && body.msg.trim() !== '') {
    return body.msg
  }
  return MESSAGES.serverError
}

/** Turns an envelope that is not a success into the matching error. */
export function errorFromEnvelope(body: unknown, status?: number): ApiError {
  if (!isEnvelopeLike(body)) return new ApiError('server', 'server', MESSAGES.serverError, status)
  const kind: ApiErrorKind = isSessionCode(body.code)
    ? 'session'
    : body.code === '500'
      ? 'server'
      : 'business'
  return new ApiError(kind, body.code, messageOf(body), status)
}

/** Turns anything a call can throw into one ApiError with the spec's message (SPEC.md section 8). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  // fetch rejects with a TypeError when the request never got an answer (offline, refused).
  if (error instanceof TypeError) return new ApiError('network', 'network', MESSAGES.networkError)
  return new ApiError('server', 'server', MESSAGES.serverError)
}
