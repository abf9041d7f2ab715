/**
 * One licence per buyer, work and type, ever (issue 30): checkouts opened at once share one
 * order, and a second order paid anyway grants nothing, credits the musician nothing and is
 * refunded through the provider. On PGlite, and on PostgreSQL (row locks, real concurrency)
 * when DATABASE_URL is set.
 */
import {
  LICENCE_MESSAGES,
  type LicenceOrderCreated,
  type LicenceOrderStatus,
  type LicenceType,
} from '@gy/api/licences'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refundPendingPayments } from '../../domain/paymentRefunds'
import { call, loginAs } from '../../test/call'
import { insertTestDeposit } from '../../test/depositFixtures'
import { createFakeClock } from '../../test/fakeClock'
import {
  ACKNOWLEDGED,
  createPointsTestApp,
  deliverNotification,
  payAtProviderOnly,
  postCheckoutForm,
  sandboxNotification,
  sandboxOrderState,
} from '../payments/pointsTestKit'

const API = '/api/music-server/musicGoods'
const BUY = `${API}/buyLicence`
const ORDER = `${API}/licenceOrder`
const ORDER_LIFETIME_MS = 30 * 60_000

describe('a licence is paid once', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  let seller: { token: string; userId: string }
  let buyer: { token: string; userId: string }
  let goodsId: string
  let otherGoodsId: string

  async function account(phone: string) {
    const login = await loginAs(app, phone)
    return { token: login.accessToken, userId: login.userInfo.userId }
  }

  function buy(licenceType: LicenceType) {
    return call<LicenceOrderCreated>(app, BUY, {
      token: buyer.token,
      body: { goodsId, licenceType, payMethod: 'redirect' },
    })
  }

  function buyOther() {
    return call<LicenceOrderCreated>(app, BUY, {
      token: buyer.token,
      body: { goodsId: otherGoodsId, licenceType: 'personal', payMethod: 'redirect' },
    })
  }

  async function orderStatus(orderId: string): Promise<LicenceOrderStatus> {
    const answer = await call<LicenceOrderStatus>(app, ORDER, {
      token: buyer.token,
      body: { orderId },
    })
    return answer.envelope.data
  }

  /** The order's 30 minutes pass; our sweep closes it as unpaid. */
  async function letOrdersExpire(): Promise<void> {
    clock.advance(ORDER_LIFETIME_MS + 1_000)
    await app.payments.sweepExpiredOrders()
  }

  /** Licences and earnings of the buyer's `type` licence, and the refunds of its orders. */
  async function moneyOf(type: LicenceType) {
    const licences = await app.db
      .selectFrom('licences')
      .select(['id', 'order_id'])
      .where('buyer_user_id', '=', buyer.userId)
      .where('goods_id', '=', goodsId)
      .where('licence_type', '=', type)
      .execute()
    const earnings = await app.db
      .selectFrom('musician_earnings')
      .innerJoin('licence_orders', 'licence_orders.order_id', 'musician_earnings.order_id')
      .select(['musician_earnings.order_id', 'musician_earnings.net_fen'])
      .where('licence_orders.buyer_user_id', '=', buyer.userId)
      .where('licence_orders.licence_type', '=', type)
      .execute()
    const refunds = await app.db
      .selectFrom('payment_refunds')
      .innerJoin('licence_orders', 'licence_orders.order_id', 'payment_refunds.order_id')
      .select(['payment_refunds.order_id', 'payment_refunds.state', 'payment_refunds.amount_fen'])
      .where('licence_orders.buyer_user_id', '=', buyer.userId)
      .where('licence_orders.licence_type', '=', type)
      .execute()
    return { licences, earnings, refunds }
  }

  async function listWork(title: string): Promise<string> {
    const deposit = await insertTestDeposit(app, seller.userId, { title })
    const listed = await call<{ goodsId: string }>(app, `${API}/musicListing`, {
      token: seller.token,
      body: { depositId: deposit.id, priceFen: 880 },
    })
    expect(listed.envelope.code).toBe('000')
    const id = listed.envelope.data.goodsId
    // A listing is sold once its audio is prepared for the player, by a job whose timing this
    // test's stopped clock would hold up; the audio is not what this test is about.
    await app.db.updateTable('works').set({ audio_ready: true }).where('id', '=', id).execute()
    return id
  }

  beforeAll(async () => {
    app = await createPointsTestApp({ clock: clock.now })
    seller = await account('86:13700000031')
    buyer = await account('86:13700000032')
    goodsId = await listWork('一次就好')
    otherGoodsId = await listWork('再一次')
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers six checkouts opened at once with one order, and paying it grants one licence', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy('personal')))
    expect(answers.map((answer) => answer.envelope.code)).toEqual(Array(6).fill('000'))
    const orderIds = new Set(answers.map((answer) => answer.envelope.data.orderId))
    expect(orderIds.size).toBe(1)
    const [orderId] = [...orderIds]
    if (orderId === undefined) throw new Error('no order')
    const orders = await app.db
      .selectFrom('licence_orders')
      .select('order_id')
      .where('buyer_user_id', '=', buyer.userId)
      .where('licence_type', '=', 'personal')
      .execute()
    expect(orders).toEqual([{ order_id: orderId }])

    // Every answer carries a checkout link that pays that one order.
    const page = await postCheckoutForm(app, answers[5]?.envelope.data.checkoutUrl ?? '', 'confirm')
    expect(page.body).toContain('支付成功')
    const money = await moneyOf('personal')
    expect(money.licences).toEqual([{ id: expect.any(String), order_id: orderId }])
    expect(money.earnings).toEqual([{ order_id: orderId, net_fen: 792 }])
    expect(money.refunds).toEqual([])

    const again = await buy('personal')
    expect(again.envelope).toMatchObject({
      code: '409',
      msg: LICENCE_MESSAGES.licenceAlreadyOwned,
    })
  })

  it('refunds a second order paid anyway, at the same moment as the first: one licence, one earning', async () => {
    // The payer paid order A at the provider in its last moments; its notification is late,
    // so our sweep closed A, and the payer opened and paid order B meanwhile.
    const first = (await buy('commercial')).envelope.data
    await payAtProviderOnly(app, first.orderId)
    await letOrdersExpire()
    expect((await orderStatus(first.orderId)).state).toBe('closed')
    const second = (await buy('commercial')).envelope.data
    expect(second.orderId).not.toBe(first.orderId)
    await payAtProviderOnly(app, second.orderId)

    // Both notifications arrive at once, each twice.
    const notifications = [first, second].flatMap((order) => [
      sandboxNotification(app, order),
      sandboxNotification(app, order),
    ])
    const answers = await Promise.all(notifications.map((n) => deliverNotification(app, n)))
    expect(answers).toEqual(Array(4).fill(ACKNOWLEDGED))

    const money = await moneyOf('commercial')
    expect(money.licences).toHaveLength(1)
    const licensed = money.licences[0]?.order_id
    const refunded = licensed === first.orderId ? second : first
    expect(money.earnings).toEqual([{ order_id: licensed, net_fen: 3_960 }])
    expect(money.refunds).toEqual([
      { order_id: refunded.orderId, state: 'refunded', amount_fen: 4_400 },
    ])
    // The provider gave the money back, and the payer's order says so.
    expect(await sandboxOrderState(app, refunded.orderId)).toBe('refunded')
    expect(await orderStatus(refunded.orderId)).toMatchObject({
      state: 'refunded',
      licenceId: null,
    })
    expect((await orderStatus(licensed ?? '')).state).toBe('paid')

    // Repeats change nothing: no second refund, licence or earning.
    const repeats = await Promise.all(notifications.map((n) => deliverNotification(app, n)))
    expect(repeats).toEqual(Array(4).fill(ACKNOWLEDGED))
    expect(await moneyOf('commercial')).toEqual(money)
  })

  it('keeps a refund the provider did not accept, and asks again with the same refund id', async () => {
    // Order A's paid notification arrives before the provider has recorded the payment: the
    // refund it owes is refused for now, and stays owed.
    const first = (await buyOther()).envelope.data
    await letOrdersExpire()
    const second = (await buyOther()).envelope.data
    expect((await postCheckoutForm(app, second.checkoutUrl, 'confirm')).body).toContain('支付成功')
    expect(await deliverNotification(app, sandboxNotification(app, first))).toEqual(ACKNOWLEDGED)
    const pending = await app.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('order_id', '=', first.orderId)
      .executeTakeFirstOrThrow()
    expect(pending).toMatchObject({ state: 'pending', attempts: 1, amount_fen: 880 })
    expect(pending.last_error).toContain('refund_refused')
    expect((await orderStatus(first.orderId)).state).toBe('paid')

    // The provider records the payment; the next refund pass (every minute) gets it accepted.
    await app.db
      .updateTable('sandbox_orders')
      .set({ state: 'paid', paid_at: clock.now() })
      .where('order_id', '=', first.orderId)
      .execute()
    const provider = app.payments.provider
    if (provider === null) throw new Error('the test app has no provider')
    expect(await refundPendingPayments(app.db, provider, 'sandbox', clock.now())).toEqual([
      { orderId: first.orderId, refunded: true },
    ])
    const done = await app.db
      .selectFrom('payment_refunds')
      .selectAll()
      .where('order_id', '=', first.orderId)
      .executeTakeFirstOrThrow()
    expect(done).toMatchObject({ state: 'refunded', refund_id: pending.refund_id, attempts: 1 })
    expect(await sandboxOrderState(app, first.orderId)).toBe('refunded')
    expect((await orderStatus(first.orderId)).state).toBe('refunded')
    // Nothing is left to refund, and the one licence of the other work is the second order's.
    expect(await refundPendingPayments(app.db, provider, 'sandbox', clock.now())).toEqual([])
    const licences = await app.db
      .selectFrom('licences')
      .select('order_id')
      .where('goods_id', '=', otherGoodsId)
      .execute()
    expect(licences).toEqual([{ order_id: second.orderId }])
  })
})
