/**
 * Where the platform keeps file bytes: audio, covers, HLS segments and playlists. Files are
 * addressed by the SHA-256 of their content, so storing the same bytes twice is one file, a key
 * can never point at changed content, and readers may cache forever. The embedded default is the
 * local disk (localDiskStorage.ts); an S3-compatible bucket is the scale-out option and only has
 * to implement this interface (content type as object metadata, ranges as GET Range).
 */
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

export interface FileStorage {
  /** Stores `bytes` (a no-op when they are already stored) and tells their key. */
  put(bytes: Uint8Array, contentType: string): Promise<StoredFile>
  /** What is stored under `key`, or null when nothing is. */
  stat(key: StorageKey): Promise<StoredFile | null>
  exists(key: StorageKey): Promise<boolean>
  /** Streams the file, or the inclusive `range` of it; the caller has checked it is stored. */
  read(key: StorageKey, range?: ByteRange): Readable
  /** The whole file in memory: for small files the server itself works on (playlists, MP3s). */
  readAll(key: StorageKey): Promise<Uint8Array>
}
