/**
 * Deletes records no rule looks at any more: a job scheduled every minute, so a restart skips
 * nothing and several instances do not all purge at once (one job per minute, one at a time).
 */
import fastifyPlugin from 'fastify-plugin'
import { purgeExpiredNonces } from '../domain/sessions.repository'
import { purgeOldSmsRecords } from '../domain/smsCodes.repository'
import { defineChore } from './queue'

/** Daily caps look back to midnight and logins a few minutes: two days covers both. */
const SMS_RECORD_RETENTION_MS = 2 * 24 * 60 * 60 * 1000

export const purgeJob = defineChore('housekeeping-purge')

export const housekeepingPlugin = fastifyPlugin(
  async (app) => {
    await app.queue.handle(purgeJob, async () => {
      const now = app.clock()
      await purgeExpiredNonces(app.db, now)
      await purgeOldSmsRecords(app.db, new Date(now.getTime() - SMS_RECORD_RETENTION_MS))
    })
    await app.queue.schedule(purgeJob, '* * * * *', {})
  },
  { name: 'gy-housekeeping', dependencies: ['gy-database', 'gy-queue'] },
)
