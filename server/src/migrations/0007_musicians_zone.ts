/**
 * The musicians' zone, part one: files users upload (owned by their uploader) and copyright
 * deposits (存证). The deposit log's Merkle nodes, listings and certification have migrations of
 * their own.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploaded_files')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) =>
      column.notNull().check(sql`purpose IN ('audio', 'image')`),
    )
    // The storage key: lowercase hex SHA-256 of the bytes, which is also the file's sha256.
    .addColumn('storage_key', 'text', (column) => column.notNull())
    .addColumn('content_type', 'text', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull().check(sql`size >= 0`))
    // The name the browser sent, cleaned (no path, no control characters); shown, never trusted.
    .addColumn('original_name', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('uploaded_files_by_owner')
    .on('uploaded_files')
    .columns(['owner_user_id', 'created_at desc'])
    .execute()

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('restrict'),
    )
    .addColumn('file_id', 'uuid', (column) =>
      column.notNull().references('uploaded_files.id').onDelete('restrict'),
    )
    .addColumn('cover_file_id', 'uuid', (column) =>
      column.references('uploaded_files.id').onDelete('set null'),
    )
    .addColumn('certificate_no', 'text', (column) => column.notNull().unique())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('lyric', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('genre', 'text', (column) => column.notNull().defaultTo(''))
    // The same audio bytes are deposited once, whoever deposits them (409 the second time).
    .addColumn('sha256', 'text', (column) => column.notNull().unique())
    .addColumn('deposited_at', 'timestamptz', (column) => column.notNull())
    // The leaf's index in the deposit log: 0, 1, 2, ... with no gaps.
    .addColumn('log_index', 'bigint', (column) => column.notNull().unique())
    // The certificate PDF's storage key, once it is rendered.
    .addColumn('certificate_key', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('deposits_by_owner')
    .on('deposits')
    .columns(['owner_user_id', 'deposited_at desc'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposits').execute()
  await db.schema.dropTable('uploaded_files').execute()
}
