/**
 * kill -9 in the middle of work: the real server (src/server.ts) as a child process on a data
 * folder (embedded PGlite and files on disk), uploads, deposits and points payments (a top-up
 * order and its signed sandbox notification) running in parallel, the process killed with
 * SIGKILL while requests are in flight, then started again on the same folder. After the restart:
 * - nothing acknowledged is lost: every deposit answered 000 is there with its sha256, and every
 *   notification answered SUCCESS has credited its order;
 * - nothing is doubled: every sha256 is deposited once, the log has one leaf per deposit, and
 *   sending every notification again (as the provider does) credits nothing twice;
 * - the deposit log's proofs still verify: inclusion of each acknowledged deposit in the new
 *   checkpoint, and consistency of a checkpoint taken before the kill with it;
 * - no file is half-written or orphaned: every stored file's bytes hash to its key, every
 *   uploaded_files row has its file, and the temporaries a killed upload leaves are swept on a
 *   later start.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { leafHash, leafText, verifyConsistency, verifyInclusion } from '@gy/api/merkle'
import { encodeWav } from '@gy/audio'
import { afterAll, describe, expect, it } from 'vitest'
import { steppedTone } from '../src/media/testTones'
import { buildSandboxNotification } from '../src/payments/sandbox'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openPglite } from '../src/plugins/database/embedded'
import { TEST_SANDBOX_KEY } from '../src/routes/payments/pointsTestKit'
import {
  httpCall,
  loginOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../src/test/serverProcess'
import { uploadOverHttp } from './support/loadScenarios'

/**
 * A fresh data folder means initdb and every migration; on a small machine shared with other
 * work that has taken over 90 s.
 */
const START_TIMEOUT_MS = 240_000
const TEST_TIMEOUT_MS = 900_000

const sha256 = (bytes: Uint8Array): Uint8Array => createHash('sha256').update(bytes).digest()
const hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

interface Checkpoint {
  treeSize: number
  rootHash: string
}

interface AcknowledgedDeposit {
  depositId: string
  certificateNo: string
  sha256: string
  depositedAt: string
}

interface PaidOrder {
  orderId: string
  amountFen: number
  points: number
  acknowledged: boolean
  bodyText: string
  headers: Record<string, string>
}

/** Every file under the storage root: `<root>/<2 hex>/<key>` and `<root>/tmp/*.part`. */
async function storedFiles(root: string): Promise<{ keys: string[]; temporaries: string[] }> {
  const keys: string[] = []
  let temporaries: string[] = []
  for (const folder of await readdir(root).catch(() => [] as string[])) {
    const names = await readdir(path.join(root, folder))
    if (folder === 'tmp') temporaries = names.map((name) => path.join(root, folder, name))
    else keys.push(...names.filter((name) => /^[0-9a-f]{64}$/.test(name)))
  }
  return { keys, temporaries }
}

/** The database the killed server used, read directly after it has stopped for good. */
interface CrashDatabase {
  env: Record<string, string>
  /** The schema whose tables are the app's. */
  schema: string
  query: <Row>(text: string) => Promise<Row[]>
  close: () => Promise<void>
}

async function embeddedDatabase(dataDir: string): Promise<CrashDatabase> {
  let pglite: PGlite | null = null
  return {
    env: {},
    schema: 'public',
    query: async <Row>(text: string) => {
      pglite ??= await openPglite(path.join(dataDir, 'pglite'))
      return (await pglite.query<Row>(text)).rows
    },
    close: async () => {
      await pglite?.close()
    },
  }
}

/** A schema of its own on the PostgreSQL server of DATABASE_URL, dropped with its queue's at the end. */
async function postgresDatabase(url: string): Promise<CrashDatabase> {
  const schema = `crash_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(`CREATE SCHEMA ${schema}`)
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    schema,
    query: async <Row>(text: string) =>
      (await client.query(text.replaceAll('"public".', `"${schema}".`))).rows as Row[],
    close: async () => {
      await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_queue CASCADE`)
      await client.end()
    },
  }
}

const databaseUrl = process.env.DATABASE_URL ?? ''
const databases: Array<[string, (dataDir: string) => Promise<CrashDatabase>]> = [
  ['embedded PGlite', embeddedDatabase],
  ...(databaseUrl === ''
    ? []
    : [
        ['PostgreSQL', () => postgresDatabase(databaseUrl)] as [
          string,
          () => Promise<CrashDatabase>,
        ],
      ]),
]

