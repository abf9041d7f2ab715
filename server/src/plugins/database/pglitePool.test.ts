import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPgliteSerialPool } from './pglitePool'

interface CounterDatabase {
  counter: { id: number; value: number }
}

describe('createPgliteSerialPool', () => {
  let db: Kysely<CounterDatabase>
  beforeAll(async () => {
    const pglite = await PGlite.create()
    db = new Kysely<CounterDatabase>({
      dialect: new PostgresDialect({ pool: createPgliteSerialPool(pglite) }),
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

  it('reports affected rows for writes', async () => {
    const result = await db
      .updateTable('counter')
      .set({ value: 21 })
      .where('id', '>', 0)
      .executeTakeFirst()
    expect(result.numUpdatedRows).toBe(1n)
  })
})
