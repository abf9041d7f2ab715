import type { PointsBalance, PointsLogPage, PointsRate } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { debitForJob, grantPoints, refundJob } from '../../domain/points'
import { call, loginAs } from '../../test/call'
import {
  BALANCE_URL,
  LOG_URL,
  RATE_URL,
  createOrder,
  createPointsTestApp,
  pointsState,
  postCheckoutForm,
} from '../payments/pointsTestKit'

describe('music-server ai/music points calls', () => {
  let app: FastifyInstance
  let token: string
  let userId: string

  beforeAll(async () => {
    app = await createPointsTestApp()
    const login = await loginAs(app, '86:13500000001')
    token = login.accessToken
    userId = login.userInfo.userId
    // One of each kind: a top-up, a grant, two AI spends, one refunded.
    const order = await createOrder(app, token, { packageId: 'p30' })
    await postCheckoutForm(app, order.checkoutUrl, 'confirm')
    await grantPoints(app.db, userId, 20, '新用户赠送', app.clock())
    await debitForJob(app.db, userId, 'job-1', 50, 'AI 作曲', app.clock())
    await debitForJob(app.db, userId, 'job-2', 30, 'AI 翻唱', app.clock())
    await refundJob(app.db, 'job-2', app.clock())
  })
  afterAll(async () => {
    await app.close()
  })

  it('integral answers the balance', async () => {
    const answer = await call<PointsBalance>(app, BALANCE_URL, { token })
    expect(answer.envelope).toEqual({ code: '000', msg: '', data: { points: 300 + 20 - 50 } })
  })

  it('inquireIntegralProportion answers the rate, the limits and the packages', async () => {
    const answer = await call<PointsRate>(app, RATE_URL, { token })
    expect(answer.envelope.data).toMatchObject({ pointsPerYuan: 10, minYuan: 1, maxYuan: 5000 })
    const packages = answer.envelope.data.packages
    expect(packages.map((pack) => [pack.priceFen, pack.points])).toEqual([
      [600, 60],
      [3_000, 300],
      [6_800, 700],
      [12_800, 1_350],
      [32_800, 3_500],
    ])
    // A package never gives less than the plain rate.
    for (const pack of packages) expect(pack.points).toBeGreaterThanOrEqual(pack.priceFen / 10)
  })

  it('integralLog lists every movement newest first with its balance after', async () => {
    const answer = await call<PointsLogPage>(app, LOG_URL, {
      token,
      body: { page: 1, pageSize: 20 },
    })
    expect(answer.envelope.data.total).toBe(5)
    expect(
      answer.envelope.data.records.map((record) => [
        record.kind,
        record.title,
        record.amount,
        record.balanceAfter,
      ]),
    ).toEqual([
      ['refund', '退还：AI 翻唱', 30, 270],
      ['spend', 'AI 翻唱', -30, 240],
      ['spend', 'AI 作曲', -50, 270],
      ['grant', '新用户赠送', 20, 320],
      ['topup', '积分充值 ¥30.00', 300, 300],
    ])
    for (const record of answer.envelope.data.records) {
      expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(record.id).toMatch(/^\d+$/)
    }
  })

  it('integralLog pages and filters by kind', async () => {
    const second = await call<PointsLogPage>(app, LOG_URL, {
      token,
      body: { page: 2, pageSize: 2 },
    })
    expect(second.envelope.data).toMatchObject({ total: 5, page: 2, pageSize: 2 })
    expect(second.envelope.data.records.map((record) => record.amount)).toEqual([-50, 20])
    const spends = await call<PointsLogPage>(app, LOG_URL, {
      token,
      body: { page: 1, pageSize: 10, kind: 'spend' },
    })
    expect(spends.envelope.data.total).toBe(2)
    expect(spends.envelope.data.records.every((record) => record.kind === 'spend')).toBe(true)
    const empty = await call<PointsLogPage>(app, LOG_URL, {
      token,
      body: { page: 9, pageSize: 10 },
    })
    expect(empty.envelope.data).toEqual({ records: [], total: 5, page: 9, pageSize: 10 })
  })

  it("shows only the user's own movements", async () => {
    const other = await loginAs(app, '86:13500000002')
    const answer = await call<PointsLogPage>(app, LOG_URL, {
      token: other.accessToken,
      body: { page: 1, pageSize: 10 },
    })
    expect(answer.envelope.data).toEqual({ records: [], total: 0, page: 1, pageSize: 10 })
    const balance = await call<PointsBalance>(app, BALANCE_URL, { token: other.accessToken })
    expect(balance.envelope.data.points).toBe(0)
  })

  const BAD_NUMBERS: Record<string, unknown> = {
    missing: undefined,
    zero: 0,
    negative: -1,
    fraction: 1.5,
    absurd: 1e12,
    'numeric string': '1',
    null: null,
    boolean: true,
    array: [1],
    object: { $gt: 0 },
    HTML: '<script>alert(1)</script>',
    'SQL statement': '1; DROP TABLE points_ledger; --',
  }

  it.each(Object.entries(BAD_NUMBERS))('integralLog refuses page %s', async (_kind, page) => {
    const before = await pointsState(app)
    const answer = await call(app, LOG_URL, { token, body: { page, pageSize: 10 } })
    expect(answer.status).toBe(400)
    expect(answer.envelope).toEqual({ code: '400', msg: MESSAGES.pointsPageInvalid, data: null })
    expect(await pointsState(app)).toEqual(before)
  })

  it.each(Object.entries({ ...BAD_NUMBERS, 'too large': 101 }))(
    'integralLog refuses pageSize %s',
    async (_kind, pageSize) => {
      const answer = await call(app, LOG_URL, { token, body: { page: 1, pageSize } })
      expect(answer.status).toBe(400)
      expect(answer.envelope.msg).toBe(MESSAGES.pointsPageSizeInvalid)
    },
  )

  it.each(['TOPUP', 'all', '', 'x'.repeat(5_000), "spend' OR '1'='1", 3, null, ['spend']])(
    'integralLog refuses kind %j',
    async (kind) => {
      const answer = await call(app, LOG_URL, { token, body: { page: 1, pageSize: 10, kind } })
      expect(answer.status).toBe(400)
      expect(answer.envelope.msg).toBe(MESSAGES.pointsKindInvalid)
    },
  )

  it.each([
    ['no body', {}],
    ['array body', { bodyText: '[]' }],
    ['malformed JSON', { bodyText: '{"page": ' }],
    ['prototype pollution', { bodyText: '{"__proto__": {"page": 1}}' }],
  ])('integralLog refuses %s', async (_kind, options) => {
    const answer = await call(app, LOG_URL, { token, ...options })
    expect(answer.status).toBe(400)
    expect(answer.envelope.code).toBe('400')
  })

  it('every call needs login', async () => {
    for (const url of [BALANCE_URL, RATE_URL, LOG_URL]) {
      const answer = await call(app, url, { body: { page: 1, pageSize: 10 } })
      expect(answer.status).toBe(401)
      expect(answer.envelope).toEqual({ code: '401', msg: MESSAGES.missingLogin, data: null })
    }
  })
})
