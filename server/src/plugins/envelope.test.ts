import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call } from '../test/call'
import { createTestApp } from '../test/testApp'
import { JSON_BODY_LIMIT_BYTES } from './envelope'

describe('envelope and error handling', () => {
  let app: FastifyInstance
  const logLines: string[] = []
  beforeAll(async () => {
    app = await createTestApp({
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void logLines.push(line) },
      registerRoutes: (scope) => {
        scope.post('/api/test/explode', { config: { signed: false, auth: 'none' } }, async () => {
          throw new Error('secret table users_private is on fire')
        })
      },
    })
  })
  afterAll(async () => {
    await app.close()
  })

  it('turns a thrown error into a 500 envelope that leaks nothing, and logs the real error', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/test/explode' })
    expect(answer.statusCode).toBe(500)
    expect(answer.json()).toEqual({ code: '500', msg: MESSAGES.serverError, data: null })
    expect(answer.body).not.toContain('fire')
    expect(logLines.join('\n')).toContain('secret table users_private is on fire')
  })

  it.each([
    ['POST', '/api/user-server/no-such-call'],
    ['POST', '/api/no-such-service/x'],
    ['GET', '/api/music-server/user/userDetails'],
    ['GET', '/api'],
    ['DELETE', '/anything'],
  ] as const)('answers %s %s with the 404 envelope', async (method, url) => {
    const answer = await app.inject({ method, url })
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['content-type']).toContain('application/json')
    expect(answer.json()).toEqual({ code: '404', msg: MESSAGES.notFound, data: null })
  })

  it('answers an oversized body with 413', async () => {
    const bodyText = JSON.stringify({ nickName: 'x'.repeat(JSON_BODY_LIMIT_BYTES) })
    const answer = await call(app, '/api/music-server/user/updateUserDetails', { bodyText })
    expect(answer.status).toBe(413)
    expect(answer.envelope).toEqual({ code: '413', msg: MESSAGES.bodyTooLarge, data: null })
  })

  it.each([
    ['text/plain', 'hello'],
    ['application/xml', '<a/>'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers a %s body with a 400 envelope', async (contentType, bodyText) => {
    const answer = await call(app, '/api/user-server/musicOauth/login', { bodyText, contentType })
    expect(answer.status).toBe(400)
    expect(answer.envelope).toEqual({ code: '400', msg: MESSAGES.bodyInvalid, data: null })
  })

  it('answers malformed JSON with a 400 envelope', async () => {
    const answer = await call(app, '/api/user-server/musicOauth/login', { bodyText: '{"mobile":' })
    expect(answer.envelope).toEqual({ code: '400', msg: MESSAGES.bodyInvalid, data: null })
  })

  it('answers a malformed URL with a 400 envelope', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/%E0%A4%A' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ code: '400' })
  })

  it('treats an empty JSON body as no body', async () => {
    const answer = await call(app, '/api/user-server/user/downloadLink', { bodyText: '' })
    expect(answer.envelope.code).toBe('000')
  })
})
