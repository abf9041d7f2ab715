/**
 * The server under test, on a database of its own: in-memory PGlite loaded from a migrated dump,
 * or, when DATABASE_URL is set, a new database on that PostgreSQL server copied from a migrated
 * template (testDatabases.ts), dropped on close.
 */
import { openAsBlob } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../app'
import { loadConfig, type ServerConfig } from '../config'
import { withPostgresClient } from '../plugins/database/database'
import { openPglite } from '../plugins/database/embedded'
import { dropTestSchema } from './serverProcess'
import {
  PGLITE_DUMP_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
  type TestDatabase,
  copyTemplateDatabase,
  migratedPgliteDump,
  uniqueTestName,
} from './testDatabases'

export interface TestAppOptions extends BuildAppOptions {
  /** Environment variables on top of the test defaults (silent logs, no web build). */
  env?: Record<string, string>
}

/**
 * Where the test run's global setup (testGlobalSetup.ts) left its migrated databases: read from the
 * environment (like DATABASE_URL below), which the run's workers inherit. Absent when a file runs
 * without that setup (a bench, another runner); each file then migrates its own.
 */
function preparedDatabases(): { pgliteDumpFile: string | null; postgresTemplate: string | null } {
  return {
    pgliteDumpFile: process.env[PGLITE_DUMP_VARIABLE] ?? null,
    postgresTemplate: process.env[POSTGRES_TEMPLATE_VARIABLE] ?? null,
  }
}

let migratedSnapshot: Promise<Blob> | undefined

/**
 * A dump of a freshly migrated embedded database: the one the global setup wrote, or one made
 * once per test file. Starting PGlite from it takes a fraction of the time initdb and the
 * migrations take.
 */
function migratedPgliteSnapshot(): Promise<Blob> {
  const { pgliteDumpFile } = preparedDatabases()
  migratedSnapshot ??= pgliteDumpFile === null ? migratedPgliteDump() : openAsBlob(pgliteDumpFile)
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

/**
 * Without the global setup's template: a new, uniquely named schema in the database of
 * `databaseUrl`, migrated by the app as it starts, and how to drop it (with the job queue's).
 */
async function createTestSchema(databaseUrl: string): Promise<TestDatabase> {
  const database = { kind: 'postgres', url: databaseUrl, schema: uniqueTestName('test') } as const
  await withPostgresClient(databaseUrl, (client) =>
    client.query(`CREATE SCHEMA ${database.schema}`),
  )
  return { database, drop: () => dropTestSchema(databaseUrl, database.schema) }
}

/** A database of its own for a test app (or several) on the PostgreSQL server of `databaseUrl`. */
function createTestDatabase(databaseUrl: string): Promise<TestDatabase> {
  const { postgresTemplate } = preparedDatabases()
  return postgresTemplate === null
    ? createTestSchema(databaseUrl)
    : copyTemplateDatabase(databaseUrl, postgresTemplate)
}

/**
 * Several servers on one PostgreSQL database, as instances behind a load balancer are; each gets
 * its own options. PostgreSQL only (DATABASE_URL): the embedded database has one connection.
 */
export async function createTestAppsOnOneDatabase(
  optionsOfEach: TestAppOptions[],
): Promise<{ apps: FastifyInstance[]; close: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    throw new Error('Several instances on one database need DATABASE_URL')
  }
  const { database, drop } = await createTestDatabase(databaseUrl)
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

  // The test run's database choice, read from the environment as config.ts would.
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    const embeddedDatabase = await openPglite(null, { loadDataDir: await migratedPgliteSnapshot() })
    return buildApp(
      { ...config, database: { kind: 'pglite', dataDir: null } },
      { ...options, embeddedDatabase },
    )
  }

  const { database, drop } = await createTestDatabase(databaseUrl)
  try {
    return await buildApp(
      { ...config, database },
      {
        ...options,
        registerRoutes: async (scope) => {
          // Registered last, so this runs first of the onClose hooks, after the job queue has
          // stopped (preClose). It closes the pool itself (Kysely's destroy is idempotent: the
          // database plugin's after it does nothing), so the drop ends no connection in use.
          scope.addHook('onClose', async () => {
            await scope.db.destroy()
            await drop()
          })
          await options.registerRoutes?.(scope)
        },
      },
    )
  } catch (error) {
    await drop()
    throw error
  }
}
