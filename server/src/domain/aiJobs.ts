/**
 * AI jobs as users meet them: submitting one (charged in the same transaction that queues it),
 * reading them back as the contract's Job, retrying a failed one without a second charge,
 * deleting, sharing a result and upvoting a share. The work itself runs in ai/aiJobRunner.ts.
 */
import { randomUUID } from 'node:crypto'
import type { AiJob, AiJobPage, AiJobResult, ShareCreated, SharedWork } from '@gy/api/contract'
import { AI_LABEL } from '@gy/api/aiLimits'
import { AI_MESSAGES } from '@gy/api/aiMessages'
import { MESSAGES } from '@gy/api/messages'
import { writeMp3Aigc } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AiJobKindColumn, AiJobRow, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { publicLink } from '../http/publicLink'
import { CONTENT_TYPES } from '../media/contentType'
import { aigcLabel } from '../media/aigcLabel'
import { liveSongUrl } from '../media/livePlaylist'
import { defineJob } from '../plugins/queue'
import {
  addUpvote,
  countActiveJobs,
  deleteJob,
  findJob,
  findResult,
  findShareOfResult,
  findShareView,
  insertJob,
  insertShare,
  listJobs,
  lockUserSubmissions,
  queuePositions,
  reopenFailedJob,
  resultsOf,
  upvotedBy,
  type ResultWithShare,
  type ShareView,
} from './aiJobs.repository'
import { debitForJob } from './points'

export { aigcLabel }

/** The queue only carries a job's id to a worker; the job row is the truth. */
export const aiJobQueue = defineJob({
  name: 'ai-job',
  payload: z.object({ jobId: z.string().uuid() }),
  // Sent with the job id as singleton key: one delivery of a job waits at a time.
  policy: 'short',
  // Attempts are counted on the job row (a crash is an attempt too), not by the queue.
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 2 * 60 * 60,
})

/** How many times a job is run before it is given up and refunded. */
export const AI_JOB_MAX_ATTEMPTS = 3
/** A failed job may be retried this often. */
const AI_JOB_MAX_RETRIES = 3

const JOB_TITLE_MAX = 40

export function jobTitle(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  const characters = Array.from(line)
  return characters.length > JOB_TITLE_MAX
    ? `${characters.slice(0, JOB_TITLE_MAX - 1).join('')}…`
    : line
}

export interface AiSubmission {
  kind: AiJobKindColumn
  title: string
  input: Record<string, unknown>
  sourceKey: string | null
  points: number
}

/**
 * Accepts a job: the user's active-job limit, the charge and the queued delivery happen in one
 * transaction, so a job is queued exactly when it is paid for. Too few points answers 409 and
 * leaves nothing behind.
 */
export async function submitAiJob(
  app: FastifyInstance,
  user: UserRow,
  submission: AiSubmission,
): Promise<AiJobRow> {
  const now = app.clock()
  const job = await app.db.transaction().execute(async (transaction) => {
    await lockUserSubmissions(transaction, user.id)
    const active = await countActiveJobs(transaction, user.id)
    if (active >= app.config.queue.aiActiveJobsPerUser) {
      throw new EnvelopeError('429', AI_MESSAGES.aiTooManyJobs)
    }
    const inserted = await insertJob(transaction, {
      userId: user.id,
      kind: submission.kind,
      title: submission.title,
      input: submission.input,
      sourceKey: submission.sourceKey,
      pointsCharged: submission.points,
      createdAt: now,
    })
    try {
      await debitForJob(
        transaction,
        user.id,
        inserted.id,
        submission.points,
        ledgerTitle(inserted),
        now,
      )
    } catch (error) {
      if (error instanceof EnvelopeError && error.message === MESSAGES.pointsInsufficient) {
        throw new EnvelopeError('409', AI_MESSAGES.aiPointsInsufficient)
      }
      throw error
    }
    await app.queue.send(
      aiJobQueue,
      { jobId: inserted.id },
      { transaction, singletonKey: inserted.id },
    )
    return inserted
  })
  app.queue.wake(aiJobQueue)
  return job
}

const KIND_NAMES: Record<AiJobKindColumn, string> = {
  generate: 'AI写歌',
  cover: 'AI翻唱',
  separate: '人声分离',
}

