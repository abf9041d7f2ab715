/**
 * Builds the API server: infrastructure plugins, then one route plugin per service. The result is
 * ready for `app.inject()` in tests or `app.listen()` in server.ts.
 */
import type { PGlite } from '@electric-sql/pglite'
import Fastify, { type FastifyInstance } from 'fastify'
import type { ServerConfig } from './config'
import { aiJobsPlugin } from './ai/aiJobsPlugin'
import type { AiTaskRunner } from './ai/enginePool'
import { databasePlugin } from './plugins/database/database'
import { answerUnreadableRequest, envelopePlugin, refuseBeforeRouting } from './plugins/envelope'
import { housekeepingPlugin } from './plugins/housekeeping'
import { orphanSweepPlugin } from './plugins/orphanSweep'
import { openApiPlugin } from './openapi/openapiPlugin'
import { queuePlugin } from './plugins/queue'
import { requestGuardPlugin } from './plugins/requestGuard'
import { securityHeadersPlugin } from './plugins/securityHeaders'
import { webAppPlugin } from './plugins/webApp'
import { fileRoutes } from './routes/files'
import { musicServerWorksRoutes } from './routes/music-server/works'
import { musicServerDepositRoutes } from './routes/music-server/deposits'
import { musicServerListingsRoutes } from './routes/music-server/listings'
// Licences and earnings (licence branch).
import { musicServerLicenceRoutes } from './routes/music-server/licences'
import { musicServerCertificationRoutes } from './routes/music-server/certification'
// Copyright registration (registration branch).
import {
  ciccServerRegistrationRoutes,
  musicServerRegistrationRoutes,
} from './routes/music-server/registration'
import { musicServerAiMusicRoutes } from './routes/music-server/aiMusic'
// Votes and notices (votes branch).
import { musicServerVoteRoutes } from './routes/music-server/votes'
import { aiServerMusicfyRoutes } from './routes/ai-server/musicfy'
import { seedPlugin } from './seed/seedPlugin'
import { storagePlugin } from './storage/storagePlugin'
import { devRoutes } from './routes/dev'
import { healthRoutes } from './routes/health'
import { musicServerUserRoutes } from './routes/music-server/user'
import { userServerRoutes } from './routes/user-server/userServer'
import { ciccServerChargeRoutes } from './routes/cicc-server/charge'
import { musicServerPointsRoutes } from './routes/music-server/points'
import { paymentNotifyRoutes } from './routes/payments/notify'
import { paymentsPlugin, type PaymentsPluginOptions } from './routes/payments/paymentsPlugin'
import { sandboxCheckoutRoutes } from './sandbox/checkoutRoutes'
import { ConsoleSmsProvider, WebhookSmsProvider, type SmsProvider } from './sms/smsProvider'

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig
    /** The server's notion of now; tests replace it to move time. */
    clock: () => Date
    smsProvider: SmsProvider
  }
}

export interface BuildAppOptions {
  /** Replaces the wall clock (tests that need time to pass). */
  clock?: () => Date
  /** Replaces the SMS provider the configuration names. */
  smsProvider?: SmsProvider
  /** Test hooks of the payments: the sandbox's notification transport and retry schedule. */
  payments?: PaymentsPluginOptions
  /** An open embedded database to use instead of the one the configuration names (tests). */
  embeddedDatabase?: PGlite
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void }
  /** Replaces the threaded local AI engine (tests: one that fails, or waits to be told). */
  aiRunner?: AiTaskRunner
  /** Whether a worker makes the singer presets' samples when it starts (default yes). */
  singerPreviews?: boolean
  /** Whether a first start's seeding also makes and shares the AI zone's examples (default yes). */
  seedAiExamples?: boolean
  /** Registers extra routes on the same server, e.g. the benchmark's bare hello-world route. */
  registerRoutes?: (app: FastifyInstance) => void | Promise<void>
}

