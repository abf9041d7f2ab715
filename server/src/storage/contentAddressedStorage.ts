/**
 * What every content-addressed backend does the same way: a put streams to a temporary, hashing
 * and counting as it goes, and the temporary is moved under its hash once the hash is known, or
 * removed on any failure. A backend supplies only the primitives: write a temporary, move it under
 * a key, remove it, and stat/read/delete by key.
 */
import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  StreamDigest,
  type ByteRange,
  type FileStorage,
  type ListedFile,
  type PutStreamOptions,
  type PutStreamResult,
  type StorageKey,
  type StoredFile,
} from './fileStorage'

export abstract class ContentAddressedStorage implements FileStorage {
  /** A fresh name for a temporary: nothing else will ever write under it. */
  protected abstract temporaryName(): Promise<string>
  /** Writes all of `bytes` under the temporary `name`; may leave part of it on failure. */
  protected abstract writeTemporary(
    name: string,
    bytes: Readable,
    contentType: string,
  ): Promise<void>
  /** Makes the complete temporary `name` the file under `key`, atomically for readers. */
  protected abstract promote(name: string, key: StorageKey, contentType: string): Promise<void>
  /** Removes whatever is under the temporary `name`; nothing there is no error. */
  protected abstract removeTemporary(name: string): Promise<void>
  /**
   * Marks the stored file under `key` as just written. A put that finds its bytes stored already
   * calls it, so that bytes an orphan sweep was about to remove, and that a new row is about to
   * name, get a fresh grace period.
   */
  protected abstract touch(key: StorageKey, contentType: string): Promise<void>

  abstract stat(key: StorageKey): Promise<StoredFile | null>
  abstract delete(key: StorageKey): Promise<void>
  abstract read(key: StorageKey, range?: ByteRange): Readable
  abstract readAll(key: StorageKey): Promise<Uint8Array>
  abstract list(): AsyncIterable<ListedFile>
  abstract modifiedAt(key: StorageKey): Promise<Date | null>

  async exists(key: StorageKey): Promise<boolean> {
    return (await this.stat(key)) !== null
  }

  async put(bytes: Uint8Array, contentType: string): Promise<StoredFile> {
    const existing = await this.stat(createHash('sha256').update(bytes).digest('hex'))
    if (existing !== null) {
      await this.touch(existing.key, existing.contentType)
      return existing
    }
    const { created: _created, ...stored } = await this.putStream([bytes], contentType, {
      maxBytes: bytes.byteLength,
    })
    return stored
  }

  async putStream(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    contentType: string,
    options: PutStreamOptions,
  ): Promise<PutStreamResult> {
    const name = await this.temporaryName()
    const digest = new StreamDigest(options.maxBytes)
    try {
      await this.writeTemporary(name, Readable.from(digest.pass(source)), contentType)
      const key = digest.key()
      const existing = await this.stat(key)
      if (existing !== null) {
        await this.touch(key, existing.contentType)
        return { ...existing, created: false }
      }
      await this.promote(name, key, contentType)
      return { key, size: digest.size, contentType, created: true }
    } catch (error) {
      // The backend's own clean-up can fail in turn (an S3 server without AbortMultipartUpload)
      // and hide why the stream stopped; the caller needs the cause.
      throw digest.failure ?? error
    } finally {
      await this.removeTemporary(name)
    }
  }
}
