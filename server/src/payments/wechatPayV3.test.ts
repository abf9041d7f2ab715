import {
  createCipheriv,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  PaymentError,
  type CheckoutOrder,
  type HttpTransport,
  type NotificationRequest,
  type PaymentErrorCode,
  type TransportRequest,
  type TransportResponse,
} from './provider'
import {
  WechatPayV3Provider,
  buildWechatAuthorization,
  buildWechatRequestMessage,
  buildWechatVerifyMessage,
  decryptWechatResource,
} from './wechatPayV3'

const APP_ID = 'wxd678efh567hg6787'
const MCH_ID = '1230000109'
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000'
const API_V3_KEY = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6'
const NOW = new Date('2024-05-01T02:00:00Z')
const NOW_SECONDS = String(NOW.getTime() / 1000)

interface KeyPair {
  privateKey: KeyObject
  publicKey: KeyObject
}
let merchant: KeyPair
let platform: KeyPair
let impostor: KeyPair

beforeAll(() => {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
  merchant = rsa()
  platform = rsa()
  impostor = rsa()
})

/** What WeChat Pay does on its side: AES-256-GCM with the tag appended, then base64. */
function encryptResource(plain: string, key = API_V3_KEY) {
  const nonce = randomBytes(6).toString('hex') // 12 characters, as WeChat Pay sends
  const associatedData = 'transaction'
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce))
  cipher.setAAD(Buffer.from(associatedData))
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM' as const,
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    nonce,
  }
}

/** Headers WeChat Pay puts on a notification or an API answer. */
function platformHeaders(
  bodyText: string,
  options: { timestamp?: string; key?: KeyObject; serial?: string } = {},
): Record<string, string> {
  const timestamp = options.timestamp ?? NOW_SECONDS
  const nonce = 'fdasflkja484w'
  const message = buildWechatVerifyMessage(timestamp, nonce, bodyText)
  const signature = sign('sha256', Buffer.from(message), options.key ?? platform.privateKey)
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature.toString('base64'),
    'wechatpay-serial': options.serial ?? PLATFORM_SERIAL,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  }
}

function transaction(overrides: Record<string, unknown> = {}) {
  return {
    appid: APP_ID,
    mchid: MCH_ID,
    out_trade_no: 'GY20240501000001',
    transaction_id: '1217752501201407033233368018',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: '2024-05-01T09:59:30+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 600, payer_total: 600, currency: 'CNY', payer_currency: 'CNY' },
    ...overrides,
  }
}

function notification(
  transactionFields: Record<string, unknown> = {},
  options: { timestamp?: string; key?: KeyObject; serial?: string; apiV3Key?: string } = {},
): NotificationRequest {
  const bodyText = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2024-05-01T09:59:31+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encryptResource(JSON.stringify(transaction(transactionFields)), options.apiV3Key),
  })
  return { headers: platformHeaders(bodyText, options), bodyText }
}

function provider(transport: HttpTransport = () => Promise.reject(new Error('offline'))) {
  return new WechatPayV3Provider({
    appId: APP_ID,
    mchId: MCH_ID,
    merchantSerialNo: MERCHANT_SERIAL,
    merchantPrivateKey: merchant.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    apiV3Key: API_V3_KEY,
    platformPublicKeys: { [PLATFORM_SERIAL]: platform.publicKey },
    transport,
    now: () => NOW,
    nonce: () => '593BEC0C930BF1AFEB40B4A08C8FB242',
  })
}

async function rejectionCode(promise: Promise<unknown>): Promise<PaymentErrorCode> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentError)
  return (error as PaymentError).code
}

/** A transport that records requests and answers as WeChat Pay would (signed). */
function recordingTransport(
  answer: (request: TransportRequest) => { status: number; body: unknown; signed?: boolean },
) {
  const requests: TransportRequest[] = []
  const transport: HttpTransport = (request) => {
    requests.push(request)
    const { status, body, signed = true } = answer(request)
    const bodyText = JSON.stringify(body)
    const response: TransportResponse = {
      status,
      headers: signed ? platformHeaders(bodyText) : {},
      bodyText,
    }
    return Promise.resolve(response)
  }
  return { requests, transport }
}

/** Whether a POST's Authorization header carries the merchant's signature of what it sent. */
function signedByMerchant(request: TransportRequest | undefined, path: string): boolean {
  const fields = authorizationFields(request?.headers.Authorization ?? '')
  const signed = buildWechatRequestMessage(
    'POST',
    path,
    NOW_SECONDS,
    fields.nonce_str ?? '',
    request?.body ?? '',
  )
  return verify(
    'sha256',
    Buffer.from(signed),
    merchant.publicKey,
    Buffer.from(fields.signature ?? '', 'base64'),
  )
}