export async function buildApp(
  config: ServerConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
      // The path only: query strings carry phone numbers.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A first start creates the embedded database (initdb), which can take a while on a busy machine.
    pluginTimeout: 120_000,
    // Requests fastify refuses before routing (a malformed URL) get an envelope under /api and
    // /files, plain text on a page; so do requests Node cannot even parse.
    frameworkErrors: (_error, request, reply) => {
      refuseBeforeRouting(request, reply)
    },
    clientErrorHandler: answerUnreadableRequest,
    // A client that stalls or trickles is cut off (config.ts, HttpTimeouts): Node answers an
    // unfinished request with clientErrorHandler, and closes a connection idle for idleMs.
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.idleMs,
    http: {
      // Node would answer a missing Host itself, with no body; the envelope plugin refuses it instead.
      requireHostHeader: false,
      headersTimeout: config.httpTimeouts.headersMs,
      requestTimeout: config.httpTimeouts.requestMs,
      // How often Node looks for requests past those limits (30 s by default).
      connectionsCheckingInterval: Math.min(1000, config.httpTimeouts.headersMs),
    },
  })

  app.decorate('config', config)
  app.decorate('clock', options.clock ?? (() => new Date()))
  const consoleSms =
    config.sms.provider === 'console'
      ? new ConsoleSmsProvider(app.log.child({ module: 'sms' }))
      : null
  const smsProvider =
    options.smsProvider ??
    consoleSms ??
    (config.sms.provider === 'webhook'
      ? new WebhookSmsProvider(config.sms.webhookUrl, config.sms.webhookToken)
      : null)
  if (smsProvider === null) throw new Error('No SMS provider configured')
  app.decorate('smsProvider', smsProvider)

  await app.register(envelopePlugin)
  // Before any route: it records each route as registered, for GET /api/openapi.json.
  await app.register(openApiPlugin)
  // Before the database: a first start composes its first work while the database is created.
  await app.register(seedPlugin, { aiExamples: options.seedAiExamples ?? true })
  await app.register(securityHeadersPlugin, {
    requestsPerMinute: config.requestsPerMinutePerAddress,
  })
  await app.register(databasePlugin, {
    database: config.database,
    embedded: options.embeddedDatabase,
  })
  await app.register(queuePlugin)
  await app.register(housekeepingPlugin)
  await app.register(storagePlugin)
  await app.register(orphanSweepPlugin)
  await app.register(aiJobsPlugin, {
    ...(options.aiRunner === undefined ? {} : { runner: options.aiRunner }),
    singerPreviews: options.singerPreviews ?? true,
  })
  await app.register(requestGuardPlugin)
  await app.register(webAppPlugin, { staticDir: config.staticDir })

  await app.register(healthRoutes)
  await app.register(userServerRoutes, { prefix: '/api/user-server' })
  await app.register(musicServerUserRoutes, { prefix: '/api/music-server' })
  await app.register(paymentsPlugin, options.payments ?? {})
  await app.register(musicServerPointsRoutes, { prefix: '/api/music-server' })
  await app.register(ciccServerChargeRoutes, { prefix: '/api/cicc-server' })
  await app.register(paymentNotifyRoutes, { prefix: '/api/payments' })
  if (app.payments.sandbox !== null) {
    await app.register(sandboxCheckoutRoutes, { sandbox: app.payments.sandbox })
  }
  await app.register(musicServerWorksRoutes, { prefix: '/api/music-server' })
  await app.register(musicServerDepositRoutes, { prefix: '/api/music-server' })
  // Listings (listings branch).
  await app.register(musicServerListingsRoutes, { prefix: '/api/music-server' })
  // Licences and earnings (licence branch).
  await app.register(musicServerLicenceRoutes, { prefix: '/api/music-server' })
  // Certification (certification branch).
  await app.register(musicServerCertificationRoutes, { prefix: '/api/music-server' })
  await app.register(musicServerAiMusicRoutes, { prefix: '/api/music-server' })
  // Votes and notices (votes branch).
  await app.register(musicServerVoteRoutes, { prefix: '/api/music-server' })
  // Copyright registration (registration branch).
  await app.register(musicServerRegistrationRoutes, { prefix: '/api/music-server' })
  await app.register(ciccServerRegistrationRoutes, { prefix: '/api/cicc-server' })
  await app.register(aiServerMusicfyRoutes, { prefix: '/api/ai-server' })
  await app.register(fileRoutes)
  // The dev route reads the provider that actually sends, so a replaced provider has no dev route.
  if (!config.isProduction && smsProvider instanceof ConsoleSmsProvider) {
    await app.register(devRoutes, { prefix: '/api/dev', consoleSms: smsProvider })
  }
  if (options.registerRoutes) await app.register(async (scope) => options.registerRoutes?.(scope))

  await app.ready()
  return app
}
