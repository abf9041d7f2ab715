/**
 * The request signature of CONTRACT.md: `signature` = lowercase hex SHA-256 of
 * bodyText + nonce + timestamp + SIGN_SECRET, with a timestamp within 5 minutes of the server
 * clock. Pure: recording the nonce (replay refusal) is the request guard's job.
 */
import { NONCE_LENGTH, SIGNATURE_WINDOW_MS } from '@gy/api/constants'
import { MESSAGES } from '@gy/api/messages'
import { signedText } from '@gy/api/signing'
import type { IncomingHttpHeaders } from 'node:http'
import { sameHexDigest, sha256Hex } from '../domain/tokens'
import { EnvelopeError } from '../http/envelopeError'

export interface VerifiedSignature {
  nonce: string
  /** After this moment a copy of the request fails the timestamp check on its own. */
  replayableUntil: Date
}

const NONCE_PATTERN = new RegExp(`^[A-Za-z0-9]{${NONCE_LENGTH}}$`)
const TIMESTAMP_PATTERN = /^\d{1,15}$/
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/

function singleHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? undefined : value
}

/** Checks the signature headers against the body text; throws a 400 EnvelopeError if wrong. */
export function verifySignature(
  headers: IncomingHttpHeaders,
  bodyText: string,
  secret: string,
  now: Date,
): VerifiedSignature {
  const nonce = singleHeader(headers, 'nonce')
  const timestamp = singleHeader(headers, 'timestamp')
  const signature = singleHeader(headers, 'signature')
  if (!nonce || !timestamp || !signature) throw new EnvelopeError('400', MESSAGES.signatureMissing)
  if (!NONCE_PATTERN.test(nonce)) throw new EnvelopeError('400', MESSAGES.nonceInvalid)
  const sentAt = TIMESTAMP_PATTERN.test(timestamp) ? Number(timestamp) : Number.NaN
  if (!(Math.abs(now.getTime() - sentAt) <= SIGNATURE_WINDOW_MS)) {
    throw new EnvelopeError('400', MESSAGES.timestampInvalid)
  }
  // node:crypto rather than the browser's crypto-js: the same digest, several times faster.
  const expected = sha256Hex(signedText(bodyText, nonce, timestamp, secret))
  if (!SIGNATURE_PATTERN.test(signature) || !sameHexDigest(expected, signature)) {
    throw new EnvelopeError('400', MESSAGES.signatureInvalid)
  }
  return { nonce, replayableUntil: new Date(sentAt + SIGNATURE_WINDOW_MS) }
}