/** Parses a `WECHATPAY2-SHA256-RSA2048 k="v",...` header into its fields. */
function authorizationFields(header: string): Record<string, string> {
  expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true)
  const fields: Record<string, string> = {}
  for (const match of header.slice(26).matchAll(/(\w+)="([^"]*)"/g)) {
    fields[match[1] ?? ''] = match[2] ?? ''
  }
  return fields
}

const order: CheckoutOrder = {
  orderId: 'GY20240501000001',
  amountFen: 600,
  subject: 'GY音乐积分充值 600积分',
  expiresAt: new Date('2024-05-01T02:30:00Z'),
  notifyUrl: 'https://gy.example.com/api/payments/notify/wechatpay',
  returnUrl: 'https://gy.example.com/buyPoints',
}

describe('request signing', () => {
  it('builds the documented signing string, ending with a newline after the body', () => {
    expect(
      buildWechatRequestMessage(
        'GET',
        '/v3/certificates',
        '1554208460',
        '593BEC0C930BF1AFEB40B4A08C8FB242',
        '',
      ),
    ).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n')
    expect(buildWechatVerifyMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{}')).toBe(
      '1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{}\n',
    )
  })

  it('puts a signature the merchant public key verifies into the Authorization header', () => {
    const body = '{"a":1}'
    const header = buildWechatAuthorization({
      mchId: MCH_ID,
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey,
      method: 'POST',
      pathAndQuery: '/v3/pay/transactions/native',
      body,
      timestamp: '1554208460',
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    })
    const fields = authorizationFields(header)
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="[A-Za-z0-9+/]+=*",timestamp="1554208460",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1"$/,
    )
    const signed = Buffer.from(
      'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"a":1}\n',
    )
    const signature = Buffer.from(fields.signature ?? '', 'base64')
    expect(verify('sha256', signed, merchant.publicKey, signature)).toBe(true)
    expect(verify('sha256', signed, impostor.publicKey, signature)).toBe(false)
  })
})

describe('Native checkout', () => {
  it('signs the exact body it sends and returns the code_url', async () => {
    const { requests, transport } = recordingTransport(() => ({
      status: 200,
      body: { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' },
    }))
    const checkout = await provider(transport).createCheckout(order)
    expect(checkout).toEqual({
      kind: 'qrCode',
      codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
      providerOrderRef: 'GY20240501000001',
    })

    const request = requests[0]
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native')
    expect(JSON.parse(request?.body ?? '')).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: 'GY音乐积分充值 600积分',
      out_trade_no: 'GY20240501000001',
      time_expire: '2024-05-01T10:30:00+08:00',
      notify_url: 'https://gy.example.com/api/payments/notify/wechatpay',
      amount: { total: 600, currency: 'CNY' },
    })
    const fields = authorizationFields(request?.headers.Authorization ?? '')
    expect(fields).toMatchObject({ mchid: MCH_ID, serial_no: MERCHANT_SERIAL })
    expect(fields.timestamp).toBe(NOW_SECONDS)
    expect(signedByMerchant(request, '/v3/pay/transactions/native')).toBe(true)
  })

  it('refuses an answer that WeChat Pay did not sign, or that someone else signed', async () => {
    const unsigned = recordingTransport(() => ({
      status: 200,
      body: { code_url: 'weixin://x' },
      signed: false,
    }))
    expect(await rejectionCode(provider(unsigned.transport).createCheckout(order))).toBe(
      'signature_missing',
    )
    const forged: HttpTransport = () => {
      const bodyText = '{"code_url":"weixin://evil"}'
      return Promise.resolve({
        status: 200,
        headers: platformHeaders(bodyText, { key: impostor.privateKey }),
        bodyText,
      })
    }
    expect(await rejectionCode(provider(forged).createCheckout(order))).toBe('signature_invalid')
  })

  it('refuses absurd amounts before calling WeChat Pay', async () => {
    const { requests, transport } = recordingTransport(() => ({ status: 200, body: {} }))
    const absurd = { ...order, amountFen: -100 }
    expect(await rejectionCode(provider(transport).createCheckout(absurd))).toBe('amount_invalid')
    expect(requests).toHaveLength(0)
  })

  it('reports a provider failure without leaking it to the user', async () => {
    const failing = recordingTransport(() => ({
      status: 400,
      body: { code: 'PARAM_ERROR', message: '参数错误' },
    }))
    expect(await rejectionCode(provider(failing.transport).createCheckout(order))).toBe(
      'provider_unavailable',
    )
    expect(await rejectionCode(provider().createCheckout(order))).toBe('provider_unavailable')
  })
})

