import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/types'
import { loginAs } from '../test/call'
import { createTestApp } from '../test/testApp'
import { createAdmissionBatcher } from './admissionBatcher'
import { sha256Hex } from './tokens'

describe('createAdmissionBatcher', () => {
  let app: FastifyInstance
  let tokenHash: string
  const now = new Date()
  const expiresAt = new Date(now.getTime() + 300_000)
  beforeAll(async () => {
    app = await createTestApp()
    tokenHash = sha256Hex((await loginAs(app, '86:13300000000')).accessToken)
  })
  afterAll(async () => {
    await app.close()
  })

  /** Counts the admission statements that reach the database. */
  function countingDb(): { db: Kysely<Database>; statements: () => number } {
    let statements = 0
    const db = app.db.withPlugin({
      transformQuery: (args) => {
        statements += 1
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    return { db, statements: () => statements }
  }

  it('admits requests that arrive together with one statement, each with its own answer', async () => {
    const { db, statements } = countingDb()
    const batcher = createAdmissionBatcher(db)
    const admissions = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        batcher.admit({
          nonce: `batchNonce${String(index).padStart(6, '0')}`,
          nonceExpiresAt: expiresAt,
          tokenHash: index % 2 === 0 ? tokenHash : null,
          now,
        }),
      ),
    )
    expect(statements()).toBe(1)
    admissions.forEach((admission, index) => {
      expect(admission.nonceAccepted).toBe(true)
      expect(admission.session.kind).toBe(index % 2 === 0 ? 'live' : 'none')
    })
  })

  it('refuses the second copy of a nonce in the same batch and in a later one', async () => {
    const batcher = createAdmissionBatcher(app.db)
    const request = { nonce: 'dupNonce00000001', nonceExpiresAt: expiresAt, tokenHash: null, now }
    const together = await Promise.all([batcher.admit(request), batcher.admit(request)])
    expect(together.map((admission) => admission.nonceAccepted)).toEqual([true, false])
    expect((await batcher.admit(request)).nonceAccepted).toBe(false)
  })

  it('fails every request of a batch that cannot be admitted, and recovers', async () => {
    const { db } = countingDb()
    const batcher = createAdmissionBatcher(db)
    const broken = batcher.admit({
      nonce: 'brokenNonce00001',
      // An invalid date fails the whole batch.
      nonceExpiresAt: new Date(Number.NaN),
      tokenHash: null,
      now,
    })
    await expect(broken).rejects.toThrow()
    const next = await batcher.admit({
      nonce: 'afterBroken00001',
      nonceExpiresAt: expiresAt,
      tokenHash: null,
      now,
    })
    expect(next.nonceAccepted).toBe(true)
  })

  it('refuses only the replayed nonce of a batch, and records the fresh ones beside it', async () => {
    const batcher = createAdmissionBatcher(app.db)
    const seenBefore = { nonce: 'seenBefore000001', nonceExpiresAt: expiresAt, tokenHash, now }
    expect((await batcher.admit(seenBefore)).nonceAccepted).toBe(true)
    const fresh = ['freshNonceA00001', 'freshNonceB00001'].map((nonce) => ({
      nonce,
      nonceExpiresAt: expiresAt,
      tokenHash,
      now,
    }))
    const [first, second] = fresh
    if (first === undefined || second === undefined) throw new Error('two fresh requests')
    const admissions = await Promise.all(
      [first, seenBefore, second].map((request) => batcher.admit(request)),
    )
    expect(admissions.map((admission) => admission.nonceAccepted)).toEqual([true, false, true])
    expect(admissions.map((admission) => admission.session.kind)).toEqual(['live', 'live', 'live'])
    // The fresh ones were recorded even though their batch met a replay: copies are refused.
    const copies = await Promise.all(fresh.map((request) => batcher.admit(request)))
    expect(copies.map((admission) => admission.nonceAccepted)).toEqual([false, false])
  })

  it('admits unsigned requests by their token alone, recording no nonce', async () => {
    const { db, statements } = countingDb()
    const batcher = createAdmissionBatcher(db)
    const before = await db
      .selectFrom('request_nonces')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    const admissions = await Promise.all([
      batcher.admit({ nonce: null, nonceExpiresAt: now, tokenHash, now }),
      batcher.admit({ nonce: null, nonceExpiresAt: now, tokenHash: 'f'.repeat(64), now }),
    ])
    expect(admissions.map((admission) => admission.nonceAccepted)).toEqual([true, true])
    expect(admissions.map((admission) => admission.session.kind)).toEqual(['live', 'none'])
    const after = await db
      .selectFrom('request_nonces')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    expect(after.count).toBe(before.count)
    expect(statements()).toBe(3)
  })
})
