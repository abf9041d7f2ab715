/**
 * Requests Node cannot parse, and Range headers of every malformed shape, sent over a real socket:
 * under /api the answer is always the envelope, a page answers plain text, and the log never
 * gets a stack trace for the client's mistake.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/testApp'

const INDEX_HTML = '<!doctype html><title>GY音乐</title><div id="root"></div>'
const API_PATH = '/api/user-server/user/downloadLink'

interface RawAnswer {
  status: number
  headers: string
  body: string
}

/** Sends `request` as raw bytes and reads the answer until the server closes or 3 s pass. */
function exchange(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const finish = (): void => {
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('utf8')
      const headerEnd = text.indexOf('\r\n\r\n')
      const headers = headerEnd === -1 ? text : text.slice(0, headerEnd)
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0)
      resolve({ status, headers, body: headerEnd === -1 ? '' : text.slice(headerEnd + 4) })
    }
    const timer = setTimeout(finish, 3000)
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      // A keep-alive answer with its whole body is complete without a close.
      const text = Buffer.concat(chunks).toString('latin1')
      const length = /content-length: (\d+)/i.exec(text)?.[1]
      const headerEnd = text.indexOf('\r\n\r\n')
      if (length !== undefined && headerEnd !== -1) {
        if (Buffer.concat(chunks).length >= headerEnd + 4 + Number(length)) finish()
      }
    })
    socket.on('end', finish)
    socket.on('error', (error) => (chunks.length > 0 ? finish() : reject(error)))
    socket.write(request)
  })
}

/** Each shape Node's parser refuses, aimed at `target`. */
function malformedShapes(target: string): Array<[string, string]> {
  return [
    [
      'Transfer-Encoding and Content-Length together',
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n`,
    ],
    [
      'a chunk size that is not hexadecimal',
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    ],
    [
      'a chunk size too large to be true',
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffffff\r\n{}\r\n0\r\n\r\n`,
    ],
    [
      'oversized headers',
      `GET ${target} HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    ],
    ['no Host header', `GET ${target} HTTP/1.1\r\n\r\n`],
    [
      'two Content-Length values',
      `POST ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}`,
    ],
    ['a space before the colon', `GET ${target} HTTP/1.1\r\nHost : localhost\r\n\r\n`],
    [
      'a bare LF line ending in headers',
      `GET ${target} HTTP/1.1\r\nHost: localhost\nX-A: b\r\n\r\n`,
    ],
  ]
}

describe('malformed HTTP over a real socket', () => {
  let app: FastifyInstance
  let staticDir: string
  let port: number
  const logLines: string[] = []

  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'gy-web-'))
    mkdirSync(path.join(staticDir, 'assets'))
    writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML)
    writeFileSync(path.join(staticDir, 'assets', 'main-abc123.js'), 'console.log(1)')
    app = await createTestApp({
      env: { STATIC_DIR: staticDir, LOG_LEVEL: 'info' },
      logStream: { write: (line) => void logLines.push(line) },
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    port = address.port
  })
  afterAll(async () => {
    await app.close()
    rmSync(staticDir, { recursive: true, force: true })
  })

  it.each(malformedShapes(API_PATH))(
    'answers %s under /api with the 400 envelope',
    async (_, request) => {
      const answer = await exchange(port, request)
      expect(answer.status).toBe(400)
      expect(answer.headers).toMatch(/content-type: application\/json/i)
      expect(JSON.parse(answer.body)).toEqual({
        code: '400',
        msg: MESSAGES.bodyInvalid,
        data: null,
      })
    },
  )

  it.each(malformedShapes('/home'))('answers %s on a page in plain text', async (_, request) => {
    const answer = await exchange(port, request)
    expect([400, 431]).toContain(answer.status)
    expect(answer.headers).toMatch(/content-type: text\/plain/i)
    expect(answer.body).not.toContain('{')
  })

  it('answers a malformed URL under /api with the envelope and on a page in plain text', async () => {
    const api = await exchange(port, `GET /api/%zz HTTP/1.1\r\nHost: localhost\r\n\r\n`)
    expect(api.status).toBe(400)
    expect(JSON.parse(api.body)).toMatchObject({ code: '400' })
    const page = await exchange(port, `GET /home%zz HTTP/1.1\r\nHost: localhost\r\n\r\n`)
    expect(page.status).toBe(400)
    expect(page.headers).toMatch(/content-type: text\/plain/i)
  })

  const rangeShapes = [
    'bytes=x',
    'bytes=999-',
    'bytes=-',
    'bytes=',
    'bytes=9-1',
    'bytes=-0',
    'bytes=0-1,3-4',
    'bytes=1.5-2',
    'bytes=99999999999999999999-',
    'lines=0-1',
    'bytes 0-1',
    '=',
    'bytes=0-0,'.repeat(500),
  ]
  it.each(['/home', '/assets/main-abc123.js', '/index.html', '/'])(
    'serves %s whole, 200, whatever the Range header says',
    async (target) => {
      for (const range of rangeShapes) {
        const answer = await exchange(
          port,
          `GET ${target} HTTP/1.1\r\nHost: localhost\r\nRange: ${range}\r\nConnection: close\r\n\r\n`,
        )
        expect({ range, status: answer.status }).toEqual({ range, status: 200 })
        expect(answer.headers).not.toMatch(/content-range/i)
      }
    },
  )

  it('never logs a stack trace for any of it', () => {
    const faults = logLines.filter((line) => /"level":50|"stack"/.test(line))
    expect(faults).toEqual([])
  })
})
