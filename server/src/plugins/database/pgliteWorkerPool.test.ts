import { Kysely, PostgresDialect, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPgliteWorkerPool } from './pgliteWorkerPool'

interface NotesDatabase {
  notes: { id: number; body: string; created_at: Date; big: string }
}

describe('createPgliteWorkerPool', () => {
  let db: Kysely<NotesDatabase>
  beforeAll(async () => {
    db = new Kysely<NotesDatabase>({
      dialect: new PostgresDialect({ pool: await createPgliteWorkerPool(null) }),
    })
    await sql`CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, created_at timestamptz NOT NULL, big int8 NOT NULL)`.execute(
      db,
    )
  })
  afterAll(async () => {
    await db.destroy()
  })

  it('runs queries in the worker and brings back dates, arrays and int8 as node-postgres does', async () => {
    const createdAt = new Date('2026-03-01T00:00:00.000Z')
    await db
      .insertInto('notes')
      .values({ id: 1, body: '你好', created_at: createdAt, big: '9007199254740993' })
      .execute()
    const row = await db.selectFrom('notes').selectAll().executeTakeFirstOrThrow()
    expect(row).toEqual({ id: 1, body: '你好', created_at: createdAt, big: '9007199254740993' })
    const { rows } = await sql<{ ids: number[] }>`SELECT ${[1, 2, 3]}::int[] AS ids`.execute(db)
    expect(rows[0]?.ids).toEqual([1, 2, 3])
  })

  it('passes database errors through with their SQLSTATE code', async () => {
    const duplicate = db
      .insertInto('notes')
      .values({ id: 1, body: 'again', created_at: new Date(), big: '1' })
      .execute()
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'notes_pkey' })
  })

  it('keeps transactions whole', async () => {
    await expect(
      db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('notes')
          .values({ id: 2, body: 'rolled back', created_at: new Date(), big: '2' })
          .execute()
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    const ids = await db.selectFrom('notes').select('id').execute()
    expect(ids).toEqual([{ id: 1 }])
  })
})
