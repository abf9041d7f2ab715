import { generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  AlipayProvider,
  NOTIFICATION_UNSIGNED_KEYS,
  buildAlipaySigningString,
  extractAlipayResponseNode,
} from './alipay'
import {
  PaymentError,
  type CheckoutOrder,
  type HttpTransport,
  type PaymentErrorCode,
  type TransportRequest,
} from './provider'

const APP_ID = '2014072300007148'
// 10:00:00 in Beijing.
const NOW = new Date('2024-05-01T02:00:00Z')

interface KeyPair {
  privateKey: KeyObject
  publicKey: KeyObject
}
/** Our application key pair, and Alipay's. */
let app: KeyPair
let alipay: KeyPair
let impostor: KeyPair

beforeAll(() => {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 })
  app = rsa()
  alipay = rsa()
  impostor = rsa()
})

const order: CheckoutOrder = {
  orderId: 'GY20240501000001',
  amountFen: 199_999,
  subject: 'GY音乐积分充值',
  expiresAt: new Date('2024-05-01T02:30:00Z'),
  notifyUrl: 'https://gy.example.com/api/payments/notify/alipay',
  returnUrl: 'https://gy.example.com/buyPoints?from=alipay',
}

function provider(
  checkoutMode: 'page' | 'precreate' = 'page',
  transport: HttpTransport = () => Promise.reject(new Error('offline')),
) {
  return new AlipayProvider({
    appId: APP_ID,
    appPrivateKey: app.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    alipayPublicKey: alipay.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    checkoutMode,
    transport,
    now: () => NOW,
  })
}

function rsa2(text: string, key: KeyObject): string {
  return sign('sha256', Buffer.from(text, 'utf8'), key).toString('base64')
}

function rsa2Verifies(text: string, signature: string, key: KeyObject): boolean {
  return verify('sha256', Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'))
}

/** An asynchronous notification as Alipay posts it: form-encoded, signed without sign/sign_type. */
function notification(
  overrides: Record<string, string> = {},
  key: KeyObject = alipay.privateKey,
): { headers: Record<string, string>; bodyText: string } {
  const params: Record<string, string> = {
    notify_time: '2024-05-01 10:01:02',
    notify_type: 'trade_status_sync',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: '2024050122001447720500012345',
    out_trade_no: 'GY20240501000001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '1999.99',
    receipt_amount: '1999.99',
    subject: 'GY音乐积分充值',
    gmt_create: '2024-05-01 10:00:30',
    gmt_payment: '2024-05-01 10:01:00',
    ...overrides,
  }
  const sign = rsa2(buildAlipaySigningString(params, NOTIFICATION_UNSIGNED_KEYS), key)
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    bodyText: new URLSearchParams({ ...params, sign }).toString(),
  }
}

async function rejectionCode(promise: Promise<unknown>): Promise<PaymentErrorCode> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(PaymentError)
  return (error as PaymentError).code
}

/**
 * A gateway that records requests and answers `{"<method>_response":{...},"sign":"..."}`, the
 * response node signed as raw text by Alipay's key.
 */
function gateway(
  node: Record<string, unknown>,
  options: { key?: KeyObject | null; tamper?: (text: string) => string } = {},
) {
  const requests: TransportRequest[] = []
  const transport: HttpTransport = (request) => {
    requests.push(request)
    const method = new URLSearchParams(request.body).get('method') ?? ''
    const nodeText = JSON.stringify(node)
    const key = options.key === undefined ? alipay.privateKey : options.key
    const signature = key === null ? '' : `,"sign":"${rsa2(nodeText, key)}"`
    const bodyText = `{"${method.replaceAll('.', '_')}_response":${nodeText}${signature}}`
    return Promise.resolve({
      status: 200,
      headers: { 'content-type': 'text/html;charset=utf-8' },
      bodyText: options.tamper ? options.tamper(bodyText) : bodyText,
    })
  }
  return { requests, transport }
}

describe('signing string', () => {
  const params = {
    total_amount: '0.01',
    app_id: APP_ID,
    sign: 'IGNORED',
    sign_type: 'RSA2',
    empty: '',
    missing: undefined,
    Zebra: 'upper-case keys sort first',
    biz_content: '{"a":"b=c&d"}',
  }

  it('sorts every non-empty parameter except sign, with raw values', () => {
    expect(buildAlipaySigningString(params)).toBe(
      'Zebra=upper-case keys sort first&app_id=2014072300007148&biz_content={"a":"b=c&d"}' +
        '&sign_type=RSA2&total_amount=0.01',
    )
  })

  it('leaves out sign_type as well for notifications', () => {
    expect(buildAlipaySigningString(params, NOTIFICATION_UNSIGNED_KEYS)).toBe(
      'Zebra=upper-case keys sort first&app_id=2014072300007148&biz_content={"a":"b=c&d"}' +
        '&total_amount=0.01',
    )
  })
})

