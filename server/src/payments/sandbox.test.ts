import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  PaymentError,
  decideNotification,
  type CheckoutOrder,
  type PaymentErrorCode,
  type TransportResponse,
} from './provider'
import {
  SandboxPaymentProvider,
  buildSandboxNotification,
  buildSandboxSigningMessage,
  isSandboxAcknowledgement,
  sandboxCheckoutPath,
  signSandboxMessage,
  type OutgoingNotification,
} from './sandbox'

const KEY = 'sandbox-test-key-0123456789'

/** A clock the test moves by hand. */
function manualClock(start = '2024-05-01T02:00:00Z') {
  let now = new Date(start).getTime()
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

function checkoutOrder(clock: { now: () => Date }, orderId = 'GY20240501000001'): CheckoutOrder {
  return {
    orderId,
    amountFen: 600,
    subject: 'GY音乐积分充值',
    expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
    notifyUrl: 'http://localhost:8080/api/payments/notify/sandbox',
    returnUrl: 'http://localhost:8080/buyPoints',
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

function asRequest(notification: OutgoingNotification) {
  return { headers: notification.headers, bodyText: notification.bodyText }
}

describe('signatures', () => {
  it('signs TIMESTAMP\\nNONCE\\nBODY\\n with HMAC-SHA256 in base64', () => {
    expect(buildSandboxSigningMessage('1714528800', 'n0nce', '{"a":1}')).toBe(
      '1714528800\nn0nce\n{"a":1}\n',
    )
    const expected = createHmac('sha256', KEY)
      .update('1714528800\nn0nce\n{"a":1}\n')
      .digest('base64')
    expect(signSandboxMessage(KEY, '1714528800', 'n0nce', '{"a":1}')).toBe(expected)
  })

  it('builds a notification with the three Sandbox headers', () => {
    const notification = buildSandboxNotification(
      {
        orderId: 'GY20240501000001',
        amountFen: 600,
        notifyUrl: 'http://localhost/notify',
        tradeId: 'sandbox_1',
        paidAt: new Date('2024-05-01T02:01:00Z'),
      },
      'paid',
      { key: KEY, now: new Date('2024-05-01T02:01:05Z'), nonce: 'abc' },
    )
    expect(notification.url).toBe('http://localhost/notify')
    expect(JSON.parse(notification.bodyText)).toEqual({
      orderId: 'GY20240501000001',
      tradeId: 'sandbox_1',
      amountFen: 600,
      status: 'paid',
      paidAt: '2024-05-01T02:01:00.000Z',
    })
    expect(notification.headers).toMatchObject({
      'Sandbox-Timestamp': '1714528865',
      'Sandbox-Nonce': 'abc',
      'Sandbox-Signature': signSandboxMessage(KEY, '1714528865', 'abc', notification.bodyText),
    })
  })
})

describe('the sandbox checkout', () => {
  it('sends the payer to /sandbox/checkout/<orderId>', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await expect(sandbox.createCheckout(checkoutOrder(clock))).resolves.toEqual({
      kind: 'redirect',
      checkoutUrl: '/sandbox/checkout/GY20240501000001',
      providerOrderRef: 'GY20240501000001',
    })
    expect(sandboxCheckoutPath('GY20240501000001')).toBe('/sandbox/checkout/GY20240501000001')
    await expect(sandbox.checkoutDetails('GY20240501000001')).resolves.toMatchObject({
      subject: 'GY音乐积分充值',
      amountFen: 600,
      state: 'created',
    })
    // The same open order asked for again gets its checkout again, as WeChat Pay and Alipay
    // answer; anything else under a used id is refused.
    await expect(sandbox.createCheckout(checkoutOrder(clock))).resolves.toMatchObject({
      checkoutUrl: '/sandbox/checkout/GY20240501000001',
    })
    expect(
      await rejectionCode(sandbox.createCheckout({ ...checkoutOrder(clock), amountFen: 700 })),
    ).toBe('order_invalid')
    await sandbox.completeCheckout('GY20240501000001', 'paid')
    expect(await rejectionCode(sandbox.createCheckout(checkoutOrder(clock)))).toBe('order_invalid')
  })

  it('refunds a paid order in full, once, and refuses to refund what was not paid', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await sandbox.createCheckout(checkoutOrder(clock))
    const refund = {
      orderId: 'GY20240501000001',
      refundId: 'GYR1',
      amountFen: 600,
      reason: '重复支付',
    }
    expect(await rejectionCode(sandbox.refund(refund))).toBe('refund_refused')
    await sandbox.completeCheckout('GY20240501000001', 'paid')
    expect(await rejectionCode(sandbox.refund({ ...refund, amountFen: 300 }))).toBe(
      'refund_refused',
    )
    await expect(sandbox.refund(refund)).resolves.toEqual({
      status: 'refunded',
      providerRefundId: 'sandbox_refund_GYR1',
    })
    await expect(sandbox.refund(refund)).resolves.toMatchObject({ status: 'refunded' })
    await expect(sandbox.queryOrder('GY20240501000001')).resolves.toMatchObject({
      status: 'refunded',
    })
    expect(await rejectionCode(sandbox.refund({ ...refund, orderId: 'GY404404404' }))).toBe(
      'order_unknown',
    )
  })

  it('confirms, notifies with a signature the merchant side verifies, and answers queries', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await sandbox.createCheckout(checkoutOrder(clock))
    clock.advance(60_000)
    const { order, signNotification } = await sandbox.completeCheckout('GY20240501000001', 'paid')
    expect(order.state).toBe('paid')

    const notification = await sandbox.parseNotification(asRequest(signNotification()))
    expect(notification).toEqual({
      orderId: 'GY20240501000001',
      providerTradeId: order.tradeId,
      amountFen: 600,
      status: 'paid',
      paidAt: clock.now(),
    })
    const stored = { orderId: 'GY20240501000001', amountFen: 600, state: 'created' as const }
    expect(decideNotification(stored, notification)).toMatchObject({ action: 'transition' })
    await expect(sandbox.queryOrder('GY20240501000001')).resolves.toEqual({
      status: 'paid',
      amountFen: 600,
      providerTradeId: order.tradeId,
      paidAt: order.paidAt,
    })
  })

  it('answers a repeated confirmation with the same trade, and refuses a change of mind', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await sandbox.createCheckout(checkoutOrder(clock))
    const first = await sandbox.completeCheckout('GY20240501000001', 'paid')
    const again = await sandbox.completeCheckout('GY20240501000001', 'paid')
    expect(again.order.tradeId).toBe(first.order.tradeId)
    expect(await rejectionCode(sandbox.completeCheckout('GY20240501000001', 'closed'))).toBe(
      'state_transition_invalid',
    )
  })

  it('lets the payer cancel, and notifies the closure', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await sandbox.createCheckout(checkoutOrder(clock))
    const cancelled = await sandbox.completeCheckout('GY20240501000001', 'closed')
    await expect(
      sandbox.parseNotification(asRequest(cancelled.signNotification())),
    ).resolves.toMatchObject({ status: 'closed', paidAt: null })
    expect(await rejectionCode(sandbox.completeCheckout('GY20240501000001', 'paid'))).toBe(
      'state_transition_invalid',
    )
  })

  it('closes an unpaid order at its expiry and refuses to take the payment', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await sandbox.createCheckout(checkoutOrder(clock))
    clock.advance(30 * 60_000 - 1)
    await expect(sandbox.queryOrder('GY20240501000001')).resolves.toMatchObject({
      status: 'created',
    })
    clock.advance(1)
    await expect(sandbox.queryOrder('GY20240501000001')).resolves.toMatchObject({
      status: 'closed',
    })
    expect(await rejectionCode(sandbox.completeCheckout('GY20240501000001', 'paid'))).toBe(
      'order_expired',
    )
  })

  it('lets only one of two simultaneous choices win', async () => {
    const clock = manualClock()
    const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
    await sandbox.createCheckout(checkoutOrder(clock))
    const results = await Promise.allSettled([
      sandbox.completeCheckout('GY20240501000001', 'paid'),
      sandbox.completeCheckout('GY20240501000001', 'closed'),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })

  it('knows nothing of orders it never created', async () => {
    const sandbox = new SandboxPaymentProvider({ key: KEY })
    expect(await rejectionCode(sandbox.queryOrder('GY20240501000404'))).toBe('order_unknown')
    expect(await rejectionCode(sandbox.completeCheckout('GY20240501000404', 'paid'))).toBe(
      'order_unknown',
    )
  })

  it('refuses a key too short to be a secret', () => {
    expect(() => new SandboxPaymentProvider({ key: 'short' })).toThrow()
  })
})

