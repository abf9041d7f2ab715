import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryBackend, DEV_SIGN_SECRET } from '@gy/api'
import { selectSessionPrompt } from '@gy/machines'
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

async function waitForCalls(count: number): Promise<void> {
  for (let attempt = 0; calls.length < count && attempt < 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
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
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    answer = { status: 401, body: { code: '401', msg: '登录状态已过期，请重新登录', data: null } }
    const { runtime } = loggedInRuntime()
    runtime.logOut()
    await waitForCalls(1)
    // Let the refusal travel back through the client.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(runtime.session.getSnapshot().isLogin).toBe(false)
    expect(selectSessionPrompt(runtime.sessionExpiry.getSnapshot())).toBeNull()
  })
})
