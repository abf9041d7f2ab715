/**
 * The creation center's examples (`musicfy/shareExamples`): works anyone can listen to before
 * making their own, taken from what users (and the platform's demo account) have shared. The most
 * upvoted recent shares come first; the best of each tool is always among them, so every tool
 * has something to hear when it has been shared at all.
 */
import type { SharedWork } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import type { AiJobKindColumn, UserRow } from '../db/types'
import { listTopShareViews, type ShareView } from './aiJobs.repository'
import { toSharedWorks } from './aiJobs'

export const AI_EXAMPLES_MAX = 6
/** A share counts as recent this long after it was made. */
const RECENT_DAYS = 30
const KINDS: readonly AiJobKindColumn[] = ['generate', 'cover', 'separate']

/** Ranks as the query does: recent first, then upvotes, then the newest. */
function outranks(a: ShareView, b: ShareView, recentSince: Date): number {
  const recent = (view: ShareView) => (view.share.created_at >= recentSince ? 1 : 0)
  return (
    recent(b) - recent(a) ||
    b.share.upvotes - a.share.upvotes ||
    b.share.created_at.getTime() - a.share.created_at.getTime() ||
    a.share.id.localeCompare(b.share.id)
  )
}

/**
 * Up to `limit` shares: the best of each kind, then the best of the rest, in rank order. `viewer`
 * (when logged in) learns which they have upvoted.
 */
export async function exampleShares(
  app: FastifyInstance,
  viewer: UserRow | null,
  limit = AI_EXAMPLES_MAX,
): Promise<SharedWork[]> {
  const recentSince = new Date(app.clock().getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000)
  const byKind = await Promise.all(
    KINDS.map((kind) => listTopShareViews(app.db, kind, recentSince, limit)),
  )
  const rank = (a: ShareView, b: ShareView) => outranks(a, b, recentSince)
  const leaders = byKind.flatMap((views) => views.slice(0, 1)).sort(rank)
  const rest = byKind.flatMap((views) => views.slice(1)).sort(rank)
  const chosen = [...leaders, ...rest].slice(0, limit).sort(rank)
  return toSharedWorks(app, chosen, viewer)
}
