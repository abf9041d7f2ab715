/**
 * Development helpers of CONTRACT.md. Registered only with the console SMS provider outside
 * production; otherwise the paths answer 404 like any unknown API path.
 *
 * - `GET  /api/dev/sms/latest?phone=86:…`: the last code the console provider "sent".
 * - `POST /api/dev/clock/advance {seconds}`: moves the server's clock forward, so a browser test
 *   can pass the 60 s between two codes (or any expiry) without waiting for it.
 * - `POST /api/dev/points/grant {phone, points}`: gives a user points (a ledger grant), so a
 *   browser test or a benchmark can spend them without paying through the sandbox each time.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import { z } from 'zod'
import { EnvelopeError, success } from '../http/envelopeError'
import { latestSmsCodeData, sendSmsQuery } from '@gy/api/contract'
import { apiRoute } from '../http/route'
import { grantPoints } from '../domain/points'
import type { ConsoleSmsProvider } from '../sms/smsProvider'

const latestSmsQuery = sendSmsQuery.pick({ phone: true })

/** At most a year per call: enough for any expiry, and far from overflowing a Date. */
const MAX_ADVANCE_SECONDS = 366 * 24 * 60 * 60
const grantPointsBody = z.object({
  phone: sendSmsQuery.shape.phone,
  points: z.number().int().positive().max(1_000_000),
})

const advanceClockBody = z.object({
  seconds: z.number().int().positive().max(MAX_ADVANCE_SECONDS),
})

export interface DevRoutesOptions {
  consoleSms: ConsoleSmsProvider
  /** Where the routes live (app.ts registers them under /api/dev). */
  prefix?: string
}

async function devRoutesOn(
  app: FastifyInstance,
  options: DevRoutesOptions & { advanceClock: (seconds: number) => Date },
): Promise<void> {
  apiRoute(app, {
    method: 'GET',
    url: '/sms/latest',
    auth: 'none',
    signed: false,
    summary: '发给某个手机号的最近一条验证码（仅开发环境，控制台短信服务）',
    query: latestSmsQuery,
    response: latestSmsCodeData,
    errors: ['404'],
    handler: async ({ query }) => {
      const smsCode = options.consoleSms.latestCodeFor(query.phone)
      if (smsCode === undefined) throw new EnvelopeError('404', MESSAGES.notFound)
      return success({ smsCode })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/clock/advance',
    auth: 'none',
    signed: false,
    body: advanceClockBody,
    summary: '把服务器时钟向前拨（仅开发与测试环境）',
    response: z.object({ now: z.iso.datetime({ offset: true }) }),
    errors: ['400'],
    handler: async ({ body }) => success({ now: options.advanceClock(body.seconds).toISOString() }),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/points/grant',
    auth: 'none',
    signed: false,
    body: grantPointsBody,
    summary: '给某个已注册的手机号赠送积分（仅开发与测试环境）',
    response: z.object({ balance: z.int().nonnegative() }),
    errors: ['400', '404'],
    handler: async ({ body }) => {
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', body.phone)
        .executeTakeFirst()
      if (user === undefined) throw new EnvelopeError('404', MESSAGES.notFound)
      const entry = await grantPoints(app.db, user.id, body.points, '开发环境赠送', app.clock())
      return success({ balance: entry.balanceAfter })
    },
  })
}

/**
 * Runs on the instance it is registered on (fastify-plugin), not a child of it, because the clock
 * it moves is the one every route reads: it wraps `app.clock` (the wall clock, or a test's clock)
 * with an offset that only grows. The routes are registered in a scope of their own under the
 * prefix, which fastify-plugin would otherwise drop.
 */
export const devRoutes = fastifyPlugin(
  async (app: FastifyInstance, options: DevRoutesOptions): Promise<void> => {
    const baseClock = app.clock
    let offsetMs = 0
    app.clock = () => new Date(baseClock().getTime() + offsetMs)
    const advanceClock = (seconds: number): Date => {
      offsetMs += seconds * 1000
      app.log.warn({ offsetMs }, 'development clock moved forward')
      return app.clock()
    }
    await app.register(devRoutesOn, {
      prefix: options.prefix ?? '/api/dev',
      consoleSms: options.consoleSms,
      advanceClock,
    })
  },
  { name: 'gy-dev-routes' },
)
