/**
 * Deposits for tests of what is built on them (listings, registrations): the stored audio, its
 * uploaded_files row and a deposits row, written directly. The deposit routes have tests of
 * their own; here only the rows matter.
 */
import { createHash } from 'node:crypto'
import { encodeMp3 } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { DepositRow } from '../db/types'
import { insertUploadedFile } from '../domain/files.repository'
import { steppedTone } from '../media/testTones'

export interface TestDepositOptions {
  audio?: Uint8Array
  contentType?: string
  title?: string
  genre?: string
  lyric?: string
}

let made = 0

/** A real MP3, a little longer each call, so no two deposits share a sha256. */
export function uniqueTestMp3(): Uint8Array {
  made++
  return encodeMp3(steppedTone(1 + made * 0.05, 22050), { kbps: 64 })
}

export async function insertTestDeposit(
  app: FastifyInstance,
  ownerUserId: string,
  options: TestDepositOptions = {},
): Promise<DepositRow> {
  const audio = options.audio ?? uniqueTestMp3()
  const contentType = options.contentType ?? 'audio/mpeg'
  const stored = await app.storage.put(audio, contentType)
  const file = await insertUploadedFile(app.db, {
    ownerUserId,
    purpose: 'audio',
    storageKey: stored.key,
    contentType,
    size: audio.length,
    originalName: 'test.mp3',
  })
  const sha256 = createHash('sha256').update(audio).digest('hex')
  const next = await app.db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(max(log_index) + 1, 0)`.as('next'))
    .executeTakeFirstOrThrow()
  const logIndex = Number(next.next)
  return app.db
    .insertInto('deposits')
    .values({
      owner_user_id: ownerUserId,
      file_id: file.id,
      certificate_no: `TEST-${String(logIndex).padStart(6, '0')}`,
      title: options.title ?? '测试作品',
      genre: options.genre ?? '',
      lyric: options.lyric ?? '',
      sha256,
      deposited_at: app.clock(),
      log_index: logIndex,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}
