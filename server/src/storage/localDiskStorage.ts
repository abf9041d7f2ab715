/**
 * The embedded default storage: `<root>/<first two hex digits>/<sha256>`, with the content type in
 * a small sidecar file `<sha256>.type`. Writes go to a temporary file renamed into place, so a
 * reader (or a crash) never sees half a file under its key.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ContentAddressedStorage } from './contentAddressedStorage'
import {
  isStorageKey,
  type ByteRange,
  type ListedFile,
  type StorageKey,
  type StoredFile,
} from './fileStorage'

const TYPE_SUFFIX = '.type'

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}

export class LocalDiskStorage extends ContentAddressedStorage {
  constructor(private readonly root: string) {
    super()
  }

  private pathOf(key: StorageKey): string {
    // Keys reach here from URLs: anything but 64 hex digits could walk out of the root.
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key.slice(0, 80)}`)
    return path.join(this.root, key.slice(0, 2), key)
  }

  private get temporaryDirectory(): string {
    return path.join(this.root, 'tmp')
  }

  /** Under `<root>/tmp`: the same file system as the keys, so the final rename is atomic. */
  protected async temporaryName(): Promise<string> {
    const directory = this.temporaryDirectory
    await mkdir(directory, { recursive: true })
    return path.join(directory, `${randomBytes(12).toString('hex')}.part`)
  }

  protected async writeTemporary(name: string, bytes: Readable): Promise<void> {
    await pipeline(bytes, createWriteStream(name, { flags: 'wx' }))
  }

  protected async promote(name: string, key: StorageKey, contentType: string): Promise<void> {
    const filePath = this.pathOf(key)
    await mkdir(path.dirname(filePath), { recursive: true })
    const typeTemporary = `${name}${TYPE_SUFFIX}`
    try {
      // The type first: a file under its key always has its type beside it.
      await writeFile(typeTemporary, contentType)
      await rename(typeTemporary, `${filePath}${TYPE_SUFFIX}`)
      await rename(name, filePath)
    } finally {
      await rm(typeTemporary, { force: true })
    }
  }

  protected async removeTemporary(name: string): Promise<void> {
    await rm(name, { force: true })
  }

  /**
   * Removes temporaries not written to for `olderThanMs`: what a process killed mid-upload left.
   * An upload in flight writes to its temporary all the time, so it is never this old.
   */
  async sweepTemporaries(now: Date, olderThanMs: number): Promise<number> {
    let names: string[]
    try {
      names = await readdir(this.temporaryDirectory)
    } catch (error) {
      if (isMissing(error)) return 0
      throw error
    }
    let removed = 0
    for (const name of names) {
      const file = path.join(this.temporaryDirectory, name)
      const info = await stat(file).catch(() => null)
      if (info !== null && now.getTime() - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true })
        removed++
      }
    }
    return removed
  }

  protected async touch(key: StorageKey): Promise<void> {
    const now = new Date()
    await utimes(this.pathOf(key), now, now).catch((error: unknown) => {
      // Removed in between (a sweep, a delete): the caller's put found it a moment ago, no more.
      if (!isMissing(error)) throw error
    })
  }

  async *list(): AsyncGenerator<ListedFile> {
    const folders = await readdir(this.root).catch((error: unknown) => {
      if (isMissing(error)) return [] as string[]
      throw error
    })
    for (const folder of folders) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue
      for (const name of await readdir(path.join(this.root, folder))) {
        if (!isStorageKey(name) || !name.startsWith(folder)) continue
        const modifiedAt = await this.modifiedAt(name)
        if (modifiedAt !== null) yield { key: name, modifiedAt }
      }
    }
  }

  async modifiedAt(key: StorageKey): Promise<Date | null> {
    if (!isStorageKey(key)) return null
    const info = await stat(this.pathOf(key)).catch((error: unknown) => {
      if (isMissing(error)) return null
      throw error
    })
    return info === null ? null : info.mtime
  }

  async delete(key: StorageKey): Promise<void> {
    const filePath = this.pathOf(key)
    // The bytes first: a key whose type is gone but bytes remain would be served untyped.
    await rm(filePath, { force: true })
    await rm(`${filePath}${TYPE_SUFFIX}`, { force: true })
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
