/**
 * Packaging a stored MP3 as HLS once: the segments and the playlist template go into storage
 * like any file, and the playlist's key is what a work remembers. Packaging the same audio again
 * yields the same keys (content addressing), so a retry or a race only repeats cheap work.
 */
import type { FileStorage, StorageKey } from '../storage/fileStorage'
import { CONTENT_TYPES } from './contentType'
import {
  DEFAULT_SEGMENT_SECONDS,
  playlistTemplate,
  segmentMp3,
  segmentName,
  type PlaylistEntry,
} from './hlsPackager'

/** Packaging under way, by audio key: concurrent first plays of one work package it once. */
const packagingInProgress = new Map<StorageKey, Promise<StorageKey>>()

/** Packages the stored MP3 `audioKey` and stores the result; resolves with the playlist key. */
export function packageStoredMp3(
  storage: FileStorage,
  audioKey: StorageKey,
  segmentSeconds: number = DEFAULT_SEGMENT_SECONDS,
): Promise<StorageKey> {
  const running = packagingInProgress.get(audioKey)
  if (running !== undefined) return running
  const work = (async () => {
    const mp3 = await storage.readAll(audioKey)
    return storeHlsPackage(storage, mp3, segmentSeconds)
  })().finally(() => packagingInProgress.delete(audioKey))
  packagingInProgress.set(audioKey, work)
  return work
}

/** Packages `mp3` (already in memory) and stores segments and playlist; returns the playlist key. */
export async function storeHlsPackage(
  storage: FileStorage,
  mp3: Uint8Array,
  segmentSeconds: number = DEFAULT_SEGMENT_SECONDS,
): Promise<StorageKey> {
  const segments = segmentMp3(mp3, segmentSeconds)
  const entries: PlaylistEntry[] = []
  for (const [index, segment] of segments.entries()) {
    const stored = await storage.put(segment.bytes, CONTENT_TYPES.mp3)
    entries.push({
      key: stored.key,
      name: segmentName(index),
      durationSeconds: segment.durationSeconds,
    })
  }
  // The playlist last: once its key exists, every segment it names does too.
  const playlist = await storage.put(
    new TextEncoder().encode(playlistTemplate(entries)),
    CONTENT_TYPES.hlsPlaylist,
  )
  return playlist.key
}
