/**
 * Serves the built web app (STATIC_DIR) on the API's origin: hashed assets cached for a year,
 * index.html never cached, and every other GET that is not an API path answered with index.html
 * so the client router can take over (it shows /404 itself). Unknown API paths get the 404
 * envelope.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { MESSAGES } from '@gy/api'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { failure } from '../http/envelopeError'
import { sendEnvelope } from './envelope'

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

export const webAppPlugin = fastifyPlugin<WebAppPluginOptions>(
  async (app, options) => {
    const built = existsSync(path.join(options.staticDir, 'index.html'))
    if (built) {
      await app.register(fastifyStatic, {
        root: options.staticDir,
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

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = pathnameOf(request)
      const isPageRequest = request.method === 'GET' || request.method === 'HEAD'
      if (!isPageRequest || isServerPath(pathname)) {
        return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      }
      if (!built) {
        return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE)
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    })
  },
  { name: 'gy-web-app', dependencies: ['gy-envelope'] },
)
