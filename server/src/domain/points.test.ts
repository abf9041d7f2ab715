import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnvelopeError } from '../http/envelopeError'
import { createTestApp } from '../test/testApp'
import { kyselyOnPostgres } from '../test/testDatabases'
import {
  balanceOf,
  chargeTermsOf,
  debitForJob,
  grantPoints,
  listLedger,
  newChargeOrderId,
  pointsForFen,
  refundJob,
} from './points'
import { insertChargeOrder } from './points.repository'
import { findOrCreateUserByPhone } from './users.repository'

const NOW = new Date('2026-03-01T02:00:00.000Z')

async function refusal(promise: Promise<unknown>): Promise<EnvelopeError> {
  const error: unknown = await promise.then(
    () => new Error('expected a refusal'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(EnvelopeError)
  return error as EnvelopeError
}

describe('the points ledger', () => {
  let app: FastifyInstance
  let phoneSuffix = 0

  async function newUser(): Promise<string> {
    phoneSuffix += 1
    const user = await findOrCreateUserByPhone(
      app.db,
      `86:1390000${String(phoneSuffix).padStart(4, '0')}`,
    )
    return user.id
  }

  /** The invariant: the balance row equals the sum of the user's ledger rows. */
  async function ledgerSum(userId: string): Promise<number> {
    const row = await app.db
      .selectFrom('points_ledger')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
    return Number(row.total)
  }

  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app.close()
  })

  it('starts every user at 0', async () => {
    expect(await balanceOf(app.db, await newUser())).toBe(0)
  })

  it('debits, refuses what the balance does not cover, and never goes negative', async () => {
    const userId = await newUser()
    await grantPoints(app.db, userId, 100, '新用户赠送', NOW)
    const debit = await debitForJob(app.db, userId, 'job-a', 60, 'AI 作曲', NOW)
    expect(debit).toMatchObject({
      outcome: 'debited',
      balance: 40,
      entry: { kind: 'spend', amount: -60, balanceAfter: 40, jobId: 'job-a', title: 'AI 作曲' },
    })
    const short = await refusal(debitForJob(app.db, userId, 'job-b', 41, 'AI 作曲', NOW))
    expect(short.code).toBe('409')
    expect(short.message).toBe(MESSAGES.pointsInsufficient)
    expect(await balanceOf(app.db, userId)).toBe(40)
    // Exactly the balance is fine.
    await debitForJob(app.db, userId, 'job-c', 40, 'AI 翻唱', NOW)
    expect(await balanceOf(app.db, userId)).toBe(0)
    expect(await ledgerSum(userId)).toBe(0)
  })

  it('refuses a debit for a user who never had points', async () => {
    const error = await refusal(debitForJob(app.db, await newUser(), 'job-none', 1, 'AI', NOW))
    expect(error.message).toBe(MESSAGES.pointsInsufficient)
  })

  it('charges a job once: a repeat answers the first charge, another amount is refused', async () => {
    const userId = await newUser()
    await grantPoints(app.db, userId, 100, '赠送', NOW)
    await debitForJob(app.db, userId, 'job-once', 30, 'AI 作曲', NOW)
    const repeat = await debitForJob(app.db, userId, 'job-once', 30, 'AI 作曲', NOW)
    expect(repeat.outcome).toBe('already_debited')
    expect(await balanceOf(app.db, userId)).toBe(70)
    const conflict = await refusal(debitForJob(app.db, userId, 'job-once', 31, 'AI 作曲', NOW))
    expect(conflict.message).toBe(MESSAGES.pointsJobConflict)
    // A repeat after the balance ran out is still a repeat, not 积分不足.
    await debitForJob(app.db, userId, 'job-rest', 70, 'AI 作曲', NOW)
    const late = await debitForJob(app.db, userId, 'job-once', 30, 'AI 作曲', NOW)
    expect(late).toMatchObject({ outcome: 'already_debited', balance: 0 })
    const otherUser = await newUser()
    await grantPoints(app.db, otherUser, 100, '赠送', NOW)
    const foreign = await refusal(debitForJob(app.db, otherUser, 'job-once', 30, 'AI', NOW))
    expect(foreign.message).toBe(MESSAGES.pointsJobConflict)
    expect(await balanceOf(app.db, otherUser)).toBe(100)
  })

  it('refunds a failed job exactly once, even when asked concurrently', async () => {
    const userId = await newUser()
    await grantPoints(app.db, userId, 50, '赠送', NOW)
    const debit = await debitForJob(app.db, userId, 'job-fails', 20, 'AI 分离人声', NOW)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refundJob(app.db, 'job-fails', NOW)),
    )
    expect(results.filter((result) => result.outcome === 'refunded')).toHaveLength(1)
    expect(results.filter((result) => result.outcome === 'already_refunded')).toHaveLength(9)
    const refund = results.find((result) => result.outcome === 'refunded')
    expect(refund?.entry).toMatchObject({
      kind: 'refund',
      amount: 20,
      balanceAfter: 50,
      refundOf: debit.entry.id,
      title: '退还：AI 分离人声',
    })
    expect(await balanceOf(app.db, userId)).toBe(50)
    expect(await ledgerSum(userId)).toBe(50)
  })

  it('refuses to refund a job that was never charged', async () => {
    const error = await refusal(refundJob(app.db, 'job-never-charged', NOW))
    expect(error.code).toBe('404')
    expect(error.message).toBe(MESSAGES.pointsJobNotCharged)
  })

  it('1,000 concurrent debits of 1 against 500 leave exactly 0 and refuse 500', async () => {
    const userId = await newUser()
    await grantPoints(app.db, userId, 500, '赠送', NOW)
    // On PostgreSQL the debits queue for one row's lock; in the server's pool the last ones would
    // be refused a connection after 5 s in its queue, which a busy machine overruns. Ten
    // connections of the test's own wait as long as it takes (on PGlite there is one connection).
    const { database } = app.config
    const burst = database.kind === 'postgres' ? kyselyOnPostgres(database, 10) : app.db
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1_000 }, (_, index) =>
        debitForJob(burst, userId, `burst-${index}`, 1, 'AI 作曲', NOW),
      ),
    )
    // allSettled never throws: the test's connections are closed whatever the outcomes.
    if (burst !== app.db) await burst.destroy()
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
    expect(outcomes.length - refused.length).toBe(500)
    expect(refused).toHaveLength(500)
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(EnvelopeError)
      expect((outcome.reason as EnvelopeError).message).toBe(MESSAGES.pointsInsufficient)
    }
    expect(await balanceOf(app.db, userId)).toBe(0)
    expect(await ledgerSum(userId)).toBe(0)
    // Every spend row's balance_after is distinct: each saw the balance the previous one left.
    const afters = await app.db
      .selectFrom('points_ledger')
      .select('balance_after')
      .where('user_id', '=', userId)
      .where('kind', '=', 'spend')
      .execute()
    expect(new Set(afters.map((row) => row.balance_after)).size).toBe(500)
  }, 120_000)

  it('takes part in the caller transaction: a rolled-back job leaves no charge', async () => {
    const userId = await newUser()
    await grantPoints(app.db, userId, 10, '赠送', NOW)
    await expect(
      app.db.transaction().execute(async (transaction) => {
        await debitForJob(transaction, userId, 'job-rolled-back', 10, 'AI', NOW)
        throw new Error('the job could not be queued')
      }),
    ).rejects.toThrow('the job could not be queued')
    expect(await balanceOf(app.db, userId)).toBe(10)
    expect(await ledgerSum(userId)).toBe(10)
  })

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e12])(
    'refuses %s points',
    async (points) => {
      const userId = await newUser()
      await grantPoints(app.db, userId, 100, '赠送', NOW)
      const error = await refusal(debitForJob(app.db, userId, 'job-bad', points, 'AI', NOW))
      expect(error.message).toBe(MESSAGES.pointsAmountInvalid)
      await expect(grantPoints(app.db, userId, points, '赠送', NOW)).rejects.toThrow(
        MESSAGES.pointsAmountInvalid,
      )
      expect(await balanceOf(app.db, userId)).toBe(100)
    },
  )

  it.each(['', 'x'.repeat(65)])('refuses job id %j', async (jobId) => {
    const userId = await newUser()
    await grantPoints(app.db, userId, 100, '赠送', NOW)
    const error = await refusal(debitForJob(app.db, userId, jobId, 1, 'AI', NOW))
    expect(error.message).toBe(MESSAGES.pointsJobInvalid)
    expect(await balanceOf(app.db, userId)).toBe(100)
  })

  it('lists movements newest first, by kind, a page at a time', async () => {
    const userId = await newUser()
    for (let index = 1; index <= 5; index += 1) {
      await grantPoints(app.db, userId, index * 10, `赠送${index}`, NOW)
    }
    await debitForJob(app.db, userId, 'job-list', 15, 'AI 作曲', NOW)
    const first = await listLedger(app.db, userId, { page: 1, pageSize: 4 })
    expect(first.total).toBe(6)
    expect(first.records.map((entry) => entry.amount)).toEqual([-15, 50, 40, 30])
    const second = await listLedger(app.db, userId, { page: 2, pageSize: 4 })
    expect(second.records.map((entry) => entry.amount)).toEqual([20, 10])
    const spends = await listLedger(app.db, userId, { kind: 'spend', page: 1, pageSize: 10 })
    expect(spends).toMatchObject({ total: 1, records: [{ jobId: 'job-list', balanceAfter: 135 }] })
    const beyond = await listLedger(app.db, userId, { page: 3, pageSize: 4 })
    expect(beyond).toEqual({ records: [], total: 6 })
  })
})

