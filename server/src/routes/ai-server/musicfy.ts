/**
 * ai-server musicfy/*: vocal separation and covers as jobs, every job of the caller, retry,
 * delete, the live event stream of one job, shares and upvotes.
 */
import {
  aiJob,
  aiJobPage,
  convertVoiceBody,
  coverOriginal,
  jobIdBody,
  keepResultBody,
  originalPage,
  pageBody,
  separateVoiceBody,
  shareBody,
  shareCreated,
  sharedWork,
  shareExamples,
  shareIdBody,
  sharePage,
  singerList,
  uploadedFile,
  upvoteResult,
  AI_JOB_KINDS,
  type AiJob,
  type AiJobPage,
  type SingerList,
} from '@gy/api/contract'
import { AI_MESSAGES } from '@gy/api/aiMessages'
import { MESSAGES } from '@gy/api/messages'
import { SINGER_PRESETS, findSingerPreset } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { findJob, listAudioUploads, listShareViews } from '../../domain/aiJobs.repository'
import {
  aiJobsPage,
  ownJob,
  removeAiJob,
  retryAiJob,
  shareAiResult,
  sharedWork as readSharedWork,
  submitAiJob,
  toAiJob,
  toSharedWorks,
  upvoteShare,
} from '../../domain/aiJobs'
import { exampleShares } from '../../domain/aiExamples'
import { keepAiResult } from '../../domain/aiKeep'
import {
  coverSubmission,
  separationSubmission,
  storeCoverSource,
  uploadCoverSource,
  type CoverSource,
} from '../../domain/aiSubmissions'
import { findOwnedFile } from '../../domain/files.repository'
import { findListedWork } from '../../domain/works.repository'
import { EnvelopeError, success } from '../../http/envelopeError'
import { publicLink } from '../../http/publicLink'
import { apiRoute, parseInput } from '../../http/route'

const jobListBody = pageBody.unwrap().extend({
  kind: z.enum(AI_JOB_KINDS, { error: AI_MESSAGES.aiModeInvalid }).optional(),
})

const jobEventsQuery = z.object({ jobId: jobIdBody.shape.jobId })

/** How often the stream looks at the job in the database (a worker in another process). */
const STREAM_POLL_MS = 1000
/** A comment now and then keeps proxies from closing a quiet stream. */
const STREAM_KEEPALIVE_MS = 15_000

