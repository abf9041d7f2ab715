/**
 * The AI creation zone: song generation, covers, vocal separation, their jobs, shares and upvotes.
 * Every submission answers a Job; `watchJob` follows one live (server-sent events, falling back to
 * polling when the stream cannot be had).
 *
 * Imported as `@gy/api/aiZone`, not through the package's index: a module the index re-exports
 * is bundled into the first page load, and none of this is needed there.
 */
import type { ApiClient } from '../client'
import { readEventStream } from '../eventStream'
import type {
  AiJob,
  AiJobKind,
  AiJobPage,
  ConvertVoiceBody,
  CoverOriginal,
  CreationBody,
  OriginalPage,
  PageBody,
  SeparateVoiceBody,
  ShareCreated,
  SharedWork,
  ShareExamples,
  SharePage,
  SingerList,
  UploadedFile,
  UpvoteResult,
} from '../contract'

function musicServer<Data>(api: ApiClient, path: string, body?: unknown): Promise<Data> {
  return api.request<Data>({
    service: 'music-server',
    path,
    ...(body === undefined ? {} : { body }),
  })
}

function musicfy<Data>(api: ApiClient, path: string, body?: unknown): Promise<Data> {
  return api.request<Data>({
    service: 'ai-server',
    path: `musicfy/${path}`,
    ...(body === undefined ? {} : { body }),
  })
}

export const createMusic = (api: ApiClient, body: CreationBody) =>
  musicServer<AiJob>(api, 'ai/music/creation', body)
export const generationJob = (api: ApiClient, jobId: string) =>
  musicServer<AiJob>(api, 'ai/music/music', { jobId })
export const generationJobs = (api: ApiClient, page: PageBody) =>
  musicServer<AiJobPage>(api, 'ai/music/list', page)

export const separateVoice = (api: ApiClient, body: SeparateVoiceBody) =>
  musicfy<AiJob>(api, 'separateVoice', body)
export const separationJobs = (api: ApiClient, page: PageBody) =>
  musicfy<AiJobPage>(api, 'separateVoiceList', page)

export const singerList = (api: ApiClient) => musicfy<SingerList>(api, 'singerList', {})
export const convertVoice = (api: ApiClient, body: ConvertVoiceBody) =>
  musicfy<AiJob>(api, 'convertVoice', body)
export const coverJob = (api: ApiClient, jobId: string) =>
  musicfy<AiJob>(api, 'convertVoiceQuery', { jobId })
export const coverJobs = (api: ApiClient, page: PageBody) =>
  musicfy<AiJobPage>(api, 'convertVoicePage', page)
export const coverOriginal = (api: ApiClient, jobId: string) =>
  musicfy<CoverOriginal>(api, 'convertVoiceOriginal', { jobId })
export const coverOriginals = (api: ApiClient, page: PageBody) =>
  musicfy<OriginalPage>(api, 'convertVoiceOriginalList', page)

/** Every job of the caller, newest first, whatever its kind (the creation history). */
export const aiJobHistory = (api: ApiClient, page: PageBody & { kind?: AiJobKind }) =>
  musicfy<AiJobPage>(api, 'jobList', page)
/** Any of the caller's jobs, whatever its kind. */
export const aiJobDetails = (api: ApiClient, jobId: string) =>
  musicfy<AiJob>(api, 'jobQuery', { jobId })
export const retryAiJob = (api: ApiClient, jobId: string) => musicfy<AiJob>(api, 'retry', { jobId })
export const deleteAiJob = (api: ApiClient, jobId: string) =>
  musicfy<null>(api, 'deleteJob', { jobId })

export const shareAiResult = (api: ApiClient, jobId: string, resultId: string) =>
  musicfy<ShareCreated>(api, 'share', { jobId, resultId })
export const myShares = (api: ApiClient, page: PageBody) =>
  musicfy<SharePage>(api, 'shareList', page)
/** Open: a visitor's browser opens a share without logging in. */
export const sharedWork = (api: ApiClient, shareId: string, withToken: boolean) =>
  api.request<SharedWork>({
    service: 'ai-server',
    path: 'musicfy/shareDetails',
    body: { shareId },
    auth: withToken,
  })
export const upvoteShare = (api: ApiClient, shareId: string) =>
  musicfy<UpvoteResult>(api, 'upvote', { shareId })
/**
 * Open: the creation center's examples, the most upvoted recent shares of the platform. A visitor
 * asks without a token; a logged-in user with one, to learn what they upvoted.
 */
export const shareExamples = (api: ApiClient, withToken: boolean) =>
  api.request<ShareExamples>({
    service: 'ai-server',
    path: 'musicfy/shareExamples',
    body: {},
    auth: withToken,
  })
/**
 * Files a finished song or cover as the caller's own uploaded audio (the same file each time),
 * with its creation record, so it can be deposited as any upload (`depositWork`).
 */
export const keepAiResult = (api: ApiClient, jobId: string, resultId: string) =>
  musicfy<UploadedFile>(api, 'keepResult', { jobId, resultId })

const POLL_INTERVAL_MS = 2000
const isSettled = (job: AiJob) => job.state === 'succeeded' || job.state === 'failed'

/**
 * Follows a job until it settles: every change is told to `onJob`. The server pushes changes as
 * server-sent events; when the stream cannot be opened or breaks, the job is polled instead.
 * Resolves with the settled job, or undefined when `signal` stops it first.
 */
export async function watchJob(
  api: ApiClient,
  jobId: string,
  onJob: (job: AiJob) => void,
  signal: AbortSignal,
): Promise<AiJob | undefined> {
  let last: AiJob | undefined
  const tell = (job: AiJob) => {
    last = job
    onJob(job)
  }
  try {
    await readEventStream<AiJob>(api, {
      service: 'ai-server',
      path: 'musicfy/jobEvents',
      params: { jobId },
      onData: tell,
      signal,
    })
  } catch {
    // Fall back to polling below.
  }
  while (!signal.aborted && (last === undefined || !isSettled(last))) {
    try {
      tell(await aiJobDetails(api, jobId))
    } catch {
      // A failed poll is tried again at the next interval.
    }
    if (last !== undefined && isSettled(last)) break
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_INTERVAL_MS)
      signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
  return signal.aborted ? undefined : last
}

// The zone's costs, limits and answers come with its calls, all outside the first page load.
export * from '../aiLimits'
export * from '../aiMessages'
