import type { LoginData } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../domain/tokens'
import { call, countRows, latestSmsCode, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import { createTestApp } from '../../test/testApp'

const SEND_SMS = '/api/user-server/musicOauth/send-sms'
const LOGIN = '/api/user-server/musicOauth/login'
const DOWNLOAD_LINK = '/api/user-server/user/downloadLink'
const USER_DETAILS = '/api/music-server/user/userDetails'

let phoneCounter = 0
/** A phone number no other test in this file uses. */
function freshPhone(): string {
  phoneCounter += 1
  return `86:139${String(phoneCounter).padStart(8, '0')}`
}
let ipCounter = 0
function freshIp(): string {
  ipCounter += 1
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
}

function sendSms(app: FastifyInstance, phone: string, remoteAddress = freshIp()) {
  return call<null>(app, SEND_SMS, {
    query: { phone, platform: '3', type: 'login' },
    remoteAddress,
  })
}

function login(app: FastifyInstance, mobile: string, smsCode: string, remoteAddress = freshIp()) {
  return call<LoginData>(app, LOGIN, {
    body: { mobile, smsCode, platform: 3, smsCodeType: 'login' },
    remoteAddress,
  })
}

/** A six-digit code that is certainly not `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0')
}

describe('user-server', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({
      clock: clock.now,
      env: { SMS_DAILY_CAP_PER_PHONE: '3', SMS_DAILY_CAP_PER_IP: '6', LOGIN_FAILURES_PER_IP: '8' },
    })
  })
  afterAll(async () => {
    await app.close()
  })

  describe('send-sms', () => {
    it('sends a six-digit code, stored only as a hash', async () => {
      const phone = freshPhone()
      const sent = await sendSms(app, phone)
      expect(sent.status).toBe(200)
      expect(sent.envelope).toEqual({ code: '000', msg: MESSAGES.smsSent, data: null })
      const code = await latestSmsCode(app, phone)
      expect(code).toMatch(/^\d{6}$/)
      const rows = await app.db
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .execute()
      expect(rows).toHaveLength(1)
      expect(JSON.stringify(rows)).not.toContain(code)
      expect(rows[0]?.code_hash).toBe(sha256Hex(`${rows[0]?.id}:${code}`))
    })

    it('refuses a second code for the same phone within 60 seconds, then allows it', async () => {
      const phone = freshPhone()
      expect((await sendSms(app, phone)).envelope.code).toBe('000')
      clock.advance(59_000)
      const early = await sendSms(app, phone)
      expect(early.status).toBe(429)
      expect(early.envelope).toEqual({ code: '429', msg: MESSAGES.smsTooFrequent, data: null })
      clock.advance(1_000)
      expect((await sendSms(app, phone)).envelope.code).toBe('000')
    })

    it('caps the codes per phone per day, and resets at midnight in China', async () => {
      const phone = freshPhone()
      for (let sent = 0; sent < 3; sent += 1) {
        expect((await sendSms(app, phone, freshIp())).envelope.code).toBe('000')
        clock.advance(61_000)
      }
      const capped = await sendSms(app, phone, freshIp())
      expect(capped.status).toBe(429)
      expect(capped.envelope.msg).toBe(MESSAGES.smsDailyLimit)
      clock.advance(24 * 60 * 60 * 1000)
      expect((await sendSms(app, phone, freshIp())).envelope.code).toBe('000')
    })

    it('caps the codes per IP per day across phones', async () => {
      const ip = freshIp()
      for (let sent = 0; sent < 6; sent += 1) {
        expect((await sendSms(app, freshPhone(), ip)).envelope.code).toBe('000')
      }
      const capped = await sendSms(app, freshPhone(), ip)
      expect(capped.status).toBe(429)
      expect(capped.envelope.msg).toBe(MESSAGES.smsDailyLimit)
      expect((await sendSms(app, freshPhone(), freshIp())).envelope.code).toBe('000')
    })

    it('gives concurrent requests for one phone exactly one code', async () => {
      const phone = freshPhone()
      const answers = await Promise.all([1, 2, 3, 4].map(() => sendSms(app, phone, freshIp())))
      expect(answers.map((answer) => answer.envelope.code).sort()).toEqual([
        '000',
        '429',
        '429',
        '429',
      ])
    })

    it('is not signed-optional: an unsigned send is refused', async () => {
      const answer = await call(app, SEND_SMS, {
        query: { phone: freshPhone(), platform: '3', type: 'login' },
        unsigned: true,
      })
      expect(answer.status).toBe(400)
      expect(answer.envelope.msg).toBe(MESSAGES.signatureMissing)
    })
  })

  describe('login', () => {
    it('registers a new phone on the spot with a default nickname', async () => {
      const phone = '86:13800138000'
      const before = await countRows(app, ['users'])
      await sendSms(app, phone)
      const answer = await login(app, phone, await latestSmsCode(app, phone))
      expect(answer.status).toBe(200)
      expect(answer.envelope.code).toBe('000')
      expect(answer.envelope.msg).toBe(MESSAGES.loginSucceeded)
      expect(answer.envelope.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(answer.envelope.data.userInfo).toEqual({
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        nickName: 'GY用户8000',
        headerUrl: '',
        mobile: '86:138****8000',
        createdAt: expect.any(String),
      })
      expect((await countRows(app, ['users'])).users).toBe((before.users ?? 0) + 1)
    })

    it('stores the token only as a hash, valid for 24 hours', async () => {
      const phone = freshPhone()
      const { accessToken } = await loginAs(app, phone, freshIp())
      const sessions = await app.db.selectFrom('sessions').selectAll().execute()
      expect(JSON.stringify(sessions)).not.toContain(accessToken)
      const session = sessions.find((row) => row.token_hash === sha256Hex(accessToken))
      expect(session?.expires_at.getTime()).toBe(clock.now().getTime() + 24 * 60 * 60 * 1000)
    })

    it('logs the same user in again without registering twice', async () => {
      const phone = freshPhone()
      const first = await loginAs(app, phone, freshIp())
      clock.advance(61_000)
      const users = await countRows(app, ['users'])
      const second = await loginAs(app, phone, freshIp())
      expect(second.userInfo.userId).toBe(first.userInfo.userId)
      expect(await countRows(app, ['users'])).toEqual(users)
    })

    it('accepts a code once only', async () => {
      const phone = freshPhone()
      await sendSms(app, phone)
      const code = await latestSmsCode(app, phone)
      expect((await login(app, phone, code)).envelope.code).toBe('000')
      const again = await login(app, phone, code)
      expect(again.status).toBe(400)
      expect(again.envelope.msg).toBe(MESSAGES.smsCodeExpired)
    })

    it('refuses a code older than 5 minutes', async () => {
      const phone = freshPhone()
      await sendSms(app, phone)
      const code = await latestSmsCode(app, phone)
      clock.advance(5 * 60 * 1000)
      const late = await login(app, phone, code)
      expect(late.status).toBe(400)
      expect(late.envelope.msg).toBe(MESSAGES.smsCodeExpired)
    })

    it('voids a code after 5 wrong tries', async () => {
      const phone = freshPhone()
      const ip = freshIp()
      await sendSms(app, phone, ip)
      const code = await latestSmsCode(app, phone)
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const wrong = await login(app, phone, otherCode(code), ip)
        expect(wrong.envelope).toEqual({ code: '400', msg: MESSAGES.smsCodeWrong, data: null })
      }
      const right = await login(app, phone, code, ip)
      expect(right.envelope).toEqual({ code: '400', msg: MESSAGES.smsCodeExpired, data: null })
    })

    it('only the newest code counts', async () => {
      const phone = freshPhone()
      await sendSms(app, phone)
      const first = await latestSmsCode(app, phone)
      clock.advance(61_000)
      await sendSms(app, phone)
      const second = await latestSmsCode(app, phone)
      if (first !== second) expect((await login(app, phone, first)).envelope.code).toBe('400')
      expect((await login(app, phone, second)).envelope.code).toBe('000')
    })

    it('answers 429 after too many failed logins from one IP, even with the right code', async () => {
      const ip = freshIp()
      for (let attempt = 0; attempt < 8; attempt += 1) {
        expect((await login(app, freshPhone(), '000000', ip)).status).toBe(400)
      }
      const phone = freshPhone()
      await sendSms(app, phone, freshIp())
      const blocked = await login(app, phone, await latestSmsCode(app, phone), ip)
      expect(blocked.status).toBe(429)
      expect(blocked.envelope).toEqual({ code: '429', msg: MESSAGES.loginTooFrequent, data: null })
      // After the window the IP may try again (this code has expired by then: 400, not 429).
      clock.advance(15 * 60 * 1000 + 1)
      expect((await login(app, phone, await latestSmsCode(app, phone), ip)).envelope.msg).toBe(
        MESSAGES.smsCodeExpired,
      )
    })

    it('evaluates no more wrong codes than the limit when they arrive all at once', async () => {
      const ip = freshIp()
      const answers = await Promise.all(
        Array.from({ length: 120 }, () => login(app, freshPhone(), '000000', ip)),
      )
      const codes = answers.map((answer) => answer.envelope.code)
      expect(codes.filter((code) => code === '400')).toHaveLength(8)
      expect(codes.filter((code) => code === '429')).toHaveLength(112)
      const recorded = await app.db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<string>().as('failures'))
        .where('requester_ip', '=', ip)
        .executeTakeFirstOrThrow()
      expect(Number(recorded.failures)).toBe(8)
    })

    it("does not hold one IP's failures against another IP", async () => {
      const ip = freshIp()
      for (let attempt = 0; attempt < 8; attempt += 1) await login(app, freshPhone(), '000000', ip)
      const phone = freshPhone()
      await sendSms(app, phone)
      expect((await login(app, phone, await latestSmsCode(app, phone))).envelope.code).toBe('000')
    })

    it('a newer login supersedes every earlier token of the account (402)', async () => {
      const phone = freshPhone()
      const first = await loginAs(app, phone, freshIp())
      clock.advance(61_000)
      const second = await loginAs(app, phone, freshIp())
      clock.advance(61_000)
      const third = await loginAs(app, phone, freshIp())

      for (const old of [first, second]) {
        const answer = await call(app, USER_DETAILS, { token: old.accessToken })
        expect(answer.status).toBe(401)
        expect(answer.envelope).toEqual({
          code: '402',
          msg: MESSAGES.loggedInElsewhere,
          data: null,
        })
      }
      const current = await call(app, USER_DETAILS, { token: third.accessToken })
      expect(current.envelope.code).toBe('000')
    })

    it('leaves exactly one live session when two logins of one account race', async () => {
      const phone = freshPhone()
      await loginAs(app, phone, freshIp())
      const userId = (
        await app.db
          .selectFrom('users')
          .select('id')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).id
      clock.advance(61_000)
      await sendSms(app, phone)
      const code = await latestSmsCode(app, phone)
      const answers = await Promise.all([login(app, phone, code), login(app, phone, code)])
      expect(answers.map((answer) => answer.envelope.code).sort()).toEqual(['000', '400'])
      const live = await app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', userId)
        .where('superseded_at', 'is', null)
        .execute()
      expect(live).toHaveLength(1)
    })
  })

  describe('logout', () => {
    const LOGOUT = '/api/user-server/musicOauth/logout'

    it('ends the session on the server: the same token then answers 401', async () => {
      const { accessToken } = await loginAs(app, freshPhone(), freshIp())
      expect((await call(app, USER_DETAILS, { token: accessToken })).envelope.code).toBe('000')
      const loggedOut = await call(app, LOGOUT, { token: accessToken })
      expect(loggedOut.status).toBe(200)
      expect(loggedOut.envelope).toEqual({ code: '000', msg: MESSAGES.ok, data: null })
      for (const url of [USER_DETAILS, LOGOUT]) {
        const after = await call(app, url, { token: accessToken })
        expect(after.status).toBe(401)
        expect(after.envelope).toEqual({ code: '401', msg: MESSAGES.sessionExpired, data: null })
      }
    })

    it('ends only that session, not the account', async () => {
      const phone = freshPhone()
      const { accessToken } = await loginAs(app, phone, freshIp())
      await call(app, LOGOUT, { token: accessToken })
      clock.advance(61_000)
      const again = await loginAs(app, phone, freshIp())
      expect((await call(app, USER_DETAILS, { token: again.accessToken })).envelope.code).toBe(
        '000',
      )
    })

    it('refuses without a token, and unsigned', async () => {
      const anonymous = await call(app, LOGOUT)
      expect(anonymous.status).toBe(401)
      expect(anonymous.envelope.msg).toBe(MESSAGES.missingLogin)
      const { accessToken } = await loginAs(app, freshPhone(), freshIp())
      const unsigned = await call(app, LOGOUT, { token: accessToken, unsigned: true })
      expect(unsigned.status).toBe(400)
      expect((await call(app, USER_DETAILS, { token: accessToken })).envelope.code).toBe('000')
    })
  })

  describe('downloadLink', () => {
    it('answers the download page without login, never on the Host the request names', async () => {
      const answer = await call<string>(app, DOWNLOAD_LINK, { headers: { host: 'evil.example' } })
      expect(answer.envelope).toEqual({ code: '000', msg: '', data: '/m/download_gy' })
    })

    it('answers an absolute link on PUBLIC_BASE_URL, whatever the Host', async () => {
      const configured = await createTestApp({
        env: { PUBLIC_BASE_URL: 'https://gy.example.com/' },
      })
      try {
        for (const host of ['evil.example', 'gy.example.com.evil.example', 'localhost:1']) {
          const answer = await call<string>(configured, DOWNLOAD_LINK, { headers: { host } })
          expect(answer.envelope.data).toBe('https://gy.example.com/m/download_gy')
        }
        const forwarded = await call<string>(configured, DOWNLOAD_LINK, {
          headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        })
        expect(forwarded.envelope.data).toBe('https://gy.example.com/m/download_gy')
      } finally {
        await configured.close()
      }
    })

    it('answers the configured page when DOWNLOAD_PAGE_URL is set', async () => {
      const configured = await createTestApp({
        env: { DOWNLOAD_PAGE_URL: 'https://download.example.com/gy' },
      })
      try {
        const answer = await call<string>(configured, DOWNLOAD_LINK)
        expect(answer.envelope.data).toBe('https://download.example.com/gy')
      } finally {
        await configured.close()
      }
    })
  })
})
