/**
 * Serves the built web app (STATIC_DIR) on the API's origin: hashed assets cached for a year and
 * sent brotli- or gzip-compressed from the copies the build wrote, index.html never cached, and
 * every other GET that is not an API path answered with index.html so the client router can take
 * over (it shows /404 itself). Unknown API paths get the 404 envelope.
 */
import { existsSync } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { z } from 'zod'
import { failure } from '../http/envelopeError'
import { sendEnvelope } from './envelope'
import { admitStyleNonce } from './securityHeaders'

export interface WebAppPluginOptions {
  staticDir: string
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>GY音乐</title></head>
<body>
<h1>网页应用尚未构建</h1>
<p>服务器没有找到网页应用的构建结果。请在项目根目录运行 <code>npm run build</code>，然后重新启动服务器。</p>
<p>接口服务（/api）与健康检查（/healthz）不受影响。</p>
</body>
</html>
`

function pathnameOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?')
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart)
}

/** Paths the web app must never shadow. */
export function isServerPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname === '/healthz'
}

/** Page addresses the build may have prerendered: words and slashes only, so never a way out. */
const PRERENDERABLE_PATH = /^(\/[A-Za-z0-9_-]+)+$/

/**
 * The page the build prerendered for `pathname` (app/src/prerender: index.html with that page's
 * first screen already in it), else index.html.
 */
async function pageFileFor(staticDir: string, pathname: string): Promise<string> {
  const indexPath = path.join(staticDir, 'index.html')
  if (!PRERENDERABLE_PATH.test(pathname)) return indexPath
  const prerendered = path.join(staticDir, 'prerendered', ...pathname.split('/'), 'index.html')
  try {
    await access(prerendered)
    return prerendered
  } catch {
    return indexPath
  }
}

/** What the app's build says about its two shells (app/src/prerender, dist/prerendered/shells.json). */
interface Shells {
  mobileUserAgent: RegExp
  mobileTwins: ReadonlyMap<string, string>
}

const ShellsFile = z.object({
  mobileUserAgent: z.object({ source: z.string(), flags: z.string() }),
  mobileTwins: z.record(z.string(), z.string().startsWith('/m/')),
})

/** The shells file of the build in `staticDir`, or null for a build without one (no redirects). */
async function readShells(staticDir: string): Promise<Shells | null> {
  try {
    const parsed = ShellsFile.parse(
      JSON.parse(await readFile(path.join(staticDir, 'prerendered', 'shells.json'), 'utf8')),
    )
    return {
      mobileUserAgent: new RegExp(parsed.mobileUserAgent.source, parsed.mobileUserAgent.flags),
      mobileTwins: new Map(Object.entries(parsed.mobileTwins)),
    }
  } catch {
    return null
  }
}

/**
 * The address a phone or tablet is sent to instead of a desktop page that has a mobile twin
 * (SPEC.md section 1: the layout is chosen by the user agent), the query kept; else null. Sent
 * before any page, so the phone paints the mobile page (prerendered where the build made one)
 * rather than the desktop one it would leave after the JavaScript ran.
 */
function mobileTwinAddress(shells: Shells | null, request: FastifyRequest): string | null {
  if (shells === null) return null
  const pathname = pathnameOf(request)
  const twin = shells.mobileTwins.get(pathname.replace(/(.)\/+$/, '$1'))
  const userAgent = request.headers['user-agent'] ?? ''
  if (twin === undefined || !shells.mobileUserAgent.test(userAgent)) return null
  return twin + request.url.slice(pathname.length)
}

/**
 * index.html with this answer's style nonce in a meta tag: the app hands it to the libraries that
 * inject <style> elements (app/src/cspNonce.ts), and the Content-Security-Policy admits it.
 * Read on every answer, so a rebuild is served without a restart.
 */
async function sendIndexHtml(
  reply: FastifyReply,
  indexPath: string,
  head: boolean,
): Promise<FastifyReply> {
  const nonce = admitStyleNonce(reply)
  const html = (await readFile(indexPath, 'utf8')).replace(
    '<head>',
    `<head><meta name="csp-nonce" content="${nonce}">`,
  )
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
  return head ? reply.header('content-length', Buffer.byteLength(html)).send() : reply.send(html)
}

export const webAppPlugin = fastifyPlugin<WebAppPluginOptions>(
  async (app, options) => {
    const indexPath = path.join(options.staticDir, 'index.html')
    const built = existsSync(indexPath)
    // Read once: the twins change only with the routes, and a new build is a new deployment.
    const shells = built ? await readShells(options.staticDir) : null
    /** A page, or on a phone its mobile twin's address; either answer depends on the user agent. */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, pagePath: string) => {
      reply.header('vary', 'User-Agent')
      const twin = mobileTwinAddress(shells, request)
      if (twin !== null) return reply.header('cache-control', 'no-cache').redirect(twin, 302)
      return sendIndexHtml(reply, pagePath, request.method === 'HEAD')
    }
    if (built) {
      await app.register(fastifyStatic, {
        root: options.staticDir,
        // index.html is never served as a plain file: it needs its nonce (sendIndexHtml).
        index: false,
        // The build writes a .br and a .gz copy beside each text asset (app/vite.config.ts):
        // they are sent for the asset's own address to a browser that accepts them, and are not
        // addresses of their own.
        preCompressed: true,
        allowedPath: (pathname) =>
          pathname !== '/index.html' &&
          pathname !== '/verify.html' &&
          !pathname.startsWith('/prerendered/') &&
          !/\.(br|gz)$/.test(pathname),
        cacheControl: false,
        dotfiles: 'ignore',
        // The app's files are small and no client seeks in them: a Range header is ignored (RFC
        // 9110 allows it), so no Range, however malformed, turns a page into an error.
        acceptRanges: false,
        setHeaders(reply, filePath) {
          const relative = path.relative(options.staticDir, filePath).split(path.sep).join('/')
          // Vite puts content-hashed files under assets/: a new build gives them new names.
          reply.header(
            'cache-control',
            relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
    }

    // The public verification page is a page of its own (app/verify.html), in both shells.
    const verifyPath = path.join(options.staticDir, 'verify.html')
    if (built && existsSync(verifyPath)) {
      for (const url of ['/verify', '/m/verify']) {
        app.get(url, async (request, reply) =>
          sendIndexHtml(reply, verifyPath, request.method === 'HEAD'),
        )
      }
    }

    if (built) {
      // The folder itself would be a directory listing refused with 403: it is the app.
      app.get('/', async (request, reply) => sendPage(request, reply, indexPath))
    }

    // The general request limit does not reach the not-found handler (every page of the app) by
    // itself: @fastify/rate-limit asks for its hook here.
    const limited = app.hasDecorator('rateLimit') ? { preHandler: app.rateLimit() } : {}
    app.setNotFoundHandler(limited, async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = pathnameOf(request)
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD'
      if (!isPageRequest || isServerPath(pathname)) {
        return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      }
      if (!built) {
        return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE)
      }
      return sendPage(request, reply, await pageFileFor(options.staticDir, pathname))
    })
  },
  { name: 'gy-web-app', dependencies: ['gy-envelope'] },
)
