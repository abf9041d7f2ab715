/**
 * The embedded default storage: `<root>/<first two hex digits>/<sha256>`, with the content type in
 * a small sidecar file `<sha256>.type`. Writes go to a temporary file renamed into place, so a
 * reader (or a crash) never sees half a file under its key.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import {
  isStorageKey,
  type ByteRange,
  type FileStorage,
  type StorageKey,
  type StoredFile,
} from './fileStorage'

const TYPE_SUFFIX = '.type'

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: StorageKey): string {
    // Keys reach here from URLs: anything but 64 hex digits could walk out of the root.
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key.slice(0, 80)}`)
    return path.join(this.root, key.slice(0, 2), key)
  }

  async put(bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    const key = createHash('sha256').update(bytes).digest('hex')
    const filePath = this.pathOf(key)
    const existing = await this.stat(key)
    if (existing !== null) return existing
    await mkdir(path.dirname(filePath), { recursive: true })
    const temporary = `${filePath}.${randomBytes(6).toString('hex')}.tmp`
    try {
      // The type first: a file under its key always has its type beside it.
      await writeFile(`${temporary}${TYPE_SUFFIX}`, contentType)
      await rename(`${temporary}${TYPE_SUFFIX}`, `${filePath}${TYPE_SUFFIX}`)
      await writeFile(temporary, bytes)
      await rename(temporary, filePath)
    } finally {
      await rm(temporary, { force: true })
      await rm(`${temporary}${TYPE_SUFFIX}`, { force: true })
    }
    return { key, size: bytes.length, contentType }
  }

  async stat(key: StorageKey): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null
    const filePath = this.pathOf(key)
    try {
      const [info, contentType] = await Promise.all([
        stat(filePath),
        readFile(`${filePath}${TYPE_SUFFIX}`, 'utf8'),
      ])
      return { key, size: info.size, contentType }
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async exists(key: StorageKey): Promise<boolean> {
    return (await this.stat(key)) !== null
  }

  read(key: StorageKey, range?: ByteRange): Readable {
    return createReadStream(
      this.pathOf(key),
      range === undefined ? {} : { start: range.start, end: range.end },
    )
  }

  async readAll(key: StorageKey): Promise<Uint8Array> {
    return new Uint8Array(await readFile(this.pathOf(key)))
  }
}
