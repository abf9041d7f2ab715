/**
 * `GET /api/openapi.json`, the API describing itself, and outside production the reference page
 * that reads it (`/api/docs`). Registered before any route: its onRoute hook sees every route as
 * it is registered, so the document is made from the registrations and a new route cannot be
 * missing from it. The document is built once, when the server is ready.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { z } from 'zod'
import { failure } from '../http/envelopeError'
import { sendEnvelope } from '../plugins/envelope'
import { buildOpenApiDocument, type RegisteredRoute } from './document'
import type { PlainRouteDocument } from './routeDocument'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api as registered, in order; what the API document is built from. */
    apiRoutes: readonly RegisteredRoute[]
  }
}

export const OPENAPI_URL = '/api/openapi.json'
export const REFERENCE_PAGE_URL = '/api/docs'

const REFERENCE_DIR = path.join(import.meta.dirname, 'reference')

/** The reference page's files: HTML, and its script and stylesheet as separate files (no inline script, for the CSP). */
const REFERENCE_FILES = [
  {
    url: REFERENCE_PAGE_URL,
    file: 'index.html',
    type: 'text/html; charset=utf-8',
    summary: '接口参考页面（仅开发环境）',
  },
  {
    url: `${REFERENCE_PAGE_URL}/reference.js`,
    file: 'reference.js',
    type: 'text/javascript; charset=utf-8',
    summary: '接口参考页面的脚本（仅开发环境）',
  },
  {
    url: `${REFERENCE_PAGE_URL}/reference.css`,
    file: 'reference.css',
    type: 'text/css; charset=utf-8',
    summary: '接口参考页面的样式（仅开发环境）',
  },
] as const

function registeredRoutesOf(options: RouteOptions): RegisteredRoute[] {
  if (!options.url.startsWith('/api/')) return []
  const methods = Array.isArray(options.method) ? options.method : [options.method]
  return methods.map((method) => ({
    method,
    url: options.url,
    // The request guard's defaults for a route under /api.
    auth: options.config?.auth ?? 'required',
    signed: options.config?.signed ?? true,
    document: options.config?.document,
  }))
}

function plainTextDocument(summary: string, contentType: string): PlainRouteDocument {
  return {
    kind: 'plain',
    summary,
    responseContent: { [contentType.split(';')[0] ?? contentType]: z.string() },
    errors: [],
  }
}

export const openApiPlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const routes: RegisteredRoute[] = []
    app.decorate('apiRoutes', routes)
    app.addHook('onRoute', (options) => {
      routes.push(...registeredRoutesOf(options))
    })

    let documentText: string | null = null
    app.addHook('onReady', async () => {
      try {
        documentText = JSON.stringify(buildOpenApiDocument(routes))
      } catch (error) {
        // A schema the document cannot express: the API still serves, the document says 500.
        app.log.error({ err: error }, 'the API document could not be built')
      }
    })

    app.route({
      method: 'GET',
      url: OPENAPI_URL,
      config: {
        signed: false,
        auth: 'none',
        document: {
          kind: 'plain',
          summary: '本文档：OpenAPI 3.1，由注册的路由生成',
          responseContent: {
            'application/json': z.looseObject({
              openapi: z.string(),
              paths: z.record(z.string(), z.unknown()),
            }),
          },
          errors: [],
        },
      },
      handler: async (_request, reply: FastifyReply) => {
        if (documentText === null) return sendEnvelope(reply, failure('500', MESSAGES.serverError))
        return reply
          .type('application/json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(documentText)
      },
    })

    // Production answers 404 here, like any unknown API path.
    if (app.config.isProduction) return
    for (const entry of REFERENCE_FILES) {
      const text = await readFile(path.join(REFERENCE_DIR, entry.file), 'utf8')
      app.route({
        method: 'GET',
        url: entry.url,
        config: {
          signed: false,
          auth: 'none',
          document: plainTextDocument(entry.summary, entry.type),
        },
        handler: async (_request, reply: FastifyReply) =>
          reply.type(entry.type).header('cache-control', 'no-cache').send(text),
      })
    }
  },
  { name: 'gy-openapi', dependencies: ['gy-envelope'] },
)
