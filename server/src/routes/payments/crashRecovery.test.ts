/**
 * A payment whose notification had not gone out when the server died: after a restart on the same
 * database, the queue delivers it and the points are credited exactly once. The real server runs
 * as a child process and is killed with SIGKILL, so nothing of its shutdown runs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { ChargeOrderCreated, PointsBalance, PointsLogPage } from '@gy/api/contract'
import {
  dropTestSchema,
  httpCall,
  loginOverHttp,
  startServerProcess,
} from '../../test/serverProcess'
import { BALANCE_URL, CHARGE_URL, LOG_URL, TEST_SANDBOX_KEY, checkoutLink } from './pointsTestKit'

/** Long enough to kill the server after the payment and before the first attempt. */
const FIRST_DELIVERY_DELAY_SECONDS = 3

/** The database both lives of the server use: a data folder, or a schema of DATABASE_URL. */
function sharedDatabase(): { env: Record<string, string>; remove: () => Promise<void> } {
  // The one place here that reads the environment: the test run's database choice.
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gy-crash-'))
    return {
      env: { DATA_DIR: dataDir },
      remove: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
    }
  }
  const schema = `crash_${randomBytes(6).toString('hex')}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gy-crash-'))
  return {
    env: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, DATA_DIR: dataDir },
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true })
      await dropTestSchema(databaseUrl, schema)
    },
  }
}

describe('a crash between a payment and its notification', () => {
  const database = sharedDatabase()
  const env = {
    ...database.env,
    SANDBOX_PAYMENT_KEY: TEST_SANDBOX_KEY,
    SANDBOX_NOTIFICATION_DELAY_SECONDS: String(FIRST_DELIVERY_DELAY_SECONDS),
  }
  afterAll(() => database.remove())

  it('delivers the notification after a restart and credits the points once', async () => {
    const first = await startServerProcess(env)
    let token: string
    let order: ChargeOrderCreated
    try {
      token = (await loginOverHttp(first.baseUrl, '86:13700000001')).accessToken
      const created = await httpCall<ChargeOrderCreated>(first.baseUrl, CHARGE_URL, {
        token,
        body: { packageId: 'p6' },
      })
      expect(created.code).toBe('000')
      order = created.data
      const link = checkoutLink(order.checkoutUrl)
      const paid = await fetch(`${first.baseUrl}${link.path}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ expires: link.expires, token: link.token }).toString(),
      })
      expect(await paid.text()).toContain('支付成功')
    } finally {
      // At once: the notification waits FIRST_DELIVERY_DELAY_SECONDS in the queue.
      await first.kill()
    }
    expect(first.output()).not.toContain('notification delivered')

    const second = await startServerProcess(env)
    try {
      const balance = async () =>
        (await httpCall<PointsBalance>(second.baseUrl, BALANCE_URL, { token })).data.points
      await expect.poll(balance, { timeout: 30_000, interval: 250 }).toBe(60)
      expect(second.output()).toContain('notification delivered')
      // Later retries or a second look must not credit again.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect(await balance()).toBe(60)
      const log = await httpCall<PointsLogPage>(second.baseUrl, LOG_URL, {
        token,
        body: { page: 1, pageSize: 20 },
      })
      expect(log.data.records.filter((record) => record.kind === 'topup')).toHaveLength(1)
    } finally {
      await second.stop()
    }
  }, 180_000)
})
