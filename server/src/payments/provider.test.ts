import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  MAX_AMOUNT_FEN,
  ORDER_STATES,
  ORDER_TTL_MS,
  PaymentError,
  assertValidAmountFen,
  assertValidCheckoutOrder,
  canTransition,
  decideNotification,
  fenToYuan,
  fetchTransport,
  headerValue,
  isOrderExpired,
  orderExpiresAt,
  rsaPrivateKey,
  rsaPublicKey,
  yuanToFen,
  type CheckoutOrder,
  type PaymentErrorCode,
  type PaymentNotification,
} from './provider'

/** Runs `action` and returns the PaymentError code it threw (fails the test otherwise). */
function paymentErrorCode(action: () => unknown): PaymentErrorCode {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentError)
    return (error as PaymentError).code
  }
  throw new Error('expected a PaymentError')
}

describe('order states', () => {
  it('lists the four states of the issue', () => {
    expect(ORDER_STATES).toEqual(['created', 'paid', 'closed', 'refunded'])
  })

  it('allows only the forward transitions', () => {
    expect(canTransition('created', 'paid')).toBe(true)
    expect(canTransition('created', 'closed')).toBe(true)
    expect(canTransition('paid', 'refunded')).toBe(true)
    // A late payment for an order we closed at expiry still counts: the money was taken.
    expect(canTransition('closed', 'paid')).toBe(true)
    expect(canTransition('paid', 'created')).toBe(false)
    expect(canTransition('paid', 'closed')).toBe(false)
    expect(canTransition('created', 'refunded')).toBe(false)
    expect(canTransition('closed', 'refunded')).toBe(false)
    for (const state of ORDER_STATES) expect(canTransition('refunded', state)).toBe(false)
  })

  it('expires an order 30 minutes after creation, not a millisecond earlier', () => {
    const createdAt = new Date('2024-05-01T10:00:00Z')
    const order = { expiresAt: orderExpiresAt(createdAt) }
    expect(ORDER_TTL_MS).toBe(1_800_000)
    expect(order.expiresAt.toISOString()).toBe('2024-05-01T10:30:00.000Z')
    expect(isOrderExpired(order, new Date('2024-05-01T10:29:59.999Z'))).toBe(false)
    expect(isOrderExpired(order, new Date('2024-05-01T10:30:00.000Z'))).toBe(true)
  })
})

describe('amounts', () => {
  it('converts yuan text to fen exactly', () => {
    expect(yuanToFen('0.01')).toBe(1)
    expect(yuanToFen('0.1')).toBe(10)
    expect(yuanToFen('10.5')).toBe(1050)
    expect(yuanToFen('1999.99')).toBe(199_999)
    expect(yuanToFen('19.99')).toBe(1999) // 19.99 * 100 is 1998.9999999999998 in floating point
    expect(yuanToFen('50000')).toBe(MAX_AMOUNT_FEN)
    expect(yuanToFen('50000.00')).toBe(MAX_AMOUNT_FEN)
  })

  it.each([
    '1e3',
    '-1',
    '0',
    '0.00',
    'abc',
    '',
    ' 1',
    '1 ',
    '+1',
    '01',
    '1.',
    '.5',
    '1.234',
    '1,00',
    '50000.01',
    '99999999999',
    'Infinity',
    'NaN',
    '0x10',
  ])('refuses %j', (text) => {
    expect(paymentErrorCode(() => yuanToFen(text))).toBe('amount_invalid')
  })

  it('writes fen as yuan with two decimals', () => {
    expect(fenToYuan(1)).toBe('0.01')
    expect(fenToYuan(10)).toBe('0.10')
    expect(fenToYuan(100)).toBe('1.00')
    expect(fenToYuan(199_999)).toBe('1999.99')
    expect(fenToYuan(MAX_AMOUNT_FEN)).toBe('50000.00')
  })

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_AMOUNT_FEN + 1, '100', null])(
    'refuses the amount %j',
    (amount) => {
      expect(paymentErrorCode(() => assertValidAmountFen(amount))).toBe('amount_invalid')
    },
  )

  it('carries an English code and the Chinese message', () => {
    const error = new PaymentError('amount_mismatch', 'expected 100 got 99')
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe('amount_mismatch')
    expect(error.message).toBe('支付金额与订单金额不一致')
    expect(error.detail).toBe('expected 100 got 99')
  })
})

