/**
 * Account cancellation (注销账号): the moment an account was cancelled. The row itself stays,
 * anonymised, because the points ledger and the deposit log refer to it (domain/accountCancellation.ts).
 */
import type { Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('cancelled_at', 'timestamptz').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('cancelled_at').execute()
}
