/**
 * Which stored files the database still names, and the sweep of those it does not. Every write of
 * a file is two steps, the bytes into storage and then a row naming their key, and no
 * transaction spans both: a process killed between them (a crash test found it) leaves bytes that
 * no row names, which nothing would ever serve or remove. The sweep removes such files once they
 * are older than a grace period far longer than the gap between the two steps, so a write in
 * flight on this or any other server is never touched.
 *
 * Every column that holds a storage key is listed here; storedFiles.test.ts reads the schema and
 * fails when a text column is neither listed here nor known to hold something else, so a new
 * column cannot be forgotten.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/types'
import { segmentKeysOf } from '../media/hlsPackager'
import type { FileStorage, StorageKey } from '../storage/fileStorage'

/** Table, then its columns whose values are storage keys (or null). */
export const STORAGE_KEY_COLUMNS = {
  ai_jobs: ['source_key'],
  ai_result_segments: ['storage_key'],
  ai_results: ['audio_key', 'cover_key'],
  ai_shares: ['audio_key'],
  ai_singer_previews: ['audio_key'],
  avatar_images: ['storage_key'],
  copyright_registrations: ['certificate_key'],
  deposits: ['certificate_key'],
  licences: ['certificate_key'],
  uploaded_files: ['storage_key'],
  vote_activities: ['cover_key'],
  vote_options: ['image_key'],
  works: ['audio_key', 'cover_key', 'hls_playlist_key'],
} as const satisfies Partial<Record<keyof Database, readonly string[]>>

/** Columns naming HLS playlist templates, whose segment files are named only inside them. */
export const PLAYLIST_KEY_COLUMNS = {
  works: ['hls_playlist_key'],
} as const satisfies Partial<Record<keyof typeof STORAGE_KEY_COLUMNS, readonly string[]>>

async function keysOfColumns(
  db: Kysely<Database>,
  columns: Partial<Record<string, readonly string[]>>,
): Promise<Set<StorageKey>> {
  const keys = new Set<StorageKey>()
  for (const [table, names] of Object.entries(columns)) {
    for (const column of names ?? []) {
      const rows = await sql<{ key: string }>`
        SELECT DISTINCT ${sql.ref(column)} AS key FROM ${sql.table(table)}
        WHERE ${sql.ref(column)} IS NOT NULL
      `.execute(db)
      for (const row of rows.rows) keys.add(row.key)
    }
  }
  return keys
}

/**
 * Every key a row names, directly or through a playlist a row names. A playlist that cannot be
 * read is skipped: its segments stay unnamed only if the playlist itself is gone, and then the
 * work is packaged again on its next play.
 */
export async function namedKeys(
  db: Kysely<Database>,
  storage: FileStorage,
): Promise<Set<StorageKey>> {
  const named = await keysOfColumns(db, STORAGE_KEY_COLUMNS)
  for (const playlistKey of await keysOfColumns(db, PLAYLIST_KEY_COLUMNS)) {
    const template = await storage.readAll(playlistKey).catch(() => null)
    if (template === null) continue
    for (const key of segmentKeysOf(new TextDecoder().decode(template))) named.add(key)
  }
  return named
}

export interface SweepOutcome {
  /** Stored files looked at. */
  examined: number
  /** Files old enough to be removed had no row named them. */
  candidates: number
  removed: StorageKey[]
}

/**
 * Removes stored files that no row names and that nothing has written or found for `graceMs`.
 * The listing comes first and the names after it, so a row written after a file was listed is
 * seen; each candidate's date is read again just before it goes, so a put that found the same
 * bytes meanwhile (and renewed their date) saves them.
 */
export async function sweepOrphanedFiles(
  db: Kysely<Database>,
  storage: FileStorage,
  options: { now: Date; graceMs: number },
): Promise<SweepOutcome> {
  const oldest = options.now.getTime() - options.graceMs
  const old: StorageKey[] = []
  let examined = 0
  for await (const file of storage.list()) {
    examined++
    if (file.modifiedAt.getTime() < oldest) old.push(file.key)
  }
  if (old.length === 0) return { examined, candidates: 0, removed: [] }
  const named = await namedKeys(db, storage)
  const candidates = old.filter((key) => !named.has(key))
  const removed: StorageKey[] = []
  for (const key of candidates) {
    const modifiedAt = await storage.modifiedAt(key)
    if (modifiedAt === null || modifiedAt.getTime() >= oldest) continue
    await storage.delete(key)
    removed.push(key)
  }
  return { examined, candidates: candidates.length, removed }
}