function ledgerTitle(job: AiJobRow): string {
  return `${KIND_NAMES[job.kind]}：${job.title}`
}

/** The caller's own job: 404 when there is none, 403 when it is someone else's. */
export async function ownJob(
  app: FastifyInstance,
  user: UserRow,
  jobId: string,
): Promise<AiJobRow> {
  const job = await findJob(app.db, jobId)
  if (job === undefined) throw new EnvelopeError('404', AI_MESSAGES.aiJobNotFound)
  if (job.user_id !== user.id) throw new EnvelopeError('403', AI_MESSAGES.aiJobForbidden)
  return job
}

function audioFileName(result: ResultWithShare): string {
  return `${result.role}-${result.position + 1}.mp3`
}

function signedLink(app: FastifyInstance, key: string, name: string, now: Date): string {
  return publicLink(app.config.publicBaseUrl, app.fileUrls.urlFor(key, name, now))
}

function toResult(app: FastifyInstance, result: ResultWithShare, now: Date): AiJobResult {
  return {
    id: result.id,
    name: result.name,
    url:
      result.audio_key === null
        ? publicLink(app.config.publicBaseUrl, liveSongUrl(app.fileUrls, result.id, now))
        : signedLink(app, result.audio_key, audioFileName(result), now),
    cover: result.cover_key === null ? '' : signedLink(app, result.cover_key, 'cover.svg', now),
    lyric: result.lyric,
    duration: result.duration_ms / 1000,
    aiLabel: AI_LABEL,
    role: result.role,
    shareId: result.share_id,
    live: result.audio_key === null,
  }
}

/** Jobs as the contract's Job: results with signed links, the line position of queued ones. */
export async function toAiJobs(app: FastifyInstance, jobs: readonly AiJobRow[]): Promise<AiJob[]> {
  const [results, positions] = await Promise.all([
    // A running generation may already have its first song.
    resultsOf(
      app.db,
      jobs
        .filter((job) => job.state === 'succeeded' || job.state === 'running')
        .map((job) => job.id),
    ),
    queuePositions(app.db, jobs),
  ])
  const now = app.clock()
  return jobs.map((job) => ({
    jobId: job.id,
    kind: job.kind,
    state: job.state,
    progress: job.state === 'succeeded' ? 1 : Math.max(0, Math.min(1, job.progress)),
    queuePosition: job.state === 'queued' ? (positions.get(job.id) ?? 1) : null,
    pointsCharged: job.points_charged,
    error: job.state === 'failed' ? (job.error ?? AI_MESSAGES.aiJobFailedGeneric) : null,
    createdAt: job.created_at.toISOString(),
    finishedAt: job.finished_at?.toISOString() ?? null,
    title: job.title,
    input: job.input,
    engine: job.engine,
    results: (results.get(job.id) ?? []).map((result) => toResult(app, result, now)),
  }))
}

/** One page of the caller's jobs, newest first, of one kind or all. */
export async function aiJobsPage(
  app: FastifyInstance,
  user: UserRow,
  kind: AiJobKindColumn | undefined,
  page: { page: number; pageSize: number },
): Promise<AiJobPage> {
  const { jobs, total } = await listJobs(
    app.db,
    user.id,
    kind,
    page.pageSize,
    (page.page - 1) * page.pageSize,
  )
  return { records: await toAiJobs(app, jobs), total }
}

export async function toAiJob(app: FastifyInstance, job: AiJobRow): Promise<AiJob> {
  const [view] = await toAiJobs(app, [job])
  return view as AiJob
}

/** Runs a failed job again. It was refunded when it failed, and is not charged again. */
export async function retryAiJob(
  app: FastifyInstance,
  user: UserRow,
  jobId: string,
): Promise<AiJobRow> {
  const job = await ownJob(app, user, jobId)
  if (job.state !== 'failed') throw new EnvelopeError('409', AI_MESSAGES.aiJobNotFailed)
  const retries = job.retries
  if (retries >= AI_JOB_MAX_RETRIES) throw new EnvelopeError('409', AI_MESSAGES.aiJobRetriesUsed)
  const reopened = await app.db.transaction().execute(async (transaction) => {
    await lockUserSubmissions(transaction, user.id)
    if ((await countActiveJobs(transaction, user.id)) >= app.config.queue.aiActiveJobsPerUser) {
      throw new EnvelopeError('429', AI_MESSAGES.aiTooManyJobs)
    }
    const row = await reopenFailedJob(transaction, job.id, app.clock(), retries + 1)
    if (row === undefined) throw new EnvelopeError('409', AI_MESSAGES.aiJobNotFailed)
    await app.queue.send(aiJobQueue, { jobId: row.id }, { transaction, singletonKey: row.id })
    return row
  })
  app.queue.wake(aiJobQueue)
  return reopened
}