describe('the database itself refuses what must never happen', () => {
  let app: FastifyInstance
  let userId: string

  beforeAll(async () => {
    app = await createTestApp()
    userId = (await findOrCreateUserByPhone(app.db, '86:13911112222')).id
  })
  afterAll(async () => {
    await app.close()
  })

  it('a second top-up row for one order', async () => {
    const order = await insertChargeOrder(app.db, {
      orderId: newChargeOrderId(NOW),
      userId,
      provider: 'sandbox',
      packageId: 'p6',
      amountFen: 600,
      points: 60,
      createdAt: NOW,
      expiresAt: NOW,
    })
    const row = {
      user_id: userId,
      kind: 'topup' as const,
      amount: 60,
      balance_after: 60,
      order_id: order.order_id,
      title: '积分充值',
      created_at: NOW,
    }
    await app.db.insertInto('points_ledger').values(row).execute()
    await expect(app.db.insertInto('points_ledger').values(row).execute()).rejects.toThrow()
  })

  it('a negative balance, and a row whose sign contradicts its kind', async () => {
    await expect(
      app.db
        .insertInto('point_balances')
        .values({ user_id: userId, balance: -1, updated_at: NOW })
        .execute(),
    ).rejects.toThrow()
    await expect(
      app.db
        .insertInto('points_ledger')
        .values({
          user_id: userId,
          kind: 'spend',
          amount: 10,
          balance_after: 0,
          job_id: 'job-sign',
          title: 'AI',
          created_at: NOW,
        })
        .execute(),
    ).rejects.toThrow()
  })

  it('changing or deleting history', async () => {
    await grantPoints(app.db, userId, 5, '赠送', NOW)
    await expect(
      app.db.updateTable('points_ledger').set({ amount: 500 }).execute(),
    ).rejects.toThrow(/append-only/)
    await expect(app.db.deleteFrom('points_ledger').execute()).rejects.toThrow(/append-only/)
  })
})

describe('charge terms', () => {
  it('prices packages and custom amounts on the server', () => {
    expect(chargeTermsOf({ packageId: 'p328' })).toEqual({
      amountFen: 32_800,
      points: 3_500,
      packageId: 'p328',
    })
    expect(chargeTermsOf({ amountFen: 100 })).toEqual({
      amountFen: 100,
      points: 10,
      packageId: null,
    })
    expect(pointsForFen(109)).toBe(10)
    expect(pointsForFen(500_000)).toBe(50_000)
    expect(() => chargeTermsOf({ packageId: 'p7' })).toThrow(MESSAGES.chargePackageUnknown)
    expect(() => chargeTermsOf({ amountFen: 99 })).toThrow(MESSAGES.chargeAmountInvalid)
    expect(() => chargeTermsOf({})).toThrow(MESSAGES.chargeAmountInvalid)
  })

  it('makes order ids every provider accepts, in China time', () => {
    const id = newChargeOrderId(new Date('2026-03-01T17:30:05.000Z'))
    expect(id).toMatch(/^GY20260302013005[0-9A-F]{10}$/)
    expect(newChargeOrderId(NOW)).not.toBe(newChargeOrderId(NOW))
  })
})
