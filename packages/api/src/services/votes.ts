/** Voting activities (app/vote/*) and notices (notice/details). */
import type { ApiClient } from '../client'
import type { PageBody } from '../contract'
import type {
  AccountVoteDetail,
  CreateVoteActivityBody,
  Notice,
  ViewCount,
  VoteActivityDetail,
  VoteActivityPage,
  VoteCast,
  VoteTotals,
} from '../votes'

function vote<Data>(api: ApiClient, path: string, body: unknown): Promise<Data> {
  return api.request<Data>({ service: 'music-server', path: `app/vote/${path}`, body })
}

export const voteActivities = (api: ApiClient, page: PageBody) =>
  vote<VoteActivityPage>(api, 'queryVoteActivityPage', page)

export const voteActivityDetail = (api: ApiClient, activityId: string) =>
  vote<VoteActivityDetail>(api, 'queryVoteActivityDetail', { activityId })

export const voteTotals = (api: ApiClient, activityId: string) =>
  vote<VoteTotals>(api, 'queryVoteTotalOption', { activityId })

export const addVoteView = (api: ApiClient, activityId: string) =>
  vote<ViewCount>(api, 'addViews', { activityId })

export const myVotes = (api: ApiClient, activityId: string) =>
  vote<AccountVoteDetail>(api, 'queryAccountVoteDetail', { activityId })

export const castVote = (api: ApiClient, activityId: string, optionId: string) =>
  vote<VoteCast>(api, 'accountAddVoteOption', { activityId, optionId })

export const createVoteActivity = (api: ApiClient, body: CreateVoteActivityBody) =>
  vote<{ activityId: string }>(api, 'createActivity', body)

export const closeVoteActivity = (api: ApiClient, activityId: string) =>
  vote<null>(api, 'closeActivity', { activityId })

export const noticeDetails = (api: ApiClient, id: string) =>
  api.request<Notice>({ service: 'music-server', path: 'notice/details', body: { id } })
