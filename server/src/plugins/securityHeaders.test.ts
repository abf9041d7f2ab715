import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, countRows } from '../test/call'
import { createTestApp } from '../test/testApp'

const DOWNLOAD_LINK = '/api/user-server/user/downloadLink'
const SEND_SMS = '/api/user-server/musicOauth/send-sms'

describe('security headers', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app.close()
  })

  it('puts a strict policy, nosniff and a referrer policy on API answers, errors included', async () => {
    for (const answer of [
      await call(app, DOWNLOAD_LINK),
      await call(app, DOWNLOAD_LINK, { unsigned: true }),
      await call(app, '/api/no/such/call'),
    ]) {
      const policy = String(answer.headers['content-security-policy'])
      expect(policy).toContain("script-src 'self'")
      expect(policy).toContain("frame-ancestors 'none'")
      expect(policy).not.toContain('unsafe-inline')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['x-frame-options']).toBe('DENY')
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
  })
})

describe('the general request limit per address', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } })
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers the 429 envelope past the limit, per address, before any SMS is sent', async () => {
    const address = '10.20.0.1'
    for (let index = 0; index < 5; index += 1) {
      expect((await call(app, DOWNLOAD_LINK, { remoteAddress: address })).envelope.code).toBe('000')
    }
    const before = await countRows(app, ['sms_codes'])
    const refused = await call(app, SEND_SMS, {
      query: { phone: '86:13911112222', platform: '3', type: 'login' },
      remoteAddress: address,
    })
    expect(refused.status).toBe(429)
    expect(refused.envelope).toEqual({
      code: '429',
      msg: MESSAGES.requestsTooFrequent,
      data: null,
    })
    expect(await countRows(app, ['sms_codes'])).toEqual(before)

    const page = await app.inject({ method: 'GET', url: '/home', remoteAddress: address })
    expect(page.statusCode).toBe(429)
    expect(page.headers['content-type']).toContain('text/plain')
    expect(page.body).toBe(MESSAGES.requestsTooFrequent)

    const other = await call(app, DOWNLOAD_LINK, { remoteAddress: '10.20.0.2' })
    expect(other.envelope.code).toBe('000')
  })

  it('does not limit this machine (benchmarks, probes)', async () => {
    for (let index = 0; index < 12; index += 1) {
      expect((await call(app, DOWNLOAD_LINK, { remoteAddress: '127.0.0.1' })).status).toBe(200)
    }
  })

  it('is off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const unlimited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '0' } })
    try {
      for (let index = 0; index < 12; index += 1) {
        const answer = await call(unlimited, DOWNLOAD_LINK, { remoteAddress: '10.20.0.3' })
        expect(answer.status).toBe(200)
      }
    } finally {
      await unlimited.close()
    }
  })
})
