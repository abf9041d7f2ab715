/** Users, their sessions, SMS codes and the anti-replay and anti-guessing records. */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('phone', 'text', (column) => column.notNull().unique())
    .addColumn('nick_name', 'text', (column) => column.notNull())
    .addColumn('header_url', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'uuid', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('superseded_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  // A login supersedes the account's live sessions: find them without scanning history.
  await db.schema
    .createIndex('sessions_live_by_user')
    .on('sessions')
    .column('user_id')
    .where(sql.ref('superseded_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('request_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('request_nonces_by_expiry')
    .on('request_nonces')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('requester_ip', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('failed_attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('consumed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('sms_codes_by_phone')
    .on('sms_codes')
    .columns(['phone', 'created_at'])
    .execute()
  await db.schema
    .createIndex('sms_codes_by_ip')
    .on('sms_codes')
    .columns(['requester_ip', 'created_at'])
    .execute()

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('requester_ip', 'text', (column) => column.notNull())
    .addColumn('failed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('login_failures_by_ip')
    .on('login_failures')
    .columns(['requester_ip', 'failed_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_failures', 'sms_codes', 'request_nonces', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute()
  }
}
