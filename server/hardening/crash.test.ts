/**
 * kill -9 in the middle of work: the real server (src/server.ts) as a child process on a data
 * folder (embedded PGlite and files on disk), uploads, deposits, points payments (a top-up
 * order and its signed sandbox notification) and licence purchases (a licence order and its
 * notification) running in parallel while AI jobs (a song, a separation, a cover) run in the
 * server's own worker, the process killed with SIGKILL while requests are in flight, then
 * started again on the same folder. After the restart:
 * - nothing acknowledged is lost: every deposit answered 000 is there with its sha256, every
 *   notification answered SUCCESS has credited its order or granted its licence, and every AI
 *   job answered 000 reaches a final state;
 * - nothing is doubled: every sha256 is deposited once, the log has one leaf per deposit,
 *   sending every notification again (as the provider does) credits nothing twice and grants
 *   one licence and one earnings row per order, and a job rerun after the kill is charged once,
 *   refunded at most once, and leaves one set of results;
 * - the deposit log's proofs still verify: inclusion of each acknowledged deposit in the new
 *   checkpoint, and consistency of a checkpoint taken before the kill with it;
 * - no file is half-written or orphaned: every stored file's bytes hash to its key, every row
 *   naming a key has its file, the temporaries a killed upload leaves are swept on a later
 *   start, and so are bytes stored by a write the kill cut short before its row (the orphan
 *   sweep, domain/storedFiles.ts).
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { leafHash, leafText, verifyConsistency, verifyInclusion } from '@gy/api/merkle'
import { encodeWav } from '@gy/audio'
import { afterAll, describe, expect, it } from 'vitest'
import { steppedTone } from '../src/media/testTones'
import { segmentKeysOf } from '../src/media/hlsPackager'
import { buildSandboxNotification } from '../src/payments/sandbox'
import type { AiJob } from '@gy/api/contract'
import type { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from '../src/db/types'
import { sweepOrphanedFiles, type SweepOutcome } from '../src/domain/storedFiles'
import { openPglite } from '../src/plugins/database/embedded'
import { createPgliteConnectionPool } from '../src/plugins/database/pglitePool'
import { LocalDiskStorage } from '../src/storage/localDiskStorage'
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

interface LicencePurchase {
  orderId: string
  amountFen: number
  buyerToken: string
  goodsId: string
  /** Its notification was sent and not yet answered: in flight if the kill comes now. */
  sent: boolean
  acknowledged: boolean
  bodyText: string
  headers: Record<string, string>
}

/** A work the seller listed, with the sha256 of the file a licence holder downloads. */
interface ListedWork {
  goodsId: string
  originalSha256: string
}

/** A sandbox notification that the order was paid, as the provider would sign and send it. */
function paidNotification(
  baseUrl: string,
  order: { orderId: string; amountFen: number },
): { bodyText: string; headers: Record<string, string> } {
  return buildSandboxNotification(
    {
      orderId: order.orderId,
      amountFen: order.amountFen,
      notifyUrl: `${baseUrl}/api/payments/notify/sandbox`,
      tradeId: `crash_${order.orderId}`,
      paidAt: null,
    },
    'paid',
    { key: TEST_SANDBOX_KEY, now: new Date() },
  )
}

