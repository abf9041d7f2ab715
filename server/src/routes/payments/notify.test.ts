import type { ChargeOrderStatus, PointsBalance } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpTransport } from '../../payments/provider'
import { call, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import {
  ACKNOWLEDGED,
  BALANCE_URL,
  QUERY_URL,
  REFUSED,
  createOrder,
  createPointsTestApp,
  deliverNotification,
  injectNotification,
  pointsState,
  postCheckoutForm,
  sandboxNotification,
  signedBody,
  topupRows,
} from './pointsTestKit'

describe('payment notifications', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  let token: string

  beforeAll(async () => {
    app = await createPointsTestApp({ clock: clock.now })
    token = (await loginAs(app, '86:13600000001')).accessToken
  })
  afterAll(async () => {
    await app.close()
  })

  async function balance(): Promise<number> {
    return (await call<PointsBalance>(app, BALANCE_URL, { token })).envelope.data.points
  }

  it('credits an order once however many duplicates arrive, one after the other', async () => {
    const order = await createOrder(app, token, { packageId: 'p30' })
    const start = await balance()
    for (let copy = 0; copy < 5; copy += 1) {
      expect(await deliverNotification(app, sandboxNotification(app, order))).toEqual(ACKNOWLEDGED)
    }
    expect(await balance()).toBe(start + 300)
    expect(await topupRows(app, order.orderId)).toBe(1)
  })

  it('credits an order once when 50 notifications arrive at the same time', async () => {
    const order = await createOrder(app, token, { packageId: 'p128' })
    const start = await balance()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => deliverNotification(app, sandboxNotification(app, order))),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(await balance()).toBe(start + 1_350)
    expect(await topupRows(app, order.orderId)).toBe(1)
  })

  it('a "closed" arriving after "paid" changes nothing; "paid" after "closed" still credits', async () => {
    const paidFirst = await createOrder(app, token, { packageId: 'p6' })
    await deliverNotification(app, sandboxNotification(app, paidFirst))
    const afterPaid = await balance()
    const lateClose = sandboxNotification(app, paidFirst, { outcome: 'closed' })
    expect(await deliverNotification(app, lateClose)).toEqual(ACKNOWLEDGED)
    expect(await balance()).toBe(afterPaid)

    // The buyer paid in the last second; our sweep closed the order before the notification came.
    const closedFirst = await createOrder(app, token, { packageId: 'p6' })
    await deliverNotification(app, sandboxNotification(app, closedFirst, { outcome: 'closed' }))
    const status = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: closedFirst.orderId },
    })
    expect(status.envelope.data.state).toBe('closed')
    expect(await deliverNotification(app, sandboxNotification(app, closedFirst))).toEqual(
      ACKNOWLEDGED,
    )
    expect(await balance()).toBe(afterPaid + 60)
  })

  describe('refuses with FAIL, logs and changes nothing', () => {
    async function expectRefused(send: () => Promise<{ status: number; body: string }>) {
      const before = await pointsState(app)
      expect(await send()).toEqual(REFUSED)
      expect(await pointsState(app)).toEqual(before)
    }

    it('a forged signature', async () => {
      const order = await createOrder(app, token)
      const forged = sandboxNotification(app, order, { key: 'an-attacker-guessed-this-key' })
      await expectRefused(() => deliverNotification(app, forged))
    })

    it('a body changed after signing', async () => {
      const order = await createOrder(app, token)
      const genuine = sandboxNotification(app, order)
      const tampered = {
        ...genuine,
        bodyText: genuine.bodyText.replace('"amountFen":600', '"amountFen":60000'),
      }
      expect(tampered.bodyText).not.toBe(genuine.bodyText)
      await expectRefused(() => deliverNotification(app, tampered))
    })

    it('missing signature headers', async () => {
      const order = await createOrder(app, token)
      const genuine = sandboxNotification(app, order)
      for (const header of ['Sandbox-Signature', 'Sandbox-Timestamp', 'Sandbox-Nonce']) {
        const headers = Object.fromEntries(
          Object.entries(genuine.headers).filter(([name]) => name !== header),
        )
        await expectRefused(() => deliverNotification(app, { ...genuine, headers }))
      }
    })

    it('a replayed notification signed more than 5 minutes ago', async () => {
      const order = await createOrder(app, token)
      const old = sandboxNotification(app, order, {
        now: new Date(clock.now().getTime() - 5 * 60_000 - 1_000),
      })
      await expectRefused(() => deliverNotification(app, old))
    })

    it('an unknown order', async () => {
      const notification = sandboxNotification(app, {
        orderId: 'GY20260301000000FFFFFFFFFF',
        amountFen: 600,
      })
      await expectRefused(() => deliverNotification(app, notification))
    })

    it('an amount that differs from the order by one fen', async () => {
      const order = await createOrder(app, token, { packageId: 'p6' })
      for (const amountFen of [599, 601, 60_000]) {
        const wrong = sandboxNotification(app, { orderId: order.orderId, amountFen })
        await expectRefused(() => deliverNotification(app, wrong))
      }
    })

    it('negative, zero, fractional and absurd amounts', async () => {
      const order = await createOrder(app, token, { packageId: 'p6' })
      for (const amountFen of [-600, 0, 600.5, 1e15, '600', null]) {
        const body = {
          orderId: order.orderId,
          tradeId: 'sandbox_x',
          amountFen,
          status: 'paid',
          paidAt: clock.now().toISOString(),
        }
        await expectRefused(() => deliverNotification(app, signedBody(app, body)))
      }
    })

    it('malformed bodies, even when signed', async () => {
      for (const body of [{}, { orderId: 'GY1234567' }, { status: 'refunded' }]) {
        await expectRefused(() => deliverNotification(app, signedBody(app, body)))
      }
      const text = signedBody(app, {})
      for (const bodyText of ['', 'not json', '[]', 'null', '{"orderId":']) {
        await expectRefused(() => deliverNotification(app, { ...text, bodyText }))
      }
    })

    it('a body of another content type, or far too large', async () => {
      const order = await createOrder(app, token)
      const genuine = sandboxNotification(app, order)
      await expectRefused(async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/payments/notify/sandbox',
          headers: { ...genuine.headers, 'Content-Type': 'text/plain' },
          payload: 'x'.repeat(100 * 1024),
        })
        return { status: response.statusCode, body: response.body }
      })
    })
  })

  it('answers 404 for a provider that is not in use, changing nothing', async () => {
    const order = await createOrder(app, token)
    const before = await pointsState(app)
    for (const provider of ['wechat', 'alipay', 'SANDBOX', '..']) {
      const answer = await deliverNotification(
        app,
        sandboxNotification(app, order),
        `/api/payments/notify/${provider}`,
      )
      expect(answer.status).toBe(404)
      expect(JSON.parse(answer.body)).toMatchObject({ code: '404' })
    }
    expect(await pointsState(app)).toEqual(before)
  })
})

