import sha256 from 'crypto-js/sha256'
import { signedText } from './signing'

/**
 * The contract's signature: lowercase hex SHA-256 of `signedText`. The browser's only use of
 * crypto-js (discontinued upstream), kept behind this one function so Web Crypto can replace it;
 * the server hashes the same text with node:crypto.
 */
export function sign(bodyText: string, nonce: string, timestamp: string, secret: string): string {
  return sha256(signedText(bodyText, nonce, timestamp, secret)).toString()
}
