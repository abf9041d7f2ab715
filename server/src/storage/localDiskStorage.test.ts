import { createHash } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalDiskStorage } from './localDiskStorage'

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

describe('LocalDiskStorage', () => {
  let root: string
  let storage: LocalDiskStorage
  const bytes = new Uint8Array(Array.from({ length: 3000 }, (_, index) => index % 251))
  const sha = createHash('sha256').update(bytes).digest('hex')

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'gy-storage-'))
    storage = new LocalDiskStorage(root)
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('stores bytes under their SHA-256 and reads them back whole or by range', async () => {
    const stored = await storage.put(bytes, 'audio/mpeg')
    expect(stored).toEqual({ key: sha, size: 3000, contentType: 'audio/mpeg' })
    expect(await readdir(path.join(root, sha.slice(0, 2)))).toEqual([sha, `${sha}.type`])
    expect(await storage.stat(sha)).toEqual(stored)
    expect(await storage.exists(sha)).toBe(true)
    expect(Buffer.from(await storage.readAll(sha)).equals(Buffer.from(bytes))).toBe(true)
    const middle = await collect(storage.read(sha, { start: 100, end: 199 }))
    expect(middle.equals(Buffer.from(bytes.subarray(100, 200)))).toBe(true)
    expect((await collect(storage.read(sha))).length).toBe(3000)
  })

  it('stores the same bytes once, keeping the first content type', async () => {
    const again = await storage.put(bytes, 'image/png')
    expect(again).toEqual({ key: sha, size: 3000, contentType: 'audio/mpeg' })
    expect(await readdir(path.join(root, sha.slice(0, 2)))).toHaveLength(2)
  })

  it('knows nothing of keys it does not hold, or of strings that are not keys', async () => {
    expect(await storage.stat('0'.repeat(64))).toBeNull()
    expect(await storage.exists('0'.repeat(64))).toBe(false)
    expect(await storage.stat('../../etc/passwd')).toBeNull()
    expect(() => storage.read('../x')).toThrow()
  })

  it('stores an empty file', async () => {
    const empty = await storage.put(new Uint8Array(), 'text/plain')
    expect(empty.size).toBe(0)
    expect((await storage.readAll(empty.key)).length).toBe(0)
  })
})