describe('notifications', () => {
  it('verifies, decrypts and reads a payment', async () => {
    await expect(provider().parseNotification(notification())).resolves.toEqual({
      orderId: 'GY20240501000001',
      providerTradeId: '1217752501201407033233368018',
      amountFen: 600,
      status: 'paid',
      paidAt: new Date('2024-05-01T01:59:30Z'),
    })
  })

  it('reads header names in any case', async () => {
    const request = notification()
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toUpperCase(), value]),
    )
    await expect(provider().parseNotification({ ...request, headers })).resolves.toMatchObject({
      status: 'paid',
    })
  })

  it('refuses a signature made with another key', async () => {
    const forged = notification({}, { key: impostor.privateKey })
    expect(await rejectionCode(provider().parseNotification(forged))).toBe('signature_invalid')
  })

  it('refuses a body changed after signing', async () => {
    const request = notification()
    const tampered = { ...request, bodyText: request.bodyText.replace('支付成功', '支付成功 ') }
    expect(await rejectionCode(provider().parseNotification(tampered))).toBe('signature_invalid')
  })

  it('refuses an unknown platform serial', async () => {
    const request = notification({}, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' })
    expect(await rejectionCode(provider().parseNotification(request))).toBe('signature_invalid')
  })

  it('refuses a timestamp more than five minutes away, either way', async () => {
    const fiveMinutes = 300
    const base = Number(NOW_SECONDS)
    const edge = notification({}, { timestamp: String(base - fiveMinutes) })
    await expect(provider().parseNotification(edge)).resolves.toMatchObject({ status: 'paid' })
    const stale = notification({}, { timestamp: String(base - fiveMinutes - 1) })
    expect(await rejectionCode(provider().parseNotification(stale))).toBe('timestamp_stale')
    const future = notification({}, { timestamp: String(base + fiveMinutes + 1) })
    expect(await rejectionCode(provider().parseNotification(future))).toBe('timestamp_stale')
    const garbage = notification({}, { timestamp: '1.5e9' })
    expect(await rejectionCode(provider().parseNotification(garbage))).toBe('timestamp_stale')
  })

  it('refuses a notification without its signature headers', async () => {
    const request = notification()
    const { 'wechatpay-signature': _dropped, ...headers } = request.headers
    expect(await rejectionCode(provider().parseNotification({ ...request, headers }))).toBe(
      'signature_missing',
    )
  })

  it('refuses a resource encrypted under another APIv3 key', async () => {
    const request = notification({}, { apiV3Key: 'Z'.repeat(32) })
    expect(await rejectionCode(provider().parseNotification(request))).toBe('decryption_failed')
  })

  it('refuses a transaction of another merchant or app', async () => {
    const otherMerchant = notification({ mchid: '1900000000' })
    expect(await rejectionCode(provider().parseNotification(otherMerchant))).toBe(
      'merchant_mismatch',
    )
    const otherApp = notification({ appid: 'wx0000000000000000' })
    expect(await rejectionCode(provider().parseNotification(otherApp))).toBe('merchant_mismatch')
  })

  it.each([0, -600, 600.5, 10 ** 10])('refuses the amount %j', async (total) => {
    const request = notification({ amount: { total } })
    expect(await rejectionCode(provider().parseNotification(request))).toBe('amount_invalid')
  })

  it('refuses a non-final trade state and a signed body that is not a notification', async () => {
    const pending = notification({ trade_state: 'NOTPAY' })
    expect(await rejectionCode(provider().parseNotification(pending))).toBe(
      'notification_malformed',
    )
    const bodyText = 'not json'
    const junk = { headers: platformHeaders(bodyText), bodyText }
    expect(await rejectionCode(provider().parseNotification(junk))).toBe('notification_malformed')
  })

  it('decrypts with the tag taken from the last 16 bytes of the ciphertext', () => {
    const resource = encryptResource('{"hello":"世界"}')
    expect(decryptWechatResource(resource, API_V3_KEY)).toBe('{"hello":"世界"}')
    const sealed = Buffer.from(resource.ciphertext, 'base64')
    const lastByte = sealed.length - 1
    sealed.writeUInt8(sealed.readUInt8(lastByte) ^ 1, lastByte)
    expect(() =>
      decryptWechatResource({ ...resource, ciphertext: sealed.toString('base64') }, API_V3_KEY),
    ).toThrow(PaymentError)
    expect(() =>
      decryptWechatResource({ ...resource, associated_data: 'certificate' }, API_V3_KEY),
    ).toThrow(PaymentError)
  })

  it('answers what WeChat Pay expects', () => {
    expect(provider().acknowledgement(true)).toEqual({
      status: 200,
      contentType: 'application/json',
      body: '{"code":"SUCCESS"}',
    })
    const refusal = provider().acknowledgement(false)
    expect(refusal.status).toBeGreaterThanOrEqual(400)
    expect(JSON.parse(refusal.body)).toMatchObject({ code: 'FAIL' })
  })
})

