/**
 * Signs a request as the browser client does (CONTRACT.md, "Headers every call carries"), with
 * node:crypto: the server and its tests never load crypto-js, which stays behind the browser's
 * `sign()`. packages/api/src/sign.test.ts pins `sign()` to this same digest.
 */
import { PLATFORM } from '@gy/api/constants'
import { randomString, signedText } from '@gy/api/signing'
import { sha256Hex } from '../domain/tokens'

export interface SigningInput {
  /** The exact body text sent; '' for no body and for multipart. */
  bodyText: string
  secret: string
  /** Milliseconds since the epoch. */
  now: number
  token?: string | undefined
}

/** The contract's signature: lowercase hex SHA-256 of body + nonce + timestamp + secret. */
export function sign(bodyText: string, nonce: string, timestamp: string, secret: string): string {
  return sha256Hex(signedText(bodyText, nonce, timestamp, secret))
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
