import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { loadConfig } from '../config'
import { createTestApp, createTestAppsOnOneDatabase } from '../test/testApp'
import { workerRefusal } from '../worker'
import { defineJob, type JobContext } from './queue'

const echoJob = defineJob({
  name: 'test-echo',
  payload: z.object({ word: z.string().min(1) }),
  retry: { limit: 2, delaySeconds: 1, backoff: false },
})

const usingPostgres = Boolean(process.env.DATABASE_URL)

describe('the job queue', () => {
  let app: FastifyInstance
  const runs: { word: string; attempt: number }[] = []

  beforeAll(async () => {
    app = await createTestApp({
      registerRoutes: async (scope) => {
        await scope.queue.handle(echoJob, async ({ word }, { attempt }: JobContext) => {
          runs.push({ word, attempt })
          // "flaky" fails its first attempt; the queue must try it again.
          if (word === 'flaky' && attempt === 1) throw new Error('first attempt fails')
        })
      },
    })
  })
  afterAll(async () => {
    await app.close()
  })

  it('runs a job once it is sent', async () => {
    const id = await app.queue.send(echoJob, { word: 'hello' })
    expect(id).not.toBeNull()
    expect(await app.queue.settled(echoJob, id ?? '', 10_000)).toBe('completed')
    expect(runs.filter((run) => run.word === 'hello')).toEqual([{ word: 'hello', attempt: 1 }])
  })

  it('retries a job whose handler throws, after its delay', async () => {
    const id = await app.queue.send(echoJob, { word: 'flaky' })
    await expect
      .poll(() => app.queue.stateOf(echoJob, id ?? ''), { timeout: 15_000, interval: 100 })
      .toBe('completed')
    expect(runs.filter((run) => run.word === 'flaky').map((run) => run.attempt)).toEqual([1, 2])
  })

  it('refuses a payload that does not match the job, queueing nothing', async () => {
    await expect(
      app.queue.send(echoJob, { word: '' } as unknown as { word: string }),
    ).rejects.toThrow()
    await expect(
      app.queue.send(echoJob, { other: 1 } as unknown as { word: string }),
    ).rejects.toThrow()
  })

  it('says a job it does not know is unknown', async () => {
    expect(await app.queue.stateOf(echoJob, '00000000-0000-4000-8000-000000000000')).toBeNull()
  })
})

describe('QUEUE_WORKERS=off', () => {
  it('sends jobs but leaves them to the workers', async () => {
    let ran = 0
    const app = await createTestApp({
      env: { QUEUE_WORKERS: 'off' },
      registerRoutes: async (scope) => {
        await scope.queue.handle(echoJob, async () => {
          ran += 1
        })
      },
    })
    try {
      expect(app.queue.runsWorkers).toBe(false)
      const id = await app.queue.send(echoJob, { word: 'later' })
      expect(await app.queue.settled(echoJob, id ?? '', 1_500)).toBe('created')
      expect(ran).toBe(0)
    } finally {
      await app.close()
    }
  })

  it.skipIf(!usingPostgres)('lets a worker instance on the same PostgreSQL work them', async () => {
    const ranOn: string[] = []
    const handlerOf = (instance: string) => async (scope: FastifyInstance) => {
      await scope.queue.handle(echoJob, async () => {
        ranOn.push(instance)
      })
    }
    const { apps, close } = await createTestAppsOnOneDatabase([
      { env: { QUEUE_WORKERS: 'off' }, registerRoutes: handlerOf('server') },
      { registerRoutes: handlerOf('worker') },
    ])
    try {
      const [server] = apps as [FastifyInstance]
      const id = await server.queue.send(echoJob, { word: 'elsewhere' })
      expect(await server.queue.settled(echoJob, id ?? '', 10_000)).toBe('completed')
      expect(ranOn).toEqual(['worker'])
    } finally {
      await close()
    }
  })
})

describe.skipIf(usingPostgres)('raw SQL on the embedded database', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers the rows of every statement of a script', async () => {
    const run = app.embeddedSql
    if (run === null) throw new Error('no embedded SQL')
    const { rows } = await run('BEGIN; SELECT 1 AS one; SELECT 2 AS two; COMMIT;')
    expect(rows).toEqual([{ one: 1 }, { two: 2 }])
    expect((await run('SELECT $1::int AS three', [3])).rows).toEqual([{ three: 3 }])
  })

  it('rolls back a script that fails inside its transaction, so later statements still run', async () => {
    const run = app.embeddedSql
    if (run === null) throw new Error('no embedded SQL')
    await expect(run('BEGIN; SELECT 1/0; COMMIT;')).rejects.toThrow()
    expect((await run('SELECT 4 AS four', [])).rows).toEqual([{ four: 4 }])
    // And Kysely's own statements on the same connection are unharmed.
    const users = await app.db.selectFrom('users').select('id').execute()
    expect(Array.isArray(users)).toBe(true)
  })
})

describe('npm run worker', () => {
  it('refuses the embedded database, which only one process can open', () => {
    expect(workerRefusal(loadConfig({}))).toMatch(/DATABASE_URL/)
  })

  it('runs on PostgreSQL', () => {
    expect(workerRefusal(loadConfig({ DATABASE_URL: 'postgres://gy@127.0.0.1/gy' }))).toBeNull()
  })
})