describe.each(databases)(
  'kill -9 during uploads, deposits and points payments (%s)',
  (_label, open) => {
    let dataDir = ''
    let database: CrashDatabase | undefined
    let server: ServerProcess | undefined
    const env = (): Record<string, string> => ({
      ...database?.env,
      DATA_DIR: dataDir,
      SANDBOX_PAYMENT_KEY: TEST_SANDBOX_KEY,
      SMS_DAILY_CAP_PER_IP: '1000',
      // The killed process's nonces and sessions stay valid: the same token works after restart.
      FILE_URL_SECRET: 'file-url-secret-of-the-crash-tests',
    })

    afterAll(async () => {
      await server?.kill()
      await database?.close()
      if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
    })

    it(
      'loses nothing acknowledged, doubles nothing, keeps the log provable and no file half-written',
      async () => {
        dataDir = await mkdtemp(path.join(tmpdir(), 'gy-crash-'))
        database = await open(dataDir)
        server = await startServerProcess(env(), { startTimeoutMs: START_TIMEOUT_MS })
        const { baseUrl } = server
        const login = await loginOverHttp(baseUrl, '86:13500000001')
        const token = login.accessToken

        const deposits: AcknowledgedDeposit[] = []
        const orders: PaidOrder[] = []
        let uploadsAcknowledged = 0
        const acknowledgedUploadHashes = new Set<string>()
        let checkpointBefore: Checkpoint | null = null
        let killed = false
        let loopError: unknown = null
        let made = 0

        const depositLoop = async (): Promise<void> => {
          while (!killed) {
            made += 1
            const bytes = encodeWav(steppedTone(0.2 + made / 997 + Math.random() / 1000))
            try {
              const uploaded = await uploadOverHttp(baseUrl, token, bytes)
              if (uploaded.code !== '000')
                throw new Error(`upload refused: ${JSON.stringify(uploaded)}`)
              uploadsAcknowledged += 1
              acknowledgedUploadHashes.add(uploaded.data.sha256)
              const deposit = await httpCall<AcknowledgedDeposit>(
                baseUrl,
                '/api/music-server/keepRecord/uploadListing',
                { token, body: { fileId: uploaded.data.fileId, title: `崩溃测试 ${made}` } },
              )
              if (deposit.code !== '000')
                throw new Error(`deposit refused: ${JSON.stringify(deposit)}`)
              deposits.push(deposit.data)
              if (deposits.length === 2) {
                const checkpoint = await httpCall<Checkpoint>(
                  baseUrl,
                  '/api/music-server/keepRecord/checkpoint',
                  { body: {} },
                )
                checkpointBefore = checkpoint.data
              }
            } catch (error) {
              // A refused or broken call after the kill is expected; before it, it is a failure.
              if (!killed) loopError ??= error
              return
            }
          }
        }

        const paymentLoop = async (): Promise<void> => {
          while (!killed) {
            try {
              const created = await httpCall<{
                orderId: string
                amountFen: number
                points: number
              }>(baseUrl, '/api/cicc-server/charge/charge', { token, body: { amountFen: 1_000 } })
              if (created.code !== '000')
                throw new Error(`charge refused: ${JSON.stringify(created)}`)
              const notification = buildSandboxNotification(
                {
                  orderId: created.data.orderId,
                  amountFen: created.data.amountFen,
                  notifyUrl: `${baseUrl}/api/payments/notify/sandbox`,
                  tradeId: `crash_${created.data.orderId}`,
                  paidAt: null,
                },
                'paid',
                { key: TEST_SANDBOX_KEY, now: new Date() },
              )
              const order: PaidOrder = {
                ...created.data,
                acknowledged: false,
                bodyText: notification.bodyText,
                headers: notification.headers,
              }
              orders.push(order)
              const answer = await fetch(`${baseUrl}/api/payments/notify/sandbox`, {
                method: 'POST',
                headers: notification.headers,
                body: notification.bodyText,
              })
              const acknowledgement = await answer.text()
              if (acknowledgement !== '{"code":"SUCCESS"}') {
                throw new Error(`notification refused: ${answer.status} ${acknowledgement}`)
              }
              order.acknowledged = true
            } catch (error) {
              if (!killed) loopError ??= error
              return
            }
          }
        }

        const work = [depositLoop(), depositLoop(), paymentLoop()]
        // Kill once some of everything has been acknowledged, while the loops still send.
        const deadline = Date.now() + 60_000
        while (
          (deposits.length < 4 || orders.filter((order) => order.acknowledged).length < 3) &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        await new Promise((resolve) => setTimeout(resolve, 150 + Math.random() * 200))
        killed = true
        await server.kill()
        await Promise.all(work)
        if (loopError !== null) throw loopError
        expect(deposits.length).toBeGreaterThanOrEqual(4)
        expect(checkpointBefore).not.toBeNull()

        // Temporaries the kill left, made to look an hour old: the next start must sweep them.
        const filesRoot = path.join(dataDir, 'files')
        const leftBehind = (await storedFiles(filesRoot)).temporaries
        const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
        for (const temporary of leftBehind) await utimes(temporary, anHourAgo, anHourAgo)

        server = await startServerProcess(env(), { startTimeoutMs: START_TIMEOUT_MS })
        const restarted = server.baseUrl

        // Nothing acknowledged is lost, nothing is doubled.
        const listed = await httpCall<{ records: Array<{ sha256?: string }>; total: number }>(
          restarted,
          '/api/music-server/keepRecord/musicListWeb',
          { token, body: { page: 1, pageSize: 50 } },
        )
        expect(listed.code).toBe('000')
        const checkpoint = await httpCall<Checkpoint>(
          restarted,
          '/api/music-server/keepRecord/checkpoint',
          { body: {} },
        )
        expect(checkpoint.code).toBe('000')
        expect(listed.data.total).toBeGreaterThanOrEqual(deposits.length)
        // One leaf per deposit: a deposit the kill cut short left neither or both.
        expect(checkpoint.data.treeSize).toBe(listed.data.total)
        for (const deposit of deposits) {
          const found = await httpCall<{
            found: boolean
            deposit: { certificateNo: string; logIndex: number; depositedAt: string }
            treeSize: number
            inclusionPath: string[]
          }>(restarted, '/api/music-server/keepRecord/verify', { body: { sha256: deposit.sha256 } })
          expect(found.data.found, deposit.certificateNo).toBe(true)
          expect(found.data.deposit.certificateNo).toBe(deposit.certificateNo)
          const leaf = await leafHash(
            sha256,
            leafText(deposit.certificateNo, deposit.sha256, found.data.deposit.depositedAt),
          )
          expect(
            await verifyInclusion(
              sha256,
              found.data.deposit.logIndex,
              found.data.treeSize,
              leaf,
              found.data.inclusionPath,
              checkpoint.data.rootHash,
            ),
          ).toBe(true)
        }
        const before = checkpointBefore as unknown as Checkpoint
        const consistency = await httpCall<{ proof: string[] }>(
          restarted,
          '/api/music-server/keepRecord/consistency',
          { body: { from: before.treeSize, to: checkpoint.data.treeSize } },
        )
        expect(
          await verifyConsistency(
            sha256,
            before.treeSize,
            checkpoint.data.treeSize,
            consistency.data.proof,
            before.rootHash,
            checkpoint.data.rootHash,
          ),
        ).toBe(true)

        // Payments: every acknowledged credit is there; sending every notification again, as the
        // provider does until it is acknowledged, credits each order exactly once.
        for (const order of orders) {
          const again = await fetch(`${restarted}/api/payments/notify/sandbox`, {
            method: 'POST',
            headers: order.headers,
            body: order.bodyText,
          })
          expect(await again.text()).toBe('{"code":"SUCCESS"}')
        }
        const balance = await httpCall<{ points: number }>(
          restarted,
          '/api/music-server/ai/music/integral',
          { token },
        )
        const pointsOfOrders = orders.reduce((sum, order) => sum + order.points, 0)
        expect(balance.data.points).toBe(pointsOfOrders)
        const log = await httpCall<{ total: number }>(
          restarted,
          '/api/music-server/ai/music/integralLog',
          { token, body: { page: 1, pageSize: 50 } },
        )
        expect(log.data.total).toBe(orders.length)

        await server.stop()
        server = undefined

        // Files: no stored file half-written, no row without its file, the temporaries swept.
        const { keys, temporaries } = await storedFiles(filesRoot)
        for (const key of keys) {
          const bytes = await readFile(path.join(filesRoot, key.slice(0, 2), key))
          expect(hex(bytes), key).toBe(key)
        }
        for (const temporary of leftBehind) {
          expect(await stat(temporary).catch(() => null), temporary).toBeNull()
        }
        expect(temporaries.filter((name) => leftBehind.includes(name))).toEqual([])
        const query = (database as CrashDatabase).query
        const schema = (database as CrashDatabase).schema
        const rows = await query<{ storage_key: string }>(
          `SELECT storage_key FROM "public".uploaded_files`,
        )
        const stored = new Set(keys)
        const missing = rows.filter((row) => !stored.has(row.storage_key))
        expect(missing).toEqual([])
        // Orphans: bytes stored under a key that no row names (a kill between the two writes).
        // Every column that holds a storage key ends in _key.
        const keyColumns = await query<{ table_name: string; column_name: string }>(
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = '${schema}' AND column_name LIKE '%\\_key' AND data_type = 'text'`,
        )
        const named = new Set<string>()
        for (const column of keyColumns) {
          const values = await query<{ key: string | null }>(
            `SELECT "${column.column_name}" AS key FROM "public"."${column.table_name}"`,
          )
          for (const value of values) if (value.key !== null) named.add(value.key)
        }
        const orphans = keys.filter((key) => !named.has(key))
        console.log(
          `crash test: ${uploadsAcknowledged} uploads and ${deposits.length} deposits acknowledged, ` +
            `${orders.filter((order) => order.acknowledged).length}/${orders.length} payments acknowledged, ` +
            `${leftBehind.length} temporaries left by the kill, ${orphans.length} stored files no row names`,
        )
        // A finding of this suite: an upload killed after its bytes were stored and before its
        // row was written leaves them under their key with no row, and nothing removes them
        // later (the start sweeps only tmp/). They are whole and never acknowledged, so nothing
        // is lost or wrong, but the disk leaks; a sweep of unnamed keys would need to spare
        // uploads in flight on other servers. Until then: only unacknowledged bytes may be left.
        expect(orphans.filter((key) => acknowledgedUploadHashes.has(key))).toEqual([])
      },
      TEST_TIMEOUT_MS,
    )
  },
)
