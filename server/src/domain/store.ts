/** The store beyond its listings: a work's page, the banners, counting plays. */
import { createHash } from 'node:crypto'
import type { StoreBanner, WorkDetails } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import type { WorkRow } from '../db/types'
import { publicLink } from '../http/publicLink'
import { certificateNumbers, listBanners } from './store.repository'
import { toWorkItems } from './works'

const COVER_FILE_NAME = 'cover'

/** The public verification page of a deposit certificate (the page the certificate's QR opens). */
export function verifyPath(certificateNo: string): string {
  return `/verify?certificateNo=${encodeURIComponent(certificateNo)}`
}

/** The store page of a work. */
export function workPagePath(workId: string): string {
  return `/copyrightedMusic/details?goodsId=${workId}`
}

/** A work with what its page shows: the deposit certificate and its verification beside the item. */
export async function toWorkDetails(app: FastifyInstance, work: WorkRow): Promise<WorkDetails> {
  const [[item], certificates] = await Promise.all([
    toWorkItems(app, [work]),
    certificateNumbers(app.db, work.deposit_id === null ? [] : [work.deposit_id]),
  ])
  if (item === undefined) throw new Error(`work ${work.id} gave no item`)
  const certificateNo = work.deposit_id === null ? '' : (certificates.get(work.deposit_id) ?? '')
  return {
    ...item,
    genre: work.genre,
    certificateNo,
    verifyUrl:
      certificateNo === '' ? '' : publicLink(app.config.publicBaseUrl, verifyPath(certificateNo)),
  }
}

/** The banners; one about a work opens that work's page, shows its cover, and waits for it. */
export async function storeBanners(app: FastifyInstance): Promise<StoreBanner[]> {
  const now = app.clock()
  const rows = await listBanners(app.db)
  // A banner about a work waits until that work is in the store.
  return rows
    .filter((row) => row.work_seed_key === null || row.work_id !== null)
    .map((row) => ({
      bannerId: row.id,
      title: row.title,
      subtitle: row.subtitle,
      link: row.work_id === null ? row.link : workPagePath(row.work_id),
      image:
        row.cover_key === null
          ? ''
          : publicLink(
              app.config.publicBaseUrl,
              app.fileUrls.urlFor(row.cover_key, COVER_FILE_NAME, now),
            ),
    }))
}

/**
 * Who played, for counting plays: a logged-in user by id; a visitor by a digest of the address
 * alone, so changing browsers or clearing storage does not count again (and no address is kept).
 */
export function listenerOf(userId: string | null, address: string): string {
  if (userId !== null) return `user:${userId}`
  return `address:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`
}

/** The UTC calendar day of `time`, as YYYY-MM-DD. */
export function playDay(time: Date): string {
  return time.toISOString().slice(0, 10)
}
