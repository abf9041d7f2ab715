/**
 * The embedded database's data folder under an operator's mistakes and crashes (issue 30,
 * finding 2), with real server processes on PGlite:
 * - one process per folder: a second server (on another port or the same one), the admin
 *   command and the job worker refuse a folder a server holds, with a message naming the folder
 *   and the holder's process id; the first keeps serving, and once it is killed with SIGKILL the
 *   next start opens the folder at once with everything in it;
 * - kill -9 never leaves a folder that does not open: killed while it makes a new folder (initdb),
 *   then 50 times at a random moment while top-ups are being written, the server starts again on
 *   the folder each time, and every acknowledged top-up is there, credited once.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ChargeOrderCreated } from '@gy/api/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSandboxNotification } from '../src/payments/sandbox'
import { TEST_SANDBOX_KEY } from '../src/routes/payments/pointsTestKit'
import {
  httpCall,
  loginOverHttp,
  spawnEntry,
  startServerProcess,
  type ServerProcess,
} from '../src/test/serverProcess'

/** A first start on a new folder is initdb and every migration: slow on a busy machine. */
const START_TIMEOUT_MS = 240_000
const CHARGE_URL = '/api/cicc-server/charge/charge'
const BALANCE_URL = '/api/music-server/ai/music/integral'
const NOTIFY_URL = '/api/payments/notify/sandbox'
const ACKNOWLEDGED = '200 {"code":"SUCCESS"}'

function serverEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    SANDBOX_PAYMENT_KEY: TEST_SANDBOX_KEY,
    SMS_DAILY_CAP_PER_IP: '1000',
    RATE_LIMIT_PER_MINUTE: '0',
    FILE_URL_SECRET: 'file-url-secret-of-the-data-folder-tests',
    // Nothing in the background competes with the writes: no job is worked.
    QUEUE_WORKERS: 'off',
  }
}

/** Runs `npm run admin` or `npm run worker` to its end: its exit code and everything it printed. */
async function runEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const spawned = spawnEntry(entry, env, args)
  const code = await spawned.exited
  return { code, output: spawned.output() }
}

