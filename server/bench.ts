/**
 * Server budget: a signed, authenticated `user/userDetails` call must reach at least 40% of the
 * requests per second of a bare hello-world route on the same server. Runs the real server on a
 * loopback port over the embedded PGlite default (in a temporary DATA_DIR), logs a user in, and
 * drives both routes with autocannon; every userDetails request gets a fresh nonce, timestamp
 * and signature.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import type { FastifyInstance } from 'fastify'
import type { BenchRow } from '../scripts/bench-types'
import { buildApp } from './src/app'
import pg from 'pg'
import { loadConfig } from './src/config'
import { loginAs } from './src/test/call'

/**
 * The load generator shares the server's thread, so it signs with node:crypto rather than the
 * browser's crypto-js: same formula, less of the client's cost counted against the server.
 */
function fastSignedHeaders(secret: string, token: string): Record<string, string> {
  const nonce = randomBytes(12).toString('base64').replace(/[+/]/g, 'x').slice(0, 16)
  const timestamp = String(Date.now())
  return {
    nonce,
    timestamp,
    signature: createHash('sha256')
      .update(nonce + timestamp + secret)
      .digest('hex'),
    platform: '3',
    authorization: `Bearer ${token}`,
  }
}

const TARGET_RATIO = 0.4
const CONNECTIONS = 50
const DURATION_SECONDS = 8
const WARM_UP_SECONDS = 2
const HELLO_PATH = '/bench/hello'
const USER_DETAILS_PATH = '/api/music-server/user/userDetails'

/** On the embedded database, and on PostgreSQL too when DATABASE_URL names a server. */
export async function run(): Promise<BenchRow[]> {
  const rows = await measure(undefined)
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) rows.push(...(await measure(databaseUrl)))
  return rows
}

/** A fresh schema on the PostgreSQL server for one run, dropped afterwards. */
async function withSchema<Result>(
  databaseUrl: string,
  work: (schema: string) => Promise<Result>,
): Promise<Result> {
  const schema = `bench_${process.pid}_${Date.now()}`
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`CREATE SCHEMA ${schema}`)
    return await work(schema)
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
  }
}

async function measure(databaseUrl: string | undefined): Promise<BenchRow[]> {
  return databaseUrl
    ? withSchema(databaseUrl, (schema) =>
        measureOn({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }),
      )
    : measureOn({})
}

async function measureOn(database: Record<string, string>): Promise<BenchRow[]> {
  const databaseUrl = database.DATABASE_URL
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gy-bench-'))
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-web-build'),
    ...database,
  })
  let app: FastifyInstance | undefined
  try {
    app = await buildApp(config, {
      registerRoutes: (scope) => {
        scope.get(HELLO_PATH, async () => ({ hello: 'world' }))
      },
    })
    const origin = await app.listen({ host: config.host, port: config.port })
    const { accessToken } = await loginAs(app, '86:13800000000')

    const measureHello = (duration: number) =>
      autocannon({ url: origin + HELLO_PATH, connections: CONNECTIONS, duration })
    const measureUserDetails = (duration: number) =>
      autocannon({
        url: origin,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: USER_DETAILS_PATH,
            setupRequest: (request) => ({
              ...request,
              // No body: the signed body text is ''.
              headers: fastSignedHeaders(config.signSecret, accessToken),
            }),
          },
        ],
      })

    await measureHello(WARM_UP_SECONDS)
    await measureUserDetails(WARM_UP_SECONDS)
    const hello = await measureHello(DURATION_SECONDS)
    const userDetails = await measureUserDetails(DURATION_SECONDS)

    const failures = userDetails.non2xx + userDetails.errors + userDetails.timeouts
    const ratio = userDetails.requests.average / hello.requests.average
    const percent = Math.round(ratio * 100)
    return [
      {
        area: 'server',
        budget: `Signed userDetails vs hello-world RPS (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
        target: `≥ ${TARGET_RATIO * 100}%`,
        measured:
          `${percent}% (${Math.round(userDetails.requests.average)} / ` +
          `${Math.round(hello.requests.average)} rps` +
          `${failures > 0 ? `, ${failures} failed requests` : ''})`,
        pass: ratio >= TARGET_RATIO && failures === 0,
      },
    ]
  } finally {
    await app?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
