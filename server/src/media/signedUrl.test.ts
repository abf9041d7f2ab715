import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFileUrlSigner, FILE_URL_KEY_FILE, loadOrCreateFileUrlKey } from './signedUrl'

const KEY = 'a'.repeat(64)
const OTHER_KEY = 'b'.repeat(64)
const NOW = new Date('2026-03-01T02:00:00.000Z')

function parts(url: string): { path: string; expires: string | null; signature: string | null } {
  const parsed = new URL(url, 'http://localhost')
  return {
    path: parsed.pathname,
    expires: parsed.searchParams.get('expires'),
    signature: parsed.searchParams.get('signature'),
  }
}

describe('file URL signer', () => {
  const signer = createFileUrlSigner('a-secret-for-file-urls')

  it('signs /files/<key>/<name> for 3600 s', () => {
    const url = signer.urlFor(KEY, 'audio.mp3', NOW)
    const { path, expires, signature } = parts(url)
    expect(path).toBe(`/files/${KEY}/audio.mp3`)
    expect(Number(expires)).toBe(NOW.getTime() / 1000 + 3600)
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    expect(signer.check(KEY, expires, signature, NOW)).toBe('valid')
    expect(signer.check(KEY, expires, signature, new Date(NOW.getTime() + 3599_000))).toBe('valid')
  })

  it('expires after 3600 s', () => {
    const { expires, signature } = parts(signer.urlFor(KEY, 'audio.mp3', NOW))
    expect(signer.check(KEY, expires, signature, new Date(NOW.getTime() + 3600_000))).toBe(
      'expired',
    )
  })

  it('refuses a URL for another file, a moved expiry, or a changed signature', () => {
    const { expires, signature } = parts(signer.urlFor(KEY, 'audio.mp3', NOW))
    expect(signer.check(OTHER_KEY, expires, signature, NOW)).toBe('invalid')
    expect(signer.check(KEY, String(Number(expires) + 3600), signature, NOW)).toBe('invalid')
    const flipped = `${signature?.slice(0, -1)}${signature?.endsWith('0') ? '1' : '0'}`
    expect(signer.check(KEY, expires, flipped, NOW)).toBe('invalid')
  })

  it('refuses a URL whose path and expiry trade characters, which keeps their concatenation', () => {
    const key = `${'a'.repeat(62)}42`
    const { expires, signature } = parts(signer.urlFor(key, 'audio.mp3', NOW))
    // A digit moved from the end of the key to the front of `expires`, and one moved back.
    expect(signer.check(key.slice(0, -1), `2${expires}`, signature, NOW)).toBe('invalid')
    expect(signer.check(`${key}${expires?.[0]}`, expires?.slice(1), signature, NOW)).toBe('invalid')
    const resultId = '0b6ed3f4-5c2a-4e0b-9a51-3c7d2e1f0a89'
    const live = new URLSearchParams(signer.queryFor(resultId, Number(expires), 'live'))
    const liveSignature = live.get('signature')
    expect(signer.check(resultId, expires, liveSignature, NOW, 'live')).toBe('valid')
    expect(signer.check(resultId.slice(0, -1), `9${expires}`, liveSignature, NOW, 'live')).toBe(
      'invalid',
    )
  })

  it('signs the kind of URL: a file signature opens no live playlist, and the reverse', () => {
    const expires = String(NOW.getTime() / 1000 + 60)
    const fileQuery = new URLSearchParams(signer.queryFor(KEY, Number(expires)))
    const liveQuery = new URLSearchParams(signer.queryFor(KEY, Number(expires), 'live'))
    expect(signer.check(KEY, expires, fileQuery.get('signature'), NOW)).toBe('valid')
    expect(signer.check(KEY, expires, fileQuery.get('signature'), NOW, 'live')).toBe('invalid')
    expect(signer.check(KEY, expires, liveQuery.get('signature'), NOW)).toBe('invalid')
    expect(signer.check(KEY, expires, liveQuery.get('signature'), NOW, 'live')).toBe('valid')
  })

  it('refuses a URL signed with another secret', () => {
    const foreign = createFileUrlSigner('another-secret-entirely')
    const { expires, signature } = parts(foreign.urlFor(KEY, 'audio.mp3', NOW))
    expect(signer.check(KEY, expires, signature, NOW)).toBe('invalid')
  })

  it.each([
    [undefined, undefined],
    ['', ''],
    ['12', 'zz'],
    ['-1', 'a'.repeat(64)],
    ['1e10', 'a'.repeat(64)],
    [['1', '2'], 'a'.repeat(64)],
    ['1', 'A'.repeat(64)],
  ])('refuses malformed parameters %j, %j', (expires, signature) => {
    expect(signer.check(KEY, expires, signature, NOW)).toBe('invalid')
  })

  it('only signs safe file names', () => {
    expect(() => signer.urlFor(KEY, '../etc', NOW)).toThrow()
    expect(() => signer.urlFor(KEY, 'a b.mp3', NOW)).toThrow()
  })
})

describe('loadOrCreateFileUrlKey', () => {
  it('makes one random key per data folder, even when two servers start together', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gy-key-'))
    try {
      const keys = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateFileUrlKey(dataDir)))
      expect(new Set(keys).size).toBe(1)
      expect(keys[0]).toMatch(/^[0-9a-f]{64}$/)
      expect(await readdir(dataDir)).toEqual([FILE_URL_KEY_FILE])
      const other = await mkdtemp(path.join(tmpdir(), 'gy-key-'))
      expect(await loadOrCreateFileUrlKey(other)).not.toBe(keys[0])
      await rm(other, { recursive: true, force: true })
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
