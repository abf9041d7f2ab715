/** user-server: logging in by SMS code, and the app download link. */
import { MESSAGES, PRODUCT_CODE, type LoginData } from '@gy/api'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { loginWithSmsCode, sendLoginCode, type SmsLoginDependencies } from '../../domain/smsLogin'
import { toUserInfo } from '../../domain/users.repository'
import { success } from '../../http/envelopeError'
import { downloadLinkData, loginBody, loginData, sendSmsQuery } from '@gy/api/contract'
import { z } from 'zod'
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
    summary: '发送登录短信验证码（字段在查询参数里，没有请求体）',
    query: sendSmsQuery,
    response: z.null(),
    errors: ['429'],
    handler: async ({ query, request }) => {
      await sendLoginCode(smsLogin(), query.phone, request.ip)
      return success(null, MESSAGES.smsSent)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicOauth/login',
    auth: 'none',
    summary: '短信验证码登录；从未登录过的手机号当场注册',
    body: loginBody,
    response: loginData,
    errors: ['429'],
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
    summary: '应用下载页的地址',
    response: downloadLinkData,
    handler: async ({ request }) =>
      success(app.config.downloadPageUrl ?? `${requestOrigin(request)}/m/download_${PRODUCT_CODE}`),
  })
}