describe('notification verification', () => {
  const clock = manualClock()
  const sandbox = new SandboxPaymentProvider({ key: KEY, now: clock.now })
  const order = {
    orderId: 'GY20240501000001',
    amountFen: 600,
    notifyUrl: 'http://localhost/notify',
    tradeId: 'sandbox_1',
    paidAt: clock.now(),
  }
  const signed = (overrides: Partial<typeof order> = {}, key = KEY, now = clock.now()) =>
    asRequest(buildSandboxNotification({ ...order, ...overrides }, 'paid', { key, now }))

  it('accepts what the sandbox signed', async () => {
    await expect(sandbox.parseNotification(signed())).resolves.toMatchObject({ amountFen: 600 })
  })

  it('refuses a signature under another key', async () => {
    const forged = signed({}, 'another-key-0123456789abcdef')
    expect(await rejectionCode(sandbox.parseNotification(forged))).toBe('signature_invalid')
  })

  it('refuses a body changed after signing', async () => {
    const request = signed()
    const tampered = { ...request, bodyText: request.bodyText.replace('600', '60000') }
    expect(await rejectionCode(sandbox.parseNotification(tampered))).toBe('signature_invalid')
  })

  it('refuses a notification signed more than five minutes ago', async () => {
    const stale = signed({}, KEY, new Date(clock.now().getTime() - 5 * 60_000 - 1000))
    expect(await rejectionCode(sandbox.parseNotification(stale))).toBe('timestamp_stale')
  })

  it('refuses missing headers and malformed bodies', async () => {
    const request = signed()
    const { 'Sandbox-Signature': _dropped, ...headers } = request.headers
    expect(await rejectionCode(sandbox.parseNotification({ ...request, headers }))).toBe(
      'signature_missing',
    )
    const bodyText = '{"orderId":"GY20240501000001"}'
    const timestamp = String(Math.floor(clock.now().getTime() / 1000))
    const incomplete = {
      headers: {
        'sandbox-timestamp': timestamp,
        'sandbox-nonce': 'n',
        'sandbox-signature': signSandboxMessage(KEY, timestamp, 'n', bodyText),
      },
      bodyText,
    }
    expect(await rejectionCode(sandbox.parseNotification(incomplete))).toBe(
      'notification_malformed',
    )
  })

  it.each([-600, 0, 1.5, 10 ** 9])('refuses the signed amount %j', async (amountFen) => {
    expect(await rejectionCode(sandbox.parseNotification(signed({ amountFen })))).toBe(
      'amount_invalid',
    )
  })

  it('acknowledges with the body the sender waits for', () => {
    const ok = sandbox.acknowledgement(true)
    const response: TransportResponse = { status: ok.status, headers: {}, bodyText: ok.body }
    expect(isSandboxAcknowledgement(response)).toBe(true)
    const refusal = sandbox.acknowledgement(false)
    expect(
      isSandboxAcknowledgement({ status: refusal.status, headers: {}, bodyText: refusal.body }),
    ).toBe(false)
    expect(isSandboxAcknowledgement({ status: 200, headers: {}, bodyText: 'success' })).toBe(false)
  })
})
