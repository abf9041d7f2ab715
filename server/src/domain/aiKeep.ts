/**
 * Keeping an AI result as one's own work (`musicfy/keepResult`): a finished song or cover is filed
 * as the caller's uploaded audio, as `obs/uploadFile` would file it, so it can be deposited like
 * any upload. The bytes are not copied (storage is content addressed: the file is the result's
 * own labelled MP3), and the file carries the result's creation record, which its deposit shows as
 * proof of the depositor's creative input.
 */
import type { AiCreationRecord, UploadedFile } from '@gy/api/contract'
import { AI_MESSAGES } from '@gy/api/aiMessages'
import { STYLE_LABELS } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import type { AiJobRow, AiResultRow, UploadedFileRow, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { urlFileNameOf } from '../media/contentType'
import { findResult } from './aiJobs.repository'
import { ownJob } from './aiJobs'
import { insertKeptResultFile } from './files.repository'

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? null : time.toISOString()
}

/** The engine's style id as the product names it (folk → 民谣); anything else as it is. */
function styleLabel(value: unknown): string | null {
  const style = stringOrNull(value)
  if (style === null) return null
  return Object.hasOwn(STYLE_LABELS, style)
    ? STYLE_LABELS[style as keyof typeof STYLE_LABELS]
    : style
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A result's creation record: what the job was asked (the request as accepted), what the engine
 * chose (seed, key, tempo, and its style as the product names it), which engine made it and when. A song's details hold all of it;
 * a cover's hold the engine and the request, and its time is the result's.
 */
export function creationRecordOf(job: AiJobRow, result: AiResultRow): AiCreationRecord {
  const details = result.details
  const seed = numberOrNull(details.seed)
  return {
    resultId: result.id,
    kind: result.role === 'cover' ? 'cover' : 'generate',
    engine: stringOrNull(details.engine) ?? job.engine,
    createdAt: isoOrNull(details.createdAt) ?? result.created_at.toISOString(),
    request: isRecord(details.request) ? details.request : job.input,
    seed: seed !== null && Number.isInteger(seed) ? seed : null,
    key: stringOrNull(details.key),
    tempo: numberOrNull(details.tempo),
    style: styleLabel(details.style),
  }
}

/** What `obs/uploadFile` answers for a stored file. */
export function toUploadedFile(app: FastifyInstance, file: UploadedFileRow): UploadedFile {
  return {
    fileId: file.id,
    url: app.fileUrls.urlFor(
      file.storage_key,
      urlFileNameOf(file.content_type, file.purpose),
      app.clock(),
    ),
    sha256: file.storage_key,
    size: Number(file.size),
    contentType: file.content_type,
  }
}

/**
 * Files the caller's finished song or cover as their own audio, once: keeping it again answers the
 * same file. Another user's job answers 403, an unknown job or result 404; a job that failed or
 * has not finished 409; a stem of a separation (not a work of the caller's making) 400.
 */
export async function keepAiResult(
  app: FastifyInstance,
  user: UserRow,
  jobId: string,
  resultId: string,
): Promise<UploadedFile> {
  const job = await ownJob(app, user, jobId)
  if (job.state === 'failed') throw new EnvelopeError('409', AI_MESSAGES.aiKeepJobFailed)
  const result = await findResult(app.db, job.id, resultId)
  if (result === undefined) throw new EnvelopeError('404', AI_MESSAGES.aiResultNotFound)
  if (result.role !== 'song' && result.role !== 'cover') {
    throw new EnvelopeError('400', AI_MESSAGES.aiKeepRoleRefused)
  }
  if (job.state !== 'succeeded' || result.audio_key === null) {
    throw new EnvelopeError('409', AI_MESSAGES.aiKeepNotFinished)
  }
  const stored = await app.storage.stat(result.audio_key)
  if (stored === null) throw new Error(`the audio of result ${result.id} is not in storage`)
  const file = await insertKeptResultFile(app.db, {
    ownerUserId: user.id,
    purpose: 'audio',
    storageKey: stored.key,
    contentType: stored.contentType,
    size: stored.size,
    originalName: `${result.name}.mp3`,
    aiResultId: result.id,
    aiCreation: creationRecordOf(job, result),
  })
  return toUploadedFile(app, file)
}
