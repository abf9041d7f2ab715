/**
 * Every field of every call of the accounts issue, tried with missing, wrong-type, too-long and
 * hostile values: each must answer a 400 envelope with a Chinese message and change nothing.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, countRows, loginAs, type CallOptions } from '../test/call'
import { HOSTILE_STRINGS, WRONG_TYPES } from '../test/hostileValues'
import { createTestApp } from '../test/testApp'

const KNOWN_MESSAGES = new Set<string>(Object.values(MESSAGES))
const ACCOUNT_TABLES = ['users', 'sessions', 'sms_codes', 'login_failures'] as const

interface Case {
  name: string
  url: string
  options: CallOptions
}

const VALID_LOGIN = {
  mobile: '86:13800138000',
  smsCode: '123456',
  platform: 3,
  smsCodeType: 'login',
}
const VALID_SMS_QUERY = { phone: '86:13800138000', platform: '3', type: 'login' }

function bodyCases(
  url: string,
  valid: Record<string, unknown>,
  fields: readonly string[],
  token?: string,
): Case[] {
  const cases: Case[] = []
  for (const field of fields) {
    const { [field]: _dropped, ...withoutField } = valid
    cases.push({ name: `${url} ${field} missing`, url, options: { body: withoutField, token } })
    for (const [kind, value] of Object.entries({ ...WRONG_TYPES, ...HOSTILE_STRINGS })) {
      cases.push({
        name: `${url} ${field} ${kind}`,
        url,
        options: { body: { ...valid, [field]: value }, token },
      })
    }
  }
  for (const [kind, bodyText] of Object.entries({
    'array body': '[]',
    'string body': '"hello"',
    'number body': '42',
    'null body': 'null',
    'malformed JSON': '{"mobile": ',
    'prototype pollution': '{"__proto__": {"admin": true}}',
  })) {
    cases.push({ name: `${url} ${kind}`, url, options: { bodyText, token } })
  }
  cases.push({
    name: `${url} wrong content type`,
    url,
    options: {
      bodyText: 'mobile=86:13800138000',
      contentType: 'application/x-www-form-urlencoded',
      token,
    },
  })
  return cases
}

function queryCases(
  url: string,
  valid: Record<string, string>,
  fields: readonly string[],
  method: 'GET' | 'POST',
): Case[] {
  const cases: Case[] = []
  for (const field of fields) {
    const { [field]: _dropped, ...withoutField } = valid
    cases.push({ name: `${url} ${field} missing`, url, options: { method, query: withoutField } })
    for (const [kind, value] of Object.entries(HOSTILE_STRINGS)) {
      cases.push({
        name: `${url} ${field} ${kind}`,
        url,
        options: { method, query: { ...valid, [field]: value } },
      })
    }
  }
  return cases
}

describe('hostile input', () => {
  let app: FastifyInstance
  let token: string
  let userBefore: unknown
  beforeAll(async () => {
    app = await createTestApp()
    token = (await loginAs(app, '86:13900000001')).accessToken
    userBefore = await app.db.selectFrom('users').selectAll().execute()
  })
  afterAll(async () => {
    await app.close()
  })

  const cases: Case[] = [
    ...queryCases(
      '/api/user-server/musicOauth/send-sms',
      VALID_SMS_QUERY,
      ['phone', 'platform', 'type'],
      'POST',
    ),
    ...queryCases('/api/dev/sms/latest', { phone: '86:13800138000' }, ['phone'], 'GET'),
    ...bodyCases('/api/user-server/musicOauth/login', VALID_LOGIN, [
      'mobile',
      'smsCode',
      'platform',
      'smsCodeType',
    ]),
  ]
  // A field given twice arrives as an array.
  cases.push({
    name: 'send-sms phone given twice',
    url: '/api/user-server/musicOauth/send-sms?phone=86:13800138000&phone=86:13800138001&platform=3&type=login',
    options: {},
  })

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
    '%s → 400, Chinese message, nothing changed',
    async (_name, testCase) => {
      const before = await countRows(app, ACCOUNT_TABLES)
      const answer = await call(app, testCase.url, testCase.options)
      expect(answer.status).toBe(400)
      expect(answer.envelope.code).toBe('400')
      expect(answer.envelope.data).toBeNull()
      expect(KNOWN_MESSAGES.has(answer.envelope.msg)).toBe(true)
      expect(answer.envelope.msg).toMatch(/[\u4e00-\u9fff]/)
      expect(await countRows(app, ACCOUNT_TABLES)).toEqual(before)
    },
  )

  describe('updateUserDetails', () => {
    const url = '/api/music-server/user/updateUserDetails'
    const fieldCases = (): Case[] =>
      bodyCases(
        url,
        { nickName: '新昵称', headerUrl: 'avatar/1.png' },
        ['nickName', 'headerUrl'],
        token,
      )
        // Leaving out one of the two fields is a valid partial update.
        .filter((testCase) => !testCase.name.endsWith('missing'))

    it('refuses every hostile value without touching the user', async () => {
      const cases = fieldCases()
      expect(cases.length).toBeGreaterThan(30)
      for (const testCase of cases) {
        const answer = await call(app, testCase.url, testCase.options)
        expect(answer.status, testCase.name).toBe(400)
        expect(answer.envelope.code, testCase.name).toBe('400')
        expect(KNOWN_MESSAGES.has(answer.envelope.msg), testCase.name).toBe(true)
      }
      expect(await app.db.selectFrom('users').selectAll().execute()).toEqual(userBefore)
    })

    it('refuses an update with nothing to change', async () => {
      const answer = await call(app, url, { body: {}, token })
      expect(answer.envelope).toEqual({ code: '400', msg: MESSAGES.nothingToUpdate, data: null })
      expect(await app.db.selectFrom('users').selectAll().execute()).toEqual(userBefore)
    })
  })
})
