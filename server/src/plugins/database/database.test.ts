/**
 * The server rides out a PostgreSQL restart: connections dropped under it are logged, calls made
 * while the database is gone answer the 500 envelope, and it recovers by itself. Runs against the
 * real PostgreSQL of DATABASE_URL, through a TCP proxy the test can cut.
 */
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import path from 'node:path'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { call } from '../../test/call'

const DOWNLOAD_LINK = '/api/user-server/user/downloadLink'
const databaseUrl = process.env.DATABASE_URL

/** A TCP proxy to PostgreSQL that can drop every connection and refuse new ones. */
async function startProxy(target: URL): Promise<{
  port: number
  upstreamPorts: () => number[]
  cut: () => void
  restore: () => void
  close: () => Promise<void>
}> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>()
  let refusing = false
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy()
      return
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    const pair = { client, upstream }
    pairs.add(pair)
    const drop = (): void => {
      client.destroy()
      upstream.destroy()
      pairs.delete(pair)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('proxy has no port')
  return {
    port: address.port,
    upstreamPorts: () =>
      [...pairs].flatMap(({ upstream }) =>
        upstream.localPort === undefined ? [] : [upstream.localPort],
      ),
    cut() {
      refusing = true
      for (const { client, upstream } of pairs) {
        client.destroy()
        upstream.destroy()
      }
      pairs.clear()
    },
    restore() {
      refusing = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy()
          upstream.destroy()
        }
        server.close(() => resolve())
      }),
  }
}

async function adminQuery(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

/** Several calls at once, so that the pool holds several connections. */
async function callMany(app: FastifyInstance, count: number) {
  return Promise.all(Array.from({ length: count }, () => call<string>(app, DOWNLOAD_LINK)))
}

describe.skipIf(databaseUrl === undefined || databaseUrl === '')(
  'the database connection on PostgreSQL',
  () => {
    const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
    const logLines: string[] = []
    let proxy: Awaited<ReturnType<typeof startProxy>>
    let app: FastifyInstance
    /** How many lost connections the server has logged so far. */
    const lostConnections = (): number =>
      logLines.filter((line) => line.includes('database connection lost')).length

    beforeAll(async () => {
      const target = new URL(databaseUrl ?? '')
      proxy = await startProxy(target)
      await adminQuery(`CREATE SCHEMA ${schema}`)
      const throughProxy = new URL(target)
      throughProxy.hostname = '127.0.0.1'
      throughProxy.port = String(proxy.port)
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        STATIC_DIR: path.join(import.meta.dirname, 'no-web-build'),
        DATABASE_URL: throughProxy.toString(),
        DATABASE_SCHEMA: schema,
      })
      app = await buildApp(config, { logStream: { write: (line) => logLines.push(line) } })
    })
    afterAll(async () => {
      await app.close()
      await proxy.close()
      await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    })

    it('answers the 500 envelope while the database is gone, and recovers when it is back', async () => {
      const before = await callMany(app, 5)
      expect(before.map((answer) => answer.envelope.code)).toEqual(Array(5).fill('000'))

      const lostBefore = lostConnections()
      proxy.cut()
      // The pool sees its idle connections close, and says so.
      await vi.waitFor(() => expect(lostConnections()).toBeGreaterThan(lostBefore), {
        timeout: 5_000,
        interval: 10,
      })
      const during = await callMany(app, 3)
      for (const answer of during) {
        expect(answer.status).toBe(500)
        expect(answer.envelope).toEqual({ code: '500', msg: MESSAGES.serverError, data: null })
      }

      proxy.restore()
      const after = await callMany(app, 5)
      expect(after.map((answer) => answer.envelope.code)).toEqual(Array(5).fill('000'))
    })

    it("survives pg_terminate_backend of the server's connections", async () => {
      await callMany(app, 5)
      const lostBefore = lostConnections()
      const ports = proxy.upstreamPorts()
      expect(ports.length).toBeGreaterThan(0)
      const terminated = await adminQuery(
        `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
         WHERE client_port = ANY($1::int[]) AND pid <> pg_backend_pid()`,
        [ports],
      )
      expect(terminated.rows.length).toBe(ports.length)
      await vi.waitFor(() => expect(lostConnections()).toBeGreaterThan(lostBefore), {
        timeout: 5_000,
        interval: 10,
      })
      // The next calls may meet a connection the pool has not yet noticed is gone: they are
      // refused with the envelope, never a crash, and the calls after them succeed.
      const next = await callMany(app, 5)
      for (const answer of next) expect(['000', '500']).toContain(answer.envelope.code)
      const after = await callMany(app, 5)
      expect(after.map((answer) => answer.envelope.code)).toEqual(Array(5).fill('000'))
    })
  },
)
