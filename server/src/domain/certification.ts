/**
 * Musician certification: a user applies (real name, resident ID, portfolio, photo), a reviewer
 * approves or rejects with a reason, a rejected user may apply again. The reviewer role is given
 * only by the server command `npm run admin` (admin.ts), never through the API.
 */
import { createHmac } from 'node:crypto'
import { maskResidentId } from '@gy/api/idNumber'
import type { CertificationState, CertificationStatus } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { CertificationApplicationRow, Database, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { findOwnedFile } from './files.repository'

export interface CertificationRequest {
  realName: string
  idNumber: string
  portfolioLinks: string[]
  photoFileId: string
}

/** The unique index that keeps one pending or approved application per user. */
const ONE_LIVE_APPLICATION = 'certification_one_live_per_user'

function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  )
}

/** 张三 → 张*; keeps the family name only. */
export function maskName(name: string): string {
  const characters = [...name]
  return characters.length <= 1 ? name : `${characters[0]}${'*'.repeat(characters.length - 1)}`
}

export async function latestApplication(
  db: Kysely<Database>,
  userId: string,
): Promise<CertificationApplicationRow | undefined> {
  return db
    .selectFrom('certification_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('submitted_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export function toCertificationState(
  application: CertificationApplicationRow | undefined,
  reviewer: boolean,
): CertificationState {
  if (application === undefined) {
    return {
      status: 'none',
      reason: null,
      realName: null,
      submittedAt: null,
      reviewedAt: null,
      isReviewer: reviewer,
    }
  }
  return {
    isReviewer: reviewer,
    status: application.status satisfies CertificationStatus,
    reason: application.status === 'rejected' ? application.reason : null,
    realName: maskName(application.real_name),
    submittedAt: application.submitted_at.toISOString(),
    reviewedAt: application.reviewed_at?.toISOString() ?? null,
  }
}

export async function applyForCertification(
  app: FastifyInstance,
  user: UserRow,
  request: CertificationRequest,
): Promise<CertificationState> {
  const photo = await findOwnedFile(app.db, user.id, request.photoFileId, 'image')
  const current = await latestApplication(app.db, user.id)
  if (current?.status === 'pending') throw new EnvelopeError('409', MESSAGES.certificationPending)
  if (current?.status === 'approved') {
    throw new EnvelopeError('409', MESSAGES.certificationApproved)
  }
  const digest = createHmac('sha256', app.derivedKey('id-number-digest'))
    .update(request.idNumber)
    .digest('hex')
  try {
    const application = await app.db
      .insertInto('certification_applications')
      .values({
        user_id: user.id,
        real_name: request.realName,
        id_number_masked: maskResidentId(request.idNumber),
        id_number_digest: digest,
        portfolio_links: JSON.stringify(request.portfolioLinks),
        photo_file_id: photo.id,
        status: 'pending',
        submitted_at: app.clock(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return toCertificationState(application, await isReviewer(app.db, user.id))
  } catch (error) {
    // Two submissions at once: the index lets one through.
    if (isUniqueViolationOf(error, ONE_LIVE_APPLICATION)) {
      throw new EnvelopeError('409', MESSAGES.certificationPending)
    }
    throw error
  }
}

export async function isReviewer(db: Kysely<Database>, userId: string): Promise<boolean> {
  const role = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('role', '=', 'reviewer')
    .executeTakeFirst()
  return role !== undefined
}

export async function requireReviewer(db: Kysely<Database>, user: UserRow): Promise<void> {
  if (!(await isReviewer(db, user.id))) throw new EnvelopeError('403', MESSAGES.reviewerOnly)
}

export async function reviewApplication(
  app: FastifyInstance,
  reviewer: UserRow,
  decision: { applicationId: string; decision: 'approve' | 'reject'; reason?: string | undefined },
): Promise<void> {
  await requireReviewer(app.db, reviewer)
  const result = await app.db
    .updateTable('certification_applications')
    .set({
      status: decision.decision === 'approve' ? 'approved' : 'rejected',
      reason: decision.decision === 'approve' ? null : (decision.reason ?? null),
      reviewer_user_id: reviewer.id,
      reviewed_at: app.clock(),
    })
    .where('id', '=', decision.applicationId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (result.numUpdatedRows > 0n) return
  const exists = await app.db
    .selectFrom('certification_applications')
    .select('id')
    .where('id', '=', decision.applicationId)
    .executeTakeFirst()
  throw exists === undefined
    ? new EnvelopeError('404', MESSAGES.applicationNotFound)
    : new EnvelopeError('409', MESSAGES.applicationReviewed)
}

/** The owners among `userIds` who are certified musicians. */
export async function certifiedUserIds(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('certification_applications')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('status', '=', 'approved')
    .execute()
  return new Set(rows.map((row) => row.user_id))
}
