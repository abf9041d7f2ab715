/**
 * The server benches measure the same budgets on the embedded database and on PostgreSQL. The test
 * app reads DATABASE_URL when it is built (a schema of its own on that server, or in-memory PGlite
 * when it is empty), so the variable is set for that moment only.
 */
import type { FastifyInstance } from 'fastify'

export type DatabaseLabel = 'PGlite' | 'PostgreSQL'

/** What a PostgreSQL row measures when DATABASE_URL names no server; the row fails, so it shows. */
export const WITHOUT_POSTGRESQL = 'not measured: no PostgreSQL (set DATABASE_URL, as .ci/run does)'

/** Builds an app on the database at `databaseUrl` (PGlite when undefined), measures, closes it. */
export async function measureOnDatabase<App extends FastifyInstance, Measured>(
  databaseUrl: string | undefined,
  createApp: () => Promise<App>,
  measure: (app: App, database: DatabaseLabel) => Promise<Measured>,
): Promise<Measured> {
  const database: DatabaseLabel = databaseUrl ? 'PostgreSQL' : 'PGlite'
  const previous = process.env.DATABASE_URL
  process.env.DATABASE_URL = databaseUrl ?? ''
  const app = await createApp().finally(() => {
    if (previous === undefined) delete process.env.DATABASE_URL
    else process.env.DATABASE_URL = previous
  })
  try {
    return await measure(app, database)
  } finally {
    await app.close()
  }
}
