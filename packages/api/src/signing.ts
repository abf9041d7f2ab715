/**
 * The pure half of the contract's request signature: the nonce and the text that is hashed.
 * No hash library here, so the server hashes with node:crypto and the browser with `sign()`.
 */
import { NONCE_LENGTH } from './constants'

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random alphanumeric string (the spec's helper, default length 16), from a CSPRNG. */
export function randomString(length: number = NONCE_LENGTH): string {
  const bytes = new Uint8Array(length)
  globalThis.crypto.getRandomValues(bytes)
  let text = ''
  // 256 is not a multiple of 62; rejecting the top bytes keeps every character equally likely.
  for (let index = 0; index < length; index += 1) {
    let byte = bytes[index] ?? 0
    while (byte >= 248) byte = globalThis.crypto.getRandomValues(new Uint8Array(1))[0] ?? 0
    text += ALPHANUMERIC[byte % ALPHANUMERIC.length]
  }
  return text
}

/** The text the contract's signature hashes: bodyText + nonce + timestamp + secret. */
export function signedText(
  bodyText: string,
  nonce: string,
  timestamp: string,
  secret: string,
): string {
  return bodyText + nonce + timestamp + secret
}
