/**
 * Deposits for tests of what is built on them (listings, registrations): the stored audio, its
 * uploaded_files row and a deposits row, written directly. The deposit routes have tests of
 * their own; here only the rows matter.
 */
import { createHash } from 'node:crypto'
import { encodeMp3 } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { leafText } from '@gy/api/merkle'
import type { DepositRow } from '../db/types'
import { appendLeaf, logSize } from '../domain/depositLog'
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
  // A real leaf of the log, so deposits made through the route afterwards find it consistent.
  const logIndex = await logSize(app.db)
  const certificateNo = `TEST-${String(logIndex).padStart(6, '0')}`
  const depositedAt = app.clock()
  await appendLeaf(app.db, logIndex, leafText(certificateNo, sha256, depositedAt.toISOString()))
  return app.db
    .insertInto('deposits')
    .values({
      owner_user_id: ownerUserId,
      file_id: file.id,
      certificate_no: certificateNo,
      title: options.title ?? '测试作品',
      genre: options.genre ?? '',
      lyric: options.lyric ?? '',
      sha256,
      deposited_at: depositedAt,
      log_index: logIndex,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

let images = 0

/** An uploaded image of `ownerUserId` (PNG bytes, distinct each call): a photo or a cover. */
export async function insertTestImage(app: FastifyInstance, ownerUserId: string) {
  images++
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, images % 256, 7])
  const stored = await app.storage.put(bytes, 'image/png')
  return insertUploadedFile(app.db, {
    ownerUserId,
    purpose: 'image',
    storageKey: stored.key,
    contentType: 'image/png',
    size: bytes.length,
    originalName: 'photo.png',
  })
}
