/**
 * Background work that survives a crash: a job queue in the server's own database, from pg-boss.
 *
 * pg-boss was chosen over graphile-worker because it needs nothing but SQL: graphile-worker wakes
 * its workers with LISTEN/NOTIFY on a dedicated connection, which the embedded PGlite (one
 * connection, in a worker thread) cannot give, so it would have left `npm start` without a queue.
 * pg-boss polls, and runs over the embedded database through `app.embeddedSql` as well as over
 * PostgreSQL; it brings retries with backoff, singleton keys and cron schedules (which only one
 * instance acts on, however many run).
 *
 * A job is declared once with `defineJob` (its name, its payload's zod schema, its retries); a
 * module registers its handler with `app.queue.handle` and sends with `app.queue.send`. Workers
 * run in this process when `QUEUE_WORKERS=inline` (the default) and in `npm run worker`
 * processes otherwise; they start once the whole app is ready, so a handler may use any route.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { Kysely } from 'kysely'
import { PgBoss, fromKysely, type ConstructorOptions, type Job } from 'pg-boss'
import { z } from 'zod'
import type { DatabaseConfig } from '../config'
import type { Database } from '../db/types'

export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately'

/** A kind of job: defined once, sent and worked by name. */
export interface JobDefinition<Payload> {
  readonly name: string
  /** Checked when the job is sent and again when it is worked (a stored job may be old). */
  readonly payload: z.ZodType<Payload>
  /**
   * `short`: one job per singleton key waits at a time (a second send is dropped);
   * `singleton`: one runs at a time; `stately`: both.
   */
  readonly policy?: JobPolicy
  /** Attempts after the first; a handler that throws is retried after `delaySeconds`. */
  readonly retry: {
    limit: number
    delaySeconds: number
    backoff: boolean
    maxDelaySeconds?: number
  }
  /** How long one attempt may run before it counts as failed (a crashed worker's job). */
  readonly expireInSeconds?: number
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition
}

/**
 * A chore run on a schedule: no payload, one run at a time, no retries (the next scheduled run
 * is the retry).
 */
export function defineChore(name: string): JobDefinition<Record<string, never>> {
  return defineJob({
    name,
    payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
    policy: 'stately',
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    expireInSeconds: 5 * 60,
  })
}

export interface JobContext {
  jobId: string
  /** 1 for the first attempt. */
  attempt: number
  /** Aborted when the process stops while the job runs. */
  signal: AbortSignal
}

export type JobHandler<Payload> = (payload: Payload, context: JobContext) => Promise<void>

export interface SendOptions {
  /** Not before this many seconds from now. */
  delaySeconds?: number
  /** With a `short` or `stately` policy, a second job with the same key is not queued. */
  singletonKey?: string
  /** Queue the job in the caller's transaction: it exists exactly when the transaction commits. */
  transaction?: Kysely<Database>
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed'

export interface JobQueue {
  /** Whether this process works jobs. */
  readonly runsWorkers: boolean
  /**
   * Declares a job and its handler; call it while the app's plugins register. `concurrency`: how
   * many of these jobs this process works at once (default 1).
   */
  handle<Payload>(
    job: JobDefinition<Payload>,
    handler: JobHandler<Payload>,
    options?: { concurrency?: number },
  ): Promise<void>
  /** Queues a job; null when a singleton key kept it out. */
  send<Payload>(
    job: JobDefinition<Payload>,
    payload: Payload,
    options?: SendOptions,
  ): Promise<string | null>
  /** Runs the job on a cron schedule (UTC); however many instances say so, one job per slot. */
  schedule<Payload>(job: JobDefinition<Payload>, cron: string, payload: Payload): Promise<void>
  /** Asks this process's worker of the job to look at once rather than at its next poll. */
  wake(job: JobDefinition<unknown>): void
  /** Where a job stands; null when it is unknown (or already deleted after completion). */
  stateOf(job: JobDefinition<unknown>, jobId: string): Promise<JobState | null>
  /** Waits, at most `timeoutMs`, until a job has completed or failed; answers its state then. */
  settled(job: JobDefinition<unknown>, jobId: string, timeoutMs: number): Promise<JobState | null>
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue
  }
}

/**
 * How often an idle worker looks for jobs (pg-boss's default). A job sent from this process for
 * now wakes its worker at once; only retries and delayed jobs wait for the next look.
 */
const POLLING_INTERVAL_SECONDS = 2
const SETTLED_POLL_MS = 50
/** How long a stopping process lets running jobs finish before it goes anyway. */
const STOP_TIMEOUT_MS = 5_000

/** The schema of the queue's tables: beside the app's, so two schemas keep their jobs apart. */
export function queueSchemaOf(database: DatabaseConfig): string {
  return database.kind === 'postgres' && database.schema !== null
    ? `${database.schema}_queue`
    : 'pgboss'
}

function connectionOptions(app: FastifyInstance): ConstructorOptions {
  const { database } = app.config
  const schema = queueSchemaOf(database)
  if (database.kind === 'postgres') {
    // A small pool of its own: pg-boss wraps a few statements in scripts of several, which
    // Kysely's connections would answer without their rows.
    return { connectionString: database.url, schema, max: 3 }
  }
  const embeddedSql = app.embeddedSql
  if (embeddedSql === null) throw new Error('The embedded database offers no raw SQL')
  return {
    db: {
      // pg-boss types its rows as `any`; ours are `unknown` until a query reads them.
      executeSql: (text, values) => embeddedSql(text, values ?? []),
    },
    backend: 'pglite',
    schema,
  }
}

