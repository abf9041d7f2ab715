/**
 * Vitest global setup of the server tests (vitest.config.ts): migrates once per run what every
 * test app then copies, instead of once per file or per app. On the embedded database, a migrated
 * PGlite dumped to a file in a temporary folder; on PostgreSQL (DATABASE_URL set), a migrated
 * template database. Both are removed when the run ends. The migrations themselves are still
 * tested from scratch: here on every run, and in the tests that start a server on a data folder
 * or schema of their own (database.test.ts, backup.test.ts, crashRecovery.test.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  PGLITE_DUMP_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
  createTemplateDatabase,
  dropDatabase,
  migratedPgliteDump,
} from './testDatabases'

/** Runs before the first test file; answers the teardown, run after the last. */
export async function setup(): Promise<() => Promise<void>> {
  // The same choice testApp.ts makes: the run's database.
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    const folder = await mkdtemp(path.join(tmpdir(), 'gy-test-pglite-'))
    const dumpFile = path.join(folder, 'migrated.tar')
    await writeFile(dumpFile, new Uint8Array(await (await migratedPgliteDump()).arrayBuffer()))
    // Set before vitest forks the workers, which inherit it.
    process.env[PGLITE_DUMP_VARIABLE] = dumpFile
    return async () => {
      Reflect.deleteProperty(process.env, PGLITE_DUMP_VARIABLE)
      await rm(folder, { recursive: true, force: true })
    }
  }
  const template = await createTemplateDatabase(databaseUrl)
  process.env[POSTGRES_TEMPLATE_VARIABLE] = template
  return async () => {
    Reflect.deleteProperty(process.env, POSTGRES_TEMPLATE_VARIABLE)
    await dropDatabase(databaseUrl, template)
  }
}
