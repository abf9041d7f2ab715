import type { ChargeOrderCreated, ChargeOrderStatus } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { call, loginAs } from '../test/call'
import { createFakeClock } from '../test/fakeClock'
import {
  CHARGE_URL,
  QUERY_URL,
  createOrder,
  createPointsTestApp,
  pointsState,
  postCheckoutForm,
} from '../routes/payments/pointsTestKit'

/** The sandbox's QR checkout: the code carries the checkout page's absolute URL. */
describe('sandbox QR checkout', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  let token: string

  beforeAll(async () => {
    app = await createPointsTestApp({ clock: clock.now })
    token = (await loginAs(app, '86:13700000031')).accessToken
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers a code whose URL opens the checkout page, and paying there credits the points', async () => {
    const order = await createOrder(app, token, { packageId: 'p6', checkoutKind: 'qrCode' })
    expect(order.checkoutKind).toBe('qrCode')
    const code = new URL(order.checkoutUrl)
    expect(code.origin).toBe(new URL(app.payments.returnUrl(order.orderId)).origin)
    expect(code.pathname).toBe(`/sandbox/checkout/${order.orderId}`)
    expect(code.searchParams.get('token')).toMatch(/^[\w-]{43}$/)

    // "Scanning" is opening the URL: the page shows the order and the confirm button.
    const page = await app.inject({ method: 'GET', url: code.pathname + code.search })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('确认支付')
    expect(page.body).toContain(order.orderId)

    const confirmed = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.body).toContain('支付成功')
    const status = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: order.orderId },
    })
    expect(status.envelope.data).toMatchObject({ state: 'paid', balance: order.points })
  })

  it('keeps the page checkout for a redirect request and for a request that names none', async () => {
    for (const request of [
      { packageId: 'p6', checkoutKind: 'redirect' as const },
      { packageId: 'p6' },
    ]) {
      const order = await createOrder(app, token, request)
      expect(order.checkoutKind).toBe('redirect')
      expect(order.checkoutUrl).toMatch(/^\/sandbox\/checkout\//)
    }
  })

  it('refuses a checkout kind it does not know with the envelope, creating nothing', async () => {
    const before = await pointsState(app)
    for (const checkoutKind of ['cash', 1, null, '']) {
      const answer = await call<ChargeOrderCreated>(app, CHARGE_URL, {
        token,
        body: { packageId: 'p6', checkoutKind },
      })
      expect(answer.status).toBe(400)
      expect(answer.envelope).toMatchObject({
        code: '400',
        msg: MESSAGES.chargeCheckoutKindInvalid,
      })
    }
    expect(await pointsState(app)).toEqual(before)
  })

  it('refuses to pay a QR code past its expiry, and the order reads closed', async () => {
    const order = await createOrder(app, token, { packageId: 'p6', checkoutKind: 'qrCode' })
    clock.advance(31 * 60_000)
    const late = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    expect(late.statusCode).toBe(403)
    const status = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: order.orderId },
    })
    expect(status.envelope.data.state).toBe('closed')
  })
})

describe('SANDBOX_ORDER_TTL_SECONDS', () => {
  it('shortens how long a sandbox order stays payable, so a test can watch a QR code expire', async () => {
    const clock = createFakeClock()
    const app = await createPointsTestApp({
      clock: clock.now,
      env: { SANDBOX_ORDER_TTL_SECONDS: '20' },
    })
    try {
      const { accessToken } = await loginAs(app, '86:13700000032')
      const order = await createOrder(app, accessToken, { packageId: 'p6', checkoutKind: 'qrCode' })
      expect(order.expiresAt).toBe(new Date(clock.now().getTime() + 20_000).toISOString())
    } finally {
      await app.close()
    }
  })

  it.each(['0', '4', '-1', 'soon', '1.5'])('refuses %j at start', (value) => {
    expect(() => loadConfig({ SANDBOX_ORDER_TTL_SECONDS: value })).toThrow(ConfigError)
  })

  it('keeps the 30 minutes by default', () => {
    const config = loadConfig({})
    expect(config.payments).toMatchObject({ provider: 'sandbox', orderTtlMs: 30 * 60_000 })
  })
})
