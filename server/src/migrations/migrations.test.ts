/**
 * Every migration runs on an empty database, in order, as on a first start. Test apps copy a
 * database migrated once per run (test/testDatabases.ts), so this is where a migration that only
 * works on top of an older database would show: on PGlite, or on PostgreSQL when DATABASE_URL is
 * set (in a schema of its own, as test apps were).
 */
import type { PGlite } from '@electric-sql/pglite'
import { sql, type Kysely } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import type { DatabaseConfig } from '../config'
import type { Database } from '../db/types'
import { migrateToLatest, openDatabase, withPostgresClient } from '../plugins/database/database'
import { openPglite } from '../plugins/database/embedded'
import { dropTestSchema } from '../test/serverProcess'
import { uniqueTestName } from '../test/testDatabases'
import { migrationProvider } from './provider'

const databaseUrl = process.env.DATABASE_URL ?? ''
/** initdb and every migration, on a busy machine. */
const TIMEOUT_MS = 120_000

interface EmptyDatabase {
  name: string
  /** An empty database as the server would be configured for it. */
  create: () => Promise<{ config: DatabaseConfig; embedded?: PGlite }>
  /** Removes what `create` and the migrations made, once the database is closed. */
  remove: () => Promise<void>
}

const emptyPglite: EmptyDatabase = {
  name: 'embedded PGlite',
  create: async () => ({
    config: { kind: 'pglite', dataDir: null },
    embedded: await openPglite(null),
  }),
  remove: async () => {},
}

function emptyPostgresSchema(): EmptyDatabase {
  const schema = uniqueTestName('migrations')
  return {
    name: 'PostgreSQL',
    create: async () => {
      await withPostgresClient(databaseUrl, (client) => client.query(`CREATE SCHEMA ${schema}`))
      return { config: { kind: 'postgres', url: databaseUrl, schema } }
    },
    remove: () => dropTestSchema(databaseUrl, schema),
  }
}

// One database per run: CI runs the server tests once on each.
const databases = [databaseUrl === '' ? emptyPglite : emptyPostgresSchema()]

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM kysely_migration ORDER BY timestamp, name
  `.execute(db)
  return rows.map((row) => row.name)
}

describe.each(databases)('the migrations on an empty $name', (database) => {
  let db: Kysely<Database> | undefined
  afterAll(async () => {
    await db?.destroy()
    await database.remove()
  })

  it(
    'bring it to the latest migration, in order, and migrating again changes nothing',
    async () => {
      const { config, embedded } = await database.create()
      // As the server opens its database: migrated before it is handed out.
      db = await openDatabase(config, embedded)
      const every = Object.keys(await migrationProvider.getMigrations()).sort()
      expect(await appliedMigrations(db)).toEqual(every)

      // What every later start does.
      await migrateToLatest(db, config.kind === 'postgres' ? config.schema : null)
      expect(await appliedMigrations(db)).toEqual(every)
    },
    TIMEOUT_MS,
  )
})
