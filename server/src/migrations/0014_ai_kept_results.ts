/**
 * AI results kept as the user's own audio (`musicfy/keepResult`): the uploaded file a result was
 * filed as remembers the result (at most one file per result, so keeping it again answers the same
 * file) and a copy of its creation record, which outlives the job and is shown with the file's
 * deposit as proof of the depositor's creative input.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploaded_files')
    // Set null when the job is deleted: the file and its creation record stay.
    .addColumn('ai_result_id', 'uuid', (column) =>
      column.unique().references('ai_results.id').onDelete('set null'),
    )
    .addColumn('ai_creation', 'jsonb')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploaded_files')
    .dropColumn('ai_creation')
    .dropColumn('ai_result_id')
    .execute()
}
