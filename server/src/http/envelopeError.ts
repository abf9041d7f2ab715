import { SUCCESS_CODE, type Envelope, type ResponseCode } from '@gy/api/envelope'

export type ErrorCode = Exclude<ResponseCode, typeof SUCCESS_CODE>

/**
 * A refusal the client should see: the central error handler turns it into the envelope
 * `{code, msg, data}` with the HTTP status that goes with `code`.
 */
export class EnvelopeError extends Error {
  override name = 'EnvelopeError'
  readonly code: ErrorCode
  readonly data: unknown

  /** `message` is shown to the user as is, so it must come from MESSAGES (Chinese). */
  constructor(code: ErrorCode, message: string, data: unknown = null) {
    super(message)
    this.code = code
    this.data = data
  }
}

export function success<Data>(data: Data, msg = ''): Envelope<Data> {
  return { code: SUCCESS_CODE, msg, data }
}

export function failure(code: ErrorCode, msg: string, data: unknown = null): Envelope {
  return { code, msg, data }
}