/** Sends a notification; true when the server acknowledged it. */
async function deliver(
  baseUrl: string,
  notification: { bodyText: string; headers: Record<string, string> },
): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/payments/notify/sandbox`, {
    method: 'POST',
    headers: notification.headers,
    body: notification.bodyText,
  })
  return `${answer.status} ${await answer.text()}`
}

const ACKNOWLEDGED = '200 {"code":"SUCCESS"}'

/** Fetches a signed file link the server answered (relative or absolute). */
async function download(baseUrl: string, url: string): Promise<Uint8Array> {
  const response = await fetch(url.startsWith('/') ? `${baseUrl}${url}` : url)
  if (!response.ok) throw new Error(`download of ${url} answered ${response.status}`)
  return new Uint8Array(await response.arrayBuffer())
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
  /** The product's orphan sweep over the files, run on this database with the server stopped. */
  sweep: (filesRoot: string, now: Date, graceMs: number) => Promise<SweepOutcome>
  /** Lets go of the database so the server can open it again (PGlite has one user at a time). */
  release: () => Promise<void>
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
    sweep: async (filesRoot, now, graceMs) => {
      pglite ??= await openPglite(path.join(dataDir, 'pglite'))
      // Not destroyed: that would close the PGlite that close() closes.
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: createPgliteConnectionPool(pglite) }),
      })
      return sweepOrphanedFiles(db, new LocalDiskStorage(filesRoot), { now, graceMs })
    },
    release: async () => {
      await pglite?.close()
      pglite = null
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
    sweep: async (filesRoot, now, graceMs) => {
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: url, options: `-c search_path=${schema}` }),
        }),
      })
      try {
        return await sweepOrphanedFiles(db, new LocalDiskStorage(filesRoot), { now, graceMs })
      } finally {
        await db.destroy()
      }
    },
    release: async () => undefined,
    close: async () => {
      await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_queue CASCADE`)
      await client.end()
    },
  }
}

/**
 * Every key a row names, found from the schema rather than from the product's own list: every
 * text column whose name ends in `_key`, and the segments inside the HLS playlists works name.
 */