export async function removeAiJob(app: FastifyInstance, user: UserRow, jobId: string) {
  const job = await ownJob(app, user, jobId)
  if (job.state === 'queued' || job.state === 'running') {
    throw new EnvelopeError('409', AI_MESSAGES.aiJobRunning)
  }
  await deleteJob(app.db, job.id)
}

function shareLink(app: FastifyInstance, shareId: string): string {
  return publicLink(app.config.publicBaseUrl, `/aiShare?shareId=${shareId}`)
}

/**
 * Shares one result: a public page plays it without login. The shared file carries the share in
 * its AIGC label (ContentPropagator, PropagateID). Sharing again answers the same share.
 */
export async function shareAiResult(
  app: FastifyInstance,
  user: UserRow,
  jobId: string,
  resultId: string,
): Promise<ShareCreated> {
  const job = await ownJob(app, user, jobId)
  const result = await findResult(app.db, job.id, resultId)
  if (result === undefined) throw new EnvelopeError('404', AI_MESSAGES.aiResultNotFound)
  if (result.audio_key === null) throw new EnvelopeError('409', AI_MESSAGES.aiResultStillRendering)
  const existing = await findShareOfResult(app.db, result.id)
  if (existing !== undefined) return { shareId: existing.id, url: shareLink(app, existing.id) }
  const shareId = randomUUID()
  const labelled = writeMp3Aigc(
    await app.storage.readAll(result.audio_key),
    aigcLabel(result.id, shareId),
  )
  const stored = await app.storage.put(labelled, CONTENT_TYPES.mp3)
  const share = await insertShare(app.db, {
    id: shareId,
    resultId: result.id,
    userId: user.id,
    audioKey: stored.key,
    createdAt: app.clock(),
  })
  return { shareId: share.id, url: shareLink(app, share.id) }
}

export async function toSharedWorks(
  app: FastifyInstance,
  views: readonly ShareView[],
  viewer: UserRow | null,
): Promise<SharedWork[]> {
  const upvoted =
    viewer === null
      ? new Set<string>()
      : await upvotedBy(
          app.db,
          viewer.id,
          views.map((view) => view.share.id),
        )
  const now = app.clock()
  return views.map(({ share, result, kind, author, jobTitle }) => ({
    shareId: share.id,
    url: shareLink(app, share.id),
    // A stem's own name says only which stem it is (伴奏): it goes out with its song's.
    name: kind === 'separate' && jobTitle !== '' ? `${jobTitle} · ${result.name}` : result.name,
    author,
    audioUrl: signedLink(app, share.audio_key, 'shared.mp3', now),
    cover: result.cover_key === null ? '' : signedLink(app, result.cover_key, 'cover.svg', now),
    lyric: result.lyric,
    duration: result.duration_ms / 1000,
    kind,
    aiLabel: AI_LABEL,
    upvotes: share.upvotes,
    upvoted: upvoted.has(share.id),
    createdAt: share.created_at.toISOString(),
  }))
}

export async function sharedWork(
  app: FastifyInstance,
  shareId: string,
  viewer: UserRow | null,
): Promise<SharedWork> {
  const view = await findShareView(app.db, shareId)
  if (view === undefined) throw new EnvelopeError('404', AI_MESSAGES.aiShareNotFound)
  const [work] = await toSharedWorks(app, [view], viewer)
  return work as SharedWork
}

export async function upvoteShare(
  app: FastifyInstance,
  user: UserRow,
  shareId: string,
): Promise<number> {
  const view = await findShareView(app.db, shareId)
  if (view === undefined) throw new EnvelopeError('404', AI_MESSAGES.aiShareNotFound)
  const upvotes = await addUpvote(app.db, shareId, user.id, app.clock())
  if (upvotes === null) throw new EnvelopeError('409', AI_MESSAGES.aiAlreadyUpvoted)
  return upvotes
}
