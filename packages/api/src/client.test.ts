import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SessionErrorEvent, createApiClient } from './client'
import { sign } from './sign'
import { login, logout, sendSms } from './services/userServer'

/**
 * A real HTTP server on loopback that records what arrives and answers what each test asks for,
 * so the client's headers, signing and error mapping are checked over a real socket.
 */
interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

let answer: (request: Received, response: ServerResponse) => void = () => undefined
let received: Received[] = []
const server = createServer((request, response) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const entry = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    }
    received.push(entry)
    answer(entry, response)
  })
})
let baseURL = ''

function reply(status: number, body: unknown) {
  return (_request: Received, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function makeClient(token?: string, timeoutMs?: number) {
  const sessionErrors: SessionErrorEvent[] = []
  const loading: number[] = []
  const client = createApiClient({
    baseURL,
    secret: 'test-secret',
    getToken: () => token,
    onSessionError: (event) => sessionErrors.push(event),
    onLoadingChange: (pending) => loading.push(pending),
    timeoutMs,
  })
  received = []
  return { client, sessionErrors, loading }
}

describe('createApiClient', () => {
  it('signs the exact body text it sends and adds platform and token', async () => {
    answer = reply(200, { code: '000', msg: '', data: { ok: true } })
    const { client } = makeClient('token-abc')
    const data = await client.request<{ ok: boolean }>({
      service: 'music-server',
      path: 'user/updateUserDetails',
      body: { nickName: '夏天' },
    })
    expect(data).toEqual({ ok: true })
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/music-server/user/updateUserDetails')
    expect(request?.body).toBe('{"nickName":"夏天"}')
    const { nonce, timestamp, signature, platform, authorization } = request?.headers ?? {}
    expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/)
    expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(5000)
    expect(signature).toBe(
      sign(request?.body ?? '', String(nonce), String(timestamp), 'test-secret'),
    )
    expect(platform).toBe('3')
    expect(authorization).toBe('Bearer token-abc')
  })

  it('sends send-sms fields as query parameters with no body and no token', async () => {
    answer = reply(200, { code: '000', msg: '短信验证码发送成功', data: null })
    const { client } = makeClient('token-abc')
    await sendSms(client, '13800138000')
    const [request] = received
    expect(request?.url).toBe(
      '/api/user-server/musicOauth/send-sms?phone=86:13800138000&platform=3&type=login',
    )
    expect(request?.body).toBe('')
    expect(request?.headers.authorization).toBeUndefined()
    expect(request?.headers.signature).toBe(
      sign('', String(request?.headers.nonce), String(request?.headers.timestamp), 'test-secret'),
    )
  })

  it('sends the login body of the contract', async () => {
    answer = reply(200, { code: '000', msg: '登录成功', data: { accessToken: 't', userInfo: {} } })
    const { client } = makeClient()
    await login(client, '13800138000', '123456')
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({
      mobile: '86:13800138000',
      smsCode: '123456',
      platform: 3,
      smsCodeType: 'login',
    })
  })

  it('logs out with the token, signed, with no body', async () => {
    answer = reply(200, { code: '000', msg: '操作成功', data: null })
    const { client } = makeClient('token-abc')
    await expect(logout(client)).resolves.toBeNull()
    const [request] = received
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/user-server/musicOauth/logout')
    expect(request?.body).toBe('')
    expect(request?.headers.authorization).toBe('Bearer token-abc')
    expect(request?.headers.signature).toBe(
      sign('', String(request?.headers.nonce), String(request?.headers.timestamp), 'test-secret'),
    )
  })

  it('rejects with the server msg for a business error', async () => {
    answer = reply(429, { code: '429', msg: '验证码发送过于频繁，请60秒后再试', data: null })
    const { client, sessionErrors } = makeClient()
    await expect(sendSms(client, '13800138000')).rejects.toMatchObject({
      kind: 'business',
      code: '429',
      message: '验证码发送过于频繁，请60秒后再试',
    })
    expect(sessionErrors).toEqual([])
  })

  it.each([
    ['401', 'token-1', true],
    ['402', 'token-1', true],
    ['403', undefined, false],
  ] as const)('reports a %s envelope to the session handler', async (code, token, hadToken) => {
    answer = reply(code === '402' ? 401 : Number(code), { code, msg: '登录状态已过期', data: null })
    const { client, sessionErrors } = makeClient(token)
    await expect(
      client.request({ service: 'music-server', path: 'user/userDetails' }),
    ).rejects.toMatchObject({ kind: 'session', code })
    expect(sessionErrors).toEqual([{ code, hadToken }])
  })

  it('uses the generic server message when there is no envelope or no msg', async () => {
    answer = reply(502, '<html>Bad Gateway</html>')
    const { client } = makeClient()
    await expect(client.request({ service: 'user-server', path: 'x' })).rejects.toMatchObject({
      kind: 'server',
      message: '服务器异常，请稍后重试',
    })
    answer = reply(500, { code: '500', msg: '', data: null })
    await expect(client.request({ service: 'user-server', path: 'x' })).rejects.toMatchObject({
      message: '服务器异常，请稍后重试',
    })
  })

  it('times out with the spec message', async () => {
    // A server that answers only well after the client's 100 ms timeout.
    answer = (_request, response) => setTimeout(() => response.end('{}'), 400)
    const { client } = makeClient(undefined, 100)
    await expect(client.request({ service: 'user-server', path: 'slow' })).rejects.toMatchObject({
      kind: 'timeout',
      message: '请求超时，请稍后再试',
    })
  })

  it('reports a network failure', async () => {
    const client = createApiClient({
      baseURL: 'http://127.0.0.1:1/api',
      secret: 's',
      getToken: () => undefined,
    })
    await expect(client.request({ service: 'user-server', path: 'x' })).rejects.toMatchObject({
      kind: 'network',
    })
  })

  it('counts calls that ask for the loading indicator', async () => {
    answer = reply(200, { code: '000', msg: '', data: 1 })
    const { client, loading } = makeClient()
    await client.request({ service: 'user-server', path: 'x', loading: true })
    await client.request({ service: 'user-server', path: 'x' })
    expect(loading).toEqual([1, 0])
  })

  it('signs multipart uploads with an empty body text', async () => {
    answer = reply(200, { code: '000', msg: '', data: 'ok' })
    const { client } = makeClient('t')
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a.bin')
    await client.request({ service: 'user-server', path: 'obs/uploadFile', body: form })
    const [request] = received
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(request?.headers.signature).toBe(
      sign('', String(request?.headers.nonce), String(request?.headers.timestamp), 'test-secret'),
    )
  })
})
