/**
 * The server under test, on a database of its own: in-memory PGlite, or, when DATABASE_URL is
 * set, a freshly created, uniquely named schema on that PostgreSQL server, dropped on close.
 */
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { getConstructionPlans } from 'pg-boss'
import { buildApp, type BuildAppOptions } from '../app'
import { loadConfig, type DatabaseConfig, type ServerConfig } from '../config'
import type { Database } from '../db/types'
import { migrateToLatest } from '../plugins/database/database'
import { openPglite } from '../plugins/database/embedded'
import { queueSchemaOf } from '../plugins/queue'
import { createPgliteConnectionPool } from '../plugins/database/pglitePool'

export interface TestAppOptions extends BuildAppOptions {
  /** Environment variables on top of the test defaults (silent logs, no web build). */
  env?: Record<string, string>
}

async function withPgClient(
  url: string,
  work: (client: pg.Client) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}

let migratedSnapshot: Promise<Blob> | undefined

/**
 * A dump of a freshly migrated embedded database, made once per test file. Starting PGlite from
 * it takes a fraction of the time initdb and the migrations take.
 */
function migratedPgliteSnapshot(): Promise<Blob> {
  migratedSnapshot ??= (async () => {
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
  })()
  return migratedSnapshot
}

function testConfig(options: TestAppOptions): ServerConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A folder with no index.html: tests that want the web app pass their own STATIC_DIR.
    STATIC_DIR: path.join(import.meta.dirname, 'no-web-build'),
    // Otherwise the server would keep a random key in ./data; a test of that sets it to ''.
    FILE_URL_SECRET: 'file-url-secret-of-the-tests',
    // The seed of the tests' deposit log key (32 bytes, base64): no key file under ./data.
    DEPOSIT_LOG_SIGNING_KEY: 'Z3ktZGVwb3NpdC1sb2ctdGVzdC1rZXktMzItYnl0ZXM=',
    // Every test app has a fresh database over the one shared files folder: none owns its files.
    STORAGE_ORPHAN_SWEEP: 'off',
    ...options.env,
  })
}

/** A new, uniquely named schema on the server, and how to drop it with the job queue's beside it. */
async function createTestSchema(
  databaseUrl: string,
): Promise<{ database: DatabaseConfig & { kind: 'postgres' }; drop: () => Promise<void> }> {
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const database = { kind: 'postgres', url: databaseUrl, schema } as const
  await withPgClient(databaseUrl, (client) =>
    client.query(`CREATE SCHEMA ${schema}`).then(() => undefined),
  )
  const drop = (): Promise<void> =>
    withPgClient(databaseUrl, (client) =>
      // The job queue's tables sit beside the app's (plugins/queue.ts).
      client
        .query(`DROP SCHEMA IF EXISTS ${schema}, ${queueSchemaOf(database)} CASCADE`)
        .then(() => undefined),
    )
  return { database, drop }
}

/**
 * Several servers on one PostgreSQL schema, as instances behind a load balancer are; each gets
 * its own options. PostgreSQL only (DATABASE_URL): the embedded database has one connection.
 */
export async function createTestAppsOnOneDatabase(
  optionsOfEach: TestAppOptions[],
): Promise<{ apps: FastifyInstance[]; close: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    throw new Error('Several instances on one database need DATABASE_URL')
  }
  const { database, drop } = await createTestSchema(databaseUrl)
  const apps: FastifyInstance[] = []
  const close = async (): Promise<void> => {
    await Promise.all(apps.map((app) => app.close()))
    await drop()
  }
  try {
    for (const options of optionsOfEach) {
      apps.push(
        await buildApp(
          { ...testConfig(options), database },
          { singerPreviews: false, seedAiExamples: false, ...options },
        ),
      )
    }
  } catch (error) {
    await close()
    throw error
  }
  return { apps, close }
}

/** Builds the app on a fresh database. Close it with `app.close()`. */
export async function createTestApp(testOptions: TestAppOptions = {}): Promise<FastifyInstance> {
  // The singer samples are written to storage in the background when a worker starts, which
  // tests that compare storage before and after a call cannot tell from their own writes; the
  // tests of the samples ask for them. The seeding's AI examples likewise (and a test app has no
  // data directory to seed anyway).
  const options: TestAppOptions = { singerPreviews: false, seedAiExamples: false, ...testOptions }
  const config = testConfig(options)

  // The one place outside config.ts that reads the environment: the test run's database choice.
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    const embeddedDatabase = await openPglite(null, { loadDataDir: await migratedPgliteSnapshot() })
    return buildApp(
      { ...config, database: { kind: 'pglite', dataDir: null } },
      { ...options, embeddedDatabase },
    )
  }

  const { database, drop: dropSchema } = await createTestSchema(databaseUrl)
  try {
    return await buildApp(
      { ...config, database },
      {
        ...options,
        registerRoutes: async (scope) => {
          // Registered last, so this runs before the database plugin closes its pool.
          scope.addHook('onClose', dropSchema)
          await options.registerRoutes?.(scope)
        },
      },
    )
  } catch (error) {
    await dropSchema()
    throw error
  }
}
