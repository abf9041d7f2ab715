/**
 * Signed file URLs: `/files/<key>/<name>?expires=<unix s>&signature=<hex HMAC-SHA256>`.
 * Media elements cannot add the API's signature headers, so a file read is authorised by the URL
 * itself, for a limited time, and for exactly one stored file (the name is cosmetic: it gives the
 * browser a file name and extension, and is not signed).
 *
 * The HMAC covers the kind of URL, the subject (a storage key, or a live song's result id) and the
 * expiry as a JSON array, so no field can borrow characters from the next: with the fields simply
 * joined, a digit moved from the end of the path to the front of `expires` kept the signature.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SIGNED_URL_TTL_SECONDS } from '@gy/api/constants'
import type { StorageKey } from '../storage/fileStorage'

export const FILES_PREFIX = '/files'

/** A file name in a signed URL: letters, digits, dot, dash and underscore only. */
const FILE_NAME_PATTERN = /^[A-Za-z0-9._-]{1,100}$/
const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/
const EXPIRES_PATTERN = /^[0-9]{1,12}$/

export function isFileName(value: string): boolean {
  return FILE_NAME_PATTERN.test(value)
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid'

/** What a signed URL opens: a stored file (`/files/<key>/…`) or a live song's playlist. */
export type SignedUrlKind = 'file' | 'live'

/** Names the encoding, so a signature made for anything else can never match. */
const SIGNED_FORMAT = 'gy-file-url/2'

export interface FileUrlSigner {
  /** The origin-relative signed URL of `key`, valid for `ttlSeconds` from `now`. */
  urlFor(key: StorageKey, name: string, now: Date): string
  /**
   * The query string (without `?`) that authorises `subject` until `expiresAt` (unix seconds):
   * a stored file's key, or for `kind` 'live' a live song's result id.
   */
  queryFor(subject: string, expiresAt: number, kind?: SignedUrlKind): string
  /** When a URL signed at `now` stops working, in unix seconds. */
  expiryFrom(now: Date): number
  check(
    subject: string,
    expires: unknown,
    signature: unknown,
    now: Date,
    kind?: SignedUrlKind,
  ): SignatureCheck
}

export function createFileUrlSigner(
  secret: string,
  ttlSeconds: number = SIGNED_URL_TTL_SECONDS,
): FileUrlSigner {
  const signatureOf = (kind: SignedUrlKind, subject: string, expires: string): string =>
    createHmac('sha256', secret)
      .update(JSON.stringify([SIGNED_FORMAT, kind, subject, expires]), 'utf8')
      .digest('hex')

  const queryFor = (subject: string, expiresAt: number, kind: SignedUrlKind = 'file'): string =>
    `expires=${expiresAt}&signature=${signatureOf(kind, subject, String(expiresAt))}`

  const expiryFrom = (now: Date): number => Math.floor(now.getTime() / 1000) + ttlSeconds

  return {
    queryFor,
    expiryFrom,
    urlFor(key, name, now) {
      if (!isFileName(name)) throw new Error(`Not a file name for a URL: ${name}`)
      return `${FILES_PREFIX}/${key}/${name}?${queryFor(key, expiryFrom(now))}`
    },
    check(subject, expires, signature, now, kind = 'file') {
      if (typeof expires !== 'string' || typeof signature !== 'string') return 'invalid'
      if (!EXPIRES_PATTERN.test(expires) || !SIGNATURE_PATTERN.test(signature)) return 'invalid'
      const expected = Buffer.from(signatureOf(kind, subject, expires), 'hex')
      // Constant time, so the signature cannot be guessed byte by byte from response times.
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid'
      // Only a genuine URL learns that it expired.
      return Number(expires) * 1000 <= now.getTime() ? 'expired' : 'valid'
    },
  }
}

/** The file, under DATA_DIR, holding the embedded default's key of file URLs. */
export const FILE_URL_KEY_FILE = 'file-url.key'
const FILE_URL_KEY_PATTERN = /^[0-9a-f]{64}$/

function isAlreadyThere(error: unknown): boolean {
  return error instanceof Error && Reflect.get(error, 'code') === 'EEXIST'
}

/**
 * The key of file URLs when FILE_URL_SECRET is not set: 32 random bytes made on the first start
 * and kept in `<dataDir>/file-url.key`, so URLs outlive a restart. It must not come from
 * SIGN_SECRET: the web build carries that secret to every browser.
 */
export async function loadOrCreateFileUrlKey(dataDir: string): Promise<string> {
  const keyPath = path.join(dataDir, FILE_URL_KEY_FILE)
  await mkdir(dataDir, { recursive: true })
  const candidate = `${keyPath}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(candidate, randomBytes(32).toString('hex'), { mode: 0o600 })
  try {
    // A hard link appears whole or not at all: two servers starting together agree on one key.
    await link(candidate, keyPath)
  } catch (error) {
    if (!isAlreadyThere(error)) throw error
  } finally {
    await rm(candidate, { force: true })
  }
  const key = (await readFile(keyPath, 'utf8')).trim()
  if (!FILE_URL_KEY_PATTERN.test(key)) {
    throw new Error(`${keyPath} does not hold a file URL key: delete it to make a new one`)
  }
  return key
}
