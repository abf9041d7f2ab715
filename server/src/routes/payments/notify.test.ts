import type { ChargeOrderStatus, PointsBalance } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpTransport } from '../../payments/provider'
import { call, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import { HOSTILE_STRINGS, WRONG_TYPES } from '../../test/hostileValues'
import {
  ACKNOWLEDGED,
  BALANCE_URL,
  FAILED,
  QUERY_URL,
  REFUSED_MALFORMED,
  REFUSED_UNVERIFIED,
  createOrder,
  createPointsTestApp,
  deliverNotification,
  injectNotification,
  pointsState,
  postCheckoutForm,
  sandboxNotification,
  signedBody,
  signedText,
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
    type Answer = { status: number; body: string }
    async function expectRefused(send: () => Promise<Answer>, answer = REFUSED_MALFORMED) {
      const before = await pointsState(app)
      expect(await send()).toEqual(answer)
      expect(await pointsState(app)).toEqual(before)
    }

    it('a forged signature, with 401', async () => {
      const order = await createOrder(app, token)
      const forged = sandboxNotification(app, order, { key: 'an-attacker-guessed-this-key' })
      await expectRefused(() => deliverNotification(app, forged), REFUSED_UNVERIFIED)
    })

    it('a body changed after signing, with 401', async () => {
      const order = await createOrder(app, token)
      const genuine = sandboxNotification(app, order)
      const tampered = {
        ...genuine,
        bodyText: genuine.bodyText.replace('"amountFen":600', '"amountFen":60000'),
      }
      expect(tampered.bodyText).not.toBe(genuine.bodyText)
      await expectRefused(() => deliverNotification(app, tampered), REFUSED_UNVERIFIED)
    })

    it('missing signature headers, with 400', async () => {
      const order = await createOrder(app, token)
      const genuine = sandboxNotification(app, order)
      for (const header of ['Sandbox-Signature', 'Sandbox-Timestamp', 'Sandbox-Nonce']) {
        const headers = Object.fromEntries(
          Object.entries(genuine.headers).filter(([name]) => name !== header),
        )
        await expectRefused(() => deliverNotification(app, { ...genuine, headers }))
      }
    })

    it('a replayed notification signed more than 5 minutes ago, with 400', async () => {
      const order = await createOrder(app, token)
      const old = sandboxNotification(app, order, {
        now: new Date(clock.now().getTime() - 5 * 60_000 - 1_000),
      })
      await expectRefused(() => deliverNotification(app, old))
    })

    it('an unknown order, with 400', async () => {
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
      for (const bodyText of ['', 'not json', '[]', 'null', '{"orderId":']) {
        await expectRefused(() => deliverNotification(app, signedText(app, bodyText)))
      }
      // The same under the signature of another body: that signature does not verify.
      const text = signedBody(app, {})
      for (const bodyText of ['', 'not json', '[]', 'null', '{"orderId":']) {
        const answer = await deliverNotification(app, { ...text, bodyText })
        expect(answer).toEqual(REFUSED_UNVERIFIED)
      }
    })

    it('a body of another content type, or far too large, with 400', async () => {
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

    it('garbage, signed or not, with 400 and never 500', async () => {
      const order = await createOrder(app, token, { packageId: 'p6' })
      const paid = {
        orderId: order.orderId,
        tradeId: 'sandbox_garbage',
        amountFen: 600,
        status: 'paid',
        paidAt: clock.now().toISOString(),
      }
      const unsigned = (bodyText: string) => ({
        url: 'http://127.0.0.1/api/payments/notify/sandbox',
        headers: { 'Content-Type': 'application/json' },
        bodyText,
      })
      for (const value of Object.values(HOSTILE_STRINGS)) {
        await expectRefused(() => deliverNotification(app, unsigned(value)))
        await expectRefused(() => deliverNotification(app, unsigned(JSON.stringify(value))))
        const badOrder = signedBody(app, { ...paid, orderId: value })
        await expectRefused(() => deliverNotification(app, badOrder))
      }
      for (const value of Object.values(WRONG_TYPES)) {
        for (const field of ['orderId', 'tradeId', 'amountFen', 'status', 'paidAt']) {
          const wrong = signedBody(app, { ...paid, [field]: value })
          await expectRefused(() => deliverNotification(app, wrong))
        }
      }
      // Fields PostgreSQL cannot store are refused before they reach it.
      const nulTrade = signedBody(app, { ...paid, tradeId: 'sandbox_\u0000' })
      await expectRefused(() => deliverNotification(app, nulTrade))
      const genuine = sandboxNotification(app, order)
      for (const timestamp of ['', 'abc', '-1', '1e10', '9'.repeat(40)]) {
        const headers = { ...genuine.headers, 'Sandbox-Timestamp': timestamp }
        await expectRefused(() => deliverNotification(app, { ...genuine, headers }))
      }
      for (const signature of ['', 'zz', 'a'.repeat(5_000)]) {
        const headers = { ...genuine.headers, 'Sandbox-Signature': signature }
        const answer = signature === '' ? REFUSED_MALFORMED : REFUSED_UNVERIFIED
        await expectRefused(() => deliverNotification(app, { ...genuine, headers }), answer)
      }
    })
  })

  it('answers 500 when a good notification cannot be recorded, so the provider sends it again', async () => {
    const order = await createOrder(app, token, { packageId: 'p6' })
    const start = await balance()
    // A real fault of ours: the orders table is not there.
    await sql`ALTER TABLE charge_orders RENAME TO charge_orders_away`.execute(app.db)
    try {
      expect(await deliverNotification(app, sandboxNotification(app, order))).toEqual(FAILED)
    } finally {
      await sql`ALTER TABLE charge_orders_away RENAME TO charge_orders`.execute(app.db)
    }
    expect(await deliverNotification(app, sandboxNotification(app, order))).toEqual(ACKNOWLEDGED)
    expect(await balance()).toBe(start + 60)
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
      expect(await deliverNotification(app, forged)).toEqual(REFUSED_UNVERIFIED)
      const wrongAmount = sandboxNotification(app, { orderId: order.orderId, amountFen: 1 })
      expect(await deliverNotification(app, wrongAmount)).toEqual(REFUSED_MALFORMED)
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
