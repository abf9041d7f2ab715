import { sign } from '../test/signing'
import { SIGNATURE_WINDOW_MS } from '@gy/api/constants'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { revokeSession } from '../domain/sessions.repository'
import { sha256Hex } from '../domain/tokens'
import { call, countRows, loginAs, signedRequest } from '../test/call'
import { createFakeClock } from '../test/fakeClock'
import { createTestApp } from '../test/testApp'

const USER_DETAILS = '/api/music-server/user/userDetails'
const DOWNLOAD_LINK = '/api/user-server/user/downloadLink'

describe('request guard', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  let token: string
  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now })
    token = (await loginAs(app, '86:13700000001')).accessToken
  })
  afterAll(async () => {
    await app.close()
  })

  describe('signature', () => {
    it('accepts the exact body text as sent, whitespace and all', async () => {
      const bodyText = '{ "nickName" :  "空格也签名" }'
      const answer = await call(app, '/api/music-server/user/updateUserDetails', {
        bodyText,
        token,
      })
      expect(answer.envelope.code).toBe('000')
    })

    it('refuses a signature over a different serialisation of the same body', async () => {
      const request = signedRequest(app, '/api/music-server/user/updateUserDetails', {
        body: { nickName: '改过的' },
        token,
      })
      const answer = await app.inject({ ...request, payload: '{ "nickName": "改过的" }' })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({ code: '400', msg: MESSAGES.signatureInvalid, data: null })
    })

    it('refuses a signature made with another secret', async () => {
      const request = signedRequest(app, DOWNLOAD_LINK)
      const headers = request.headers as Record<string, string>
      const forged = sign('', headers.nonce ?? '', headers.timestamp ?? '', 'not-the-secret')
      const answer = await app.inject({ ...request, headers: { ...headers, signature: forged } })
      expect(answer.json()).toEqual({ code: '400', msg: MESSAGES.signatureInvalid, data: null })
    })

    it.each([
      ['nonce', MESSAGES.signatureMissing],
      ['timestamp', MESSAGES.signatureMissing],
      ['signature', MESSAGES.signatureMissing],
    ])('refuses a call without the %s header', async (header, msg) => {
      const request = signedRequest(app, DOWNLOAD_LINK)
      const headers = Object.fromEntries(
        Object.entries(request.headers as Record<string, string>).filter(
          ([name]) => name !== header,
        ),
      )
      const answer = await app.inject({ ...request, headers })
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({ code: '400', msg, data: null })
    })

    it.each([
      ['short', 'abc'],
      ['symbols', 'abcdefgh-jklmnop'],
      ['SQL', "a' OR '1'='1'--x"],
    ])('refuses a malformed nonce (%s)', async (_kind, nonce) => {
      const answer = await call(app, DOWNLOAD_LINK, { headers: { nonce } })
      expect(answer.envelope).toEqual({ code: '400', msg: MESSAGES.nonceInvalid, data: null })
    })

    it.each([
      ['more than 5 minutes old', () => clock.now().getTime() - SIGNATURE_WINDOW_MS - 1],
      ['more than 5 minutes ahead', () => clock.now().getTime() + SIGNATURE_WINDOW_MS + 1],
      ['not a number', () => '17e11'],
      ['negative', () => '-1'],
    ])('refuses a timestamp %s', async (_kind, timestamp) => {
      const request = signedRequest(app, DOWNLOAD_LINK)
      const headers = request.headers as Record<string, string>
      const stamp = String(timestamp())
      const signature = sign('', headers.nonce ?? '', stamp, app.config.signSecret)
      const answer = await app.inject({
        ...request,
        headers: { ...headers, timestamp: stamp, signature },
      })
      expect(answer.json()).toEqual({ code: '400', msg: MESSAGES.timestampInvalid, data: null })
    })

    it('accepts a timestamp just inside the window', async () => {
      const request = signedRequest(app, DOWNLOAD_LINK)
      const headers = request.headers as Record<string, string>
      const stamp = String(clock.now().getTime() - SIGNATURE_WINDOW_MS + 1000)
      const signature = sign('', headers.nonce ?? '', stamp, app.config.signSecret)
      const answer = await app.inject({
        ...request,
        headers: { ...headers, timestamp: stamp, signature },
      })
      expect(answer.json()).toMatchObject({ code: '000' })
    })
  })

  describe('replays', () => {
    it('refuses the same signed request twice, and records the nonce in the database', async () => {
      const request = signedRequest(app, USER_DETAILS, { token })
      const first = await app.inject(request)
      expect(first.json()).toMatchObject({ code: '000' })
      const nonce = (request.headers as Record<string, string>).nonce ?? ''
      const stored = await app.db
        .selectFrom('request_nonces')
        .selectAll()
        .where('nonce', '=', nonce)
        .executeTakeFirst()
      expect(stored).toBeDefined()

      const replay = await app.inject(request)
      expect(replay.statusCode).toBe(400)
      expect(replay.json()).toEqual({ code: '400', msg: MESSAGES.nonceReplayed, data: null })
    })

    it('refuses concurrent copies of one request but one', async () => {
      const request = signedRequest(app, DOWNLOAD_LINK)
      const answers = await Promise.all([1, 2, 3].map(() => app.inject(request)))
      const codes = answers.map((answer) => (answer.json() as { code: string }).code).sort()
      expect(codes).toEqual(['000', '400', '400'])
    })

    it('purges nonces once their timestamp would be refused anyway', async () => {
      await call(app, DOWNLOAD_LINK)
      const { request_nonces: before } = await countRows(app, ['request_nonces'])
      expect(before).toBeGreaterThan(0)
      const { purgeExpiredNonces } = await import('../domain/sessions.repository')
      expect(await purgeExpiredNonces(app.db, clock.now())).toBe(0)
      const later = new Date(clock.now().getTime() + SIGNATURE_WINDOW_MS + 1)
      expect(await purgeExpiredNonces(app.db, later)).toBe(before)
    })
  })

  describe('login', () => {
    it('answers 401 with the missing-login message when a login-only call has no token', async () => {
      const answer = await call(app, USER_DETAILS)
      expect(answer.status).toBe(401)
      expect(answer.envelope).toEqual({ code: '401', msg: MESSAGES.missingLogin, data: null })
    })

    it.each([
      ['an unknown token', 'x'.repeat(43)],
      ['a malformed header', 'not a token <script>'],
    ])('answers 401 for %s', async (_kind, bad) => {
      const answer = await call(app, USER_DETAILS, { headers: { authorization: `Bearer ${bad}` } })
      expect(answer.status).toBe(401)
      expect(answer.envelope.code).toBe('401')
    })

    it('answers 401 for a token older than 24 hours', async () => {
      const { accessToken } = await loginAs(app, '86:13700000002')
      clock.advance(24 * 60 * 60 * 1000)
      const answer = await call(app, USER_DETAILS, { token: accessToken })
      expect(answer.status).toBe(401)
      expect(answer.envelope).toEqual({ code: '401', msg: MESSAGES.sessionExpired, data: null })
      token = (await loginAs(app, '86:13700000001')).accessToken
    })

    it('answers 401 for a logged-out token', async () => {
      clock.advance(61_000)
      const { accessToken } = await loginAs(app, '86:13700000003')
      await revokeSession(app.db, sha256Hex(accessToken), clock.now())
      const answer = await call(app, USER_DETAILS, { token: accessToken })
      expect(answer.envelope).toEqual({ code: '401', msg: MESSAGES.sessionExpired, data: null })
    })

    it('ignores a stale token on calls that need no login', async () => {
      const answer = await call(app, DOWNLOAD_LINK, { token: 'x'.repeat(43) })
      expect(answer.envelope.code).toBe('000')
    })
  })
})
