/**
 * Listings (挂牌): a listing is a work of the store made from one of its owner's deposits, so it
 * is found, shown and played like every other work. `audio_ready` is false while the deposited
 * audio is being prepared for the player (a WAV or FLAC becomes an MP3); the store shows only
 * works whose audio is ready.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('works')
    .addColumn('deposit_id', 'uuid', (column) =>
      column.unique().references('deposits.id').onDelete('restrict'),
    )
    .execute()
  await db.schema
    .alterTable('works')
    .addColumn('audio_ready', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute()
  await db.schema
    .alterTable('works')
    .addColumn('genre', 'text', (column) => column.notNull().defaultTo(''))
    .execute()
  // The shelf: one owner's listings, most recently changed first.
  await db.schema
    .createIndex('works_listings_by_owner')
    .on('works')
    .columns(['owner_user_id', 'updated_at desc'])
    .where(sql.ref('deposit_id'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('works_listings_by_owner').execute()
  await db.schema.alterTable('works').dropColumn('genre').execute()
  await db.schema.alterTable('works').dropColumn('audio_ready').execute()
  await db.schema.alterTable('works').dropColumn('deposit_id').execute()
}
