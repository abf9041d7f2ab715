import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPgliteConnectionPool, type EmbeddedQueryRunner } from './pglitePool'

interface CounterDatabase {
  counter: { id: number; value: number }
}

describe('createPgliteConnectionPool on PGlite', () => {
  let db: Kysely<CounterDatabase>
  beforeAll(async () => {
    const pglite = await PGlite.create()
    db = new Kysely<CounterDatabase>({
      dialect: new PostgresDialect({ pool: createPgliteConnectionPool(pglite) }),
    })
    await sql`CREATE TABLE counter (id int PRIMARY KEY, value int NOT NULL)`.execute(db)
    await db.insertInto('counter').values({ id: 1, value: 0 }).execute()
  })
  afterAll(async () => {
    await db.destroy()
  })

  it('keeps concurrent transactions from interleaving on the single connection', async () => {
    // Each transaction reads, yields to the event loop, then writes: interleaved on one
    // connection, the increments would be lost or the BEGINs would nest.
    const increments = Array.from({ length: 20 }, () =>
      db.transaction().execute(async (transaction) => {
        const { value } = await transaction
          .selectFrom('counter')
          .select('value')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
        await new Promise((resolve) => setTimeout(resolve, 1))
        await transaction
          .updateTable('counter')
          .set({ value: value + 1 })
          .where('id', '=', 1)
          .execute()
      }),
    )
    await Promise.all(increments)
    const { value } = await db
      .selectFrom('counter')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    expect(value).toBe(20)
  })

  it('rolls a failed transaction back and frees the connection for the next one', async () => {
    await expect(
      db.transaction().execute(async (transaction) => {
        await transaction.updateTable('counter').set({ value: 999 }).where('id', '=', 1).execute()
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    const { value } = await db
      .selectFrom('counter')
      .select('value')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    expect(value).toBe(20)
  })

  it("keeps a statement sent during another borrower's transaction out of that transaction", async () => {
    let insertedOutside: Promise<unknown> = Promise.resolve()
    await expect(
      db.transaction().execute(async (transaction) => {
        await transaction.insertInto('counter').values({ id: 2, value: 2 }).execute()
        insertedOutside = db.insertInto('counter').values({ id: 3, value: 3 }).execute()
        // Part of the scenario, not a wait for an outcome: time for that statement to reach the
        // connection before the rollback, were the pool to let it into this transaction.
        await new Promise((resolve) => setTimeout(resolve, 5))
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    await insertedOutside
    const ids = await db.selectFrom('counter').select('id').orderBy('id').execute()
    expect(ids).toEqual([{ id: 1 }, { id: 3 }])
    await db.deleteFrom('counter').where('id', '=', 3).execute()
  })

  it('reports affected rows for writes', async () => {
    const result = await db
      .updateTable('counter')
      .set({ value: 21 })
      .where('id', '>', 0)
      .executeTakeFirst()
    expect(result.numUpdatedRows).toBe(1n)
  })
})

/** A runner that answers only when told, recording what reached it and in which order. */
function recordingRunner(): EmbeddedQueryRunner & { sent: string[]; answerAll: () => void } {
  const sent: string[] = []
  let answers: Array<() => void> = []
  return {
    sent,
    answerAll() {
      const pending = answers
      answers = []
      for (const answer of pending) answer()
    },
    query<R>(sql: string) {
      sent.push(sql)
      return new Promise<{ rows: R[] }>((resolve) => answers.push(() => resolve({ rows: [] })))
    },
    close: () => Promise.resolve(),
  }
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('createPgliteConnectionPool sharing', () => {
  it('sends single statements of different borrowers without waiting for answers', async () => {
    const runner = recordingRunner()
    const db = new Kysely<CounterDatabase>({
      dialect: new PostgresDialect({ pool: createPgliteConnectionPool(runner) }),
    })
    const first = sql`SELECT 1`.execute(db)
    const second = sql`SELECT 2`.execute(db)
    await settle()
    expect(runner.sent).toEqual(['SELECT 1', 'SELECT 2'])
    runner.answerAll()
    await Promise.all([first, second])
  })

  it('holds other borrowers back from BEGIN to release, then sends them in order', async () => {
    const runner = recordingRunner()
    const db = new Kysely<CounterDatabase>({
      dialect: new PostgresDialect({ pool: createPgliteConnectionPool(runner) }),
    })
    const before = sql`SELECT 'before'`.execute(db)
    const transaction = db.transaction().execute(async (inside) => {
      await sql`SELECT 'inside'`.execute(inside)
    })
    await settle()
    const during = sql`SELECT 'during'`.execute(db)
    const nextTransaction = db.transaction().execute(async (inside) => {
      await sql`SELECT 'next inside'`.execute(inside)
    })
    const after = sql`SELECT 'after'`.execute(db)
    // Answer statements one round at a time until everything has finished.
    let finished = false
    const all = Promise.all([before, transaction, during, nextTransaction, after]).then(() => {
      finished = true
    })
    while (!finished) {
      await settle()
      runner.answerAll()
    }
    await all
    expect(runner.sent).toEqual([
      "SELECT 'before'",
      'begin',
      "SELECT 'inside'",
      'commit',
      "SELECT 'during'",
      'begin',
      "SELECT 'next inside'",
      'commit',
      "SELECT 'after'",
    ])
  })
})
