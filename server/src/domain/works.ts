/**
 * A work as the listings and the player receive it (WorkItem): its files as signed URLs, its
 * HLS package made on first need.
 */
import type { WorkItem } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import type { WorkRow } from '../db/types'
import { publicLink } from '../http/publicLink'
import { PLAYLIST_NAME } from '../media/hlsPackager'
import { packageStoredMp3 } from '../media/hlsStore'
import { certifiedUserIds } from './certification'
import { listCategories } from './store.repository'
import { setHlsPlaylistKey } from './works.repository'

const AUDIO_FILE_NAME = 'audio.mp3'
const COVER_FILE_NAME = 'cover'

/**
 * The work's HLS playlist key, packaging the stored MP3 now if that was never done (works that
 * did not come from the seed catalogue). Done once: the key is saved on the work.
 */
export async function ensureHlsPackage(app: FastifyInstance, work: WorkRow): Promise<WorkRow> {
  if (work.hls_playlist_key !== null) return work
  const playlistKey = await packageStoredMp3(app.storage, work.audio_key)
  await setHlsPlaylistKey(app.db, work.id, playlistKey, app.clock())
  return { ...work, hls_playlist_key: playlistKey }
}

/** What a work item says beside the work's own row. */
export interface WorkItemContext {
  certified: boolean
  /** Category names by id. */
  categories: ReadonlyMap<string, string>
}

export function toWorkItem(
  app: FastifyInstance,
  work: WorkRow,
  context: WorkItemContext = { certified: false, categories: new Map() },
): WorkItem {
  const now = app.clock()
  const signed = (key: string, name: string): string =>
    publicLink(app.config.publicBaseUrl, app.fileUrls.urlFor(key, name, now))
  const mp3Url = signed(work.audio_key, AUDIO_FILE_NAME)
  const hlsUrl = work.hls_playlist_key === null ? '' : signed(work.hls_playlist_key, PLAYLIST_NAME)
  return {
    goodsId: work.id,
    musicId: work.id,
    musicName: work.title,
    artist: work.artist,
    cover: work.cover_key === null ? '' : signed(work.cover_key, COVER_FILE_NAME),
    musicEncodeUrl: work.delivery === 'hls' && hlsUrl !== '' ? hlsUrl : mp3Url,
    mp3Url,
    hlsUrl,
    duration: Math.round(work.duration_ms / 10) / 100,
    lyric: work.lyric,
    priceFen: work.price_fen,
    createdAt: work.created_at.toISOString(),
    certified: context.certified,
    playCount: work.play_count,
    categoryId: work.category_id ?? '',
    categoryName: work.category_id === null ? '' : (context.categories.get(work.category_id) ?? ''),
  }
}

/** Items for `works`, packaging any that still lack HLS (once per work, ever). */
export async function toWorkItems(
  app: FastifyInstance,
  works: readonly WorkRow[],
): Promise<WorkItem[]> {
  const [packaged, certified, categories] = await Promise.all([
    Promise.all(works.map((work) => ensureHlsPackage(app, work))),
    certifiedUserIds(
      app.db,
      works.flatMap((work) => (work.owner_user_id === null ? [] : [work.owner_user_id])),
    ),
    listCategories(app.db),
  ])
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]))
  return packaged.map((work) =>
    toWorkItem(app, work, {
      certified: work.owner_user_id !== null && certified.has(work.owner_user_id),
      categories: categoryNames,
    }),
  )
}
