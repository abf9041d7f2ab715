import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../test/call'
import { createTestApp } from '../test/testApp'

/** The development route that moves the server clock, with any body (bad ones included). */
function advanceClock(server: FastifyInstance, payload: object) {
  return server.inject({ method: 'POST', url: '/api/dev/clock/advance', payload })
}

// Two of these tests build an app of their own, so each may take as long as a hook
// (vitest.config.ts): on a busy machine, with another test file beside it, building one has
// taken more than the 30 s a test gets.
describe('dev routes', { timeout: 60_000 }, () => {
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

  it('moves the server clock forward, so the 60 s between two codes can pass at once', async () => {
    const phone = '86:13511113333'
    const sendCode = () =>
      call(app, '/api/user-server/musicOauth/send-sms', {
        query: { phone, platform: '3', type: 'login' },
      })
    expect((await sendCode()).envelope.code).toBe('000')
    expect((await sendCode()).envelope).toMatchObject({ code: '429', msg: MESSAGES.smsTooFrequent })

    const answer = await advanceClock(app, { seconds: 61 })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ code: '000', msg: '', data: { now: expect.any(String) } })
    // The server's clock reads 61 s ahead of the wall clock (less the moment between the reads).
    const ahead = app.clock().getTime() - Date.now()
    expect(ahead).toBeLessThanOrEqual(61_000)
    expect(ahead).toBeGreaterThan(60_000)

    expect((await sendCode()).envelope.code).toBe('000')
  })

  it('moves a clock the test gave the server, and refuses bad input with the envelope', async () => {
    const start = new Date('2026-03-01T08:00:00Z')
    const testClock = await createTestApp({ clock: () => start })
    try {
      const advance = (payload: object) => advanceClock(testClock, payload)
      expect((await advance({ seconds: 3600 })).json()).toEqual({
        code: '000',
        msg: '',
        data: { now: '2026-03-01T09:00:00.000Z' },
      })
      for (const bad of [
        { seconds: -5 },
        { seconds: 0 },
        { seconds: 1.5 },
        { seconds: '61' },
        {},
        { seconds: 10 ** 12 },
      ]) {
        const answer = await advance(bad)
        expect(answer.statusCode).toBe(400)
        expect(answer.json()).toEqual({ code: '400', msg: MESSAGES.bodyInvalid, data: null })
      }
      expect(testClock.clock().toISOString()).toBe('2026-03-01T09:00:00.000Z')
    } finally {
      await testClock.close()
    }
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
      const before = production.clock().getTime()
      expect((await advanceClock(production, { seconds: 3600 })).statusCode).toBe(404)
      expect(production.clock().getTime() - before).toBeLessThan(60_000)
    } finally {
      await production.close()
    }
  })
})
