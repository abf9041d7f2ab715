import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryBackend, DEV_SIGN_SECRET } from '@gy/api'
import { selectIsLoginOpen, selectSessionPrompt } from '@gy/machines'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAppRuntime } from './createAppRuntime'

/** A real HTTP server standing in for the API: it records each call and answers `answer`. */
let server: Server
let baseURL: string
let calls: { path: string; authorization: string | undefined }[]
let answer: { status: number; body: unknown }

beforeEach(async () => {
  calls = []
  answer = { status: 200, body: { code: '000', msg: '', data: null } }
  server = createServer((request: IncomingMessage, response) => {
    calls.push({ path: request.url ?? '', authorization: request.headers.authorization })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve))
})

function loggedInRuntime() {
  const paths: string[] = []
  const runtime = createAppRuntime({
    storageBackend: createMemoryBackend(),
    secret: DEV_SIGN_SECRET,
    baseURL,
    navigation: { go: (path) => paths.push(path), currentPath: () => '/accountInfo' },
  })
  runtime.session.logIn({
    accessToken: 'token-of-this-session',
    userInfo: {
      userId: 'u1',
      nickName: '林晚',
      headerUrl: '',
      mobile: '86:138****8000',
      createdAt: '2026-11-23T00:00:00.000Z',
    },
  })
  return { runtime, paths }
}

/** Waits (two seconds at most) until the stand-in server has been called `count` times. */
async function waitForCalls(count: number): Promise<void> {
  await vi.waitFor(() => expect(calls).toHaveLength(count), { timeout: 2_000, interval: 10 })
}

describe('logOut', () => {
  it('ends the session on the server with its token, and clears it here at once', async () => {
    const { runtime, paths } = loggedInRuntime()
    runtime.logOut()
    expect(runtime.session.getSnapshot().isLogin).toBe(false)
    expect(paths).toEqual(['/home'])
    await waitForCalls(1)
    expect(calls).toEqual([
      { path: '/api/user-server/musicOauth/logout', authorization: 'Bearer token-of-this-session' },
    ])
  })

  it('logs out here even when the server refuses, with no 系统提示 for the given-up token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    answer = { status: 401, body: { code: '401', msg: '登录状态已过期，请重新登录', data: null } }
    const { runtime } = loggedInRuntime()
    const { sessionExpiry } = await runtime.machines.load()
    runtime.logOut()
    await waitForCalls(1)
    // The client tells of a session error before it rejects, and logOut warns of the rejection:
    // once warned, the refusal has been through onSessionError (the machines are loaded, so a
    // 系统提示 would have been asked for at once).
    await vi.waitFor(
      () =>
        expect(warn).toHaveBeenCalledWith(
          'logout call failed',
          expect.objectContaining({ kind: 'session' }),
        ),
      { timeout: 2_000, interval: 10 },
    )
    expect(runtime.session.getSnapshot().isLogin).toBe(false)
    expect(selectSessionPrompt(sessionExpiry.getSnapshot())).toBeNull()
  })
})

describe('the machines', () => {
  it('are not loaded to show a page, and load once for everything that needs them', async () => {
    const { runtime } = loggedInRuntime()
    expect(runtime.machines.current()).toBeUndefined()
    const told: number[] = []
    runtime.machines.subscribe(() => told.push(1))
    runtime.openLogin()
    const machines = await runtime.machines.load()
    expect(runtime.machines.current()).toBe(machines)
    expect(selectIsLoginOpen(machines.loginDialog.getSnapshot())).toBe(true)
    expect(await runtime.machines.load()).toBe(machines)
    expect(told).toEqual([1])
  })

  it('load for a session error, so the 系统提示 still shows', async () => {
    answer = { status: 401, body: { code: '401', msg: '登录状态已过期，请重新登录', data: null } }
    const { runtime } = loggedInRuntime()
    await expect(
      runtime.api.request({ service: 'music-server', path: 'user/userDetails' }),
    ).rejects.toMatchObject({ kind: 'session' })
    const { sessionExpiry } = await runtime.machines.load()
    expect(selectSessionPrompt(sessionExpiry.getSnapshot())).toBe('sessionExpired')
  })

  it('load at once when a queue was kept from the last visit', async () => {
    const storageBackend = createMemoryBackend()
    const first = createAppRuntime({
      storageBackend,
      secret: DEV_SIGN_SECRET,
      baseURL,
      navigation: { go: () => undefined, currentPath: () => '/m/home' },
    })
    expect(first.machines.current()).toBeUndefined()
    const workId = '6f1c1d2e-0000-4000-8000-000000000001'
    first.playWork({
      goodsId: workId,
      musicId: workId,
      musicName: '晚风',
      artist: '林晚',
      cover: '',
      musicEncodeUrl: '/files/a.mp3',
      mp3Url: '/files/a.mp3',
      hlsUrl: '',
      duration: 180,
      lyric: '',
      priceFen: 0,
      createdAt: '2026-11-23T00:00:00.000Z',
      certified: false,
      playCount: 0,
      categoryId: '',
      categoryName: '',
    })
    await first.machines.load()
    const second = createAppRuntime({
      storageBackend,
      secret: DEV_SIGN_SECRET,
      baseURL,
      navigation: { go: () => undefined, currentPath: () => '/m/home' },
    })
    await vi.waitFor(() => expect(second.machines.current()).toBeDefined())
  })
})
