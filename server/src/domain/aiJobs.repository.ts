/**
 * SQL about AI jobs, their results, shares and upvotes. A job changes state only through the
 * guarded updates here: each names the state it expects, so two workers, a retry and a refund can
 * never both act on one job.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import { lockUntilCommit } from '../db/advisoryLock'
import type {
  AiJobKindColumn,
  AiJobRow,
  AiResultRoleColumn,
  AiResultRow,
  AiShareRow,
  Database,
} from '../db/types'

export interface NewAiJob {
  userId: string
  kind: AiJobKindColumn
  title: string
  input: Record<string, unknown>
  sourceKey: string | null
  pointsCharged: number
  createdAt: Date
}

/** Submissions of one user take turns, so the active-job limit holds under concurrency. */
export function lockUserSubmissions(transaction: Transaction<Database>, userId: string) {
  return lockUntilCommit(transaction, `ai-submit:${userId}`)
}

export async function countActiveJobs(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('ai_jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function insertJob(db: Kysely<Database>, job: NewAiJob): Promise<AiJobRow> {
  return db
    .insertInto('ai_jobs')
    .values({
      user_id: job.userId,
      kind: job.kind,
      state: 'queued',
      title: job.title,
      input: JSON.stringify(job.input),
      source_key: job.sourceKey,
      points_charged: job.pointsCharged,
      created_at: job.createdAt,
      queued_at: job.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export function findJob(db: Kysely<Database>, jobId: string): Promise<AiJobRow | undefined> {
  return db.selectFrom('ai_jobs').selectAll().where('id', '=', jobId).executeTakeFirst()
}

export function findJobs(db: Kysely<Database>, jobIds: readonly string[]): Promise<AiJobRow[]> {
  if (jobIds.length === 0) return Promise.resolve([])
  return db.selectFrom('ai_jobs').selectAll().where('id', 'in', jobIds).execute()
}

export async function listJobs(
  db: Kysely<Database>,
  userId: string,
  kind: AiJobKindColumn | undefined,
  limit: number,
  offset: number,
): Promise<{ jobs: AiJobRow[]; total: number }> {
  let query = db.selectFrom('ai_jobs').where('user_id', '=', userId)
  if (kind !== undefined) query = query.where('kind', '=', kind)
  const [jobs, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { jobs, total: Number(count.count) }
}

/** Queued jobs ahead of each of `jobs` (itself included): its place in the line. */
export async function queuePositions(
  db: Kysely<Database>,
  jobs: readonly AiJobRow[],
): Promise<Map<string, number>> {
  const queued = jobs.filter((job) => job.state === 'queued')
  const positions = new Map<string, number>()
  if (queued.length === 0) return positions
  const oldest = queued.reduce((earliest, job) =>
    job.queued_at < earliest.queued_at ? job : earliest,
  )
  const line = await db
    .selectFrom('ai_jobs')
    .select('id')
    .where('state', '=', 'queued')
    .where('queued_at', '>=', oldest.queued_at)
    .orderBy('queued_at')
    .orderBy('id')
    .execute()
  const ahead = await db
    .selectFrom('ai_jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('state', '=', 'queued')
    .where('queued_at', '<', oldest.queued_at)
    .executeTakeFirstOrThrow()
  const before = Number(ahead.count)
  line.forEach((row, index) => positions.set(row.id, before + index + 1))
  return positions
}

/**
 * Takes a job for this worker: a queued job, or a running one whose worker's lease ran out (it
 * died). Answers undefined when another worker holds it or it is settled.
 */
export function claimJob(
  db: Kysely<Database>,
  jobId: string,
  now: Date,
  leaseUntil: Date,
): Promise<AiJobRow | undefined> {
  return db
    .updateTable('ai_jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil,
      started_at: now,
      progress: 0,
      error: null,
    }))
    .where('id', '=', jobId)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'queued'),
        eb.and([eb('state', '=', 'running'), eb('lease_until', '<', now)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst()
}

/** Progress, and a longer lease, for a job this worker still holds. */
export async function recordProgress(
  db: Kysely<Database>,
  jobId: string,
  attempt: number,
  progress: number,
  leaseUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('ai_jobs')
    .set({ progress, lease_until: leaseUntil })
    .where('id', '=', jobId)
    .where('state', '=', 'running')
    .where('attempts', '=', attempt)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export interface NewAiResult {
  id: string
  position: number
  role: AiResultRoleColumn
  name: string
  /** Null for a song heard through its segments while it still renders (aiLiveSongs.repository). */
  audioKey: string | null
  coverKey: string | null
  lyric: string
  durationMs: number
  details: Record<string, unknown>
}

export function resultRow(jobId: string, result: NewAiResult, now: Date) {
  return {
    id: result.id,
    job_id: jobId,
    position: result.position,
    role: result.role,
    name: result.name,
    audio_key: result.audioKey,
    cover_key: result.coverKey,
    lyric: result.lyric,
    duration_ms: result.durationMs,
    details: JSON.stringify(result.details),
    created_at: now,
  }
}

/**
 * Stores one result of a job that still runs (a generation's first song, while the second
 * renders), if this worker (`attempt`) still holds the job.
 */
export async function insertEarlyResult(
  db: Kysely<Database>,
  jobId: string,
  attempt: number,
  result: NewAiResult,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (transaction) => {
    const held = await transaction
      .selectFrom('ai_jobs')
      .select('id')
      .where('id', '=', jobId)
      .where('state', '=', 'running')
      .where('attempts', '=', attempt)
      .forUpdate()
      .executeTakeFirst()
    if (held === undefined) return false
    await transaction
      .insertInto('ai_results')
      .values(resultRow(jobId, result, now))
      .execute()
    return true
  })
}

/** What an attempt that died left of a job's results; the new attempt makes them again. */
export function clearUnsettledResults(db: Kysely<Database>, jobId: string) {
  return db
    .deleteFrom('ai_results')
    .where('job_id', '=', jobId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ai_jobs')
          .select('id')
          .where('id', '=', jobId)
          .where('state', 'in', ['queued', 'running']),
      ),
    )
    .execute()
}

/** Stores the results and settles the job, if this worker (`attempt`) still holds it. */
export async function completeJob(
  transaction: Kysely<Database>,
  jobId: string,
  attempt: number,
  engine: string,
  results: readonly NewAiResult[],
  now: Date,
): Promise<boolean> {
  const settled = await transaction
    .updateTable('ai_jobs')
    .set({ state: 'succeeded', progress: 1, engine, finished_at: now, lease_until: null })
    .where('id', '=', jobId)
    .where('state', '=', 'running')
    .where('attempts', '=', attempt)
    .executeTakeFirst()
  if (settled.numUpdatedRows === 0n) return false
  if (results.length > 0) {
    await transaction
      .insertInto('ai_results')
      .values(results.map((result) => resultRow(jobId, result, now)))
      // A result stored early (insertEarlyResult, a live song) is already there; a live song
      // whose file was not yet recorded gets it now.
      .onConflict((conflict) =>
        conflict.columns(['job_id', 'position']).doUpdateSet((eb) => ({
          audio_key: eb.fn.coalesce('ai_results.audio_key', eb.ref('excluded.audio_key')),
        })),
      )
      .execute()
  }
  return true
}

/** Settles a job as failed unless it already settled; true when this call did it. */
export async function failJob(
  transaction: Kysely<Database>,
  jobId: string,
  error: string,
  engine: string,
  now: Date,
): Promise<boolean> {
  const result = await transaction
    .updateTable('ai_jobs')
    .set({ state: 'failed', error, engine, finished_at: now, lease_until: null })
    .where('id', '=', jobId)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Puts a running job back in line (its attempt failed for a reason another may not meet). */
export async function requeueJob(
  db: Kysely<Database>,
  jobId: string,
  attempt: number,
): Promise<boolean> {
  const result = await db
    .updateTable('ai_jobs')
    .set({ state: 'queued', lease_until: null, progress: 0 })
    .where('id', '=', jobId)
    .where('state', '=', 'running')
    .where('attempts', '=', attempt)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** A failed job back in line for a retry; its attempts start again. */
export function reopenFailedJob(
  db: Kysely<Database>,
  jobId: string,
  now: Date,
  retries: number,
): Promise<AiJobRow | undefined> {
  return db
    .updateTable('ai_jobs')
    .set({
      state: 'queued',
      progress: 0,
      error: null,
      attempts: 0,
      retries,
      lease_until: null,
      finished_at: null,
      queued_at: now,
    })
    .where('id', '=', jobId)
    .where('state', '=', 'failed')
    .returningAll()
    .executeTakeFirst()
}

/** Running jobs whose worker stopped renewing the lease: their process died. */
export async function abandonedJobIds(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('ai_jobs')
    .select('id')
    .where('state', '=', 'running')
    .where('lease_until', '<', now)
    .limit(100)
    .execute()
  return rows.map((row) => row.id)
}

export function deleteJob(db: Kysely<Database>, jobId: string) {
  return db.deleteFrom('ai_jobs').where('id', '=', jobId).execute()
}

export type ResultWithShare = AiResultRow & { share_id: string | null }

export async function resultsOf(
  db: Kysely<Database>,
  jobIds: readonly string[],
): Promise<Map<string, ResultWithShare[]>> {
  const byJob = new Map<string, ResultWithShare[]>()
  if (jobIds.length === 0) return byJob
  const rows = await db
    .selectFrom('ai_results')
    .leftJoin('ai_shares', 'ai_shares.result_id', 'ai_results.id')
    .selectAll('ai_results')
    .select('ai_shares.id as share_id')
    .where('ai_results.job_id', 'in', jobIds)
    .orderBy('ai_results.position')
    .execute()
  for (const row of rows) {
    const list = byJob.get(row.job_id) ?? []
    list.push(row)
    byJob.set(row.job_id, list)
  }
  return byJob
}

export function findResult(
  db: Kysely<Database>,
  jobId: string,
  resultId: string,
): Promise<AiResultRow | undefined> {
  return db
    .selectFrom('ai_results')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('id', '=', resultId)
    .executeTakeFirst()
}

export function findShareOfResult(
  db: Kysely<Database>,
  resultId: string,
): Promise<AiShareRow | undefined> {
  return db.selectFrom('ai_shares').selectAll().where('result_id', '=', resultId).executeTakeFirst()
}

/** Records a share, or answers the one a concurrent call recorded first. */
export async function insertShare(
  db: Kysely<Database>,
  share: { id: string; resultId: string; userId: string; audioKey: string; createdAt: Date },
): Promise<AiShareRow> {
  const inserted = await db
    .insertInto('ai_shares')
    .values({
      id: share.id,
      result_id: share.resultId,
      user_id: share.userId,
      audio_key: share.audioKey,
      created_at: share.createdAt,
    })
    .onConflict((conflict) => conflict.column('result_id').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted !== undefined) return inserted
  const existing = await findShareOfResult(db, share.resultId)
  if (existing === undefined) throw new Error(`share of result ${share.resultId} vanished`)
  return existing
}

export interface ShareView {
  share: AiShareRow
  result: AiResultRow
  kind: AiJobKindColumn
  author: string
  /** The job's title: the song a stem was separated from. */
  jobTitle: string
}

function shareViews(db: Kysely<Database>) {
  return db
    .selectFrom('ai_shares')
    .innerJoin('ai_results', 'ai_results.id', 'ai_shares.result_id')
    .innerJoin('ai_jobs', 'ai_jobs.id', 'ai_results.job_id')
    .innerJoin('users', 'users.id', 'ai_shares.user_id')
    .select([
      'ai_shares.id as share_id',
      'ai_shares.result_id',
      'ai_shares.user_id',
      'ai_shares.audio_key as share_audio_key',
      'ai_shares.upvotes',
      'ai_shares.created_at as shared_at',
      'ai_results.id as r_id',
      'ai_results.job_id',
      'ai_results.position',
      'ai_results.role',
      'ai_results.name',
      'ai_results.audio_key',
      'ai_results.cover_key',
      'ai_results.lyric',
      'ai_results.duration_ms',
      'ai_results.details',
      'ai_results.created_at as result_created_at',
      'ai_jobs.kind',
      'ai_jobs.title as job_title',
      'users.nick_name',
    ])
}

type ShareViewRow = Awaited<ReturnType<ReturnType<typeof shareViews>['execute']>>[number]

function toShareView(row: ShareViewRow): ShareView {
  return {
    share: {
      id: row.share_id,
      result_id: row.result_id,
      user_id: row.user_id,
      audio_key: row.share_audio_key,
      upvotes: row.upvotes,
      created_at: row.shared_at,
    },
    result: {
      id: row.r_id,
      job_id: row.job_id,
      position: row.position,
      role: row.role,
      name: row.name,
      audio_key: row.audio_key,
      cover_key: row.cover_key,
      lyric: row.lyric,
      duration_ms: row.duration_ms,
      details: row.details,
      created_at: row.result_created_at,
    },
    kind: row.kind,
    author: row.nick_name,
    jobTitle: row.job_title,
  }
}

export async function findShareView(
  db: Kysely<Database>,
  shareId: string,
): Promise<ShareView | undefined> {
  const row = await shareViews(db).where('ai_shares.id', '=', shareId).executeTakeFirst()
  return row === undefined ? undefined : toShareView(row)
}

export async function listShareViews(
  db: Kysely<Database>,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ shares: ShareView[]; total: number }> {
  const [rows, count] = await Promise.all([
    shareViews(db)
      .where('ai_shares.user_id', '=', userId)
      .orderBy('ai_shares.created_at', 'desc')
      .orderBy('ai_shares.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('ai_shares')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return { shares: rows.map(toShareView), total: Number(count.count) }
}

/**
 * The best shares of one kind for the creation center's examples: recent ones (shared since
 * `recentSince`) before older ones, the most upvoted first, then the newest.
 */
export async function listTopShareViews(
  db: Kysely<Database>,
  kind: AiJobKindColumn,
  recentSince: Date,
  limit: number,
): Promise<ShareView[]> {
  const rows = await shareViews(db)
    .where('ai_jobs.kind', '=', kind)
    .orderBy(sql`ai_shares.created_at >= ${recentSince}`, 'desc')
    .orderBy('ai_shares.upvotes', 'desc')
    .orderBy('ai_shares.created_at', 'desc')
    .orderBy('ai_shares.id')
    .limit(limit)
    .execute()
  return rows.map(toShareView)
}

export async function upvotedBy(
  db: Kysely<Database>,
  userId: string,
  shareIds: readonly string[],
): Promise<Set<string>> {
  if (shareIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('ai_upvotes')
    .select('share_id')
    .where('user_id', '=', userId)
    .where('share_id', 'in', shareIds)
    .execute()
  return new Set(rows.map((row) => row.share_id))
}

/** One upvote per user and share: answers the new count, or null for a repeated upvote. */
export async function addUpvote(
  db: Kysely<Database>,
  shareId: string,
  userId: string,
  now: Date,
): Promise<number | null> {
  const run = async (transaction: Kysely<Database>) => {
    const inserted = await transaction
      .insertInto('ai_upvotes')
      .values({ share_id: shareId, user_id: userId, created_at: now })
      .onConflict((conflict) => conflict.columns(['share_id', 'user_id']).doNothing())
      .returning('share_id')
      .executeTakeFirst()
    if (inserted === undefined) return null
    const updated = await transaction
      .updateTable('ai_shares')
      .set((eb) => ({ upvotes: eb('upvotes', '+', 1) }))
      .where('id', '=', shareId)
      .returning('upvotes')
      .executeTakeFirstOrThrow()
    return updated.upvotes
  }
  return db.isTransaction ? run(db) : db.transaction().execute(run)
}

/** The caller's uploaded audio files, newest first (the originals a cover can start from). */
export async function listAudioUploads(
  db: Kysely<Database>,
  userId: string,
  limit: number,
  offset: number,
) {
  const query = db
    .selectFrom('uploaded_files')
    .where('owner_user_id', '=', userId)
    .where('purpose', '=', 'audio')
  const [files, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { files, total: Number(count.count) }
}
