/**
 * Where the platform keeps file bytes: audio, covers, HLS segments and playlists. Files are
 * addressed by the SHA-256 of their content, so storing the same bytes twice is one file, a key
 * can never point at changed content, and readers may cache forever. The embedded default is the
 * local disk (localDiskStorage.ts); an S3-compatible bucket (s3Storage.ts) is the scale-out option
 * (content type as object metadata, ranges as GET Range). Both pass one contract suite
 * (fileStorage.contract.ts).
 */
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'

/** A storage key: the lowercase hex SHA-256 of the stored bytes. */
export type StorageKey = string

const STORAGE_KEY_PATTERN = /^[0-9a-f]{64}$/

export function isStorageKey(value: string): boolean {
  return STORAGE_KEY_PATTERN.test(value)
}

export interface StoredFile {
  key: StorageKey
  size: number
  /** The media type the file is served with, decided when it was stored. */
  contentType: string
}

/** An inclusive byte range, as HTTP counts it: `start` and `end` are both read. */
export interface ByteRange {
  start: number
  end: number
}

/** The outcome of a streamed put. */
export interface PutStreamResult extends StoredFile {
  /** False when the same bytes were stored already: the caller did not create this file. */
  created: boolean
}

export interface PutStreamOptions {
  /** More bytes than this and the put fails with `StorageLimitError`, storing nothing. */
  maxBytes: number
}

/** A streamed put went over its `maxBytes`; nothing of it was kept. */
export class StorageLimitError extends Error {
  override name = 'StorageLimitError'
  constructor(readonly maxBytes: number) {
    super(`More than ${maxBytes} bytes`)
  }
}

/**
 * Hashes and counts bytes as they stream past, and stops the stream once it carries more than
 * `maxBytes`: a streamed put learns its key at the end without ever holding the file.
 */
export class StreamDigest {
  private readonly hash = createHash('sha256')
  private byteCount = 0

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.byteCount
  }

  /** The lowercase hex SHA-256 of everything that passed; call once, after the stream ended. */
  key(): StorageKey {
    return this.hash.digest('hex')
  }

  /**
   * Why the stream stopped early (the source failed, or the limit was passed), when it did: the
   * storage's own clean-up may fail in turn and throw something else, and the caller needs this.
   */
  failure: unknown = undefined

  async *pass(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of source) {
        this.byteCount += chunk.byteLength
        // Leaving the loop by throwing returns the source iterator, which destroys the stream.
        if (this.byteCount > this.maxBytes) throw new StorageLimitError(this.maxBytes)
        this.hash.update(chunk)
        yield chunk
      }
    } catch (error) {
      this.failure = error
      throw error
    }
  }
}

/** A stored file as a listing sees it: enough to tell whether it may be an orphan. */
export interface ListedFile {
  key: StorageKey
  /** When its bytes were last written or a put of the same bytes last found them. */
  modifiedAt: Date
}

export interface FileStorage {
  /** Stores `bytes` (a no-op when they are already stored) and tells their key. */
  put(bytes: Uint8Array, contentType: string): Promise<StoredFile>
  /**
   * Streams `source` into storage, hashing as it goes, without holding the whole file: it is
   * written under a temporary name and moved under its key at the end. On any failure (the
   * source errors, `maxBytes` is passed, storage fails) the temporary is removed and nothing is
   * left under any key.
   */
  putStream(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    contentType: string,
    options: PutStreamOptions,
  ): Promise<PutStreamResult>
  /** Removes the file under `key` (nothing when there is none). */
  delete(key: StorageKey): Promise<void>
  /** What is stored under `key`, or null when nothing is. */
  stat(key: StorageKey): Promise<StoredFile | null>
  exists(key: StorageKey): Promise<boolean>
  /** Streams the file, or the inclusive `range` of it; the caller has checked it is stored. */
  read(key: StorageKey, range?: ByteRange): Readable
  /** The whole file in memory: for small files the server itself works on (playlists, MP3s). */
  readAll(key: StorageKey): Promise<Uint8Array>
  /** Every stored file (not the temporaries), in no particular order. */
  list(): AsyncIterable<ListedFile>
  /** When the file under `key` was last written or found by a put, or null when it is not stored. */
  modifiedAt(key: StorageKey): Promise<Date | null>
}
