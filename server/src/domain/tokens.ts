import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** A fresh access token: 256 random bits, URL-safe. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps instead of a secret: its lowercase hex SHA-256. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Compares two lowercase hex digests without leaking where they first differ. */
export function sameHexDigest(left: string, right: string): boolean {
  const leftBytes = Buffer.from(left, 'hex')
  const rightBytes = Buffer.from(right, 'hex')
  return leftBytes.length === rightBytes.length && timingSafeEqual(leftBytes, rightBytes)
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header)
  return match?.[1] ?? null
}
