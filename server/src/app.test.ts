import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, loginAs } from './test/call'
import { createTestApp } from './test/testApp'

describe('the app', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers /healthz with a plain status, not an envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('logs in and reads the user details', async () => {
    const login = await loginAs(app, '86:13800138000')
    const details = await call(app, '/api/music-server/user/userDetails', {
      token: login.accessToken,
    })
    expect(details.envelope).toMatchObject({ code: '000', data: { nickName: 'GY用户8000' } })
  })
})