describe('decideNotification', () => {
  const paid: PaymentNotification = {
    orderId: 'GY20240501000001',
    providerTradeId: '4200000001',
    amountFen: 1000,
    status: 'paid',
    paidAt: new Date('2024-05-01T10:05:00Z'),
  }

  it('moves a created order to paid', () => {
    const order = { orderId: paid.orderId, amountFen: 1000, state: 'created' as const }
    expect(decideNotification(order, paid)).toEqual({
      action: 'transition',
      from: 'created',
      to: 'paid',
    })
  })

  it('acknowledges a repeated notification without a second transition', () => {
    const order = { orderId: paid.orderId, amountFen: 1000, state: 'paid' as const }
    expect(decideNotification(order, paid)).toEqual({
      action: 'acknowledge',
      reason: 'already_recorded',
    })
  })

  it('accepts a payment for an order closed at expiry', () => {
    const order = { orderId: paid.orderId, amountFen: 1000, state: 'closed' as const }
    expect(decideNotification(order, paid)).toMatchObject({ action: 'transition', to: 'paid' })
  })

  it('does not let a closed notification undo a payment', () => {
    const order = { orderId: paid.orderId, amountFen: 1000, state: 'paid' as const }
    const closed = { ...paid, status: 'closed' as const, paidAt: null }
    expect(decideNotification(order, closed)).toEqual({
      action: 'acknowledge',
      reason: 'superseded',
    })
  })

  it('refuses unknown orders, other orders and amounts that differ by one fen', () => {
    expect(paymentErrorCode(() => decideNotification(undefined, paid))).toBe('order_unknown')
    const other = { orderId: 'GY20240501000002', amountFen: 1000, state: 'created' as const }
    expect(paymentErrorCode(() => decideNotification(other, paid))).toBe('order_unknown')
    const cheaper = { orderId: paid.orderId, amountFen: 999, state: 'created' as const }
    expect(paymentErrorCode(() => decideNotification(cheaper, paid))).toBe('amount_mismatch')
  })
})

describe('assertValidCheckoutOrder', () => {
  const order: CheckoutOrder = {
    orderId: 'GY20240501000001',
    amountFen: 600,
    subject: 'GY音乐积分充值',
    expiresAt: new Date('2024-05-01T10:30:00Z'),
    notifyUrl: 'https://gy.example.com/api/payments/notify/sandbox',
    returnUrl: 'https://gy.example.com/buyPoints',
  }

  it('accepts a well-formed order', () => {
    expect(() => assertValidCheckoutOrder(order)).not.toThrow()
  })

  it.each([
    ['a short id', { orderId: 'GY1' }],
    ['an id with a dash', { orderId: 'GY-2024-0501' }],
    ['an empty subject', { subject: '' }],
    ['a 65-character subject', { subject: '积'.repeat(65) }],
    ['an invalid date', { expiresAt: new Date('nope') }],
    ['a relative notify URL', { notifyUrl: '/notify' }],
  ])('refuses %s', (_label, change) => {
    expect(paymentErrorCode(() => assertValidCheckoutOrder({ ...order, ...change }))).toBe(
      'order_invalid',
    )
  })

  it('refuses an absurd amount', () => {
    const absurd = { ...order, amountFen: 10 ** 12 }
    expect(paymentErrorCode(() => assertValidCheckoutOrder(absurd))).toBe('amount_invalid')
  })
})

describe('plumbing', () => {
  it('reads headers whatever their case, and not when repeated', () => {
    const headers = { 'wechatpay-nonce': 'abc', 'X-Twice': ['a', 'b'] }
    expect(headerValue(headers, 'Wechatpay-Nonce')).toBe('abc')
    expect(headerValue(headers, 'x-twice')).toBeUndefined()
    expect(headerValue(headers, 'missing')).toBeUndefined()
  })

  it('loads RSA keys from PEM and from bare base64 DER', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    const bare = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')
    const publicBare = publicKey.export({ format: 'der', type: 'spki' }).toString('base64')
    expect(rsaPrivateKey(pem).type).toBe('private')
    expect(rsaPrivateKey(bare).type).toBe('private')
    expect(rsaPublicKey(publicBare).type).toBe('public')
    expect(() => rsaPrivateKey(publicKey)).toThrow('Expected an RSA private key')
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    expect(() => rsaPublicKey(ec.publicKey)).toThrow('Expected an RSA public key')
  })

  it('adapts fetch into a transport with lower-case header names', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = []
    const fakeFetch: typeof fetch = (input, init) => {
      seen.push({ url: String(input), init })
      return Promise.resolve(
        new Response('{"ok":true}', { status: 201, headers: { 'Wechatpay-Nonce': 'n1' } }),
      )
    }
    const transport = fetchTransport(1000, fakeFetch)
    const response = await transport({
      method: 'POST',
      url: 'https://pay.example.com/x',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(response).toEqual({
      status: 201,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'wechatpay-nonce': 'n1' },
      bodyText: '{"ok":true}',
    })
    expect(seen[0]?.init?.method).toBe('POST')
    expect(seen[0]?.init?.body).toBe('{}')
  })
})
