/** Works: the catalogue of music the platform stores, lists and plays. */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('works')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('artist', 'text', (column) => column.notNull())
    .addColumn('owner_user_id', 'uuid', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    // Storage keys (lowercase hex SHA-256 of the content).
    .addColumn('cover_key', 'text')
    .addColumn('audio_key', 'text', (column) => column.notNull())
    .addColumn('hls_playlist_key', 'text')
    .addColumn('delivery', 'text', (column) =>
      column
        .notNull()
        .defaultTo('mp3')
        .check(sql`delivery IN ('mp3', 'hls')`),
    )
    .addColumn('duration_ms', 'integer', (column) => column.notNull().check(sql`duration_ms >= 0`))
    .addColumn('lyric', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('price_fen', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`price_fen >= 0`),
    )
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('listed')
        .check(sql`status IN ('draft', 'listed', 'delisted')`),
    )
    .addColumn('is_seed', 'boolean', (column) => column.notNull().defaultTo(false))
    // Names a seed catalogue entry, so a restart finds what it already created.
    .addColumn('seed_key', 'text', (column) => column.unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  // The listings page through listed works, newest first.
  await db.schema
    .createIndex('works_listed_by_created')
    .on('works')
    .columns(['created_at desc', 'id desc'])
    .where(sql.ref('status'), '=', 'listed')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('works').execute()
}
