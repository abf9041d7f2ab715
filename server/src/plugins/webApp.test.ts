import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/testApp'

const LARGE_SCRIPT = 'export const 歌单 = "正在流行";\n'.repeat(200)
const INDEX_HTML = '<!doctype html><html><head><title>GY音乐</title></head><div id="root"></div>'

describe('web app', () => {
  let app: FastifyInstance
  let staticDir: string
  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'gy-web-'))
    mkdirSync(path.join(staticDir, 'assets'))
    writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML)
    writeFileSync(path.join(staticDir, 'assets', 'main-abc123.js'), 'console.log(1)')
    writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg/>')
    // As the build leaves a large asset: the file and its two compressed copies.
    const large = path.join(staticDir, 'assets', 'pages-def456.js')
    writeFileSync(large, LARGE_SCRIPT)
    writeFileSync(`${large}.br`, brotliCompressSync(LARGE_SCRIPT))
    writeFileSync(`${large}.gz`, gzipSync(LARGE_SCRIPT))
    app = await createTestApp({ env: { STATIC_DIR: staticDir } })
  })
  afterAll(async () => {
    await app.close()
    rmSync(staticDir, { recursive: true, force: true })
  })

  it('serves hashed assets with a long cache', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toBe('console.log(1)')
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it.each([
    ['br, gzip', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)(
    'sends the copy the build compressed to a browser accepting %s',
    async (acceptEncoding, contentEncoding, decompress) => {
      const answer = await app.inject({
        method: 'GET',
        url: '/assets/pages-def456.js',
        headers: { 'accept-encoding': acceptEncoding },
      })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-encoding']).toBe(contentEncoding)
      expect(answer.headers['content-type']).toContain('javascript')
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding')
      expect(decompress(answer.rawPayload).toString('utf8')).toBe(LARGE_SCRIPT)
    },
  )

  it('sends the plain file to a browser that accepts no compression', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/assets/pages-def456.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.body).toBe(LARGE_SCRIPT)
  })

  it('does not serve the compressed copies at addresses of their own', async () => {
    for (const url of ['/assets/pages-def456.js.br', '/assets/pages-def456.js.gz']) {
      const answer = await app.inject({ method: 'GET', url })
      expect(answer.headers['content-type']).toContain('text/html')
    }
  })

  it('serves other files without a long cache', async () => {
    const answer = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-cache')
  })

  it.each([
    '/',
    '/home',
    '/m/home',
    '/musiciansZone/certificateDeposit',
    '/no-such-page',
    '/index.html',
  ])('answers GET %s with index.html, never cached', async (url) => {
    const answer = await app.inject({ method: 'GET', url })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toContain('text/html')
    expect(answer.headers['cache-control']).toBe('no-cache')
    // A fresh style nonce in the page and in its policy, the rest of index.html as built.
    const nonce = /<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})">/.exec(answer.body)?.[1]
    expect(nonce).toBeDefined()
    expect(answer.body.replace(/<meta name="csp-nonce"[^>]*>/, '')).toBe(INDEX_HTML)
    expect(answer.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`)
    expect(answer.headers['content-security-policy']).toContain("script-src 'self';")
  })

  it('gives every page answer its own nonce', async () => {
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => {
        const answer = await app.inject({ method: 'GET', url: '/home' })
        return String(answer.headers['content-security-policy'])
      }),
    )
    expect(new Set(nonces).size).toBe(3)
  })

  it('never answers an API path with the web app', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/unknown/path' })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toEqual({ code: '404', msg: MESSAGES.notFound, data: null })
  })

  it('does not let a path escape the static folder', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' })
    expect(answer.body).not.toContain('"name"')
  })

  it('says in Chinese that the web app is not built when there is no index.html', async () => {
    const unbuilt = await createTestApp()
    try {
      const answer = await unbuilt.inject({ method: 'GET', url: '/home' })
      expect(answer.statusCode).toBe(503)
      expect(answer.headers['content-type']).toContain('text/html')
      expect(answer.body).toContain('网页应用尚未构建')
      expect(answer.body).toContain('npm run build')
      const health = await unbuilt.inject({ method: 'GET', url: '/healthz' })
      expect(health.json()).toEqual({ status: 'ok' })
    } finally {
      await unbuilt.close()
    }
  })
})
