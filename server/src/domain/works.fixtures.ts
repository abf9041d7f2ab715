/** Test fixtures: works with real stored audio, made quickly from a synthetic tone. */
import { encodeMp3 } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import type { WorkDelivery, WorkRow } from '../db/types'
import { CONTENT_TYPES } from '../media/contentType'
import { steppedTone } from '../media/testTones'
import { insertWork } from './works.repository'

const mp3Cache = new Map<number, Uint8Array>()

/** A 128 kbit/s MP3 of a stepped tone, `seconds` long (encoded once per length per test file). */
export function toneMp3(seconds: number): Uint8Array {
  let mp3 = mp3Cache.get(seconds)
  if (mp3 === undefined) {
    mp3 = encodeMp3(steppedTone(seconds), { kbps: 128 })
    mp3Cache.set(seconds, mp3)
  }
  return mp3
}

export interface FixtureWork {
  title?: string
  delivery?: WorkDelivery
  seconds?: number
  status?: 'draft' | 'listed' | 'delisted'
  createdAt?: Date
  artist?: string
  lyric?: string
  priceFen?: number
  categoryId?: string
}

/** Stores a tone as MP3 plus an SVG cover and inserts a work for it (not yet HLS-packaged). */
export async function addFixtureWork(
  app: FastifyInstance,
  work: FixtureWork = {},
): Promise<WorkRow> {
  const seconds = work.seconds ?? 7
  const audio = await app.storage.put(toneMp3(seconds), CONTENT_TYPES.mp3)
  const cover = await app.storage.put(
    new TextEncoder().encode(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${work.title ?? ''}</title></svg>`,
    ),
    CONTENT_TYPES.svg,
  )
  const row = await insertWork(app.db, {
    title: work.title ?? '测试作品',
    artist: work.artist ?? '测试音乐人',
    cover_key: cover.key,
    audio_key: audio.key,
    delivery: work.delivery ?? 'mp3',
    duration_ms: seconds * 1000,
    lyric: work.lyric ?? '[00:01.00]第一句\n[00:03.00]第二句\n',
    price_fen: work.priceFen ?? 990,
    category_id: work.categoryId ?? null,
    status: work.status ?? 'listed',
    ...(work.createdAt === undefined ? {} : { created_at: work.createdAt }),
  })
  if (row === undefined) throw new Error('fixture work not inserted')
  return row
}
