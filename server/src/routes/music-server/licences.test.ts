import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { WorkItem } from '@gy/api/contract'
import {
  LICENCE_MESSAGES,
  type EarningsPage,
  type LicenceDownload,
  type LicenceOptions,
  type LicenceOrderCreated,
  type LicenceOrderStatus,
  type LicencePage,
} from '@gy/api/licences'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { splitSale } from '../../domain/licences'
import { call, loginAs } from '../../test/call'
import { insertTestDeposit, uniqueTestMp3 } from '../../test/depositFixtures'
import {
  ACKNOWLEDGED,
  QUERY_URL,
  createPointsTestApp,
  deliverNotification,
  pointsState,
  postCheckoutForm,
  sandboxNotification,
} from '../payments/pointsTestKit'

const API = '/api/music-server/musicGoods'
const OPTIONS = `${API}/licenceOptions`
const BUY = `${API}/buyLicence`
const ORDER = `${API}/licenceOrder`
const MINE = `${API}/myLicences`
const CERTIFICATE = `${API}/licenceCertificate`
const FILE = `${API}/licenceFile`
const EARNINGS = `${API}/earnings`
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

interface Account {
  token: string
  userId: string
  nickName: string
}

describe('music-server licences and earnings', () => {
  let app: FastifyInstance
  let seller: Account
  let buyer: Account
  let stranger: Account
  let goodsId: string
  let delistedGoodsId: string
  let originalSha256: string

  async function account(phone: string): Promise<Account> {
    const login = await loginAs(app, phone)
    return {
      token: login.accessToken,
      userId: login.userInfo.userId,
      nickName: login.userInfo.nickName,
    }
  }

  async function listWork(title: string, priceFen: number, audio?: Uint8Array): Promise<string> {
    const deposit = await insertTestDeposit(app, seller.userId, {
      title,
      ...(audio === undefined ? {} : { audio }),
    })
    const listed = await call<{ goodsId: string }>(app, `${API}/musicListing`, {
      token: seller.token,
      body: { depositId: deposit.id, priceFen },
    })
    expect(listed.envelope.code).toBe('000')
    const id = listed.envelope.data.goodsId
    // The listing's audio is prepared by a job in this process; a licence waits for it.
    await vi.waitFor(
      async () => {
        const item = await call<WorkItem>(app, '/api/music-server/keepRecord/musicById', {
          body: { musicId: id },
        })
        expect(item.envelope, 'listing never became playable').toMatchObject({ code: '000' })
      },
      { timeout: 30_000, interval: 50 },
    )
    return id
  }

  /** Every row a refused call must leave as it was. */
  async function moneyState() {
    const count = async (table: 'licence_orders' | 'licences' | 'musician_earnings') =>
      (await app.db.selectFrom(table).selectAll().execute()).length
    return {
      points: await pointsState(app),
      licenceOrders: await count('licence_orders'),
      licences: await count('licences'),
      earnings: await count('musician_earnings'),
    }
  }

  beforeAll(async () => {
    app = await createPointsTestApp()
    seller = await account('86:13700000001')
    buyer = await account('86:13700000002')
    stranger = await account('86:13700000003')
    const audio = uniqueTestMp3()
    originalSha256 = createHash('sha256').update(audio).digest('hex')
    goodsId = await listWork('山间晚风', 990, audio)
    delistedGoodsId = await listWork('旧日来信', 500)
    const delisted = await call(app, `${API}/delist`, {
      token: seller.token,
      body: { goodsId: delistedGoodsId },
    })
    expect(delisted.envelope.code).toBe('000')
  })
  afterAll(async () => {
    await app.close()
  })

  it('splits a sale in whole fen: the platform rounds down, the musician gets the rest', () => {
    expect(splitSale(990, 10)).toEqual({ commissionFen: 99, netFen: 891 })
    expect(splitSale(999, 10)).toEqual({ commissionFen: 99, netFen: 900 })
    expect(splitSale(1, 10)).toEqual({ commissionFen: 0, netFen: 1 })
    for (const gross of [1, 7, 333, 4_950, 5_000_000]) {
      for (const percent of [0, 3, 10, 33, 100]) {
        const { commissionFen, netFen } = splitSale(gross, percent)
        expect(commissionFen + netFen).toBe(gross)
        expect(Number.isInteger(commissionFen) && commissionFen >= 0).toBe(true)
      }
    }
  })

  it('offers 个人使用 at the listing price and 商业使用 at five times, with terms', async () => {
    const answer = await call<LicenceOptions>(app, OPTIONS, {
      token: buyer.token,
      body: { goodsId },
    })
    expect(answer.envelope.code).toBe('000')
    const options = answer.envelope.data
    expect(options).toMatchObject({ goodsId, title: '山间晚风', purchasable: true, reason: null })
    expect(options.options.map((option) => [option.name, option.priceFen, option.owned])).toEqual([
      ['个人使用', 990, false],
      ['商业使用', 4_950, false],
    ])
    for (const option of options.options) {
      expect(option.terms.some((term) => term.startsWith('期限'))).toBe(true)
      expect(option.terms.some((term) => term.startsWith('地域'))).toBe(true)
    }
    // Visitors see the prices too; the owner is told why they cannot buy.
    const visitor = await call<LicenceOptions>(app, OPTIONS, { body: { goodsId } })
    expect(visitor.envelope.data.purchasable).toBe(true)
    const own = await call<LicenceOptions>(app, OPTIONS, { token: seller.token, body: { goodsId } })
    expect(own.envelope.data).toMatchObject({
      purchasable: false,
      reason: LICENCE_MESSAGES.licenceOwnWork,
    })
    const delisted = await call<LicenceOptions>(app, OPTIONS, {
      token: buyer.token,
      body: { goodsId: delistedGoodsId },
    })
    expect(delisted.envelope.data.reason).toBe(LICENCE_MESSAGES.licenceDelisted)
  })

  it('sells a licence through the sandbox: one licence, one earnings row, no points', async () => {
    const created = await call<LicenceOrderCreated>(app, BUY, {
      token: buyer.token,
      body: { goodsId, licenceType: 'personal', payMethod: 'redirect' },
    })
    expect(created.envelope.code).toBe('000')
    const order = created.envelope.data
    expect(order).toMatchObject({ amountFen: 990, licenceType: 'personal', goodsId })
    const open = await call<LicenceOrderStatus>(app, ORDER, {
      token: buyer.token,
      body: { orderId: order.orderId },
    })
    expect(open.envelope.data).toMatchObject({ state: 'created', licenceId: null })

    const page = await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    expect(page.body).toContain('支付成功')
    const paid = await call<LicenceOrderStatus>(app, ORDER, {
      token: buyer.token,
      body: { orderId: order.orderId },
    })
    expect(paid.envelope.data).toMatchObject({ state: 'paid', title: '山间晚风' })
    expect(paid.envelope.data.licenceId).toEqual(expect.any(String))

    // Duplicates, one after the other and all at once, change nothing more.
    const before = await moneyState()
    expect(await deliverNotification(app, sandboxNotification(app, order))).toEqual(ACKNOWLEDGED)
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => deliverNotification(app, sandboxNotification(app, order))),
    )
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(await moneyState()).toEqual(before)
    expect(before.licences).toBe(1)
    expect(before.earnings).toBe(1)
    // A licence order buys no points.
    expect(
      await app.db
        .selectFrom('points_ledger')
        .selectAll()
        .where('user_id', '=', buyer.userId)
        .execute(),
    ).toEqual([])

    const earnings = await call<EarningsPage>(app, EARNINGS, { token: seller.token, body: {} })
    expect(earnings.envelope.data.totals).toEqual({
      sales: 1,
      grossFen: 990,
      commissionFen: 99,
      netFen: 891,
    })
    expect(earnings.envelope.data.records).toMatchObject([
      { orderId: order.orderId, title: '山间晚风', licenceName: '个人使用', netFen: 891 },
    ])
    expect(earnings.envelope.data.commissionPercent).toBe(10)
    const buyerEarnings = await call<EarningsPage>(app, EARNINGS, { token: buyer.token, body: {} })
    expect(buyerEarnings.envelope.data.totals.sales).toBe(0)

    const mine = await call<LicencePage>(app, MINE, { token: buyer.token, body: {} })
    expect(mine.envelope.data.total).toBe(1)
    expect(mine.envelope.data.records[0]).toMatchObject({
      goodsId,
      title: '山间晚风',
      licenceName: '个人使用',
      priceFen: 990,
      orderId: order.orderId,
    })
    const owned = await call<LicenceOptions>(app, OPTIONS, {
      token: buyer.token,
      body: { goodsId },
    })
    expect(owned.envelope.data.options.map((option) => option.owned)).toEqual([true, false])
  })

  async function heldLicenceId(): Promise<string> {
    const mine = await call<LicencePage>(app, MINE, { token: buyer.token, body: {} })
    const licenceId = mine.envelope.data.records[0]?.licenceId
    if (licenceId === undefined) throw new Error('the buyer holds no licence')
    return licenceId
  }

  it('gives the holder a certificate naming work, buyer, seller, terms and order', async () => {
    const licenceId = await heldLicenceId()
    const answer = await call<LicenceDownload>(app, CERTIFICATE, {
      token: buyer.token,
      body: { licenceId },
    })
    expect(answer.envelope.code).toBe('000')
    const response = await app.inject({ method: 'GET', url: answer.envelope.data.url })
    expect(response.statusCode).toBe(200)
    const bytes = response.rawPayload
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const folder = mkdtempSync(path.join(tmpdir(), 'licence-'))
    try {
      const file = path.join(folder, 'certificate.pdf')
      writeFileSync(file, bytes)
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      const orderId = (await call<LicencePage>(app, MINE, { token: buyer.token, body: {} }))
        .envelope.data.records[0]?.orderId
      for (const expected of ['作品授权证书', '山间晚风', buyer.nickName, '个人使用', '期限']) {
        expect(text).toContain(expected)
      }
      expect(text).toContain(orderId)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('gives the holder the deposited file itself, and no one else', async () => {
    const licenceId = await heldLicenceId()
    const answer = await call<LicenceDownload>(app, FILE, {
      token: buyer.token,
      body: { licenceId },
    })
    expect(answer.envelope.code).toBe('000')
    const response = await app.inject({ method: 'GET', url: answer.envelope.data.url })
    expect(response.statusCode).toBe(200)
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(originalSha256)

    for (const url of [FILE, CERTIFICATE]) {
      const other = await call(app, url, { token: stranger.token, body: { licenceId } })
      expect(other.status).toBe(403)
      expect(other.envelope.msg).toBe(LICENCE_MESSAGES.licenceForbidden)
      const seller403 = await call(app, url, { token: seller.token, body: { licenceId } })
      expect(seller403.status).toBe(403)
    }
  })

  it('refuses bad purchases with a clear message, and changes and charges nothing', async () => {
    const before = await moneyState()
    const paidOrder = (await call<LicencePage>(app, MINE, { token: buyer.token, body: {} }))
      .envelope.data.records[0]?.orderId
    const refusals: Array<[string, string, unknown, number, string]> = [
      [
        BUY,
        seller.token,
        { goodsId, licenceType: 'personal' },
        409,
        LICENCE_MESSAGES.licenceOwnWork,
      ],
      [
        BUY,
        buyer.token,
        { goodsId: delistedGoodsId, licenceType: 'personal' },
        409,
        LICENCE_MESSAGES.licenceDelisted,
      ],
      // Paying for the same licence twice.
      [
        BUY,
        buyer.token,
        { goodsId, licenceType: 'personal' },
        409,
        LICENCE_MESSAGES.licenceAlreadyOwned,
      ],
      [
        BUY,
        buyer.token,
        { goodsId, licenceType: 'forever' },
        400,
        LICENCE_MESSAGES.licenceTypeInvalid,
      ],
      [BUY, buyer.token, { goodsId }, 400, LICENCE_MESSAGES.licenceTypeInvalid],
      [
        BUY,
        buyer.token,
        { goodsId, licenceType: 'personal', payMethod: 'cash' },
        400,
        LICENCE_MESSAGES.payMethodInvalid,
      ],
      [BUY, buyer.token, { goodsId: 'x', licenceType: 'personal' }, 400, MESSAGES.goodsIdInvalid],
      [
        BUY,
        buyer.token,
        { goodsId: UNKNOWN_ID, licenceType: 'commercial' },
        404,
        MESSAGES.goodsNotFound,
      ],
      [OPTIONS, buyer.token, { goodsId: UNKNOWN_ID }, 404, MESSAGES.goodsNotFound],
      [ORDER, stranger.token, { orderId: paidOrder }, 403, LICENCE_MESSAGES.licenceOrderForbidden],
      [ORDER, buyer.token, { orderId: 'GY0000000000' }, 404, LICENCE_MESSAGES.licenceOrderNotFound],
      [
        ORDER,
        buyer.token,
        { orderId: "1' OR '1'='1" },
        400,
        LICENCE_MESSAGES.licenceOrderIdInvalid,
      ],
      [QUERY_URL, buyer.token, { orderId: paidOrder }, 404, MESSAGES.chargeOrderNotFound],
      [FILE, buyer.token, { licenceId: UNKNOWN_ID }, 404, LICENCE_MESSAGES.licenceNotFound],
      [CERTIFICATE, buyer.token, { licenceId: 'nope' }, 400, LICENCE_MESSAGES.licenceIdInvalid],
    ]
    for (const [url, token, body, status, message] of refusals) {
      const answer = await call(app, url, { token, body })
      expect({ url, body, status: answer.status, msg: answer.envelope.msg }).toEqual({
        url,
        body,
        status,
        msg: message,
      })
    }
    const anonymous = await call(app, BUY, { body: { goodsId, licenceType: 'commercial' } })
    expect(anonymous.status).toBe(401)
    expect(await moneyState()).toEqual(before)
  })
})
