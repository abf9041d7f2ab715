/** Signs a request exactly as the browser client does (CONTRACT.md, "Headers every call carries"). */
import { PLATFORM, randomString, sign } from '@gy/api'

export interface SigningInput {
  /** The exact body text sent; '' for no body and for multipart. */
  bodyText: string
  secret: string
  /** Milliseconds since the epoch. */
  now: number
  token?: string | undefined
}

export function signedHeaders(input: SigningInput): Record<string, string> {
  const nonce = randomString()
  const timestamp = String(input.now)
  return {
    nonce,
    timestamp,
    signature: sign(input.bodyText, nonce, timestamp, input.secret),
    platform: String(PLATFORM),
    ...(input.token === undefined ? {} : { authorization: `Bearer ${input.token}` }),
  }
}