function logErrors(boss: PgBoss, log: FastifyBaseLogger): void {
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'))
  boss.on('warning', (warning) => log.info({ warning }, 'job queue warning'))
}

interface Registration {
  job: JobDefinition<unknown>
  handler: JobHandler<unknown>
  concurrency: number
}

/** Runs one pg-boss job through its handler, payload checked first. */
async function runJob(
  registration: Registration,
  job: Job<unknown>,
  log: FastifyBaseLogger,
): Promise<void> {
  const payload = registration.job.payload.safeParse(job.data)
  if (!payload.success) {
    // Retrying cannot mend a payload; say so once and let the job fail.
    log.error({ job: job.name, jobId: job.id }, 'job payload invalid, not run')
    throw new Error(`job ${job.name} ${job.id}: payload does not match its schema`)
  }
  await registration.handler(payload.data, {
    jobId: job.id,
    attempt: job.retryCount + 1,
    signal: job.signal,
  })
}

export const queuePlugin = fastifyPlugin(
  async (app) => {
    const log = app.log.child({ module: 'queue' })
    const runsWorkers = app.config.queue.workers === 'inline'
    const boss = new PgBoss({
      ...connectionOptions(app),
      // Only a process that works jobs maintains the queue and turns schedules into jobs.
      supervise: runsWorkers,
      schedule: runsWorkers,
      // REINDEX CONCURRENTLY cannot run in the embedded database; nothing grows large enough here.
      reindex: false,
      instanceName: runsWorkers ? 'gy-worker' : 'gy-server',
    })
    logErrors(boss, log)
    await boss.start()

    const registrations = new Map<string, Registration>()
    const workerIds = new Map<string, string>()
    const created = new Set<string>()

    async function ensureQueue(job: JobDefinition<unknown>): Promise<void> {
      if (created.has(job.name)) return
      const options = {
        policy: job.policy ?? 'standard',
        retryLimit: job.retry.limit,
        retryDelay: job.retry.delaySeconds,
        retryBackoff: job.retry.backoff,
        ...(job.retry.maxDelaySeconds === undefined
          ? {}
          : { retryDelayMax: job.retry.maxDelaySeconds }),
        ...(job.expireInSeconds === undefined ? {} : { expireInSeconds: job.expireInSeconds }),
      }
      if ((await boss.getQueue(job.name)) === null) {
        await boss.createQueue(job.name, options).catch(async (error: unknown) => {
          // Another instance created it meanwhile: that is all we wanted.
          if ((await boss.getQueue(job.name)) === null) throw error
        })
      } else {
        // The definition in the code is the truth: a changed retry schedule applies on restart.
        const { policy: _policy, ...changeable } = options
        await boss.updateQueue(job.name, changeable)
      }
      created.add(job.name)
    }

    const queue: JobQueue = {
      runsWorkers,
      async handle(job, handler, options = {}) {
        if (registrations.has(job.name)) throw new Error(`job ${job.name} has two handlers`)
        await ensureQueue(job as JobDefinition<unknown>)
        registrations.set(job.name, {
          job: job as JobDefinition<unknown>,
          handler: handler as JobHandler<unknown>,
          concurrency: options.concurrency ?? 1,
        })
      },
      async send(job, payload, options = {}) {
        await ensureQueue(job as JobDefinition<unknown>)
        const data = job.payload.parse(payload)
        const id = await boss.send(job.name, data as object, {
          ...(options.delaySeconds === undefined || options.delaySeconds <= 0
            ? {}
            : { startAfter: options.delaySeconds }),
          ...(options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey }),
          ...(options.transaction === undefined ? {} : { db: fromKysely(options.transaction) }),
        })
        // In a transaction the job is not there to fetch until the caller commits (and wakes).
        const dueNow = options.delaySeconds === undefined || options.delaySeconds <= 0
        if (id !== null && dueNow && options.transaction === undefined) queue.wake(job)
        return id
      },
      async schedule(job, cron, payload) {
        await ensureQueue(job as JobDefinition<unknown>)
        await boss.schedule(job.name, cron, job.payload.parse(payload) as object, { tz: 'UTC' })
      },
      wake(job) {
        const workerId = workerIds.get(job.name)
        if (workerId !== undefined) boss.notifyWorker(workerId)
      },
      async stateOf(job, jobId) {
        const [found] = await boss.findJobs(job.name, { id: jobId })
        return found?.state ?? null
      },
      async settled(job, jobId, timeoutMs) {
        const deadline = Date.now() + timeoutMs
        for (;;) {
          const state = await queue.stateOf(job, jobId)
          if (state !== 'created' && state !== 'active') return state
          if (Date.now() >= deadline) return state
          await new Promise((resolve) => setTimeout(resolve, SETTLED_POLL_MS))
        }
      },
    }
    app.decorate('queue', queue)

    // Workers start when every plugin has registered its handlers and routes.
    app.addHook('onReady', async () => {
      if (!runsWorkers) return
      for (const registration of registrations.values()) {
        const { name } = registration.job
        const workerId = await boss.work(
          name,
          {
            pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
            localConcurrency: registration.concurrency,
          },
          async (jobs) => {
            for (const job of jobs) await runJob(registration, job, log)
          },
        )
        workerIds.set(name, workerId)
      }
    })
    // Before the database closes (onClose hooks run after every preClose).
    app.addHook('preClose', async () => {
      await boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS })
    })
  },
  { name: 'gy-queue', dependencies: ['gy-database'] },
)