describe('queryOrder', () => {
  it('signs a GET with an empty body and maps the trade state', async () => {
    const { requests, transport } = recordingTransport(() => ({
      status: 200,
      body: transaction(),
    }))
    await expect(provider(transport).queryOrder('GY20240501000001')).resolves.toEqual({
      status: 'paid',
      amountFen: 600,
      providerTradeId: '1217752501201407033233368018',
      // success_time 2024-05-01T09:59:30+08:00
      paidAt: new Date('2024-05-01T01:59:30.000Z'),
    })
    const request = requests[0]
    const path = '/v3/pay/transactions/out-trade-no/GY20240501000001?mchid=1230000109'
    expect(request?.method).toBe('GET')
    expect(request?.url).toBe(`https://api.mch.weixin.qq.com${path}`)
    expect(request?.body).toBeUndefined()
    const fields = authorizationFields(request?.headers.Authorization ?? '')
    const signed = buildWechatRequestMessage('GET', path, NOW_SECONDS, fields.nonce_str ?? '', '')
    expect(
      verify(
        'sha256',
        Buffer.from(signed),
        merchant.publicKey,
        Buffer.from(fields.signature ?? '', 'base64'),
      ),
    ).toBe(true)
  })

  it.each([
    ['NOTPAY', 'created'],
    ['USERPAYING', 'created'],
    ['CLOSED', 'closed'],
    ['REFUND', 'refunded'],
  ])('maps %s to %s', async (tradeState, status) => {
    const { transport } = recordingTransport(() => ({
      status: 200,
      body: transaction({ trade_state: tradeState, transaction_id: undefined }),
    }))
    await expect(provider(transport).queryOrder('GY20240501000001')).resolves.toEqual({
      status,
      amountFen: 600,
    })
  })

  it('reports an order WeChat Pay does not know', async () => {
    const { transport } = recordingTransport(() => ({
      status: 404,
      body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' },
    }))
    expect(await rejectionCode(provider(transport).queryOrder('GY20240501000009'))).toBe(
      'order_unknown',
    )
  })
})

describe('refund', () => {
  const refund = {
    orderId: 'GY20240501000001',
    refundId: 'GYR20240501000001',
    amountFen: 600,
    reason: '重复支付，原路退回',
  }

  it('posts a signed refund of the whole order and accepts SUCCESS and PROCESSING', async () => {
    for (const status of ['SUCCESS', 'PROCESSING']) {
      const { requests, transport } = recordingTransport(() => ({
        status: 200,
        body: {
          refund_id: '50000000382019052709732678859',
          out_refund_no: refund.refundId,
          status,
        },
      }))
      await expect(provider(transport).refund(refund)).resolves.toEqual({
        status: 'refunded',
        providerRefundId: '50000000382019052709732678859',
      })
      const request = requests[0]
      expect(request?.method).toBe('POST')
      expect(request?.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds')
      expect(JSON.parse(request?.body ?? '')).toEqual({
        out_trade_no: refund.orderId,
        out_refund_no: refund.refundId,
        reason: refund.reason,
        amount: { refund: 600, total: 600, currency: 'CNY' },
      })
      expect(signedByMerchant(request, '/v3/refund/domestic/refunds')).toBe(true)
    }
  })

  it('refuses a refund WeChat Pay closed or could not make, and an unsigned answer', async () => {
    for (const status of ['CLOSED', 'ABNORMAL']) {
      const { transport } = recordingTransport(() => ({
        status: 200,
        body: { refund_id: '1', out_refund_no: refund.refundId, status },
      }))
      expect(await rejectionCode(provider(transport).refund(refund))).toBe('refund_refused')
    }
    const unsigned = recordingTransport(() => ({
      status: 200,
      body: { refund_id: '1', out_refund_no: refund.refundId, status: 'SUCCESS' },
      signed: false,
    }))
    expect(await rejectionCode(provider(unsigned.transport).refund(refund))).not.toBe(
      'refund_refused',
    )
    const down = recordingTransport(() => ({ status: 500, body: { code: 'SYSTEM_ERROR' } }))
    expect(await rejectionCode(provider(down.transport).refund(refund))).toBe(
      'provider_unavailable',
    )
  })
})