async function keysNamedByRows(database: CrashDatabase, filesRoot: string): Promise<Set<string>> {
  const keyColumns = await database.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = '${database.schema}' AND column_name LIKE '%\\_key' AND data_type = 'text'`,
  )
  const named = new Set<string>()
  for (const column of keyColumns) {
    const values = await database.query<{ key: string | null }>(
      `SELECT "${column.column_name}" AS key FROM "public"."${column.table_name}"`,
    )
    for (const value of values) if (value.key !== null) named.add(value.key)
  }
  const playlists = await database.query<{ key: string }>(
    `SELECT hls_playlist_key AS key FROM "public".works WHERE hls_playlist_key IS NOT NULL`,
  )
  for (const playlist of playlists) {
    const template = await readFile(
      path.join(filesRoot, playlist.key.slice(0, 2), playlist.key),
      'utf8',
    ).catch(() => '')
    for (const key of segmentKeysOf(template)) named.add(key)
  }
  return named
}

/** How long the AI jobs may take to settle after the restart (a song is rendered again). */
const AI_SETTLE_TIMEOUT_MS = 300_000

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
  'kill -9 during uploads, deposits, payments, licence purchases and AI jobs (%s)',
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
      // A job whose worker was killed runs again this soon after the restart.
      AI_JOB_LEASE_SECONDS: '5',
      // The files the kill left are made to look two hours old (below): the start sweeps them.
      STORAGE_ORPHAN_GRACE_SECONDS: '3600',
    })

    afterAll(async () => {
      await server?.kill()
      await database?.close()
      if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
    })

    it(
      'loses nothing acknowledged, doubles nothing, keeps the log provable and no file half-written or orphaned',
      async () => {
        dataDir = await mkdtemp(path.join(tmpdir(), 'gy-crash-'))
        database = await open(dataDir)
        server = await startServerProcess(env(), { startTimeoutMs: START_TIMEOUT_MS })
        const { baseUrl } = server
        const login = await loginOverHttp(baseUrl, '86:13500000001')
        const token = login.accessToken
        const seller = (await loginOverHttp(baseUrl, '86:13500000004')).accessToken
        const buyers = [
          (await loginOverHttp(baseUrl, '86:13500000002')).accessToken,
          (await loginOverHttp(baseUrl, '86:13500000003')).accessToken,
        ]
        const creator = (await loginOverHttp(baseUrl, '86:13500000005')).accessToken

        // Two works on sale, each sold as both licence types to both buyers during the kill.
        const works: ListedWork[] = []
        for (const [index, tone] of [0.31, 0.37].entries()) {
          const uploaded = await uploadOverHttp(baseUrl, seller, encodeWav(steppedTone(tone)))
          const deposit = await httpCall<{ depositId: string }>(
            baseUrl,
            '/api/music-server/keepRecord/uploadListing',
            { token: seller, body: { fileId: uploaded.data.fileId, title: `授权崩溃 ${index}` } },
          )
          const listed = await httpCall<{ goodsId: string }>(
            baseUrl,
            '/api/music-server/musicGoods/musicListing',
            { token: seller, body: { depositId: deposit.data.depositId, priceFen: 1_234 } },
          )
          expect(listed.code, JSON.stringify(listed)).toBe('000')
          works.push({ goodsId: listed.data.goodsId, originalSha256: uploaded.data.sha256 })
        }
        // On sale once its audio is made playable, a job of the server's queue.
        const readyBy = Date.now() + 120_000
        for (const work of works) {
          for (;;) {
            const options = await httpCall<{ purchasable: boolean; reason: string | null }>(
              baseUrl,
              '/api/music-server/musicGoods/licenceOptions',
              { token: buyers[0], body: { goodsId: work.goodsId } },
            )
            if (options.data.purchasable) break
            if (Date.now() > readyBy) throw new Error(`not on sale: ${JSON.stringify(options)}`)
            await new Promise((resolve) => setTimeout(resolve, 250))
          }
        }

        // AI jobs of a user with points of their own, acknowledged before the kill.
        const topUp = await httpCall<{ orderId: string; amountFen: number; points: number }>(
          baseUrl,
          '/api/cicc-server/charge/charge',
          { token: creator, body: { amountFen: 1_000 } },
        )
        expect(await deliver(baseUrl, paidNotification(baseUrl, topUp.data))).toBe(ACKNOWLEDGED)
        const source = await uploadOverHttp(baseUrl, creator, encodeWav(steppedTone(4.3)))
        const submissions: Array<[string, unknown]> = [
          ['/api/music-server/ai/music/creation', { mode: 'smart', prompt: '崩溃之后的晴天' }],
          ['/api/ai-server/musicfy/separateVoice', { fileId: source.data.fileId }],
          [
            '/api/ai-server/musicfy/convertVoice',
            { fileId: source.data.fileId, singerId: 'warm-male', semitones: 0 },
          ],
        ]
        const jobs: AiJob[] = []
        for (const [url, body] of submissions) {
          const submitted = await httpCall<AiJob>(baseUrl, url, { token: creator, body })
          expect(submitted.code, JSON.stringify(submitted)).toBe('000')
          jobs.push(submitted.data)
        }

        const deposits: AcknowledgedDeposit[] = []
        const orders: PaidOrder[] = []
        const purchases: LicencePurchase[] = []
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
              const order: PaidOrder = {
                ...created.data,
                acknowledged: false,
                ...paidNotification(baseUrl, created.data),
              }
              orders.push(order)
              const acknowledgement = await deliver(baseUrl, order)
              if (acknowledgement !== ACKNOWLEDGED) {
                throw new Error(`notification refused: ${acknowledgement}`)
              }
              order.acknowledged = true
            } catch (error) {
              if (!killed) loopError ??= error
              return
            }
          }
        }

        // Each buyer buys each work as each licence type: eight orders at most.
        const licenceLoop = async (): Promise<void> => {
          const wanted = buyers.flatMap((buyerToken) =>
            works.flatMap((work) =>
              (['personal', 'commercial'] as const).map((licenceType) => ({
                buyerToken,
                work,
                licenceType,
              })),
            ),
          )
          for (const { buyerToken, work, licenceType } of wanted) {
            if (killed) return
            try {
              const created = await httpCall<{ orderId: string; amountFen: number }>(
                baseUrl,
                '/api/music-server/musicGoods/buyLicence',
                { token: buyerToken, body: { goodsId: work.goodsId, licenceType } },
              )
              if (created.code !== '000')
                throw new Error(`licence order refused: ${JSON.stringify(created)}`)
              const purchase: LicencePurchase = {
                orderId: created.data.orderId,
                amountFen: created.data.amountFen,
                buyerToken,
                goodsId: work.goodsId,
                sent: false,
                acknowledged: false,
                ...paidNotification(baseUrl, created.data),
              }
              purchases.push(purchase)
              purchase.sent = true
              const acknowledgement = await deliver(baseUrl, purchase)
              if (acknowledgement !== ACKNOWLEDGED) {
                throw new Error(`licence notification refused: ${acknowledgement}`)
              }
              purchase.acknowledged = true
            } catch (error) {
              if (!killed) loopError ??= error
              return
            }
          }
        }

        const work = [depositLoop(), depositLoop(), paymentLoop(), licenceLoop()]
        // Kill once some of everything has been acknowledged, while the loops still send.
        const acknowledged = (list: Array<{ acknowledged: boolean }>) =>
          list.filter((item) => item.acknowledged).length
        const deadline = Date.now() + 90_000
        while (
          (deposits.length < 4 || acknowledged(orders) < 3 || acknowledged(purchases) < 3) &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        // Then a moment when a licence notification is in flight (sent, not yet answered).
        const inFlight = () => purchases.some((purchase) => purchase.sent && !purchase.acknowledged)
        const inFlightBy = Date.now() + 15_000
        while (!inFlight() && Date.now() < inFlightBy) {
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        const licencesInFlight = purchases.filter(
          (purchase) => purchase.sent && !purchase.acknowledged,
        ).length
        killed = true
        await server.kill()
        await Promise.all(work)
        if (loopError !== null) {
          // The killed server's error lines say why a call failed before the kill.
          const errors = server
            .output()
            .split('\n')
            .filter((line) => /"level":(50|60)/.test(line))
          console.log(`server errors before the kill:\n${errors.join('\n')}`)
          throw loopError
        }
        expect(deposits.length).toBeGreaterThanOrEqual(4)
        expect(acknowledged(purchases)).toBeGreaterThanOrEqual(3)
        expect(checkpointBefore).not.toBeNull()

        // Temporaries the kill left, made to look an hour old: the next start must sweep them.
        const filesRoot = path.join(dataDir, 'files')
        const leftBehind = (await storedFiles(filesRoot)).temporaries
        const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
        for (const temporary of leftBehind) await utimes(temporary, twoHoursAgo, twoHoursAgo)
        // Stored files no row names when the server died: bytes of a write the kill cut short.
        // Every stored file is made to look two hours old, past the grace the server is given,
        // so the start's sweep must remove exactly these and spare every named one.
        const atKill = await storedFiles(filesRoot)
        const namedAtKill = await keysNamedByRows(database, filesRoot)
        await database.release()
        const orphansAtKill = atKill.keys.filter((key) => !namedAtKill.has(key))
        for (const key of atKill.keys) {
          await utimes(path.join(filesRoot, key.slice(0, 2), key), twoHoursAgo, twoHoursAgo)
        }

        server = await startServerProcess(env(), { startTimeoutMs: START_TIMEOUT_MS })
        const restarted = server.baseUrl
        const sweptBy = Date.now() + 120_000
        while (!server.output().includes('storage orphan sweep done')) {
          if (Date.now() > sweptBy)
            throw new Error(`no sweep after the restart:\n${server.output()}`)
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        for (const key of orphansAtKill) {
          expect(
            await stat(path.join(filesRoot, key.slice(0, 2), key)).catch(() => null),
            key,
          ).toBeNull()
        }

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
        // One leaf per deposit: a deposit the kill cut short left neither or both. The seller's
        // two deposits are in the log too.
        expect(checkpoint.data.treeSize).toBe(listed.data.total + works.length)
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
        // Signed afresh, as each delivery attempt is: one signed minutes ago is refused as stale.
        for (const order of [...orders, ...purchases]) {
          expect(await deliver(restarted, paidNotification(restarted, order)), order.orderId).toBe(
            ACKNOWLEDGED,
          )
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

        // Licences: every paid order grants its licence, whose certificate and original file
        // its holder downloads.
        for (const purchase of purchases) {
          const order = await httpCall<{ state: string; licenceId: string | null }>(
            restarted,
            '/api/music-server/musicGoods/licenceOrder',
            { token: purchase.buyerToken, body: { orderId: purchase.orderId } },
          )
          expect(order.data.state, purchase.orderId).toBe('paid')
          const licenceId = order.data.licenceId ?? ''
          expect(licenceId).not.toBe('')
          const certificate = await httpCall<{ url: string }>(
            restarted,
            '/api/music-server/musicGoods/licenceCertificate',
            { token: purchase.buyerToken, body: { licenceId } },
          )
          const pdf = await download(restarted, certificate.data.url)
          expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-')
          const original = await httpCall<{ url: string }>(
            restarted,
            '/api/music-server/musicGoods/licenceFile',
            { token: purchase.buyerToken, body: { licenceId } },
          )
          const bytes = await download(restarted, original.data.url)
          const sold = works.find((listedWork) => listedWork.goodsId === purchase.goodsId)
          expect(hex(bytes)).toBe(sold?.originalSha256)
        }

        // AI jobs: each acknowledged job settles, its results downloadable.
        const settled: AiJob[] = []
        const settleBy = Date.now() + AI_SETTLE_TIMEOUT_MS
        for (const job of jobs) {
          for (;;) {
            const answer = await httpCall<AiJob>(restarted, '/api/ai-server/musicfy/jobQuery', {
              token: creator,
              body: { jobId: job.jobId },
            })
            expect(answer.code).toBe('000')
            if (answer.data.state === 'succeeded' || answer.data.state === 'failed') {
              settled.push(answer.data)
              break
            }
            if (Date.now() > settleBy) {
              throw new Error(`job ${job.kind} still ${answer.data.state} after the restart`)
            }
            await new Promise((resolve) => setTimeout(resolve, 500))
          }
        }
        for (const job of settled) {
          if (job.state === 'succeeded') expect(job.results.length, job.kind).toBeGreaterThan(0)
          for (const result of job.results) {
            expect(result.live).toBe(false)
            expect((await download(restarted, result.url)).byteLength).toBeGreaterThan(0)
          }
        }
        const creatorBalance = await httpCall<{ points: number }>(
          restarted,
          '/api/music-server/ai/music/integral',
          { token: creator },
        )
        const refunded = settled.filter((job) => job.state === 'failed')
        expect(creatorBalance.data.points).toBe(
          topUp.data.points -
            settled.reduce((sum, job) => sum + job.pointsCharged, 0) +
            refunded.reduce((sum, job) => sum + job.pointsCharged, 0),
        )

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
        const query = database.query
        const namedAtEnd = await keysNamedByRows(database, filesRoot)
        const stored = new Set(keys)
        const fileRows = await query<{ storage_key: string }>(
          `SELECT storage_key FROM "public".uploaded_files`,
        )
        expect(fileRows.filter((row) => !stored.has(row.storage_key))).toEqual([])

        // Licences and earnings: one of each per paid order (the database's unique constraints),
        // the commission the order fixed and the rest to the musician, no licence unpaid.
        const licences = await query<{
          order_id: string
          state: string
          price_fen: number
          commission_percent: number
          gross_fen: number | null
          commission_fen: number | null
          net_fen: number | null
          certificate_key: string | null
        }>(
          `SELECT l.order_id, c.state, o.price_fen, o.commission_percent, e.gross_fen, e.commission_fen, e.net_fen, l.certificate_key
           FROM "public".licences l
           JOIN "public".licence_orders o ON o.order_id = l.order_id
           JOIN "public".charge_orders c ON c.order_id = l.order_id
           LEFT JOIN "public".musician_earnings e ON e.licence_id = l.id`,
        )
        expect(licences.map((licence) => licence.order_id).sort()).toEqual(
          purchases.map((purchase) => purchase.orderId).sort(),
        )
        for (const licence of licences) {
          const commission = Math.floor((licence.price_fen * licence.commission_percent) / 100)
          expect(licence).toMatchObject({
            state: 'paid',
            gross_fen: licence.price_fen,
            commission_fen: commission,
            net_fen: licence.price_fen - commission,
          })
          expect(stored.has(licence.certificate_key ?? ''), licence.order_id).toBe(true)
        }

        // AI jobs: charged once, refunded once if failed, results not doubled, files stored.
        const ledger = await query<{ job_id: string; kind: string; amount: number }>(
          `SELECT job_id::text AS job_id, kind, amount FROM "public".points_ledger WHERE job_id IS NOT NULL`,
        )
        const results = await query<{ job_id: string; position: number; audio_key: string }>(
          `SELECT job_id::text AS job_id, position, audio_key FROM "public".ai_results`,
        )
        // Attempts above one: the job was running when the server died and ran again.
        const attempts = await query<{ id: string; attempts: number }>(
          `SELECT id::text AS id, attempts FROM "public".ai_jobs`,
        )
        const attemptsOf = (job: AiJob) =>
          attempts.find((row) => row.id === job.jobId)?.attempts ?? 0
        for (const job of settled) {
          const rows = ledger.filter((row) => row.job_id === job.jobId)
          expect(
            rows.filter((row) => row.kind === 'spend'),
            job.kind,
          ).toHaveLength(1)
          expect(
            rows.filter((row) => row.kind === 'refund'),
            job.kind,
          ).toHaveLength(job.state === 'failed' ? 1 : 0)
          const ofJob = results.filter((row) => row.job_id === job.jobId)
          expect(ofJob, job.kind).toHaveLength(job.results.length)
          expect(new Set(ofJob.map((row) => row.position)).size).toBe(ofJob.length)
          for (const row of ofJob) expect(stored.has(row.audio_key), job.kind).toBe(true)
        }

        // Orphans: what the kill left went in the start's sweep. A job attempt the kill cut short
        // may have stored segments of its song; the retry deletes their rows after that sweep,
        // so they wait for the next one (the chore runs hourly): run it now, a day ahead so no
        // file is too young, and it must leave no file unnamed and remove none that is named.
        const unnamedBeforeSweep = keys.filter((key) => !namedAtEnd.has(key))
        const finalSweep = await database.sweep(
          filesRoot,
          new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
          24 * 60 * 60 * 1000,
        )
        expect(finalSweep.removed.sort()).toEqual(unnamedBeforeSweep.sort())
        const named = await keysNamedByRows(database, filesRoot)
        for (const key of named) {
          if (/^[0-9a-f]{64}$/.test(key) && namedAtKill.has(key)) {
            // A key named at the kill and still named must not have been swept.
            expect(stored.has(key), key).toBe(true)
          }
        }
        const remaining = new Set((await storedFiles(filesRoot)).keys)
        for (const key of named) {
          if (/^[0-9a-f]{64}$/.test(key) && stored.has(key))
            expect(remaining.has(key), key).toBe(true)
        }
        const orphans = [...remaining].filter((key) => !named.has(key))
        console.log(
          `crash test: ${uploadsAcknowledged} uploads and ${deposits.length} deposits acknowledged, ` +
            `${acknowledged(orders)}/${orders.length} payments and ` +
            `${acknowledged(purchases)}/${purchases.length} licence purchases acknowledged ` +
            `(${licencesInFlight} notification in flight at the kill), AI jobs after the restart: ` +
            `${settled.map((job) => `${job.kind} ${job.state} in ${attemptsOf(job)} attempts${job.error === null ? '' : ` (${job.error})`}`).join(', ')}, ` +
            `${leftBehind.length} temporaries and ${orphansAtKill.length} unnamed files left by the kill ` +
            `(swept), ${unnamedBeforeSweep.length} unnamed after the restart (removed by the next sweep), ` +
            `${orphans.length} unnamed files at the end`,
        )
        expect(unnamedBeforeSweep.filter((key) => acknowledgedUploadHashes.has(key))).toEqual([])
        expect(orphans).toEqual([])
      },
      TEST_TIMEOUT_MS,
    )
  },
)
