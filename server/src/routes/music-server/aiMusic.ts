/** music-server ai/music/*: song generation (AI写歌) as jobs. */
import {
  aiJob,
  aiJobPage,
  creationBody,
  jobIdBody,
  pageBody,
  type AiJob,
  type AiJobPage,
} from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { aiJobsPage, ownJob, submitAiJob, toAiJob } from '../../domain/aiJobs'
import { generationSubmission } from '../../domain/aiSubmissions'
import { success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

export async function musicServerAiMusicRoutes(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/creation',
    auth: 'required',
    summary: 'AI写歌：灵感模式（描述）或自定义模式（歌词、风格等），每次生成两首；提交即扣除积分',
    body: creationBody,
    response: aiJob,
    errors: ['409', '429'],
    handler: async ({ body, user }) => {
      const job = await submitAiJob(app, user, generationSubmission(body))
      return success<AiJob>(await toAiJob(app, job))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/music',
    auth: 'required',
    summary: '查询一个写歌任务（进度、结果）',
    body: jobIdBody,
    response: aiJob,
    errors: ['403', '404'],
    handler: async ({ body, user }) =>
      success<AiJob>(await toAiJob(app, await ownJob(app, user, body.jobId))),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/ai/music/list',
    auth: 'required',
    summary: '我的写歌任务，最新的在前',
    body: pageBody,
    response: aiJobPage,
    handler: async ({ body, user }) =>
      success<AiJobPage>(await aiJobsPage(app, user, 'generate', body)),
  })
}
