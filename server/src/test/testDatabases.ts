/**
 * Migrated databases for test apps, made once and copied for each app: a dump of a migrated
 * embedded PGlite, and on PostgreSQL a migrated template database that `CREATE DATABASE ...
 * TEMPLATE` copies. Migrating takes seconds; loading a dump or copying a template, a fraction of
 * that. The server tests' global setup (testGlobalSetup.ts) makes both once per run; testApp.ts
 * falls back to migrating per test file without it.
 */
import { randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { getConstructionPlans } from 'pg-boss'
import type { DatabaseConfig } from '../config'
import type { Database } from '../db/types'
import { migrateToLatest, withPostgresClient } from '../plugins/database/database'
import { openPglite } from '../plugins/database/embedded'
import { createPgliteConnectionPool } from '../plugins/database/pglitePool'
import { queueSchemaOf } from '../plugins/queue'

/**
 * The environment variables the global setup hands its databases to the test files in (the forked
 * workers inherit them; vitest's `inject` would tie this kit, which benches use too, to a worker).
 */
export const PGLITE_DUMP_VARIABLE = 'GY_TEST_PGLITE_DUMP'
export const POSTGRES_TEMPLATE_VARIABLE = 'GY_TEST_POSTGRES_TEMPLATE'

/**
 * The schema every copy of the template holds the app's tables in: a test app still runs inside a
 * named schema (search path, migration table schema, `<schema>_queue`), as it did when apps shared
 * one database, so that code path stays under test.
 */
export const TEST_SCHEMA = 'gy_test_app'

/** A name no other test database on the server has, for a database or schema of a test. */
export function uniqueTestName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
}

/** A dump (`dumpDataDir`) of a freshly migrated embedded database, job queue's tables included. */
export async function migratedPgliteDump(): Promise<Blob> {
  const pglite = await openPglite(null)
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPgliteConnectionPool(pglite) }),
  })
  try {
    await migrateToLatest(db)
    // The job queue's tables too: installing them takes most of a second per app otherwise.
    await pglite.exec(
      getConstructionPlans(queueSchemaOf({ kind: 'pglite', dataDir: null }), {
        backend: 'pglite',
      }),
    )
    return await pglite.dumpDataDir('none')
  } finally {
    await db.destroy()
  }
}

/** The URL of another database on the server of `serverUrl`, with the same role and options. */
export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * Kysely on a PostgreSQL test database, in its schema, over `connections` connections of its own
 * that wait for a free one as long as it takes (the server's pool gives up after 5 s).
 */
export function kyselyOnPostgres(
  database: DatabaseConfig & { kind: 'postgres' },
  connections: number,
): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: database.url,
    max: connections,
    ...(database.schema === null ? {} : { options: `-c search_path=${database.schema}` }),
  })
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

/**
 * How a copy is made, by the server's fsync setting. WAL_LOG (PostgreSQL 15's default) writes the
 * template block by block into the write-ahead log; FILE_COPY copies its files but checkpoints
 * before and after, which is cheap only when nothing is synced to disk. Copying the migrated test
 * database (10 MB), median of 10, on PostgreSQL 15 on a loaded 2-core machine: with fsync on (a
 * developer's cluster) WAL_LOG 1.2 s, FILE_COPY 2.7 s; with fsync, synchronous_commit and
 * full_page_writes off (CI's throwaway cluster, scripts/testEnvironment.mjs) WAL_LOG 0.5-1.0 s,
 * FILE_COPY 0.2-0.7 s.
 */
async function copyStrategy(client: pg.Client): Promise<'WAL_LOG' | 'FILE_COPY'> {
  const { rows } = await client.query<{ fsync: string }>('SHOW fsync')
  return rows[0]?.fsync === 'off' ? 'FILE_COPY' : 'WAL_LOG'
}

/**
 * Creates a database on the server of `serverUrl` (which must let its role CREATEDB) and migrates
 * the app's schema and the job queue's into it, in TEST_SCHEMA. Nobody may stay connected to it,
 * or copying it fails: it refuses connections once migrated. Answers its name.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<string> {
  const template = uniqueTestName('gy_template')
  await withPostgresClient(serverUrl, (client) => client.query(`CREATE DATABASE ${template}`))
  try {
    const database = {
      kind: 'postgres',
      url: databaseUrlOf(serverUrl, template),
      schema: TEST_SCHEMA,
    } as const
    await withPostgresClient(database.url, async (client) => {
      await client.query(`CREATE SCHEMA ${TEST_SCHEMA}`)
      await client.query(getConstructionPlans(queueSchemaOf(database)))
    })
    const db = kyselyOnPostgres(database, 1)
    try {
      await migrateToLatest(db, TEST_SCHEMA)
    } finally {
      await db.destroy()
    }
    await withPostgresClient(serverUrl, (client) =>
      client.query(`ALTER DATABASE ${template} ALLOW_CONNECTIONS false`),
    )
  } catch (error) {
    await dropDatabase(serverUrl, template)
    throw error
  }
  return template
}

/** PostgreSQL's insufficient_privilege. */
const INSUFFICIENT_PRIVILEGE = '42501'

/**
 * Drops a test database, ending whatever connections it still has. FORCE refuses a role that is
 * not a superuser when an autovacuum worker is in the database (PostgreSQL 15 counts it as another
 * role's backend); the plain drop then stops the worker itself, and waits up to 5 s for backends
 * on their way out.
 */
export async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  await withPostgresClient(serverUrl, async (client) => {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    } catch (error) {
      if (!(error instanceof pg.DatabaseError) || error.code !== INSUFFICIENT_PRIVILEGE) throw error
      await client.query(`DROP DATABASE IF EXISTS ${database}`)
    }
  })
}

/** A PostgreSQL database of a test app (or of several), and how to drop it once they are closed. */
export interface TestDatabase {
  database: DatabaseConfig & { kind: 'postgres' }
  drop: () => Promise<void>
}

/** A new database copied from the template, configured as the test app's. */
export async function copyTemplateDatabase(
  serverUrl: string,
  template: string,
): Promise<TestDatabase> {
  const name = uniqueTestName('gy_test')
  await withPostgresClient(serverUrl, async (client) => {
    const strategy = await copyStrategy(client)
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY ${strategy}`)
  })
  return {
    database: { kind: 'postgres', url: databaseUrlOf(serverUrl, name), schema: TEST_SCHEMA },
    drop: () => dropDatabase(serverUrl, name),
  }
}
