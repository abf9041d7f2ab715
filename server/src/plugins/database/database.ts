/**
 * The database: Kysely over embedded PGlite by default, over a PostgreSQL server when
 * DATABASE_URL is set. Migrations run before the server accepts a request.
 */
import type { PGlite } from '@electric-sql/pglite'
import fastifyPlugin from 'fastify-plugin'
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import type { DatabaseConfig } from '../../config'
import type { Database } from '../../db/types'
import { migrationProvider } from '../../migrations/provider'
import { createPgliteConnectionPool, type EmbeddedPool, type EmbeddedSql } from './pglitePool'
import { createPgliteWorkerPool } from './pgliteWorkerPool'

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>
    /** Raw SQL on the embedded database, for the job queue's own SQL; null on PostgreSQL. */
    embeddedSql: EmbeddedSql | null
  }
}

const PG_POOL_SIZE = 10
/** A PostgreSQL that does not answer a connection in this time counts as gone (500, not a hang). */
const PG_CONNECT_TIMEOUT_MS = 5_000

/** Where the database reports a lost connection (the server's logger, or stderr). */
export interface DatabaseLog {
  error: (details: { err: unknown }, message: string) => void
}

const STDERR_LOG: DatabaseLog = {
  error: (details, message) => console.error(message, details.err),
}

/**
 * A pool of PostgreSQL connections that survives the server going away (a restart, a failover,
 * pg_terminate_backend). node-postgres emits `error` on a connection the server closed; with no
 * listener, Node ends the process. The pool's own listener only covers idle connections, so every
 * connection gets one for its whole life too; the query that was running fails on its own (the
 * request answers 500) and the pool drops the broken connection and opens a new one next time.
 */
function createPostgresPool(
  config: Extract<DatabaseConfig, { kind: 'postgres' }>,
  log: DatabaseLog,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: config.url,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    application_name: 'gy-server',
    // The schema name is validated in config (lowercase identifier), so quoting is not needed.
    ...(config.schema === null ? {} : { options: `-c search_path=${config.schema}` }),
  })
  pool.on('error', (error) => {
    log.error({ err: error }, 'database connection lost (idle); the pool will reconnect')
  })
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      log.error({ err: error }, 'database connection lost; the pool will reconnect')
    })
  })
  return pool
}

/** One connection to the PostgreSQL of `url` for `work`, closed after it (backups, test kits). */
export async function withPostgresClient<Result>(
  url: string,
  work: (client: pg.Client) => Promise<Result>,
): Promise<Result> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function createPool(
  config: DatabaseConfig,
  embedded: PGlite | undefined,
  log: DatabaseLog = STDERR_LOG,
): Promise<PostgresPool | EmbeddedPool> {
  if (config.kind === 'postgres') return createPostgresPool(config, log)
  // The configured embedded database runs in a worker thread; one handed in runs here.
  if (embedded !== undefined) return createPgliteConnectionPool(embedded)
  return createPgliteWorkerPool(config.dataDir)
}

/**
 * Brings the schema to the latest migration. `schema` names the schema the connections' search
 * path starts with, if any: Kysely must be told, or it would find another schema's migration
 * table on the same server and think this one is migrated.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  schema: string | null = null,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema === null ? {} : { migrationTableSchema: schema }),
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error })
  }
}

/**
 * Opens the database and brings its schema to the latest migration. `embedded` replaces the
 * PGlite instance the configuration would open (tests start from a migrated snapshot).
 */
export async function openDatabase(
  config: DatabaseConfig,
  embedded?: PGlite,
  log: DatabaseLog = STDERR_LOG,
): Promise<Kysely<Database>> {
  return (await openDatabaseWithSql(config, embedded, log)).db
}

/** Told the text of every SQL statement Kysely sends, when set (the tests' SQL record). */
let queryObserver: ((sqlText: string) => void) | undefined

/**
 * Has every database opened from now on in this process tell `observer` each statement's SQL
 * text. The test runs use it to prove the embedded database ran every statement PostgreSQL ran
 * (server/src/test/recordSqlTexts.ts).
 */
export function observeQueries(observer: (sqlText: string) => void): void {
  queryObserver = observer
}

async function openDatabaseWithSql(
  config: DatabaseConfig,
  embedded: PGlite | undefined,
  log: DatabaseLog = STDERR_LOG,
): Promise<{ db: Kysely<Database>; embeddedSql: EmbeddedSql | null }> {
  const pool = await createPool(config, embedded, log)
  const observer = queryObserver
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(observer === undefined
      ? {}
      : { log: (event) => (event.level === 'query' ? observer(event.query.sql) : undefined) }),
  })
  try {
    await migrateToLatest(db, config.kind === 'postgres' ? config.schema : null)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return { db, embeddedSql: 'executeSql' in pool ? pool.executeSql : null }
}

export interface DatabasePluginOptions {
  database: DatabaseConfig
  embedded?: PGlite | undefined
}

export const databasePlugin = fastifyPlugin<DatabasePluginOptions>(
  async (app, options) => {
    const { db, embeddedSql } = await openDatabaseWithSql(
      options.database,
      options.embedded,
      app.log.child({ module: 'database' }),
    )
    app.decorate('db', db)
    app.decorate('embeddedSql', embeddedSql)
    app.addHook('onClose', async () => {
      await db.destroy()
    })
  },
  { name: 'gy-database' },
)
