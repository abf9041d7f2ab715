/**
 * Seeds the catalogue in the background, with the embedded database only (a PostgreSQL server is
 * an operator's database: nothing is created in it uninvited). Startup never waits for it:
 * /healthz answers while works are still being composed, the first work is listed as a preview
 * within seconds, and each work appears in the listings as soon as its files are stored.
 *
 * Registered before the database plugin: on a fresh data directory the catalogue is certainly
 * empty, so the first preview is composed (in its own thread) while the embedded database is
 * being created, which is most of a first start. Everything that touches the database or the
 * files waits until the server listens.
 *
 * With `aiExamples` (the server's default; test apps leave it off unless they ask), the platform's
 * demo account then makes and shares one example of each AI tool through the job queue
 * (seedAiExamples.ts), once the catalogue it starts from is there.
 */
import { existsSync } from 'node:fs'
import fastifyPlugin from 'fastify-plugin'
import { SEED_CATALOGUE, type SeedDefinition } from './catalogue'
import { seedAiExamples } from './seedAiExamples'
import { seedCatalogue } from './seedCatalogue'
import { ensureDemoVoteActivity } from './seedVotes'
import { createThreadSynthesiser } from './seedWorker'
import type { SeedVersion, SynthesisedWork } from './synthesise'

export interface SeedPluginOptions {
  /** Whether the demo account makes and shares the AI zone's examples after the catalogue. */
  aiExamples: boolean
}

export const seedPlugin = fastifyPlugin<SeedPluginOptions>(
  async (app, options) => {
    const { database, seedWorks } = app.config
    if (database.kind !== 'pglite' || database.dataDir === null) return
    // The demo voting activity (seedVotes.ts): made at once, and given each seed work as it is listed.
    const seedVotes = () =>
      ensureDemoVoteActivity({ db: app.db, storage: app.storage, clock: app.clock }).catch(
        (error: unknown) => app.log.error({ err: error }, 'seed vote activity failed'),
      )
    if (seedWorks === 0) {
      let votesSeeding: Promise<unknown> | null = null
      app.addHook('onListen', async () => {
        votesSeeding ??= seedVotes()
      })
      app.addHook('preClose', async () => {
        await votesSeeding
      })
      return
    }

    const abort = new AbortController()
    const synthesiser = createThreadSynthesiser()
    const [first] = SEED_CATALOGUE
    let firstPreview: Promise<SynthesisedWork> | null =
      first !== undefined && !existsSync(database.dataDir)
        ? synthesiser.synthesise(first, 'preview')
        : null
    // Its failure is reported when the seeding takes it (or never matters if it is not taken).
    firstPreview?.catch(() => undefined)

    const synthesise = (definition: SeedDefinition, version: SeedVersion) => {
      const started = firstPreview
      firstPreview = null
      if (started !== null && definition === first && version === 'preview') return started
      return synthesiser.synthesise(definition, version)
    }

    let seeding: Promise<unknown> | null = null
    app.addHook('onListen', async () => {
      seeding ??= seedVotes()
        .then(() =>
          seedCatalogue({
            db: app.db,
            storage: app.storage,
            count: seedWorks,
            synthesise,
            log: app.log.child({ module: 'seed' }),
            signal: abort.signal,
            clock: app.clock,
            onListed: seedVotes,
          }),
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'seed catalogue failed'))
        .finally(() => synthesiser.close())
        .then(async () => {
          if (!options.aiExamples || abort.signal.aborted) return
          await seedAiExamples({
            app,
            log: app.log.child({ module: 'seed-ai-examples' }),
            signal: abort.signal,
          }).catch((error: unknown) => app.log.error({ err: error }, 'seed AI examples failed'))
        })
    })

    // Before any plugin closes (the database among them): the step under way stops here.
    app.addHook('preClose', async () => {
      abort.abort()
      await synthesiser.close()
      await seeding
    })
  },
  { name: 'gy-seed' },
)
