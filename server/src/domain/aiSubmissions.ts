/**
 * What each tool submits as a job: its title, the input the history shows and the engine reads,
 * the audio it works on and its cost. The routes and the platform's own demo jobs
 * (seed/seedAiExamples.ts) build their submissions here, so a demo job is a job like any other.
 */
import type { CreationRequest } from '@gy/api/contract'
import { AI_JOB_COSTS } from '@gy/api/aiLimits'
import { AUDIO_ERROR_MESSAGES, AudioError, validateRequest, type SingerPreset } from '@gy/audio'
import type { UploadedFileRow, WorkRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { jobTitle, type AiSubmission } from './aiJobs'

/** The name of an uploaded song: its file name without the extension. */
export function uploadName(file: UploadedFileRow): string {
  return file.original_name.replace(/\.[^.]+$/, '') || '我的歌曲'
}

/** The engine's own checks (a style it knows, a key it reads, lines it can sing), before any charge. */
function checkWithEngine(request: CreationRequest): void {
  try {
    validateRequest(request)
  } catch (error) {
    if (!(error instanceof AudioError)) throw error
    const prefix = `${AUDIO_ERROR_MESSAGES[error.code]}：`
    const message = error.message.startsWith(prefix)
      ? error.message.slice(prefix.length)
      : error.message
    throw new EnvelopeError('400', message)
  }
}

/** AI写歌: the request as accepted is the engine's input. Refused with 400 if the engine would. */
export function generationSubmission(request: CreationRequest): AiSubmission {
  checkWithEngine(request)
  return {
    kind: 'generate',
    title: jobTitle(request.mode === 'smart' ? request.prompt : request.title),
    input: { ...request },
    sourceKey: null,
    points: AI_JOB_COSTS.generate,
  }
}

/** 人声分离 of one of the user's uploads. */
export function separationSubmission(file: UploadedFileRow): AiSubmission {
  return {
    kind: 'separate',
    title: jobTitle(uploadName(file)),
    input: { fileId: file.id, fileName: file.original_name },
    sourceKey: file.storage_key,
    points: AI_JOB_COSTS.separate,
  }
}

/** The song a cover is made from: the user's upload or a work of the store. */
export interface CoverSource {
  key: string
  name: string
  input: Record<string, unknown>
}

export function uploadCoverSource(file: UploadedFileRow): CoverSource {
  return {
    key: file.storage_key,
    name: uploadName(file),
    input: { source: 'upload', fileId: file.id, fileName: file.original_name },
  }
}

export function storeCoverSource(work: WorkRow): CoverSource {
  return {
    key: work.audio_key,
    name: work.title,
    input: { source: 'store', goodsId: work.id, workTitle: work.title },
  }
}

export interface CoverSettings {
  semitones: number
  vocalGainDb?: number | undefined
  accompanimentGainDb?: number | undefined
}

/** AI翻唱: the source re-sung by one of the singer presets. */
export function coverSubmission(
  singer: SingerPreset,
  source: CoverSource,
  settings: CoverSettings,
): AiSubmission {
  return {
    kind: 'cover',
    title: jobTitle(`${source.name}（${singer.name}版）`),
    input: {
      ...source.input,
      singerId: singer.id,
      singerName: singer.name,
      semitones: settings.semitones,
      vocalGainDb: settings.vocalGainDb ?? 0,
      accompanimentGainDb: settings.accompanimentGainDb ?? 0,
    },
    sourceKey: source.key,
    points: AI_JOB_COSTS.cover,
  }
}
