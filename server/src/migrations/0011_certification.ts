/**
 * Musician certification (音乐人认证) and the reviewer role. An application keeps the ID number
 * only masked, with a digest to tell the same number again: the reviewer works from the photo,
 * the name and the masked number, and the platform holds no full ID number to leak.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certification_applications')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('real_name', 'text', (column) => column.notNull())
    .addColumn('id_number_masked', 'text', (column) => column.notNull())
    // HMAC-SHA256 of the number under a server key: equal numbers match, the number is not kept.
    .addColumn('id_number_digest', 'text', (column) => column.notNull())
    .addColumn('portfolio_links', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'`))
    .addColumn('photo_file_id', 'uuid', (column) =>
      column.notNull().references('uploaded_files.id').onDelete('restrict'),
    )
    .addColumn('status', 'text', (column) =>
      column.notNull().check(sql`status IN ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('reviewer_user_id', 'uuid', (column) =>
      column.references('users.id').onDelete('set null'),
    )
    .addColumn('submitted_at', 'timestamptz', (column) => column.notNull())
    .addColumn('reviewed_at', 'timestamptz')
    .execute()
  // One open or approved application per user, whatever races: a second one is a conflict.
  await db.schema
    .createIndex('certification_one_live_per_user')
    .on('certification_applications')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', sql`('pending', 'approved')`)
    .execute()
  await db.schema
    .createIndex('certification_pending_by_time')
    .on('certification_applications')
    .column('submitted_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute()

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role IN ('reviewer')`))
    .addColumn('granted_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_roles').execute()
  await db.schema.dropTable('certification_applications').execute()
}
