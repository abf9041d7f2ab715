/**
 * The sweep of stored files no row names (domain/storedFiles.ts): a chore once an hour, and once
 * when a process starts, so what a killed server left goes soon after the restart. As a queue
 * chore it runs one at a time however many servers and workers there are.
 */
import fastifyPlugin from 'fastify-plugin'
import { sweepOrphanedFiles } from '../domain/storedFiles'
import { defineChore } from './queue'

export const orphanSweepJob = defineChore('storage-orphan-sweep')

export const orphanSweepPlugin = fastifyPlugin(
  async (app) => {
    const { database, orphanSweep } = app.config
    // An in-memory database is gone with its process: it never owns the storage's files.
    const inMemory = database.kind === 'pglite' && database.dataDir === null
    if (!orphanSweep.enabled || inMemory) return
    await app.queue.handle(orphanSweepJob, async () => {
      const outcome = await sweepOrphanedFiles(app.db, app.storage, {
        // The files' dates are the storage's wall clock, not the app's (which tests move).
        now: new Date(),
        graceMs: orphanSweep.graceSeconds * 1000,
      })
      app.log.info(
        {
          examined: outcome.examined,
          candidates: outcome.candidates,
          removed: outcome.removed.length,
        },
        'storage orphan sweep done',
      )
    })
    await app.queue.schedule(orphanSweepJob, '23 * * * *', {})
    app.addHook('onReady', async () => {
      await app.queue.send(orphanSweepJob, {})
    })
  },
  { name: 'gy-orphan-sweep', dependencies: ['gy-database', 'gy-queue', 'gy-storage'] },
)
