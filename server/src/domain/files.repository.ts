/**
 * SQL about uploaded files. A file id belongs to its uploader: every call that names one goes
 * through `findOwnedFile`, which answers 404 for no such file and 403 for someone else's.
 */
import type { AiCreationRecord } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { Kysely } from 'kysely'
import type { Database, UploadPurpose, UploadedFileRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'

export interface NewUploadedFile {
  ownerUserId: string
  purpose: UploadPurpose
  storageKey: string
  contentType: string
  size: number
  originalName: string
}

function uploadedFileRow(file: NewUploadedFile) {
  return {
    owner_user_id: file.ownerUserId,
    purpose: file.purpose,
    storage_key: file.storageKey,
    content_type: file.contentType,
    size: file.size,
    original_name: file.originalName,
  }
}

export function insertUploadedFile(
  db: Kysely<Database>,
  file: NewUploadedFile,
): Promise<UploadedFileRow> {
  return db
    .insertInto('uploaded_files')
    .values(uploadedFileRow(file))
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Files a kept AI result as the user's upload, at most once per result: a second call (or a
 * concurrent one) answers the file the first made.
 */
export async function insertKeptResultFile(
  db: Kysely<Database>,
  file: NewUploadedFile & { aiResultId: string; aiCreation: AiCreationRecord },
): Promise<UploadedFileRow> {
  const inserted = await db
    .insertInto('uploaded_files')
    .values({
      ...uploadedFileRow(file),
      ai_result_id: file.aiResultId,
      ai_creation: JSON.stringify(file.aiCreation),
    })
    .onConflict((conflict) => conflict.column('ai_result_id').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted !== undefined) return inserted
  return db
    .selectFrom('uploaded_files')
    .selectAll()
    .where('ai_result_id', '=', file.aiResultId)
    .executeTakeFirstOrThrow()
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The caller's own file of the given purpose. Another user's file answers 403 (CONTRACT.md:
 * "a fileId is its uploader's"); a file of the wrong kind (an image named as the audio) 400.
 */
export async function findOwnedFile(
  db: Kysely<Database>,
  userId: string,
  fileId: string,
  purpose: UploadPurpose,
): Promise<UploadedFileRow> {
  if (!UUID_PATTERN.test(fileId)) throw new EnvelopeError('400', MESSAGES.fileIdInvalid)
  const file = await db
    .selectFrom('uploaded_files')
    .selectAll()
    .where('id', '=', fileId.toLowerCase())
    .executeTakeFirst()
  if (file === undefined) throw new EnvelopeError('404', MESSAGES.fileNotFound)
  if (file.owner_user_id !== userId) throw new EnvelopeError('403', MESSAGES.fileForbidden)
  if (file.purpose !== purpose) {
    throw new EnvelopeError(
      '400',
      purpose === 'audio' ? MESSAGES.fileNotAudio : MESSAGES.fileNotImage,
    )
  }
  return file
}
