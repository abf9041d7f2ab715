/** user-server: logging in by SMS code, logging out, the app download link, and uploads. */
import { PRODUCT_CODE } from '@gy/api/constants'
import type { LoginData } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { loginWithSmsCode, sendLoginCode, type SmsLoginDependencies } from '../../domain/smsLogin'
import { revokeSession } from '../../domain/sessions.repository'
import { bearerToken, sha256Hex } from '../../domain/tokens'
import { toUserInfo } from '../../domain/users.repository'
import { EnvelopeError, success } from '../../http/envelopeError'
import { downloadLinkData, loginBody, loginData, sendSmsQuery } from '@gy/api/contract'
import { appSettingsData, cancelAccountBody } from '@gy/api/contract'
import { cancelAccount } from '../../domain/accountCancellation'
import { publicLink } from '../../http/publicLink'
import { z } from 'zod'
import { apiRoute } from '../../http/route'
import { uploadRoutes } from './uploads'

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
    url: '/musicOauth/logout',
    auth: 'required',
    summary: '退出登录：作废当前令牌',
    response: z.null(),
    handler: async ({ request }) => {
      // The guard admitted this token moments ago; it is read again only to name the session.
      const token = bearerToken(request.headers.authorization)
      if (token === null) throw new EnvelopeError('401', MESSAGES.missingLogin)
      await revokeSession(app.db, sha256Hex(token), app.clock())
      return success(null, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/user/downloadLink',
    auth: 'none',
    summary: '应用下载页的地址',
    response: downloadLinkData,
    handler: async () =>
      success(
        app.config.downloadPageUrl ??
          publicLink(app.config.publicBaseUrl, `/m/download_${PRODUCT_CODE}`),
      ),
  })

  // Account cancellation and the app's settings (mobile branch).
  apiRoute(app, {
    method: 'POST',
    url: '/user/cancelAccount',
    auth: 'required',
    summary: '注销账号：确认后匿名化账号资料、作废全部令牌（一次事务）',
    body: cancelAccountBody,
    response: z.null(),
    errors: ['409'],
    handler: async ({ user }) => {
      await cancelAccount(app.db, user.id, app.clock())
      return success(null, MESSAGES.accountCancelled)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/user/appSettings',
    auth: 'none',
    summary: '应用商店链接、打开 App 的链接，以及页脚的客服图片和备案说明',
    response: appSettingsData,
    handler: async () => success(app.config.appSettings),
  })

  // A scope of its own: the multipart parser exists only there (uploads.ts).
  await app.register(uploadRoutes)
}
