/**
 * What each provider is answered for a notification, in its own format: the status says whose
 * the failure is (400 the sender's notification, 401 its signature, 500 ours).
 */
import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AlipayProvider } from './alipay'
import type { PaymentProvider } from './provider'
import { SandboxPaymentProvider } from './sandbox'
import { WechatPayV3Provider } from './wechatPayV3'

const offline = () => Promise.reject(new Error('offline'))

function wechat(): PaymentProvider {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
  return new WechatPayV3Provider({
    appId: 'wx8888888888888888',
    mchId: '1900000001',
    merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPrivateKey: rsa().privateKey,
    apiV3Key: 'a'.repeat(32),
    platformPublicKeys: { PUB_KEY_ID_0001: rsa().publicKey },
    transport: offline,
  })
}

function alipay(): PaymentProvider {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
  return new AlipayProvider({
    appId: '2021000000000001',
    appPrivateKey: rsa().privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    alipayPublicKey: rsa().publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    checkoutMode: 'page',
    transport: offline,
  })
}

function failWith(message: string): string {
  return JSON.stringify({ code: 'FAIL', message })
}

describe.each([
  ['the sandbox', () => new SandboxPaymentProvider({ key: 'a-sandbox-key-of-the-tests' })],
  ['WeChat Pay', wechat],
])('%s, in WeChat Pay v3 format', (_name, make) => {
  const provider = make()

  it('answers SUCCESS once recorded, FAIL with 400, 401 or 500 otherwise', () => {
    expect(provider.acknowledgement(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"code":"SUCCESS"}',
    })
    expect(provider.refusal('malformed')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: failWith('通知内容无效'),
    })
    expect(provider.refusal('unverified')).toEqual({
      status: 401,
      contentType: 'application/json',
      body: failWith('签名验证失败'),
    })
    expect(provider.acknowledgement(false)).toEqual({
      status: 500,
      contentType: 'application/json',
      body: failWith('失败'),
    })
  })
})

describe('Alipay, which reads only the body', () => {
  const provider = alipay()

  it('answers success once recorded, fail otherwise, with a status that says whose fault', () => {
    const answers = [
      provider.acknowledgement(true),
      provider.refusal('malformed'),
      provider.refusal('unverified'),
      provider.acknowledgement(false),
    ]
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
      [200, 'success'],
      [400, 'fail'],
      [401, 'fail'],
      [500, 'fail'],
    ])
    for (const answer of answers) expect(answer.contentType).toMatch(/^text\/plain/)
  })
})
