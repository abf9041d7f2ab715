/**
 * The load generator of the server benchmark, in a process of its own so that what it spends is
 * not counted against the server it measures. On a small machine the generator shares the cores
 * with the server, so it does as little as it can while the clock runs: every request is built
 * before the run (signed requests each with their own nonce, timestamp and signature, as a
 * browser would send them), and each connection writes the next one as soon as the answer to
 * the last has arrived (HTTP/1.1 keep-alive, one request in flight per connection).
 *
 * Signed requests come from many users: request i carries the token of session i mod n, so
 * consecutive requests (and the requests in flight together) belong to different sessions, as they
 * do on a server many people use, not one token the server could admit once for all of them.
 *
 * Argument: JSON `{url, path, connections, duration, expectedRps, secret?, tokens?}`; prints a
 * `LoadClientResult` as JSON on its last line.
 */
import net from 'node:net'
import { PLATFORM } from '@gy/api/constants'
import { randomString, signedText } from '@gy/api/signing'
import { sha256Hex } from '../src/domain/tokens'

export interface LoadClientOptions {
  url: string
  path: string
  connections: number
  duration: number
  /** Signed requests are built ahead for this rate (with room to spare); more are built late. */
  expectedRps?: number
  secret?: string
  /** The sessions signed requests are spread over, round-robin. */
  tokens?: string[]
}

export interface LoadClientResult {
  averageRps: number
  /** Answers other than 2xx, broken connections and answers that could not be read. */
  failures: number
}

const HEADER_END = Buffer.from('\r\n\r\n')
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i

/** A POST with an empty body, signed as the browser signs it (the server's digest, for speed). */
function signedRequest(host: string, path: string, secret: string, token: string): Buffer {
  const nonce = randomString()
  const timestamp = String(Date.now())
  const signature = sha256Hex(signedText('', nonce, timestamp, secret))
  return Buffer.from(
    `POST ${path} HTTP/1.1\r\nhost: ${host}\r\nnonce: ${nonce}\r\ntimestamp: ${timestamp}\r\n` +
      `signature: ${signature}\r\nplatform: ${PLATFORM}\r\nauthorization: Bearer ${token}\r\n` +
      `content-length: 0\r\n\r\n`,
  )
}

/** Hands out requests: the same GET every time, or a fresh signed POST each time. */
function requestSource(options: LoadClientOptions): () => Buffer {
  const { host } = new URL(options.url)
  const { secret, tokens } = options
  if (secret === undefined || tokens === undefined || tokens.length === 0) {
    const request = Buffer.from(`GET ${options.path} HTTP/1.1\r\nhost: ${host}\r\n\r\n`)
    return () => request
  }
  const build = (index: number): Buffer =>
    signedRequest(host, options.path, secret, tokens[index % tokens.length] ?? '')
  const ahead = Math.ceil((options.expectedRps ?? 30_000) * options.duration * 1.5)
  const built = Array.from({ length: ahead }, (_, index) => build(index))
  let next = 0
  return () => {
    const index = next++
    return built[index] ?? build(index)
  }
}

/** Drives one keep-alive connection until `deadline`; counts answers into `counts`. */
function driveConnection(
  port: number,
  hostname: string,
  nextRequest: () => Buffer,
  deadline: number,
  counts: { ok: number; failed: number },
): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: hostname, noDelay: true })
    let pending: Buffer = Buffer.alloc(0)
    let finished = false
    const finish = (): void => {
      finished = true
      socket.destroy()
      resolve()
    }
    const send = (): void => {
      if (performance.now() >= deadline) finish()
      else socket.write(nextRequest())
    }
    socket.on('connect', send)
    // A connection the server ends (or breaks) before the deadline is a failure.
    socket.on('close', () => {
      if (finished) return
      counts.failed += 1
      finish()
    })
    socket.on('error', () => undefined)
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      const headerEnd = pending.indexOf(HEADER_END)
      if (headerEnd < 0) return
      const head = pending.toString('latin1', 0, headerEnd)
      const length = CONTENT_LENGTH.exec(head)?.[1]
      if (length === undefined) {
        counts.failed += 1
        finish()
        return
      }
      const answerEnd = headerEnd + HEADER_END.length + Number(length)
      if (pending.length < answerEnd) return
      if (head.startsWith('HTTP/1.1 2')) counts.ok += 1
      else counts.failed += 1
      pending = pending.subarray(answerEnd)
      send()
    })
  })
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadClientOptions
  const nextRequest = requestSource(options)
  const { hostname, port } = new URL(options.url)
  const counts = { ok: 0, failed: 0 }
  const started = performance.now()
  const deadline = started + options.duration * 1000
  await Promise.all(
    Array.from({ length: options.connections }, () =>
      driveConnection(Number(port), hostname, nextRequest, deadline, counts),
    ),
  )
  const seconds = (performance.now() - started) / 1000
  const summary: LoadClientResult = {
    averageRps: counts.ok / seconds,
    failures: counts.failed,
  }
  console.log(JSON.stringify(summary))
}

await main()