/** The message a process prints when the folder is held by `holder`. */
function expectHeldBy(output: string, dataDir: string, holder: ServerProcess): void {
  expect(output).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is in use`)
  expect(output).toContain(`process ${holder.pid} on`)
  expect(output).toContain(`进程 ${holder.pid}`)
  // Refused before touching the database: no stack, no PGlite abort.
  expect(output).not.toMatch(/Aborted|RuntimeError|\n\s+at /)
}

async function balanceOf(baseUrl: string, token: string): Promise<number> {
  const answer = await httpCall<{ points: number }>(baseUrl, BALANCE_URL, { token })
  if (answer.code !== '000') throw new Error(`balance: ${JSON.stringify(answer)}`)
  return answer.data.points
}

// Both suites are about the embedded database's folder: the hardening run on PostgreSQL
// (DATABASE_URL set) would only repeat them, for six minutes.
const onPostgres = Boolean(process.env.DATABASE_URL)

describe.skipIf(onPostgres)('one process per embedded data folder', () => {
  let dataDir = ''
  const servers: ServerProcess[] = []
  afterAll(async () => {
    for (const server of servers) await server.kill()
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
  })

  it('a second server, the admin command and the worker refuse the folder a server holds, naming it and the holder; after kill -9 the next start opens it intact', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-one-process-'))
    const env = serverEnv(dataDir)
    const first = await startServerProcess(env, { startTimeoutMs: START_TIMEOUT_MS })
    servers.push(first)
    const login = await loginOverHttp(first.baseUrl, '86:13600000001')

    // Another port, then the port the first one listens on: both fail before listening.
    const port = new URL(first.baseUrl).port
    for (const secondEnv of [env, { ...env, PORT: port }]) {
      const refused = await startServerProcess(secondEnv).then(
        () => null,
        (error: unknown) => String(error),
      )
      expect(refused).toContain('server exited early')
      expectHeldBy(refused ?? '', dataDir, first)
      expect(refused).not.toContain('EADDRINUSE')
    }
    for (const args of [['list-reviewers'], ['backup', path.join(dataDir, 'backup.tar')]]) {
      const admin = await runEntry('src/admin.ts', args, env)
      expect(admin.code).toBe(1)
      expectHeldBy(admin.output, dataDir, first)
    }
    expect(existsSync(path.join(dataDir, 'backup.tar'))).toBe(false)
    const worker = await runEntry('src/worker.ts', [], env)
    expect(worker.code).toBe(1)
    expect(worker.output).toContain('npm run worker needs DATABASE_URL')

    // The first one noticed nothing: it reads and writes as before.
    expect(await balanceOf(first.baseUrl, login.accessToken)).toBe(0)
    const other = await loginOverHttp(first.baseUrl, '86:13600000002')

    await first.kill()
    const startedAt = Date.now()
    const next = await startServerProcess(env, { startTimeoutMs: START_TIMEOUT_MS })
    servers.push(next)
    expect(Date.now() - startedAt).toBeLessThan(START_TIMEOUT_MS)
    // Both sessions made before the kill are there.
    expect(await balanceOf(next.baseUrl, login.accessToken)).toBe(0)
    expect(await balanceOf(next.baseUrl, other.accessToken)).toBe(0)
    await next.stop()
  }, 600_000)
})

interface HeldOrder {
  user: number
  orderId: string
  amountFen: number
  points: number
  acknowledged: boolean
}

const KILLS = 50
/** First starts killed while they make the database folder. */
const FIRST_START_KILLS = 3
const WRITERS = 3
/** A kill leaves the order it cut off open, and a user may have 10 open at most. */
const USERS = 24
/** The kill comes this long after the server answers, the writes running all along. */
const KILL_WITHIN_MS = 1_500

/** Delivers the provider's signed "paid" notification of an order; the answer, or null if none came. */
async function notifyPaid(baseUrl: string, order: HeldOrder): Promise<string | null> {
  const notification = buildSandboxNotification(
    {
      orderId: order.orderId,
      amountFen: order.amountFen,
      notifyUrl: `${baseUrl}${NOTIFY_URL}`,
      tradeId: `folder_${order.orderId}`,
      paidAt: null,
    },
    'paid',
    { key: TEST_SANDBOX_KEY, now: new Date() },
  )
  try {
    const answer = await fetch(`${baseUrl}${NOTIFY_URL}`, {
      method: 'POST',
      headers: notification.headers,
      body: notification.bodyText,
    })
    return `${answer.status} ${await answer.text()}`
  } catch {
    return null
  }
}

describe.skipIf(onPostgres)('kill -9 of a lone server on PGlite', () => {
  let dataDir = ''
  let server: ServerProcess | undefined
  afterAll(async () => {
    await server?.kill()
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
  })

  it(`never leaves a folder that does not open: killed while making it, then ${KILLS} times during top-ups, each start opens it with every acknowledged top-up credited once`, async () => {
    const startedAt = Date.now()
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-kill-'))
    const env = serverEnv(dataDir)
    const pgliteDir = path.join(dataDir, 'pglite')

    // First starts killed while initdb's files are copied into the new folder (pg_wal and
    // global first, PG_VERSION a third of the way in): the first the moment PG_VERSION is there,
    // which left a folder that never opened again before it was made beside its place; the
    // others at a random moment from the copy's start.
    const staging = `${pgliteDir}.creating`
    const madeBeside: boolean[] = []
    for (let attempt = 0; attempt < FIRST_START_KILLS; attempt++) {
      const making = spawnEntry('src/server.ts', env)
      const signal = path.join(staging, attempt === 0 ? 'PG_VERSION' : 'global')
      const deadline = Date.now() + START_TIMEOUT_MS
      while (!existsSync(signal)) {
        if (existsSync(pgliteDir) || making.child.exitCode !== null || Date.now() > deadline) {
          making.child.kill('SIGKILL')
          throw new Error(`the database folder was not made beside its place:\n${making.output()}`)
        }
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 1_500))
      making.child.kill('SIGKILL')
      await making.exited
      // Whole or not there at all, never half made: PGlite would take a half-made folder with
      // PG_VERSION for a database and abort on it at every later start.
      madeBeside.push(!existsSync(pgliteDir))
      expect(!existsSync(pgliteDir) || existsSync(path.join(pgliteDir, 'PG_VERSION'))).toBe(true)
      if (existsSync(pgliteDir)) break
    }
    // The first kill came with PG_VERSION written and the folder not yet in its place.
    expect(madeBeside[0]).toBe(true)

    server = await startServerProcess(env, { startTimeoutMs: START_TIMEOUT_MS })
    const tokens: string[] = []
    for (let user = 0; user < USERS; user++) {
      const phone = `86:1370000${String(user).padStart(4, '0')}`
      tokens.push((await loginOverHttp(server.baseUrl, phone)).accessToken)
    }
    const everyone = tokens.map((_token, user) => user)
    const someone = () => Math.floor(Math.random() * USERS)
    const orders: HeldOrder[] = []
    let refusedCharges = 0

    /** A user's balance is the points of the orders whose notification was acknowledged. */
    const expectBalances = async (baseUrl: string, users: Iterable<number>): Promise<void> => {
      for (const user of new Set(users)) {
        const credited = orders
          .filter((order) => order.user === user && order.acknowledged)
          .reduce((sum, order) => sum + order.points, 0)
        expect(await balanceOf(baseUrl, tokens[user] ?? ''), `user ${user}`).toBe(credited)
      }
    }

    /** The provider sends again what a kill cut off: each is credited now, and only once. */
    const sendAgain = async (baseUrl: string): Promise<HeldOrder[]> => {
      const cutOff = orders.filter((order) => !order.acknowledged)
      for (const order of cutOff) {
        expect(await notifyPaid(baseUrl, order)).toBe(ACKNOWLEDGED)
        order.acknowledged = true
      }
      return cutOff
    }

    /** Top-ups one after another until the server is gone: an order, then its payment. */
    const writeUntilKilled = async (baseUrl: string): Promise<void> => {
      for (;;) {
        const user = someone()
        let charged: Awaited<ReturnType<typeof httpCall<ChargeOrderCreated>>>
        try {
          charged = await httpCall<ChargeOrderCreated>(baseUrl, CHARGE_URL, {
            token: tokens[user] ?? '',
            body: { packageId: 'p6' },
          })
        } catch {
          return
        }
        if (charged.code !== '000') {
          refusedCharges++
          continue
        }
        const order: HeldOrder = {
          user,
          orderId: charged.data.orderId,
          amountFen: charged.data.amountFen,
          points: charged.data.points,
          acknowledged: false,
        }
        orders.push(order)
        const answer = await notifyPaid(baseUrl, order)
        if (answer === null) return
        expect(answer).toBe(ACKNOWLEDGED)
        order.acknowledged = true
      }
    }

    const startTimes: number[] = []
    for (let kill = 1; kill <= KILLS; kill++) {
      const { baseUrl } = server
      const cutOff = await sendAgain(baseUrl)
      // Those users' balances, and two others': nothing acknowledged lost, nothing twice.
      await expectBalances(baseUrl, [...cutOff.map((order) => order.user), someone(), someone()])

      const writers = Array.from({ length: WRITERS }, () => writeUntilKilled(baseUrl))
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * KILL_WITHIN_MS))
      await server.kill()
      await Promise.all(writers)

      // Opening the folder again is the test: a start that fails shows PGlite's own words.
      const restart = Date.now()
      server = await startServerProcess(env, { startTimeoutMs: START_TIMEOUT_MS }).catch(
        (error: unknown) => {
          throw new Error(`start after kill ${kill} failed: ${String(error)}`)
        },
      )
      startTimes.push(Date.now() - restart)
    }

    await sendAgain(server.baseUrl)
    await expectBalances(server.baseUrl, everyone)
    // Each notification sent once more, as providers do: nothing is credited twice.
    for (const order of orders) expect(await notifyPaid(server.baseUrl, order)).toBe(ACKNOWLEDGED)
    await expectBalances(server.baseUrl, everyone)
    await server.stop()

    // The kills came in the middle of writing.
    expect(orders.length).toBeGreaterThan(KILLS)
    const median = [...startTimes].sort((a, b) => a - b)[Math.floor(startTimes.length / 2)]
    console.log(
      `${madeBeside.length} first starts killed (${madeBeside.filter(Boolean).length} before the folder was in place); ${KILLS} kills: ${orders.length} top-ups written (${refusedCharges} charges refused: a user at the open-order limit); starts after a kill took ${String(median)} ms (median), ${Math.max(...startTimes)} ms at most; ${Math.round((Date.now() - startedAt) / 1000)} s in all`,
    )
  }, 1_800_000)
})
