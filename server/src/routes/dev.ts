/**
 * Development helpers of CONTRACT.md. Registered only with the console SMS provider outside
 * production; otherwise the paths answer 404 like any unknown API path.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { EnvelopeError, success } from '../http/envelopeError'
import { latestSmsCodeData, sendSmsQuery } from '@gy/api/contract'
import { apiRoute } from '../http/route'
import type { ConsoleSmsProvider } from '../sms/smsProvider'

const latestSmsQuery = sendSmsQuery.pick({ phone: true })

export interface DevRoutesOptions {
  consoleSms: ConsoleSmsProvider
}

export async function devRoutes(app: FastifyInstance, options: DevRoutesOptions): Promise<void> {
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
}
