/**
 * music-server app/vote/*: voting activities (CONTRACT.md "Votes"), and the reviewers' calls that
 * create and close them; notice/details. Reading is open to visitors; voting needs login.
 */
import { MESSAGES } from '@gy/api/messages'
import {
  accountVoteDetail as accountVoteDetailSchema,
  activityIdBody,
  createVoteActivityBody,
  notice,
  noticeBody,
  viewCount,
  voteActivityCreated,
  voteActivityDetail,
  voteActivityPage,
  voteActivityPageBody,
  voteCast,
  VOTE_MESSAGES,
  voteOptionBody,
  voteTotals,
} from '@gy/api/votes'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireReviewer } from '../../domain/certification'
import { findNotice } from '../../domain/notices'
import {
  accountVoteDetail,
  activityDetail,
  castVote,
  closeActivity,
  countView,
  createActivityFromBody,
  imagesOf,
  requireActivity,
  toSummary,
  viewerKey,
} from '../../domain/votes'
import { listActivities, optionTotals } from '../../domain/votes.repository'
import { EnvelopeError, success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

export async function musicServerVoteRoutes(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/queryVoteActivityPage',
    auth: 'optional',
    summary: '投票活动列表：封面、起止时间、状态（未开始 / 进行中 / 已结束）和总票数，新开始的在前',
    body: voteActivityPageBody,
    response: voteActivityPage,
    handler: async ({ body }) => {
      const { rows, total } = await listActivities(app.db, body.page, body.pageSize)
      return success({ records: rows.map((row) => toSummary(app, row)), total })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/queryVoteActivityDetail',
    auth: 'optional',
    summary: '投票活动详情：选项（可播放的作品，或文字和配图）、各选项票数和投票规则',
    body: activityIdBody,
    response: voteActivityDetail,
    errors: ['404'],
    handler: async ({ body }) => success(await activityDetail(app, body.activityId)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/queryVoteTotalOption',
    auth: 'optional',
    summary: '各选项的实时票数和总票数（页面打开时定时刷新）',
    body: activityIdBody,
    response: voteTotals,
    errors: ['404'],
    handler: async ({ body }) => {
      await requireActivity(app.db, body.activityId)
      const options = await optionTotals(app.db, body.activityId)
      return success({
        options,
        totalVotes: options.reduce((sum, option) => sum + option.votes, 0),
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/addViews',
    auth: 'optional',
    summary: '记一次浏览：同一用户（或访客的同一网络地址）每个活动每天只记一次',
    body: activityIdBody,
    response: viewCount,
    errors: ['404'],
    handler: async ({ body, user, request }) =>
      success({ views: await countView(app, body.activityId, viewerKey(user, request.ip)) }),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/queryAccountVoteDetail',
    auth: 'required',
    summary: '我在这个活动中的投票：今天已投、今天剩余的票数，以及每个选项投过的票',
    body: activityIdBody,
    response: accountVoteDetailSchema,
    errors: ['404'],
    handler: async ({ body, user }) => success(await accountVoteDetail(app, user, body.activityId)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/accountAddVoteOption',
    auth: 'required',
    summary:
      '投一票：活动未开始或已结束答 400，超过每日票数或同一选项的上限答 409，票数在并发下也准确',
    body: voteOptionBody,
    response: voteCast,
    errors: ['404', '409'],
    handler: async ({ body, user }) =>
      success(await castVote(app, user, body), VOTE_MESSAGES.voted),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/createActivity',
    auth: 'required',
    summary: '创建投票活动（仅审核员）：名称、说明、封面、起止时间、票数规则和2到30个选项',
    body: createVoteActivityBody,
    response: voteActivityCreated,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      await requireReviewer(app.db, user)
      const activityId = await createActivityFromBody(app.db, body, {
        userId: user.id,
        imageKey: imagesOf(app.db, user),
      })
      return success({ activityId }, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/app/vote/closeActivity',
    auth: 'required',
    summary: '立即结束一个投票活动（仅审核员）；已结束的答 409',
    body: activityIdBody,
    response: z.null(),
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await requireReviewer(app.db, user)
      await closeActivity(app.db, body.activityId, app.clock())
      return success(null, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/notice/details',
    auth: 'optional',
    summary: '公告详情',
    body: noticeBody,
    response: notice,
    errors: ['404'],
    handler: async ({ body }) => {
      const row = await findNotice(app.db, body.id, app.clock())
      if (row === undefined) throw new EnvelopeError('404', VOTE_MESSAGES.noticeNotFound)
      return success({
        id: row.id,
        title: row.title,
        content: row.content,
        publishedAt: row.published_at.toISOString(),
      })
    },
  })
}
