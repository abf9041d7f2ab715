/**
 * A payment whose notification had not gone out when the server died: after a restart on the same
 * database, the queue delivers it and the points are credited exactly once. The real server runs
 * as a child process and is killed with SIGKILL, so nothing of its shutdown runs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { ChargeOrderCreated, PointsBalance } from '@gy/api/contract'
import { openPglite } from '../../plugins/database/embedded'
import { queueSchemaOf } from '../../plugins/queue'
import {
  dropTestSchema,
  httpCall,
  loginOverHttp,
  startServerProcess,
} from '../../test/serverProcess'
import { SANDBOX_NOTIFICATION_RETRY, sandboxNotificationJob } from './paymentsPlugin'
import { BALANCE_URL, CHARGE_URL, TEST_SANDBOX_KEY, checkoutLink } from './pointsTestKit'

/** Long enough to kill the server after the payment and before the first attempt. */
const FIRST_DELIVERY_DELAY_SECONDS = 3

/** The database both lives of the server use: a data folder, or a schema of DATABASE_URL. */
interface SharedDatabase {
  env: Record<string, string>
  /** The schemas of the app's tables and of its job queue's. */
  schema: string
  queueSchema: string
  /** Reads it directly, once the server has stopped (the embedded one has one user at a time). */
  query: <Row>(text: string, values: unknown[]) => Promise<Row[]>
  remove: () => Promise<void>
}

function sharedDatabase(): SharedDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gy-crash-'))
  // The one place here that reads the environment: the test run's database choice.
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl === undefined || databaseUrl === '') {
    let pglite: PGlite | undefined
    return {
      env: { DATA_DIR: dataDir },
      schema: 'public',
      queueSchema: queueSchemaOf({ kind: 'pglite', dataDir }),
      query: async <Row>(text: string, values: unknown[]) => {
        pglite ??= await openPglite(path.join(dataDir, 'pglite'))
        return (await pglite.query<Row>(text, values)).rows
      },
      remove: async () => {
        await pglite?.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const schema = `crash_${randomBytes(6).toString('hex')}`
  return {
    env: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, DATA_DIR: dataDir },
    schema,
    queueSchema: queueSchemaOf({ kind: 'postgres', url: databaseUrl, schema }),
    query: async <Row>(text: string, values: unknown[]) => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        return (await client.query(text, values)).rows as Row[]
      } finally {
        await client.end()
      }
    },
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
    let userId: string
    let order: ChargeOrderCreated
    try {
      const login = await loginOverHttp(first.baseUrl, '86:13700000001')
      token = login.accessToken
      userId = login.userInfo.userId
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
    } finally {
      // Cleanly: the queue lets an attempt under way finish first, so once the process is gone
      // nothing of this life can still credit.
      await second.stop()
    }
    // Nor can a later life: the notification's job has completed, no retry of it is left to run.
    const jobs = await database.query<{ state: string }>(
      `SELECT state FROM ${database.queueSchema}.job WHERE name = $1`,
      [sandboxNotificationJob(SANDBOX_NOTIFICATION_RETRY).name],
    )
    expect(jobs).toEqual([{ state: 'completed' }])
    // And what this life did credited once.
    const topUps = await database.query<{ order_id: string; amount: number }>(
      `SELECT order_id, amount FROM ${database.schema}.points_ledger WHERE user_id = $1 AND kind = 'topup'`,
      [userId],
    )
    expect(topUps).toEqual([{ order_id: order.orderId, amount: 60 }])
    const balances = await database.query<{ balance: string }>(
      `SELECT balance FROM ${database.schema}.point_balances WHERE user_id = $1`,
      [userId],
    )
    expect(balances).toEqual([{ balance: '60' }])
  }, 180_000)
})
