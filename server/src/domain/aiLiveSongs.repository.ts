/**
 * SQL of generated songs heard while they render: the result row exists from the first segment
 * on with no file (`audio_key` null), segments are added in order, and the finished file closes
 * the song. Each write names the attempt that makes it, so a worker that lost its job cannot
 * add to the song of the attempt that took over.
 */
import type { Insertable, Kysely } from 'kysely'
import type { AiResultsTable, Database } from '../db/types'

export interface LiveSegment {
  sequence: number
  storageKey: string
  durationMs: number
}

/** Rows are written only while `attempt` still runs the job. */
function whileAttemptRuns(db: Kysely<Database>, jobId: string, attempt: number) {
  return db
    .selectFrom('ai_jobs')
    .select('id')
    .where('id', '=', jobId)
    .where('state', '=', 'running')
    .where('attempts', '=', attempt)
}

/**
 * Adds one segment of a live song. The first one brings the song's result row (`row`), in the
 * same transaction, so a playlist is never without a segment. False when the attempt no longer
 * holds the job.
 */
export function addLiveSegment(
  db: Kysely<Database>,
  jobId: string,
  attempt: number,
  resultId: string,
  segment: LiveSegment,
  row: Insertable<AiResultsTable> | undefined,
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const held = await whileAttemptRuns(transaction, jobId, attempt).forUpdate().executeTakeFirst()
    if (held === undefined) return false
    if (row !== undefined) await transaction.insertInto('ai_results').values(row).execute()
    await transaction
      .insertInto('ai_result_segments')
      .values({
        result_id: resultId,
        sequence: segment.sequence,
        storage_key: segment.storageKey,
        duration_ms: segment.durationMs,
      })
      .execute()
    return true
  })
}

/** The live song is complete: its file is recorded, and its playlist ends. */
export async function finishLiveSong(
  db: Kysely<Database>,
  jobId: string,
  attempt: number,
  resultId: string,
  audioKey: string,
  durationMs: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('ai_results')
    .set({ audio_key: audioKey, duration_ms: durationMs })
    .where('id', '=', resultId)
    .where('job_id', '=', jobId)
    .where((eb) => eb.exists(whileAttemptRuns(db, jobId, attempt)))
    .executeTakeFirst()
  return updated.numUpdatedRows > 0n
}

/** A song's segments in playlist order, and whether its file is complete. */
export async function liveSongOf(
  db: Kysely<Database>,
  resultId: string,
): Promise<{ ended: boolean; segments: LiveSegment[] } | undefined> {
  const result = await db
    .selectFrom('ai_results')
    .select('audio_key')
    .where('id', '=', resultId)
    .executeTakeFirst()
  if (result === undefined) return undefined
  const rows = await db
    .selectFrom('ai_result_segments')
    .select(['sequence', 'storage_key', 'duration_ms'])
    .where('result_id', '=', resultId)
    .orderBy('sequence')
    .execute()
  return {
    ended: result.audio_key !== null,
    segments: rows.map((row) => ({
      sequence: row.sequence,
      storageKey: row.storage_key,
      durationMs: row.duration_ms,
    })),
  }
}
