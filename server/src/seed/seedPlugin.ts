/**
 * Seeds the catalogue in the background once the server is listening, with the embedded
 * database only (a PostgreSQL server is an operator's database: nothing is created in it
 * uninvited). Startup never waits for it: /healthz answers while works are still being composed,
 * and each work appears in the listings as soon as it is ready.
 */
import fastifyPlugin from 'fastify-plugin'
import { seedCatalogue } from './seedCatalogue'
import { createThreadSynthesiser } from './seedWorker'

export const seedPlugin = fastifyPlugin(
  async (app) => {
    const { database, seedWorks } = app.config
    const enabled = database.kind === 'pglite' && database.dataDir !== null && seedWorks > 0
    if (!enabled) return

    const abort = new AbortController()
    const synthesiser = createThreadSynthesiser()
    let seeding: Promise<unknown> | null = null

    app.addHook('onListen', async () => {
      seeding ??= seedCatalogue({
        db: app.db,
        storage: app.storage,
        count: seedWorks,
        synthesise: (definition) => synthesiser.synthesise(definition),
        log: app.log.child({ module: 'seed' }),
        signal: abort.signal,
      })
        .catch((error: unknown) => app.log.error({ err: error }, 'seed catalogue failed'))
        .finally(() => synthesiser.close())
    })

    app.addHook('onClose', async () => {
      abort.abort()
      await synthesiser.close()
      await seeding
    })
  },
  { name: 'gy-seed', dependencies: ['gy-database', 'gy-storage'] },
)
