/**
 * Server budget: a signed, authenticated `user/userDetails` call must reach at least 40% of the
 * requests per second of a bare hello-world route on the same server, at the same number of
 * connections, with many users. Runs the real server on a loopback port over the embedded PGlite
 * default (in a temporary DATA_DIR; and on PostgreSQL when DATABASE_URL is set), logs
 * SESSIONS users in through the SMS login, and drives both routes from a separate process
 * (bench/loadClient.ts); every userDetails request carries its own nonce, timestamp and signature
 * and the token of the next session in turn, so the server cannot admit one token for all.
 *
 * The headline compares both routes at HEADLINE_CONNECTIONS, a load where the hello-world route
 * is near its best and the database-bound route has requests enough in flight; the ratio at every
 * other level is printed beside it, so a level that flatters one route cannot pass the budget on
 * its own. Rounds alternate between the routes and each figure is the median of its rounds,
 * because on a small shared machine one run can be a fifth faster or slower than the next.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import type { BenchLabels, BenchRow } from '../scripts/bench-types'
import { type DatabaseLabel, WITHOUT_POSTGRESQL } from './bench/onDatabase'
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
const CONNECTION_LEVELS = [64, 256, 512]
const HEADLINE_CONNECTIONS = 256
const SESSIONS = 300
const ROUNDS = 3
const DURATION_SECONDS = 3
const WARM_UP_SECONDS = 2
const HELLO_PATH = '/bench/hello'
const USER_DETAILS_PATH = '/api/music-server/user/userDetails'

const budgetOn = (database: DatabaseLabel) =>
  `Signed userDetails vs hello-world RPS, ${SESSIONS} users, both at ` +
  `${HEADLINE_CONNECTIONS} connections (${database})`

export const labels: BenchLabels = {
  budgets: [budgetOn('PGlite'), budgetOn('PostgreSQL')],
  references: [],
}

/**
 * On the embedded database, and on PostgreSQL too when DATABASE_URL names a server; without it
 * the PostgreSQL row says so and fails, as the other benches' do.
 */
export async function run(): Promise<BenchRow[]> {
  const rows = await measure(undefined)
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) return [...rows, ...(await measure(databaseUrl))]
  return [
    ...rows,
    {
      area: 'server',
      budget: budgetOn('PostgreSQL'),
      target: `≥ ${TARGET_RATIO * 100}%`,
      measured: WITHOUT_POSTGRESQL,
      pass: false,
    },
  ]
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

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * Logs `count` users in through the SMS login of the contract, each from an address of its own
 * (the per-address SMS cap is a limit on strangers, not on a benchmark's users).
 */
async function logInUsers(app: FastifyInstance, count: number): Promise<string[]> {
  const tokens: string[] = []
  for (let index = 0; index < count; index += 1) {
    const phone = `86:139${String(index).padStart(8, '0')}`
    const address = `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}`
    tokens.push((await loginAs(app, phone, address)).accessToken)
  }
  return tokens
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
    // Composing the demo catalogue keeps a core busy for minutes after a first start; measured
    // alongside it, the server would be measured on whatever that leaves.
    SEED_WORKS: '0',
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
    const tokens = await logInUsers(app, SESSIONS)

    const drive = (route: 'hello' | 'userDetails', connections: number, duration: number) =>
      load(
        route === 'hello'
          ? { url: origin, path: HELLO_PATH, connections, duration }
          : {
              url: origin,
              path: USER_DETAILS_PATH,
              connections,
              duration,
              secret: config.signSecret,
              tokens,
            },
      )

    await drive('hello', CONNECTION_LEVELS[0] ?? 64, WARM_UP_SECONDS)
    await drive('userDetails', CONNECTION_LEVELS[0] ?? 64, WARM_UP_SECONDS)
    const rounds = { hello: new Map<number, number[]>(), userDetails: new Map<number, number[]>() }
    let failures = 0
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const connections of CONNECTION_LEVELS) {
        for (const route of ['hello', 'userDetails'] as const) {
          const result = await drive(route, connections, DURATION_SECONDS)
          failures += result.failures
          const figures = rounds[route].get(connections) ?? []
          figures.push(result.averageRps)
          rounds[route].set(connections, figures)
        }
      }
    }
    const at = (route: 'hello' | 'userDetails', connections: number): number =>
      median(rounds[route].get(connections) ?? [])
    const hello = at('hello', HEADLINE_CONNECTIONS)
    const userDetails = at('userDetails', HEADLINE_CONNECTIONS)
    const ratio = userDetails / hello
    const perLevel = CONNECTION_LEVELS.map(
      (connections) =>
        `${connections}: ${Math.round(at('userDetails', connections))}/` +
        `${Math.round(at('hello', connections))} rps = ` +
        `${Math.round((at('userDetails', connections) / at('hello', connections)) * 100)}%`,
    ).join(', ')
    return [
      {
        area: 'server',
        budget: budgetOn(databaseUrl ? 'PostgreSQL' : 'PGlite'),
        target: `≥ ${TARGET_RATIO * 100}%`,
        measured:
          `${Math.round(ratio * 100)}% (${Math.round(userDetails)} / ${Math.round(hello)} rps; ` +
          `per connection count, userDetails/hello: ${perLevel}` +
          `${failures > 0 ? `; ${failures} failed requests` : ''})`,
        pass: ratio >= TARGET_RATIO && failures === 0,
      },
    ]
  } finally {
    await app?.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
