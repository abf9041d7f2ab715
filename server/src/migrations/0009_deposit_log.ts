/**
 * The deposit log's Merkle tree, stored as its complete subtrees: node (level, index) is the hash
 * of leaves index·2^level to (index+1)·2^level − 1, written once when its last leaf arrives and
 * never changed. Any root or proof combines O(log n) of them, so nothing is ever recomputed.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deposit_log_nodes')
    .addColumn('level', 'smallint', (column) =>
      column.notNull().check(sql`level >= 0 AND level < 63`),
    )
    .addColumn('node_index', 'bigint', (column) => column.notNull().check(sql`node_index >= 0`))
    .addColumn('hash', 'bytea', (column) => column.notNull().check(sql`octet_length(hash) = 32`))
    .addPrimaryKeyConstraint('deposit_log_nodes_pkey', ['level', 'node_index'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deposit_log_nodes').execute()
}
