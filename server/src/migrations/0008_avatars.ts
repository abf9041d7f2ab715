/**
 * Avatars: the stored images that have been someone's avatar. They are served at the stable,
 * public path `/avatars/<sha256>` (a user info is cached for a day; a signed URL would expire
 * within the hour), and only these: any other upload stays behind signed URLs.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('avatar_images')
    // Kept after the user moves on: devices holding the old user info still show the old avatar.
    .addColumn('storage_key', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('avatar_images').execute()
}