describe('page pay checkout', () => {
  it('builds a signed gateway URL with the documented parameters', async () => {
    const checkout = await provider('page').createCheckout(order)
    expect(checkout.kind).toBe('redirect')
    if (checkout.kind !== 'redirect') return
    const url = new URL(checkout.checkoutUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do')
    const params = Object.fromEntries(url.searchParams)
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2024-05-01 10:00:00',
      version: '1.0',
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
    })
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'GY20240501000001',
      total_amount: '1999.99',
      subject: 'GY音乐积分充值',
      time_expire: '2024-05-01 10:30:00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    })
    const signed = buildAlipaySigningString(params)
    expect(signed.startsWith('app_id=2014072300007148&biz_content={"out_trade_no"')).toBe(true)
    expect(rsa2Verifies(signed, params.sign ?? '', app.publicKey)).toBe(true)
    expect(rsa2Verifies(signed, params.sign ?? '', impostor.publicKey)).toBe(false)
  })

  it('refuses an amount of zero before signing anything', async () => {
    expect(await rejectionCode(provider().createCheckout({ ...order, amountFen: 0 }))).toBe(
      'amount_invalid',
    )
  })
})

describe('precreate checkout', () => {
  it('posts a signed form and returns the verified qr_code', async () => {
    const { requests, transport } = gateway({
      code: '10000',
      msg: 'Success',
      out_trade_no: 'GY20240501000001',
      qr_code: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7',
    })
    await expect(provider('precreate', transport).createCheckout(order)).resolves.toEqual({
      kind: 'qrCode',
      codeUrl: 'https://qr.alipay.com/bax03431ljhokirwl38f00a7',
      providerOrderRef: 'GY20240501000001',
    })
    const request = requests[0]
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('https://openapi.alipay.com/gateway.do')
    const params = Object.fromEntries(new URLSearchParams(request?.body))
    expect(params.method).toBe('alipay.trade.precreate')
    expect(JSON.parse(params.biz_content ?? '')).toMatchObject({
      total_amount: '1999.99',
      product_code: 'FACE_TO_FACE_PAYMENT',
    })
    expect(rsa2Verifies(buildAlipaySigningString(params), params.sign ?? '', app.publicKey)).toBe(
      true,
    )
  })

  it('refuses an answer changed in transit or signed by someone else', async () => {
    const node = { code: '10000', msg: 'Success', qr_code: 'https://qr.alipay.com/good' }
    const tampered = gateway(node, { tamper: (text) => text.replace('good', 'evil') })
    expect(
      await rejectionCode(provider('precreate', tampered.transport).createCheckout(order)),
    ).toBe('signature_invalid')
    const forged = gateway(node, { key: impostor.privateKey })
    expect(await rejectionCode(provider('precreate', forged.transport).createCheckout(order))).toBe(
      'signature_invalid',
    )
  })

  it('treats an unsigned or failed answer as the provider being unavailable', async () => {
    const unsigned = gateway({ code: '40002', msg: 'Invalid Arguments' }, { key: null })
    expect(
      await rejectionCode(provider('precreate', unsigned.transport).createCheckout(order)),
    ).toBe('provider_unavailable')
    const failed = gateway({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' })
    expect(await rejectionCode(provider('precreate', failed.transport).createCheckout(order))).toBe(
      'provider_unavailable',
    )
  })
})

describe('notifications', () => {
  it('verifies a payment and converts the yuan amount exactly', async () => {
    await expect(provider().parseNotification(notification())).resolves.toEqual({
      orderId: 'GY20240501000001',
      providerTradeId: '2024050122001447720500012345',
      amountFen: 199_999,
      status: 'paid',
      paidAt: new Date('2024-05-01T02:01:00Z'),
    })
    const cent = notification({ total_amount: '0.01' })
    await expect(provider().parseNotification(cent)).resolves.toMatchObject({ amountFen: 1 })
  })

  it('reads TRADE_FINISHED as paid and TRADE_CLOSED as closed', async () => {
    const finished = notification({ trade_status: 'TRADE_FINISHED' })
    await expect(provider().parseNotification(finished)).resolves.toMatchObject({
      status: 'paid',
    })
    const closed = notification({ trade_status: 'TRADE_CLOSED', gmt_payment: '' })
    await expect(provider().parseNotification(closed)).resolves.toMatchObject({
      status: 'closed',
      paidAt: null,
    })
  })

  it('refuses a signature made with another key', async () => {
    const forged = notification({}, impostor.privateKey)
    expect(await rejectionCode(provider().parseNotification(forged))).toBe('signature_invalid')
  })

  it('refuses an amount changed after signing', async () => {
    const request = notification()
    const tampered = {
      ...request,
      bodyText: request.bodyText.replace('total_amount=1999.99', 'total_amount=0.01'),
    }
    expect(tampered.bodyText).not.toBe(request.bodyText)
    expect(await rejectionCode(provider().parseNotification(tampered))).toBe('signature_invalid')
  })

  it('refuses a notification for another app, even correctly signed', async () => {
    const other = notification({ app_id: '2021000000000000' })
    expect(await rejectionCode(provider().parseNotification(other))).toBe('merchant_mismatch')
  })

  it.each(['1e3', '-1', '0', 'abc', '0.001', '50000.01'])(
    'refuses the signed amount %j',
    async (totalAmount) => {
      const request = notification({ total_amount: totalAmount })
      expect(await rejectionCode(provider().parseNotification(request))).toBe('amount_invalid')
    },
  )

  it('refuses a missing sign, a weaker sign_type and repeated keys', async () => {
    const request = notification()
    const unsigned = new URLSearchParams(request.bodyText)
    unsigned.delete('sign')
    expect(
      await rejectionCode(provider().parseNotification({ headers: {}, bodyText: `${unsigned}` })),
    ).toBe('signature_missing')
    const rsa1 = new URLSearchParams(request.bodyText)
    rsa1.set('sign_type', 'RSA')
    expect(
      await rejectionCode(provider().parseNotification({ headers: {}, bodyText: `${rsa1}` })),
    ).toBe('signature_invalid')
    const repeated = `${request.bodyText}&total_amount=0.01`
    expect(
      await rejectionCode(provider().parseNotification({ headers: {}, bodyText: repeated })),
    ).toBe('notification_malformed')
  })

  it('refuses a status that is not final', async () => {
    const waiting = notification({ trade_status: 'WAIT_BUYER_PAY' })
    expect(await rejectionCode(provider().parseNotification(waiting))).toBe(
      'notification_malformed',
    )
  })

  it('answers the plain text Alipay expects', () => {
    expect(provider().acknowledgement(true)).toMatchObject({ status: 200, body: 'success' })
    expect(provider().acknowledgement(true).contentType).toMatch(/^text\/plain/)
    expect(provider().acknowledgement(false).body).not.toBe('success')
  })
})

describe('queryOrder', () => {
  it('reads the verified trade status and amount', async () => {
    const { requests, transport } = gateway({
      code: '10000',
      msg: 'Success',
      trade_no: '2024050122001447720500012345',
      out_trade_no: 'GY20240501000001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '19.99',
      send_pay_date: '2024-05-01 09:59:30',
    })
    await expect(provider('page', transport).queryOrder('GY20240501000001')).resolves.toEqual({
      status: 'paid',
      amountFen: 1999,
      providerTradeId: '2024050122001447720500012345',
      // China time, eight hours ahead of UTC.
      paidAt: new Date('2024-05-01T01:59:30.000Z'),
    })
    const params = Object.fromEntries(new URLSearchParams(requests[0]?.body))
    expect(params.method).toBe('alipay.trade.query')
    expect(JSON.parse(params.biz_content ?? '')).toEqual({ out_trade_no: 'GY20240501000001' })
  })

  it('reports a trade Alipay does not know', async () => {
    const { transport } = gateway({
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    })
    expect(await rejectionCode(provider('page', transport).queryOrder('GY20240501000009'))).toBe(
      'order_unknown',
    )
  })
})

describe('refund', () => {
  const refund = {
    orderId: 'GY20240501000001',
    refundId: 'GYR20240501000001',
    amountFen: 1999,
    reason: '重复支付，原路退回',
  }

  it('asks alipay.trade.refund for the whole trade under our refund id', async () => {
    const { requests, transport } = gateway({
      code: '10000',
      msg: 'Success',
      trade_no: '2024050122001447720500012345',
      out_trade_no: refund.orderId,
      refund_fee: '19.99',
      fund_change: 'Y',
    })
    await expect(provider('page', transport).refund(refund)).resolves.toEqual({
      status: 'refunded',
      providerRefundId: '2024050122001447720500012345',
    })
    const params = Object.fromEntries(new URLSearchParams(requests[0]?.body))
    expect(params.method).toBe('alipay.trade.refund')
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: refund.orderId,
      out_request_no: refund.refundId,
      refund_amount: '19.99',
      refund_reason: refund.reason,
    })
  })

  it('refuses a partial refund, a failed one and an answer Alipay did not sign', async () => {
    const partial = gateway({ code: '10000', msg: 'Success', refund_fee: '9.99' })
    expect(await rejectionCode(provider('page', partial.transport).refund(refund))).toBe(
      'refund_refused',
    )
    const failed = gateway({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' })
    expect(await rejectionCode(provider('page', failed.transport).refund(refund))).toBe(
      'provider_unavailable',
    )
    const unsigned = gateway({ code: '10000', msg: 'Success', refund_fee: '19.99' }, { key: null })
    expect(await rejectionCode(provider('page', unsigned.transport).refund(refund))).toBe(
      'provider_unavailable',
    )
  })
})

describe('extractAlipayResponseNode', () => {
  it('returns the exact bytes of the node, braces inside strings included', () => {
    const node = '{"code":"10000","msg":"a}{\\"b","nested":{"x":[1,{"y":2}]}}'
    const body = `{"alipay_trade_query_response": ${node},"sign":"abc"}`
    expect(extractAlipayResponseNode(body, 'alipay.trade.query')).toBe(node)
  })

  it('finds nothing for another method or a truncated body', () => {
    const body = '{"alipay_trade_query_response":{"code":"10000"'
    expect(extractAlipayResponseNode(body, 'alipay.trade.query')).toBeNull()
    expect(extractAlipayResponseNode('{}', 'alipay.trade.query')).toBeNull()
  })
})
