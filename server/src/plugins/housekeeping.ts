/** Deletes records no rule looks at any more, once a minute, on every instance. */
import fastifyPlugin from 'fastify-plugin'
import { purgeExpiredNonces } from '../domain/sessions.repository'
import { purgeOldSmsRecords } from '../domain/smsCodes.repository'

const PURGE_INTERVAL_MS = 60_000
/** Daily caps look back to midnight and logins a few minutes: two days covers both. */
const SMS_RECORD_RETENTION_MS = 2 * 24 * 60 * 60 * 1000

export const housekeepingPlugin = fastifyPlugin(
  async (app) => {
    async function purge(): Promise<void> {
      const now = app.clock()
      try {
        await purgeExpiredNonces(app.db, now)
        await purgeOldSmsRecords(app.db, new Date(now.getTime() - SMS_RECORD_RETENTION_MS))
      } catch (error) {
        app.log.warn({ err: error }, 'housekeeping: purge failed, will retry')
      }
    }
    let running: Promise<void> = Promise.resolve()
    const timer = setInterval(() => {
      running = purge()
    }, PURGE_INTERVAL_MS)
    // The timer alone must not keep a process (or a test run) alive.
    timer.unref()
    app.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
  },
  { name: 'gy-housekeeping', dependencies: ['gy-database'] },
)
