import type { UserInfo } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'

const USER_DETAILS = '/api/music-server/user/userDetails'
const UPDATE = '/api/music-server/user/updateUserDetails'

describe('music-server user', () => {
  let app: FastifyInstance
  let token: string
  let userId: string
  beforeAll(async () => {
    app = await createTestApp()
    const login = await loginAs(app, '86:13612345678')
    token = login.accessToken
    userId = login.userInfo.userId
  })
  afterAll(async () => {
    await app.close()
  })

  it('userDetails answers the logged-in user, phone masked', async () => {
    const answer = await call<UserInfo>(app, USER_DETAILS, { token })
    expect(answer.status).toBe(200)
    expect(answer.envelope).toEqual({
      code: '000',
      msg: '',
      data: {
        userId,
        nickName: 'GY用户5678',
        headerUrl: '',
        mobile: '86:136****5678',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    })
  })

  it('userDetails accepts an empty JSON object as its body', async () => {
    const answer = await call<UserInfo>(app, USER_DETAILS, { token, body: {} })
    expect(answer.envelope.code).toBe('000')
  })

  it('updateUserDetails changes the nickname and the avatar', async () => {
    const answer = await call<UserInfo>(app, UPDATE, {
      token,
      body: { nickName: '  林 小雨  ', headerUrl: 'https://img.example.com/a.png' },
    })
    expect(answer.envelope).toMatchObject({
      code: '000',
      msg: MESSAGES.ok,
      data: { userId, nickName: '林 小雨', headerUrl: 'https://img.example.com/a.png' },
    })
    const details = await call<UserInfo>(app, USER_DETAILS, { token })
    expect(details.envelope.data.nickName).toBe('林 小雨')
  })

  it('updateUserDetails changes only the fields it is given', async () => {
    await call(app, UPDATE, { token, body: { headerUrl: 'avatars/2026/me.jpg' } })
    const details = await call<UserInfo>(app, USER_DETAILS, { token })
    expect(details.envelope.data).toMatchObject({
      nickName: '林 小雨',
      headerUrl: 'avatars/2026/me.jpg',
    })
  })

  it('stores SQL-looking but valid nicknames literally', async () => {
    const answer = await call<UserInfo>(app, UPDATE, {
      token,
      body: { nickName: 'DROP TABLE users' },
    })
    expect(answer.envelope.data.nickName).toBe('DROP TABLE users')
    const count = await app.db.selectFrom('users').select('id').execute()
    expect(count.length).toBeGreaterThan(0)
  })

  it('both calls need login', async () => {
    for (const url of [USER_DETAILS, UPDATE]) {
      const answer = await call(app, url, { body: { nickName: '访客' } })
      expect(answer.status).toBe(401)
      expect(answer.envelope).toEqual({ code: '401', msg: MESSAGES.missingLogin, data: null })
    }
  })
})
