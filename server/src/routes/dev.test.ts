import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../test/call'
import { createTestApp } from '../test/testApp'

describe('dev routes', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app.close()
  })

  it('hands out the last code sent to a phone, unsigned', async () => {
    const phone = '86:13511112222'
    await call(app, '/api/user-server/musicOauth/send-sms', {
      query: { phone, platform: '3', type: 'login' },
    })
    const answer = await app.inject({ method: 'GET', url: `/api/dev/sms/latest?phone=${phone}` })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      code: '000',
      msg: '',
      data: { smsCode: expect.stringMatching(/^\d{6}$/) },
    })

    const unknown = await app.inject({
      method: 'GET',
      url: '/api/dev/sms/latest?phone=86:13500000000',
    })
    expect(unknown.json()).toEqual({ code: '404', msg: MESSAGES.notFound, data: null })
  })

  it('does not exist in production', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SIGN_SECRET: 'a-production-secret',
        FILE_URL_SECRET: 'a-file-url-secret-for-production',
        PUBLIC_BASE_URL: 'https://gy.example.com',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      },
    })
    try {
      const answer = await production.inject({
        method: 'GET',
        url: '/api/dev/sms/latest?phone=86:13511112222',
      })
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({ code: '404', msg: MESSAGES.notFound, data: null })
    } finally {
      await production.close()
    }
  })
})
