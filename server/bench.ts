/**
 * Server budget: a signed, authenticated `user/userDetails` call must reach at least 40% of the
 * requests per second of a bare hello-world route on the same server. Runs the real server on a
 * loopback port over the embedded PGlite default (in a temporary DATA_DIR; and on PostgreSQL
 * when DATABASE_URL is set), logs a user in, and drives both routes with autocannon from a
 * separate process; every userDetails request gets a fresh nonce, timestamp and signature.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import type { BenchRow } from '../scripts/bench-types'
import { buildApp } from './src/app'
import pg from 'pg'
import { loadConfig } from './src/config'
import { loginAs } from './src/test/call'
import type { LoadClientOptions, LoadClientResult } from './bench/loadClient'

const loadClientPath = fileURLToPath(new URL('./bench/loadClient.ts', import.meta.url))

/** Drives the running server from a separate process (see bench/loadClient.ts). */
async function load(options: LoadClientOptions): Promise<LoadClientResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', loadClientPath, JSON.stringify(options)],
    { maxBuffer: 1 << 20 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as LoadClientResult
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
      load({ url: origin, path: HELLO_PATH, connections: CONNECTIONS, duration })
    const measureUserDetails = (duration: number) =>
      load({
        url: origin,
        path: USER_DETAILS_PATH,
        connections: CONNECTIONS,
        duration,
        secret: config.signSecret,
        token: accessToken,
      })

    await measureHello(WARM_UP_SECONDS)
    await measureUserDetails(WARM_UP_SECONDS)
    const hello = await measureHello(DURATION_SECONDS)
    const userDetails = await measureUserDetails(DURATION_SECONDS)

    const failures = userDetails.failures
    const ratio = userDetails.averageRps / hello.averageRps
    const percent = Math.round(ratio * 100)
    return [
      {
        area: 'server',
        budget: `Signed userDetails vs hello-world RPS (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
        target: `≥ ${TARGET_RATIO * 100}%`,
        measured:
          `${percent}% (${Math.round(userDetails.averageRps)} / ` +
          `${Math.round(hello.averageRps)} rps` +
          `${failures > 0 ? `, ${failures} failed requests` : ''})`,
        pass: ratio >= TARGET_RATIO && failures === 0,
      },
    ]
  } finally {
    await app?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