export async function aiServerMusicfyRoutes(app: FastifyInstance): Promise<void> {
  const page = (body: { page: number; pageSize: number }) => ({
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/separateVoice',
    auth: 'required',
    summary: '人声分离：把自己上传的歌曲分成人声和伴奏；提交即扣除积分',
    body: separateVoiceBody,
    response: aiJob,
    errors: ['403', '404', '409', '429'],
    handler: async ({ body, user }) => {
      const file = await findOwnedFile(app.db, user.id, body.fileId, 'audio')
      const job = await submitAiJob(app, user, separationSubmission(file))
      return success<AiJob>(await toAiJob(app, job))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/separateVoiceList',
    auth: 'required',
    summary: '我的人声分离任务，最新的在前',
    body: pageBody,
    response: aiJobPage,
    handler: async ({ body, user }) =>
      success<AiJobPage>(await aiJobsPage(app, user, 'separate', body)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/singerList',
    auth: 'required',
    summary: 'AI翻唱可选的歌手音色',
    response: singerList,
    handler: async () => {
      // The newest preview of each singer, whichever engine version made it.
      const previews = await app.db
        .selectFrom('ai_singer_previews')
        .select(['singer_id', 'audio_key'])
        .orderBy('created_at', 'asc')
        .execute()
      const previewOf = new Map(previews.map((row) => [row.singer_id, row.audio_key]))
      const now = app.clock()
      return success<SingerList>({
        records: SINGER_PRESETS.map((singer) => {
          const key = previewOf.get(singer.id)
          return {
            singerId: singer.id,
            name: singer.name,
            avatar: singer.picture,
            description: singer.description,
            defaultSemitones: singer.pitchOffset,
            previewUrl:
              key === undefined
                ? ''
                : publicLink(
                    app.config.publicBaseUrl,
                    app.fileUrls.urlFor(key, `${singer.id}.mp3`, now),
                  ),
          }
        }),
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/convertVoice',
    auth: 'required',
    summary: 'AI翻唱：用所选歌手的音色重唱一首歌（自己上传的文件或曲库作品）；提交即扣除积分',
    body: convertVoiceBody,
    response: aiJob,
    errors: ['403', '404', '409', '429'],
    handler: async ({ body, user }) => {
      const singer = findSingerPreset(body.singerId)
      if (singer === undefined) throw new EnvelopeError('400', AI_MESSAGES.aiSingerUnknown)
      let source: CoverSource
      if (body.fileId !== undefined) {
        source = uploadCoverSource(await findOwnedFile(app.db, user.id, body.fileId, 'audio'))
      } else {
        const work = await findListedWork(app.db, body.goodsId as string)
        if (work === undefined) throw new EnvelopeError('404', MESSAGES.goodsNotFound)
        source = storeCoverSource(work)
      }
      const job = await submitAiJob(app, user, coverSubmission(singer, source, body))
      return success<AiJob>(await toAiJob(app, job))
    },
  })

  for (const url of ['/musicfy/convertVoiceQuery', '/musicfy/jobQuery']) {
    apiRoute(app, {
      method: 'POST',
      url,
      auth: 'required',
      summary:
        url === '/musicfy/jobQuery'
          ? '查询自己的任意一个创作任务'
          : '查询一个翻唱任务（进度、结果）',
      body: jobIdBody,
      response: aiJob,
      errors: ['403', '404'],
      handler: async ({ body, user }) =>
        success<AiJob>(await toAiJob(app, await ownJob(app, user, body.jobId))),
    })
  }

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/convertVoicePage',
    auth: 'required',
    summary: '我的翻唱任务，最新的在前',
    body: pageBody,
    response: aiJobPage,
    handler: async ({ body, user }) =>
      success<AiJobPage>(await aiJobsPage(app, user, 'cover', body)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/convertVoiceOriginal',
    auth: 'required',
    summary: '一个翻唱任务的原曲，便于对比试听',
    body: jobIdBody,
    response: coverOriginal,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const job = await ownJob(app, user, body.jobId)
      if (job.kind !== 'cover' || job.source_key === null) {
        throw new EnvelopeError('404', AI_MESSAGES.aiJobNotFound)
      }
      const fromStore = job.input.source === 'store'
      return success({
        name: String(fromStore ? job.input.workTitle : job.input.fileName),
        url: publicLink(
          app.config.publicBaseUrl,
          app.fileUrls.urlFor(job.source_key, 'original.mp3', app.clock()),
        ),
        source: fromStore ? ('store' as const) : ('upload' as const),
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/convertVoiceOriginalList',
    auth: 'required',
    summary: '我上传过的音频，可直接用来翻唱或分离',
    body: pageBody,
    response: originalPage,
    handler: async ({ body, user }) => {
      const { limit, offset } = page(body)
      const { files, total } = await listAudioUploads(app.db, user.id, limit, offset)
      const now = app.clock()
      return success({
        records: files.map((file) => ({
          fileId: file.id,
          name: file.original_name,
          url: publicLink(
            app.config.publicBaseUrl,
            app.fileUrls.urlFor(file.storage_key, 'original.mp3', now),
          ),
          size: Number(file.size),
          createdAt: file.created_at.toISOString(),
        })),
        total,
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/jobList',
    auth: 'required',
    summary: '创作记录：自己的全部任务（可按类型筛选），最新的在前',
    body: jobListBody,
    response: aiJobPage,
    handler: async ({ body, user }) =>
      success<AiJobPage>(await aiJobsPage(app, user, body.kind, body)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/retry',
    auth: 'required',
    summary: '重试一个失败的任务：失败时积分已退还，重试不再扣除',
    body: jobIdBody,
    response: aiJob,
    errors: ['403', '404', '409', '429'],
    handler: async ({ body, user }) =>
      success<AiJob>(await toAiJob(app, await retryAiJob(app, user, body.jobId))),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/deleteJob',
    auth: 'required',
    summary: '删除一个已结束的任务及其作品和分享',
    body: jobIdBody,
    response: z.null(),
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await removeAiJob(app, user, body.jobId)
      return success(null, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/share',
    auth: 'required',
    summary: '分享一个作品：得到无需登录即可播放的分享页；再次分享得到同一个',
    body: shareBody,
    response: shareCreated,
    errors: ['403', '404'],
    handler: async ({ body, user }) =>
      success(await shareAiResult(app, user, body.jobId, body.resultId)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/shareList',
    auth: 'required',
    summary: '我分享的作品，最新的在前',
    body: pageBody,
    response: sharePage,
    handler: async ({ body, user }) => {
      const { limit, offset } = page(body)
      const { shares, total } = await listShareViews(app.db, user.id, limit, offset)
      return success({ records: await toSharedWorks(app, shares, user), total })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/shareDetails',
    auth: 'optional',
    summary: '分享页：一个分享的作品，无需登录',
    body: shareIdBody,
    response: sharedWork,
    errors: ['404'],
    handler: async ({ body, user }) => success(await readSharedWork(app, body.shareId, user)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/shareExamples',
    auth: 'optional',
    summary:
      'AI创作中心的示例作品：全站点赞最多的近期分享，每种工具至少一首（若有），最多6首；无需登录',
    response: shareExamples,
    handler: async ({ user }) => success({ records: await exampleShares(app, user) }),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/keepResult',
    auth: 'required',
    summary:
      '把自己完成的 AI 歌曲或翻唱存为自己上传的音频（与 obs/uploadFile 的回答相同），带着创作记录，用于版权存证；再次调用得到同一个文件',
    body: keepResultBody,
    response: uploadedFile,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) =>
      success(await keepAiResult(app, user, body.jobId, body.resultId), MESSAGES.ok),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicfy/upvote',
    auth: 'required',
    summary: '给分享的作品点赞，每人每个作品一次',
    body: shareIdBody,
    response: upvoteResult,
    errors: ['404', '409'],
    handler: async ({ body, user }) =>
      success({ upvotes: await upvoteShare(app, user, body.shareId) }),
  })

  // The live view of one job: server-sent events, each an envelope with the Job, until it settles.
  app.route({
    method: 'GET',
    url: '/musicfy/jobEvents',
    config: {
      auth: 'required',
      signed: true,
      document: {
        kind: 'plain',
        summary:
          '一个任务的实时进度（server-sent events）：每个事件的 data 是 {code, msg, data: Job}，任务结束后关闭；出错时回答信封',
        responseContent: { 'text/event-stream': z.string() },
        errors: ['400', '401', '403', '404'],
      },
    },
    handler: async (request, reply) => {
      const user = request.user
      if (user === null) throw new EnvelopeError('401', MESSAGES.missingLogin)
      const { jobId } = parseInput(jobEventsQuery, request.query)
      await ownJob(app, user, jobId)

      reply.hijack()
      const raw = reply.raw
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      })
      let last = ''
      let closed = false
      let sending = false
      let again = false
      const finish = () => {
        if (closed) return
        closed = true
        unsubscribe()
        clearInterval(poll)
        clearInterval(keepAlive)
        raw.end()
      }
      const send = async (): Promise<void> => {
        if (closed) return
        if (sending) {
          again = true
          return
        }
        sending = true
        try {
          do {
            again = false
            const row = await findJob(app.db, jobId)
            if (row === undefined) {
              finish()
              return
            }
            const job = await toAiJob(app, row)
            // Signed links change every second; the job has changed only if the rest has (a
            // result that appears, or a live song whose file is now complete, counts).
            const signature = JSON.stringify([
              job.state,
              job.progress,
              job.queuePosition,
              job.error,
              job.results.map((result) => [result.id, result.live]),
            ])
            if (signature !== last) {
              last = signature
              raw.write(`data: ${JSON.stringify(success(job))}\n\n`)
            }
            if (job.state === 'succeeded' || job.state === 'failed') {
              finish()
              return
            }
          } while (again && !closed)
        } catch (error) {
          request.log.warn({ err: error, jobId }, 'job event stream failed')
          finish()
        } finally {
          sending = false
        }
      }
      const unsubscribe = app.aiJobEvents.subscribe(jobId, () => void send())
      const poll = setInterval(() => void send(), STREAM_POLL_MS)
      const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), STREAM_KEEPALIVE_MS)
      raw.on('close', finish)
      await send()
    },
  })
}
