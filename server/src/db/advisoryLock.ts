import { sql, type Transaction } from 'kysely'
import type { Database } from './types'

/**
 * Waits for, then holds until the transaction ends, the lock named `key`, across every server
 * instance on the database: work under one key takes turns, so a limit checked under the lock is
 * still true when it is acted on.
 */
export async function lockUntilCommit(
  transaction: Transaction<Database>,
  key: string,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(transaction)
}
