/** user-server: logging in by SMS code, and the app download link. */
import { PRODUCT_CODE } from '@gy/api/constants'
import type { LoginData } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { loginWithSmsCode, sendLoginCode, type SmsLoginDependencies } from '../../domain/smsLogin'
import { toUserInfo } from '../../domain/users.repository'
import { success } from '../../http/envelopeError'
import { loginBody, sendSmsQuery } from '@gy/api/contract'
import { apiRoute } from '../../http/route'

/** The origin the browser used, e.g. http://localhost:8080. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

export async function userServerRoutes(app: FastifyInstance): Promise<void> {
  const smsLogin = (): SmsLoginDependencies => ({
    db: app.db,
    smsProvider: app.smsProvider,
    limits: {
      dailyCapPerPhone: app.config.smsDailyCapPerPhone,
      dailyCapPerIp: app.config.smsDailyCapPerIp,
      loginFailuresPerIp: app.config.loginFailuresPerIp,
      loginWindowMinutes: app.config.loginWindowMinutes,
    },
    now: app.clock(),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicOauth/send-sms',
    auth: 'none',
    query: sendSmsQuery,
    handler: async ({ query, request }) => {
      await sendLoginCode(smsLogin(), query.phone, request.ip)
      return success(null, MESSAGES.smsSent)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicOauth/login',
    auth: 'none',
    body: loginBody,
    handler: async ({ body, request }) => {
      const { accessToken, user } = await loginWithSmsCode(
        smsLogin(),
        body.mobile,
        body.smsCode,
        request.ip,
      )
      const data: LoginData = { accessToken, userInfo: toUserInfo(user) }
      return success(data, MESSAGES.loginSucceeded)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/user/downloadLink',
    auth: 'none',
    handler: async ({ request }) =>
      success(app.config.downloadPageUrl ?? `${requestOrigin(request)}/m/download_${PRODUCT_CODE}`),
  })
}
