/**
 * Generated songs heard while they render: a song's result row exists from its first streamed
 * segment on, without its finished file (`audio_key` null until the song is complete), and the
 * segments stored so far make its live HLS playlist.
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ai_results')
    .alterColumn('audio_key', (column) => column.dropNotNull())
    .execute()
  await db.schema
    .createTable('ai_result_segments')
    .addColumn('result_id', 'uuid', (column) =>
      column.notNull().references('ai_results.id').onDelete('cascade'),
    )
    .addColumn('sequence', 'integer', (column) => column.notNull())
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('ai_result_segments_pkey', ['result_id', 'sequence'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_result_segments').execute()
  await db
    .deleteFrom('ai_results' as never)
    .where('audio_key' as never, 'is', null)
    .execute()
  await db.schema
    .alterTable('ai_results')
    .alterColumn('audio_key', (column) => column.setNotNull())
    .execute()
}
