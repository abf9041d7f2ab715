import type { UserInfo } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { encodeWav } from '@gy/audio'
import { createHash } from 'node:crypto'
import { flatPng } from '../../media/testImages'
import { steppedTone } from '../../media/testTones'
import { uploadFile } from '../user-server/uploadTestKit'
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

describe('music-server user: the avatar from an uploaded image', () => {
  let app: FastifyInstance
  let dataDir: string
  let token: string
  let otherToken: string
  // A small real image (uploads are decoded and re-encoded), transparent so it stays a PNG.
  let png: Uint8Array

  beforeAll(async () => {
    png = await flatPng(48, 48, 0.5)
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-avatar-'))
    app = await createTestApp({ env: { DATA_DIR: dataDir, SEED_WORKS: '0' } })
    token = (await loginAs(app, '86:13612340001')).accessToken
    otherToken = (await loginAs(app, '86:13612340002')).accessToken
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  const headerUrlOf = async (userToken: string): Promise<string> =>
    (await call<UserInfo>(app, USER_DETAILS, { token: userToken })).envelope.data.headerUrl

  it('sets the avatar to a stable path that still serves the image hours later', async () => {
    const uploaded = (await uploadFile(app, token, 'image', '头像.png', png)).envelope.data
    const answer = await call<UserInfo>(app, UPDATE, {
      token,
      body: { nickName: '小雨', headerFileId: uploaded.fileId },
    })
    expect(answer.envelope.data).toMatchObject({
      nickName: '小雨',
      headerUrl: `/avatars/${uploaded.sha256}`,
    })
    // Past the hour a signed URL lives: the avatar path has no expiry.
    await app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 7200 } })
    const served = await app.inject({ method: 'GET', url: await headerUrlOf(token) })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toContain('sandbox')
    // The upload's stored re-encoding: small and without metadata, it is the avatar as it is.
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(uploaded.sha256)
  })

  it("refuses another user's image with 403 and an audio file with 400, changing nothing", async () => {
    const before = await headerUrlOf(token)
    const othersImage = await flatPng(49, 48, 0.5)
    const theirs = (await uploadFile(app, otherToken, 'image', 'b.png', othersImage)).envelope.data
    const forbidden = await call(app, UPDATE, {
      token,
      body: { nickName: '抢头像', headerFileId: theirs.fileId },
    })
    expect(forbidden.envelope).toMatchObject({ code: '403', msg: MESSAGES.fileForbidden })
    const audio = (await uploadFile(app, token, 'audio', 'a.wav', encodeWav(steppedTone(0.05))))
      .envelope.data
    const notImage = await call(app, UPDATE, { token, body: { headerFileId: audio.fileId } })
    expect(notImage.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileNotImage })
    const missing = await call(app, UPDATE, {
      token,
      body: { headerFileId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(missing.envelope).toMatchObject({ code: '404', msg: MESSAGES.fileNotFound })
    expect(await headerUrlOf(token)).toBe(before)
    const details = await call<UserInfo>(app, USER_DETAILS, { token })
    expect(details.envelope.data.nickName).toBe('小雨')
    // The other user's image never became an avatar, so it is not public.
    const notPublic = await app.inject({ method: 'GET', url: `/avatars/${theirs.sha256}` })
    expect(notPublic.statusCode).toBe(404)
  })

  it('serves nothing else under /avatars', async () => {
    for (const url of [
      '/avatars/not-a-key',
      `/avatars/${'0'.repeat(64)}`,
      `/avatars/${'A'.repeat(64)}`,
    ]) {
      const answer = await app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(404)
    }
  })
})
