/**
 * Examples of the AI creation zone on a fresh platform, made through the real job system: the
 * platform's demo account (GY音乐 AI, the seed catalogue's artist) asks for one smart-mode song,
 * one separation of a demo work and one cover of a demo work, like any user, and shares every
 * result once its job has succeeded, so /aiCreationCenter has something to play for a visitor.
 *
 * It is charged like anyone: before each submission the account is granted what it lacks through
 * the ledger (as the development grant does), so its ledger stays exact and it ends with nothing.
 * It runs again on every start of the seeding and does only what is missing: a tool it has used
 * is not asked again, a job still running is waited for, a failed one is retried (free, as for
 * anyone), and a finished one not yet shared is shared.
 */
import { findSingerPreset } from '@gy/audio'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { AiJobKindColumn, AiJobRow, UserRow, WorkRow } from '../db/types'
import { findJob, listJobs, resultsOf } from '../domain/aiJobs.repository'
import { retryAiJob, shareAiResult, submitAiJob, type AiSubmission } from '../domain/aiJobs'
import {
  coverSubmission,
  generationSubmission,
  separationSubmission,
  storeCoverSource,
} from '../domain/aiSubmissions'
import { insertUploadedFile } from '../domain/files.repository'
import { balanceOf, grantPoints } from '../domain/points'
import { findOrCreateUserByPhone, updateUserDetails } from '../domain/users.repository'
import { listedSeedWorks } from '../domain/works.repository'
import { SEED_ARTIST } from './catalogue'

/** Not a phone anyone can log in with (those are 86:<11 digits>): the account is the platform's. */
export const DEMO_ACCOUNT_PHONE = 'platform:gy-ai-demo'
const GRANT_TITLE = '平台示例创作'

/** What the demo account asks for. */
export const DEMO_PROMPT = '一首温暖的城市民谣，写傍晚下班路上的晚霞和回家的心情，木吉他和口琴'
const DEMO_SINGER = 'sweet-female'

export interface SeedAiExamplesOptions {
  app: FastifyInstance
  log: Pick<FastifyBaseLogger, 'info' | 'error'>
  /** Stops waiting and submitting (server shutdown). */
  signal?: AbortSignal
  /** How often a job the account waits for is looked at. */
  pollMs?: number
}

export interface AiExamplesOutcome {
  /** Kinds whose results are shared (now or before). */
  shared: AiJobKindColumn[]
  /** Kinds with nothing shared: no demo work to start from, or the job failed. */
  missing: AiJobKindColumn[]
}

const SETTLED: readonly AiJobRow['state'][] = ['succeeded', 'failed']

/** The platform's demo account, named as the seed catalogue's artist. */
export async function demoAccount(app: FastifyInstance): Promise<UserRow> {
  const user = await findOrCreateUserByPhone(app.db, DEMO_ACCOUNT_PHONE)
  if (user.nick_name === SEED_ARTIST) return user
  return updateUserDetails(app.db, user.id, { nickName: SEED_ARTIST }, app.clock())
}

async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done)
  })
}

/** Submits as the demo account, granting first what its balance lacks for the job. */
async function submitAsDemo(
  app: FastifyInstance,
  demo: UserRow,
  submission: AiSubmission,
): Promise<AiJobRow> {
  const lacking = submission.points - (await balanceOf(app.db, demo.id))
  if (lacking > 0) await grantPoints(app.db, demo.id, lacking, GRANT_TITLE, app.clock())
  return submitAiJob(app, demo, submission)
}

/** The demo work's audio filed as the account's upload, as a user's song would be. */
async function demoUpload(app: FastifyInstance, demo: UserRow, work: WorkRow) {
  const stored = await app.storage.stat(work.audio_key)
  if (stored === null) throw new Error(`the audio of demo work ${work.id} is not in storage`)
  return insertUploadedFile(app.db, {
    ownerUserId: demo.id,
    purpose: 'audio',
    storageKey: stored.key,
    contentType: stored.contentType,
    size: stored.size,
    originalName: `${work.title}.mp3`,
  })
}

export async function seedAiExamples(options: SeedAiExamplesOptions): Promise<AiExamplesOutcome> {
  const { app, log, signal } = options
  const pollMs = options.pollMs ?? 1000
  const outcome: AiExamplesOutcome = { shared: [], missing: [] }
  const demo = await demoAccount(app)
  const works = await listedSeedWorks(app.db)
  const [separated, covered = separated] = works
  const singer = findSingerPreset(DEMO_SINGER)

  const submissions: { kind: AiJobKindColumn; make: () => Promise<AiSubmission> | null }[] = [
    {
      kind: 'generate',
      make: async () => generationSubmission({ mode: 'smart', prompt: DEMO_PROMPT }),
    },
    {
      kind: 'separate',
      make: () =>
        separated === undefined
          ? null
          : demoUpload(app, demo, separated).then((file) => separationSubmission(file)),
    },
    {
      kind: 'cover',
      make: () =>
        covered === undefined || singer === undefined
          ? null
          : Promise.resolve(
              coverSubmission(singer, storeCoverSource(covered), {
                semitones: singer.pitchOffset,
              }),
            ),
    },
  ]

  const { jobs: made } = await listJobs(app.db, demo.id, undefined, 50, 0)
  const jobs: AiJobRow[] = []
  for (const { kind, make } of submissions) {
    if (signal?.aborted) return outcome
    // The newest job of a kind is the one that counts.
    let job = made.find((candidate) => candidate.kind === kind)
    if (job?.state === 'failed') {
      job = await retryAiJob(app, demo, job.id).catch((error: unknown) => {
        log.error({ err: error, kind }, 'AI examples: the failed demo job cannot be retried')
        return job
      })
    }
    if (job === undefined) {
      const submission = await make()
      if (submission === null) {
        log.info(`AI examples: no demo work to start a ${kind} from`)
        outcome.missing.push(kind)
        continue
      }
      job = await submitAsDemo(app, demo, submission)
      log.info(`AI examples: demo ${kind} job ${job.id} submitted`)
    }
    jobs.push(job)
  }

  for (const submitted of jobs) {
    let job: AiJobRow | undefined = submitted
    while (job !== undefined && !SETTLED.includes(job.state)) {
      if (signal?.aborted) return outcome
      await pause(pollMs, signal)
      job = await findJob(app.db, submitted.id)
    }
    if (job?.state !== 'succeeded') {
      log.error({ jobId: submitted.id, error: job?.error }, 'AI examples: a demo job failed')
      outcome.missing.push(submitted.kind)
      continue
    }
    const results = (await resultsOf(app.db, [job.id])).get(job.id) ?? []
    for (const result of results) {
      if (result.share_id === null) await shareAiResult(app, demo, job.id, result.id)
    }
    outcome.shared.push(job.kind)
    log.info(`AI examples: demo ${job.kind} shared (${results.length} results)`)
  }
  return outcome
}
