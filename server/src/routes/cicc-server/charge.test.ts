import type {
  ChargeOrderCreated,
  ChargeOrderStatus,
  PointsBalance,
  PointsLogPage,
} from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import {
  BALANCE_URL,
  CHARGE_URL,
  LOG_URL,
  QUERY_URL,
  checkoutLink,
  createOrder,
  createPointsTestApp,
  pointsState,
  postCheckoutForm,
} from '../payments/pointsTestKit'
import { MAX_OPEN_ORDERS_PER_USER } from './charge'

describe('top-up: charge → sandbox checkout → notification → balance', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  let token: string
  let otherToken: string

  beforeAll(async () => {
    app = await createPointsTestApp({ clock: clock.now })
    token = (await loginAs(app, '86:13700000001')).accessToken
    otherToken = (await loginAs(app, '86:13700000002')).accessToken
  })
  afterAll(async () => {
    await app.close()
  })

  it('credits a package once through the whole sandbox flow', async () => {
    const order = await createOrder(app, token, { packageId: 'p68' })
    expect(order).toMatchObject({
      checkoutKind: 'redirect',
      amountFen: 6_800,
      points: 700,
      expiresAt: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
    })
    expect(order.orderId).toMatch(/^GY\d{14}[0-9A-F]{10}$/)
    expect(order.checkoutUrl).toMatch(
      new RegExp(`^/sandbox/checkout/${order.orderId}\\?expires=\\d+&token=[\\w-]{43}$`),
    )

    const before = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: order.orderId },
    })
    expect(before.envelope.data).toMatchObject({ state: 'created', balance: 0, paidAt: null })

    const page = await app.inject({ method: 'GET', url: order.checkoutUrl })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    for (const text of [
      '订单号',
      order.orderId,
      '¥68.00',
      '700 积分',
      '沙箱支付',
      '确认支付',
      '取消支付',
    ]) {
      expect(page.body).toContain(text)
    }

    const confirmed = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.body).toContain('支付成功')
    expect(confirmed.body).toContain(`/buyPoints?orderId=${order.orderId}`)

    const after = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: order.orderId },
    })
    expect(after.envelope.data).toMatchObject({
      orderId: order.orderId,
      state: 'paid',
      amountFen: 6_800,
      points: 700,
      balance: 700,
      paidAt: clock.now().toISOString(),
    })
    const balance = await call<PointsBalance>(app, BALANCE_URL, { token })
    expect(balance.envelope.data).toEqual({ points: 700 })
    const log = await call<PointsLogPage>(app, LOG_URL, { token, body: { page: 1, pageSize: 10 } })
    expect(log.envelope.data.records).toEqual([
      {
        id: expect.any(String),
        kind: 'topup',
        title: '积分充值 ¥68.00',
        time: clock.now().toISOString(),
        amount: 700,
        balanceAfter: 700,
      },
    ])

    // Pressing 确认支付 again (a reload, a double click) answers the same and credits nothing.
    const again = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    expect(again.body).toContain('支付成功')
    expect((await call<PointsBalance>(app, BALANCE_URL, { token })).envelope.data.points).toBe(700)
    // So does reopening the page: it shows the outcome, no buttons.
    const reopened = await app.inject({ method: 'GET', url: order.checkoutUrl })
    expect(reopened.body).toContain('支付成功')
    expect(reopened.body).not.toContain('<button')
  })

  it('credits a custom amount at 10 points per yuan, rounding partial points down', async () => {
    const order = await createOrder(app, token, { amountFen: 1_234 })
    expect(order).toMatchObject({ amountFen: 1_234, points: 123 })
    await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    const balance = await call<PointsBalance>(app, BALANCE_URL, { token })
    expect(balance.envelope.data.points).toBe(700 + 123)
  })

  it('never takes the points from the client', async () => {
    const answer = await call<ChargeOrderCreated>(app, CHARGE_URL, {
      token,
      body: { packageId: 'p6', points: 999_999, amountFen: undefined },
    })
    expect(answer.envelope.data).toMatchObject({ amountFen: 600, points: 60 })
  })

  it('cancelling closes the order and credits nothing', async () => {
    const before = (await call<PointsBalance>(app, BALANCE_URL, { token })).envelope.data.points
    const order = await createOrder(app, token, { packageId: 'p30' })
    const cancelled = await postCheckoutForm(app, order.checkoutUrl, 'cancel')
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.body).toContain('已取消')
    const status = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: order.orderId },
    })
    expect(status.envelope.data).toMatchObject({ state: 'closed', balance: before })
    // Changing one's mind afterwards is refused, and still credits nothing.
    const paidLater = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    expect(paidLater.statusCode).toBe(409)
    expect((await call<PointsBalance>(app, BALANCE_URL, { token })).envelope.data.points).toBe(
      before,
    )
  })

  it("answers 403 for someone else's order and 404 for an unknown one, changing nothing", async () => {
    const order = await createOrder(app, token, { packageId: 'p6' })
    const state = await pointsState(app)
    const foreign = await call(app, QUERY_URL, {
      token: otherToken,
      body: { orderId: order.orderId },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.envelope).toEqual({
      code: '403',
      msg: MESSAGES.chargeOrderForbidden,
      data: null,
    })
    const unknown = await call(app, QUERY_URL, {
      token,
      body: { orderId: 'GY000000000000000000000000' },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.envelope).toEqual({ code: '404', msg: MESSAGES.chargeOrderNotFound, data: null })
    expect(await pointsState(app)).toEqual(state)
  })

  it('refuses a checkout link that is forged, for another order, or expired', async () => {
    const order = await createOrder(app, token, { packageId: 'p6' })
    const other = await createOrder(app, token, { packageId: 'p6' })
    const link = checkoutLink(order.checkoutUrl)
    const otherLink = checkoutLink(other.checkoutUrl)
    const state = await pointsState(app)
    const forged = `${link.path}?expires=${link.expires}&token=${'A'.repeat(43)}`
    const swapped = `${link.path}?expires=${otherLink.expires}&token=${otherLink.token}`
    for (const url of [forged, swapped, link.path, `${link.path}?token=${link.token}`]) {
      const page = await app.inject({ method: 'GET', url })
      expect(page.statusCode).toBe(403)
      expect(page.body).toContain('链接无效或已过期')
      expect(page.body).not.toContain(order.orderId)
    }
    for (const override of [
      { token: 'A'.repeat(43) },
      { token: otherLink.token },
      { expires: '1' },
    ]) {
      const posted = await postCheckoutForm(app, order.checkoutUrl, 'confirm', override)
      expect(posted.statusCode).toBe(403)
    }
    expect(await pointsState(app)).toEqual(state)
  })

  it('the checkout page cannot run scripts or be framed', async () => {
    const order = await createOrder(app, token, { packageId: 'p6' })
    const page = await app.inject({ method: 'GET', url: order.checkoutUrl })
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).not.toContain('<script')
  })

  it('limits how many unpaid orders one user may keep open', async () => {
    const fresh = (await loginAs(app, '86:13700000003')).accessToken
    for (let index = 0; index < MAX_OPEN_ORDERS_PER_USER; index += 1) {
      await createOrder(app, fresh, { packageId: 'p6' })
    }
    const state = await pointsState(app)
    const refused = await call(app, CHARGE_URL, { token: fresh, body: { packageId: 'p6' } })
    expect(refused.status).toBe(429)
    expect(refused.envelope.msg).toBe(MESSAGES.chargeTooManyOpenOrders)
    expect(await pointsState(app)).toEqual(state)
  })

  it('opens no more orders than the limit when the requests arrive all at once', async () => {
    const fresh = await loginAs(app, '86:13700000004')
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(app, CHARGE_URL, { token: fresh.accessToken, body: { packageId: 'p6' } }),
      ),
    )
    const codes = answers.map((answer) => answer.envelope.code)
    expect(codes.filter((code) => code === '000')).toHaveLength(MAX_OPEN_ORDERS_PER_USER)
    expect(codes.filter((code) => code === '429')).toHaveLength(40 - MAX_OPEN_ORDERS_PER_USER)
    const orders = await app.db
      .selectFrom('charge_orders')
      .select('order_id')
      .where('user_id', '=', fresh.userInfo.userId)
      .execute()
    expect(orders).toHaveLength(MAX_OPEN_ORDERS_PER_USER)
  })

  it('closes an unpaid order after 30 minutes, on query and by the sweep', async () => {
    const queried = await createOrder(app, token, { packageId: 'p6' })
    const swept = await createOrder(app, token, { packageId: 'p6' })
    clock.advance(30 * 60_000 - 1)
    const stillOpen = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: queried.orderId },
    })
    expect(stillOpen.envelope.data.state).toBe('created')

    clock.advance(1)
    const closed = await call<ChargeOrderStatus>(app, QUERY_URL, {
      token,
      body: { orderId: queried.orderId },
    })
    expect(closed.envelope.data.state).toBe('closed')
    expect(await app.payments.sweepExpiredOrders()).toBeGreaterThanOrEqual(1)
    const sweptRow = await app.db
      .selectFrom('charge_orders')
      .select('state')
      .where('order_id', '=', swept.orderId)
      .executeTakeFirstOrThrow()
    expect(sweptRow.state).toBe('closed')

    // The link has expired with the order: the page refuses it, and nothing can be paid.
    const page = await app.inject({ method: 'GET', url: swept.checkoutUrl })
    expect(page.statusCode).toBe(403)
    const paid = await postCheckoutForm(app, swept.checkoutUrl, 'confirm')
    expect(paid.statusCode).toBe(403)
  })
})

