import type { FastifyInstance } from 'fastify'
import { CANCELLATION_PHRASE } from '@gy/api/constants'
import type { AppSettings, UserInfo } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CANCELLED_NICKNAME, cancelledPhoneOf } from '../../domain/accountCancellation'
import { grantPoints, newChargeOrderId, openChargeOrder } from '../../domain/points'
import { call, loginAs } from '../../test/call'
import { insertTestDeposit } from '../../test/depositFixtures'
import { createFakeClock } from '../../test/fakeClock'
import { createTestApp } from '../../test/testApp'

const CANCEL = '/api/user-server/user/cancelAccount'
const USER_DETAILS = '/api/music-server/user/userDetails'

let phoneCounter = 0
function freshPhone(): string {
  phoneCounter += 1
  return `86:137${String(phoneCounter).padStart(8, '0')}`
}

describe('user/cancelAccount', () => {
  const clock = createFakeClock()
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now })
  }, 240_000)
  afterAll(async () => {
    await app?.close()
  })

  function cancel(token: string | undefined, confirmation: unknown = CANCELLATION_PHRASE) {
    return call<null>(app, CANCEL, {
      body: { confirmation },
      ...(token === undefined ? {} : { token }),
    })
  }

  async function userRow(userId: string) {
    return app.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow()
  }

  it('anonymises the account, revokes its sessions, keeps its deposit, and frees the phone', async () => {
    const phone = freshPhone()
    const { accessToken, userInfo } = await loginAs(app, phone)
    const deposit = await insertTestDeposit(app, userInfo.userId)
    await grantPoints(app.db, userInfo.userId, 50, 'test', clock.now())

    const answer = await cancel(accessToken)
    expect(answer.envelope).toEqual({ code: '000', msg: MESSAGES.accountCancelled, data: null })

    const row = await userRow(userInfo.userId)
    expect(row.phone).toBe(cancelledPhoneOf(userInfo.userId))
    expect(row.nick_name).toBe(CANCELLED_NICKNAME)
    expect(row.header_url).toBe('')
    expect(row.cancelled_at).not.toBeNull()
    const live = await app.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userInfo.userId)
      .where('revoked_at', 'is', null)
      .execute()
    expect(live).toEqual([])
    expect((await call(app, USER_DETAILS, { token: accessToken })).envelope.code).toBe('401')

    // The deposit stays in the public log, tied to the anonymised row only.
    const kept = await app.db
      .selectFrom('deposits')
      .select(['sha256', 'owner_user_id'])
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow()
    expect(kept).toEqual({ sha256: deposit.sha256, owner_user_id: userInfo.userId })

    // The same phone logs in again as a new, empty account (once the SMS resend wait is over).
    clock.advance(61_000)
    const again = await loginAs(app, phone)
    expect(again.userInfo.userId).not.toBe(userInfo.userId)
    const details = await call<UserInfo>(app, USER_DETAILS, { token: again.accessToken })
    expect(details.envelope.data.nickName).not.toBe(CANCELLED_NICKNAME)
  })

  it('refuses a wrong or missing confirmation in Chinese and changes nothing', async () => {
    const { accessToken, userInfo } = await loginAs(app, freshPhone())
    for (const confirmation of ['注销', '', 42, null]) {
      const answer = await cancel(accessToken, confirmation)
      expect(answer.status).toBe(400)
      expect(answer.envelope).toEqual({
        code: '400',
        msg: MESSAGES.cancellationPhraseWrong,
        data: null,
      })
    }
    const bare = await call<null>(app, CANCEL, { bodyText: '{"confirmation":', token: accessToken })
    expect(bare.envelope.code).toBe('400')
    expect((await userRow(userInfo.userId)).cancelled_at).toBeNull()
    expect((await call(app, USER_DETAILS, { token: accessToken })).envelope.code).toBe('000')
  })

  it('refuses a visitor with 401', async () => {
    const answer = await cancel(undefined)
    expect(answer.envelope).toMatchObject({ code: '401', msg: MESSAGES.missingLogin })
  })

  it('refuses while a top-up order may still be paid, leaving everything as it was', async () => {
    const { accessToken, userInfo } = await loginAs(app, freshPhone())
    const now = clock.now()
    await openChargeOrder(
      app.db,
      {
        orderId: newChargeOrderId(now),
        userId: userInfo.userId,
        provider: 'sandbox',
        packageId: null,
        amountFen: 100,
        points: 10,
        createdAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
      },
      5,
    )
    const answer = await cancel(accessToken)
    expect(answer.envelope).toEqual({
      code: '409',
      msg: MESSAGES.cancellationOpenOrder,
      data: null,
    })
    const row = await userRow(userInfo.userId)
    expect(row.cancelled_at).toBeNull()
    expect(row.nick_name).toBe(userInfo.nickName)
    expect((await call(app, USER_DETAILS, { token: accessToken })).envelope.code).toBe('000')
  })

  it('serves the app settings to anyone', async () => {
    const answer = await call<AppSettings>(app, '/api/user-server/user/appSettings')
    expect(answer.envelope.code).toBe('000')
    expect(answer.envelope.data.iosStoreUrl).toMatch(/^https:\/\/apps\.apple\.com\//)
    expect(answer.envelope.data.filingNotes.length).toBeGreaterThan(0)
  })
})