describe('refused notifications are logged', () => {
  it('logs the reason of a refusal, without the signature', async () => {
    const lines: string[] = []
    const app = await createPointsTestApp({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(line) },
    })
    try {
      const { accessToken } = await loginAs(app, '86:13600000003')
      const order = await createOrder(app, accessToken)
      const forged = sandboxNotification(app, order, { key: 'an-attacker-guessed-this-key' })
      expect(await deliverNotification(app, forged)).toEqual(REFUSED)
      const wrongAmount = sandboxNotification(app, { orderId: order.orderId, amountFen: 1 })
      expect(await deliverNotification(app, wrongAmount)).toEqual(REFUSED)
      const refusals = lines
        .map((line) => JSON.parse(line) as { msg: string; code?: string })
        .filter((entry) => entry.msg === 'payment notification refused')
      expect(refusals.map((entry) => entry.code)).toEqual(['signature_invalid', 'amount_mismatch'])
      expect(lines.join('\n')).not.toContain(forged.headers['Sandbox-Signature'])
    } finally {
      await app.close()
    }
  })
})

describe('sandbox notification delivery', () => {
  it('retries until the server acknowledges, crediting once', async () => {
    let attempts = 0
    // The first two attempts are lost on the way; the third reaches the notify route.
    const flaky: HttpTransport = async (request) => {
      attempts += 1
      if (attempts <= 2) throw new Error('connection reset')
      return injectNotification(app, request)
    }
    const app = await createPointsTestApp({
      payments: {
        notificationTransport: flaky,
        notificationRetry: { limit: 3, delaySeconds: 1, backoff: false },
      },
    })
    try {
      const { accessToken } = await loginAs(app, '86:13600000002')
      const order = await createOrder(app, accessToken, { packageId: 'p6' })
      const page = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
      // The page answers after the first (lost) attempt; the queue retries in the background.
      expect(page.body).toContain('支付成功')
      await expect
        .poll(
          async () =>
            (await call<PointsBalance>(app, BALANCE_URL, { token: accessToken })).envelope.data
              .points,
          { timeout: 15_000, interval: 200 },
        )
        .toBe(60)
      expect(attempts).toBe(3)
      expect(await topupRows(app, order.orderId)).toBe(1)
    } finally {
      await app.close()
    }
  })
})
