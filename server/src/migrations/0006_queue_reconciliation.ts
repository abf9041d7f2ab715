/**
 * When we last asked the payment provider about an open top-up order (routes/payments/
 * reconcile.ts). The app polls an order every few seconds while the payer pays; the provider is
 * asked at most once in a while per order, by whichever server claims the turn first. The job
 * queue's own tables are pg-boss's, created and migrated by it at start (plugins/queue.ts).
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE charge_orders ADD COLUMN provider_checked_at timestamptz`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE charge_orders DROP COLUMN provider_checked_at`.execute(db)
}
