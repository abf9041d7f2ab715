/**
 * Clients that send slowly or stall (slowloris), over a real socket to a server with short
 * timeouts: the server closes the connection, rather than holding it for minutes. An answer that
 * keeps streaming is not cut by those limits.
 */
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/testApp'

const API_PATH = '/api/user-server/user/downloadLink'
/** Long enough for the server to act on 1-3 s limits; the old server kept such sockets 330 s. */
const CASE_TIMEOUT_MS = 15_000

interface Closed {
  /** What the server wrote before it closed, if anything. */
  received: string
}

/**
 * Opens a socket, writes `first`, then calls `trickle` every 100 ms until the socket closes.
 * Resolves when the server closes the connection; the client never closes it itself.
 */
function sendSlowly(port: number, first: string, trickle?: () => string): Promise<Closed> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let timer: NodeJS.Timeout | undefined
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A reset is also the server closing; the close event follows it.
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ received: Buffer.concat(chunks).toString('utf8') })
    })
    socket.write(first)
    if (trickle !== undefined) {
      timer = setInterval(() => {
        if (socket.writable) socket.write(trickle())
      }, 100)
    }
  })
}

/** The status line of what the server wrote, if it wrote one: never a success. */
function statusOf(closed: Closed): number | null {
  const status = /^HTTP\/1\.1 (\d{3})/.exec(closed.received)?.[1]
  return status === undefined ? null : Number(status)
}

describe('slow and stalled clients over a real socket', () => {
  let app: FastifyInstance
  let port: number

  beforeAll(async () => {
    app = await createTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_SECONDS: '1',
        HTTP_REQUEST_TIMEOUT_SECONDS: '3',
        HTTP_IDLE_TIMEOUT_SECONDS: '2',
      },
      registerRoutes: (instance) => {
        // An answer that streams for 4 s, longer than the request and idle limits together.
        instance.get('/slow-answer', (_request, reply) => {
          reply.hijack()
          reply.raw.writeHead(200, { 'content-type': 'text/plain' })
          let sent = 0
          const timer = setInterval(() => {
            sent += 1
            reply.raw.write(`part ${sent}\n`)
            if (sent === 8) {
              clearInterval(timer)
              reply.raw.end('end\n')
            }
          }, 500)
        })
      },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    port = address.port
  })
  afterAll(async () => {
    await app.close()
  })

  it(
    'closes a connection whose headers stop half way',
    async () => {
      const closed = await sendSlowly(
        port,
        `GET ${API_PATH} HTTP/1.1\r\nHost: localhost\r\nX-Waiting: `,
      )
      expect(statusOf(closed) ?? 400).toBeGreaterThanOrEqual(400)
    },
    CASE_TIMEOUT_MS,
  )

  it(
    'closes a connection that sends its headers a byte at a time, never idle',
    async () => {
      const closed = await sendSlowly(
        port,
        `GET ${API_PATH} HTTP/1.1\r\nHost: localhost\r\nX-Padding: `,
        () => 'a',
      )
      expect(statusOf(closed) ?? 400).toBeGreaterThanOrEqual(400)
    },
    CASE_TIMEOUT_MS,
  )

  it(
    'closes a connection whose body is shorter than its Content-Length',
    async () => {
      const closed = await sendSlowly(
        port,
        `POST ${API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":`,
      )
      expect(statusOf(closed) ?? 400).toBeGreaterThanOrEqual(400)
    },
    CASE_TIMEOUT_MS,
  )

  it(
    'closes a connection that sends its body a byte at a time, never idle',
    async () => {
      const closed = await sendSlowly(
        port,
        `POST ${API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"`,
        () => 'a',
      )
      expect(statusOf(closed) ?? 400).toBeGreaterThanOrEqual(400)
    },
    CASE_TIMEOUT_MS,
  )

  it(
    'still streams an answer for longer than the request and idle limits',
    async () => {
      const response = await fetch(`http://127.0.0.1:${port}/slow-answer`)
      expect(response.status).toBe(200)
      const body = await response.text()
      expect(body.split('\n').filter((line) => line !== '')).toHaveLength(9)
      expect(body.endsWith('end\n')).toBe(true)
    },
    CASE_TIMEOUT_MS,
  )
})