describe('charge and queryChargeOrder: bad input', () => {
  let app: FastifyInstance
  let token: string

  beforeAll(async () => {
    app = await createPointsTestApp()
    token = (await loginAs(app, '86:13700000009')).accessToken
  })
  afterAll(async () => {
    await app.close()
  })

  const HOSTILE: Record<string, unknown> = {
    missing: undefined,
    null: null,
    boolean: true,
    array: ['p6'],
    object: { $gt: '' },
    'SQL quote': "p6' OR '1'='1",
    HTML: '<script>alert(1)</script>',
    'NUL byte': 'p6\u0000',
    'too long': 'p'.repeat(5_000),
    empty: '',
  }
  const BAD_AMOUNTS: Record<string, unknown> = {
    negative: -600,
    zero: 0,
    'below ¥1': 99,
    'above ¥5000': 500_001,
    absurd: 1e15,
    fraction: 600.5,
    'numeric string': '600',
    'NaN text': 'NaN',
    null: null,
    array: [600],
    object: { value: 600 },
    HTML: '<b>600</b>',
  }

  async function expectRefused(
    url: string,
    body: unknown,
    message: string,
    options: { bodyText?: string } = {},
  ) {
    const before = await pointsState(app)
    const answer = await call(app, url, {
      token,
      ...(options.bodyText === undefined ? { body } : { bodyText: options.bodyText }),
    })
    expect(answer.status).toBe(400)
    expect(answer.envelope).toEqual({ code: '400', msg: message, data: null })
    expect(await pointsState(app)).toEqual(before)
  }

  it.each(Object.entries(HOSTILE))('refuses packageId %s', async (_kind, value) => {
    const message =
      value === undefined ? MESSAGES.chargeChoiceRequired : MESSAGES.chargePackageUnknown
    await expectRefused(CHARGE_URL, { packageId: value }, message)
  })

  it('refuses a package that does not exist', async () => {
    await expectRefused(CHARGE_URL, { packageId: 'p999' }, MESSAGES.chargePackageUnknown)
  })

  it.each(Object.entries(BAD_AMOUNTS))('refuses amountFen %s', async (_kind, value) => {
    await expectRefused(CHARGE_URL, { amountFen: value }, MESSAGES.chargeAmountInvalid)
  })

  it('refuses both a package and an amount, or neither', async () => {
    await expectRefused(
      CHARGE_URL,
      { packageId: 'p6', amountFen: 600 },
      MESSAGES.chargeChoiceRequired,
    )
    await expectRefused(CHARGE_URL, {}, MESSAGES.chargeChoiceRequired)
  })

  it.each([
    ['no body', undefined],
    ['array body', []],
    ['string body', 'p6'],
    ['number body', 42],
  ])('refuses charge with %s', async (_kind, body) => {
    const before = await pointsState(app)
    const answer = await call(app, CHARGE_URL, { token, ...(body === undefined ? {} : { body }) })
    expect(answer.status).toBe(400)
    expect(answer.envelope.code).toBe('400')
    expect(await pointsState(app)).toEqual(before)
  })

  it('refuses malformed JSON and prototype pollution', async () => {
    for (const bodyText of ['{"packageId": ', '{"__proto__": {"amountFen": 600}}']) {
      const before = await pointsState(app)
      const answer = await call(app, CHARGE_URL, { token, bodyText })
      expect(answer.status).toBe(400)
      expect(await pointsState(app)).toEqual(before)
    }
  })

  it.each(
    Object.entries({
      ...HOSTILE,
      number: 123456789,
      'too short': 'GY123',
      'too long id': 'G'.repeat(33),
      'path traversal': '../../etc/passwd',
    }),
  )('refuses queryChargeOrder orderId %s', async (_kind, value) => {
    await expectRefused(QUERY_URL, { orderId: value }, MESSAGES.chargeOrderIdInvalid)
  })

  it('needs login for every call', async () => {
    for (const url of [CHARGE_URL, QUERY_URL]) {
      const answer = await call(app, url, { body: { packageId: 'p6', orderId: 'GY1234567' } })
      expect(answer.status).toBe(401)
      expect(answer.envelope.msg).toBe(MESSAGES.missingLogin)
    }
  })
})
