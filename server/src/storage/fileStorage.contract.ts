/**
 * What every FileStorage must do, as one test suite each implementation runs
 * (localDiskStorage.test.ts, s3Storage.test.ts): the same promises, proved against the real thing.
 */
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import { StorageLimitError, type FileStorage } from './fileStorage'

export interface StorageUnderTest {
  storage: FileStorage
  /** Every name the backend holds (files, sidecars, temporaries), to prove nothing was left. */
  listEverything(): Promise<string[]>
  /**
   * The test server keeps an object's date when it is copied onto itself, where S3 renews it
   * (s3rver's copyObject does not write the object again): the renewal cannot be seen there.
   */
  selfCopyKeepsDate?: boolean
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

function patterned(length: number, seed: number): Uint8Array {
  return new Uint8Array(Array.from({ length }, (_, index) => (index * 7 + seed) % 251))
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** `bytes` in chunks of `chunkSize`, then optionally a failure, as a broken upload would. */
async function* chunksOf(
  bytes: Uint8Array,
  chunkSize: number,
  failAfter?: Error,
): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += chunkSize) {
    yield bytes.subarray(start, start + chunkSize)
    await new Promise((resolve) => setImmediate(resolve))
  }
  if (failAfter !== undefined) throw failAfter
}

export function describeFileStorage(name: string, setup: () => Promise<StorageUnderTest>): void {
  describe(`${name} (the FileStorage contract)`, () => {
    let subject: StorageUnderTest
    beforeAll(async () => {
      subject = await setup()
    })

    it('stores bytes under their SHA-256 and reads them whole or by range', async () => {
      const bytes = patterned(3000, 1)
      const stored = await subject.storage.put(bytes, 'audio/mpeg')
      expect(stored).toEqual({ key: sha256(bytes), size: 3000, contentType: 'audio/mpeg' })
      expect(await subject.storage.stat(stored.key)).toEqual(stored)
      expect(await subject.storage.exists(stored.key)).toBe(true)
      expect(Buffer.from(await subject.storage.readAll(stored.key)).equals(bytes)).toBe(true)
      const middle = await collect(subject.storage.read(stored.key, { start: 100, end: 199 }))
      expect(middle.equals(bytes.subarray(100, 200))).toBe(true)
      expect((await collect(subject.storage.read(stored.key))).length).toBe(3000)
    })

    it('stores the same bytes once, keeping the first content type', async () => {
      const bytes = patterned(500, 2)
      const first = await subject.storage.put(bytes, 'image/png')
      const before = await subject.listEverything()
      const again = await subject.storage.put(bytes, 'image/jpeg')
      expect(again).toEqual(first)
      expect(await subject.listEverything()).toEqual(before)
    })

    it('streams a file in, hashing and counting it, and knows when it was there already', async () => {
      const bytes = patterned(200_000, 3)
      const stored = await subject.storage.putStream(chunksOf(bytes, 16_384), 'audio/wav', {
        maxBytes: 200_000,
      })
      expect(stored).toEqual({
        key: sha256(bytes),
        size: 200_000,
        contentType: 'audio/wav',
        created: true,
      })
      expect(Buffer.from(await subject.storage.readAll(stored.key)).equals(bytes)).toBe(true)
      const before = await subject.listEverything()
      const again = await subject.storage.putStream(chunksOf(bytes, 50_000), 'audio/wav', {
        maxBytes: 1_000_000,
      })
      expect(again).toEqual({ ...stored, created: false })
      expect(await subject.listEverything()).toEqual(before)
    })

    it('refuses a stream over its limit and leaves nothing behind', async () => {
      const before = await subject.listEverything()
      const bytes = patterned(100_001, 4)
      await expect(
        subject.storage.putStream(chunksOf(bytes, 10_000), 'audio/wav', { maxBytes: 100_000 }),
      ).rejects.toBeInstanceOf(StorageLimitError)
      expect(await subject.storage.exists(sha256(bytes))).toBe(false)
      expect(await subject.listEverything()).toEqual(before)
    })

    it('refuses a stream over its limit after several parts went up, and leaves nothing', async () => {
      // Larger than one S3 multipart part (5 MB): the upload was under way when it was refused.
      const before = await subject.listEverything()
      const bytes = patterned(12 * 1024 * 1024, 7)
      await expect(
        subject.storage.putStream(chunksOf(bytes, 1024 * 1024), 'audio/wav', {
          maxBytes: 11 * 1024 * 1024,
        }),
      ).rejects.toBeInstanceOf(StorageLimitError)
      expect(await subject.listEverything()).toEqual(before)
    })

    it('leaves nothing behind when the source fails halfway', async () => {
      const before = await subject.listEverything()
      const broken = new Error('the client went away')
      await expect(
        subject.storage.putStream(chunksOf(patterned(60_000, 5), 10_000, broken), 'audio/wav', {
          maxBytes: 1_000_000,
        }),
      ).rejects.toBe(broken)
      expect(await subject.listEverything()).toEqual(before)
    })

    it('deletes a file, and deleting nothing is no error', async () => {
      const stored = await subject.storage.put(patterned(10, 6), 'image/webp')
      await subject.storage.delete(stored.key)
      expect(await subject.storage.stat(stored.key)).toBeNull()
      await subject.storage.delete(stored.key)
    })

    it('knows nothing of keys it does not hold, or of strings that are not keys', async () => {
      expect(await subject.storage.stat('0'.repeat(64))).toBeNull()
      expect(await subject.storage.exists('0'.repeat(64))).toBe(false)
      expect(await subject.storage.stat('../../etc/passwd')).toBeNull()
      expect(() => subject.storage.read('../x')).toThrow()
    })

    it('lists every stored file with its date, and a put of stored bytes renews the date', async () => {
      const stored = await subject.storage.put(patterned(700, 8), 'audio/mpeg')
      const listed = new Map<string, Date>()
      for await (const file of subject.storage.list()) listed.set(file.key, file.modifiedAt)
      expect(listed.get(stored.key)).toBeInstanceOf(Date)
      for (const key of listed.keys()) expect(await subject.storage.exists(key)).toBe(true)
      expect(await subject.storage.modifiedAt('0'.repeat(64))).toBeNull()
      const first = (await subject.storage.modifiedAt(stored.key))?.getTime() ?? 0
      // S3 dates have whole seconds: wait past the next one.
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      await subject.storage.put(patterned(700, 8), 'audio/mpeg')
      const renewed = (await subject.storage.modifiedAt(stored.key))?.getTime() ?? 0
      if (subject.selfCopyKeepsDate === true) expect(renewed).toBe(first)
      else expect(renewed).toBeGreaterThan(first)
      await subject.storage.putStream([patterned(700, 8)], 'audio/mpeg', { maxBytes: 700 })
      expect(await subject.storage.stat(stored.key)).toEqual(stored)
    })

    it('stores an empty file', async () => {
      const empty = await subject.storage.put(new Uint8Array(), 'text/plain')
      expect(empty.size).toBe(0)
      expect((await subject.storage.readAll(empty.key)).length).toBe(0)
    })
  })
}
