/**
 * Voting activities (投票活动) and notices (公告): the wire shapes of `app/vote/*` and
 * `notice/details` (CONTRACT.md "Votes"), and their messages. A module apart from `contract.ts`
 * and MESSAGES: the first page load needs neither.
 */
import { z } from 'zod'
import { fileId, pageBody, workItem } from './contract'

export const VOTE_MESSAGES = {
  activityIdInvalid: '活动编号不正确',
  activityNotFound: '投票活动不存在',
  optionIdInvalid: '选项编号不正确',
  optionNotInActivity: '这个选项不属于该投票活动',
  notStarted: '投票活动还没开始，请在活动开始后再来投票',
  ended: '投票活动已结束，不能再投票了',
  dailyLimit: '你今天的票数已经用完了，明天再来吧',
  optionLimit: '你今天给这个选项投的票已达上限，去看看其他选项吧',
  voted: '投票成功',
  titleInvalid: '活动名称需为1到40个字',
  descriptionInvalid: '活动说明不能超过500个字',
  periodInvalid: '结束时间需晚于开始时间',
  timeInvalid: '时间格式不正确',
  limitInvalid: '票数限制需为1到100之间的整数',
  optionLimitAboveDaily: '同一选项的票数上限不能超过每日票数',
  optionsInvalid: '请添加2到30个选项',
  optionTitleInvalid: '选项名称需为1到40个字',
  optionWorkUnknown: '选项中的作品不存在或未上架',
  optionWorkRepeated: '同一作品不能作为两个选项',
  activityClosed: '该投票活动已经结束',
  noticeIdInvalid: '公告编号不正确',
  noticeNotFound: '公告不存在或已下线',
} as const

export const VOTE_STATUSES = ['upcoming', 'open', 'ended'] as const
export type VoteStatus = (typeof VOTE_STATUSES)[number]

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const uuid = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID_PATTERN, { error: message })
    .transform((id) => id.toLowerCase())

export const activityId = uuid(VOTE_MESSAGES.activityIdInvalid)
export const optionId = uuid(VOTE_MESSAGES.optionIdInvalid)

export const voteActivityPageBody = pageBody
export const activityIdBody = z.object({ activityId }).meta({ id: 'VoteActivityIdBody' })
export type ActivityIdBody = z.input<typeof activityIdBody>
export const voteOptionBody = z.object({ activityId, optionId }).meta({ id: 'VoteOptionBody' })
export type VoteOptionBody = z.input<typeof voteOptionBody>

const isoTime = z.iso.datetime()

export const voteActivitySummary = z
  .object({
    activityId: z.string(),
    title: z.string(),
    description: z.string(),
    cover: z.string().describe('封面图片的签名地址；没有封面时为空字符串'),
    startAt: isoTime,
    endAt: isoTime,
    status: z.enum(VOTE_STATUSES).describe('upcoming 未开始，open 进行中，ended 已结束'),
    totalVotes: z.int().nonnegative(),
    views: z.int().nonnegative().describe('浏览人次：同一用户（或访客的同一网络地址）每天记一次'),
    optionCount: z.int().nonnegative(),
  })
  .meta({ id: 'VoteActivitySummary' })
export type VoteActivitySummary = z.output<typeof voteActivitySummary>

export const voteActivityPage = z
  .object({ records: z.array(voteActivitySummary), total: z.int().nonnegative() })
  .meta({ id: 'VoteActivityPage' })
export type VoteActivityPage = z.output<typeof voteActivityPage>

export const voteOption = z
  .object({
    optionId: z.string(),
    title: z.string(),
    votes: z.int().nonnegative(),
    description: z.string(),
    imageUrl: z.string().describe('文字选项的配图签名地址；没有配图时为空字符串'),
    work: workItem.nullable().describe('作品选项：可以播放的作品；文字选项为 null'),
  })
  .meta({ id: 'VoteOption' })
export type VoteOption = z.output<typeof voteOption>

export const voteActivityDetail = voteActivitySummary
  .extend({
    options: z.array(voteOption),
    votesPerUserPerDay: z.int().positive(),
    votesPerOptionPerUser: z.int().positive().describe('同一用户每天给同一选项最多投的票数'),
  })
  .meta({ id: 'VoteActivityDetail' })
export type VoteActivityDetail = z.output<typeof voteActivityDetail>

export const voteTotals = z
  .object({
    options: z.array(z.object({ optionId: z.string(), votes: z.int().nonnegative() })),
    totalVotes: z.int().nonnegative(),
  })
  .meta({ id: 'VoteTotals' })
export type VoteTotals = z.output<typeof voteTotals>

export const accountVoteDetail = z
  .object({
    remainingToday: z.int().nonnegative(),
    votedToday: z.int().nonnegative(),
    votesPerUserPerDay: z.int().positive(),
    votesPerOptionPerUser: z.int().positive(),
    options: z.array(
      z.object({
        optionId: z.string(),
        votesToday: z.int().nonnegative(),
        votesTotal: z.int().nonnegative(),
      }),
    ),
  })
  .meta({ id: 'AccountVoteDetail' })
export type AccountVoteDetail = z.output<typeof accountVoteDetail>

export const voteCast = z
  .object({
    remainingToday: z.int().nonnegative(),
    optionRemainingToday: z.int().nonnegative(),
    votes: z.int().nonnegative().describe('该选项投票后的总票数'),
  })
  .meta({ id: 'VoteCast' })
export type VoteCast = z.output<typeof voteCast>

export const viewCount = z.object({ views: z.int().nonnegative() }).meta({ id: 'VoteViews' })
export type ViewCount = z.output<typeof viewCount>

// Reviewers: create and close activities.
const voteLimit = z
  .int({ error: VOTE_MESSAGES.limitInvalid })
  .min(1, { error: VOTE_MESSAGES.limitInvalid })
  .max(100, { error: VOTE_MESSAGES.limitInvalid })
const PLAIN_TEXT = /^[^\p{Cc}<>]*$/u
const optionTitle = z
  .string({ error: VOTE_MESSAGES.optionTitleInvalid })
  .trim()
  .min(1, { error: VOTE_MESSAGES.optionTitleInvalid })
  .max(40, { error: VOTE_MESSAGES.optionTitleInvalid })
  .regex(PLAIN_TEXT, { error: VOTE_MESSAGES.optionTitleInvalid })
const when = z.iso.datetime({ offset: true, error: VOTE_MESSAGES.timeInvalid })

export const newVoteOption = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('work'),
      musicId: uuid(VOTE_MESSAGES.optionWorkUnknown),
    }),
    z.object({
      kind: z.literal('text'),
      title: optionTitle,
      description: z
        .string({ error: VOTE_MESSAGES.descriptionInvalid })
        .trim()
        .max(200, { error: VOTE_MESSAGES.descriptionInvalid })
        .regex(PLAIN_TEXT, { error: VOTE_MESSAGES.descriptionInvalid })
        .default(''),
      imageFileId: fileId.optional(),
    }),
  ],
  { error: VOTE_MESSAGES.optionsInvalid },
)
export type NewVoteOption = z.input<typeof newVoteOption>

export const createVoteActivityBody = z
  .object({
    title: z
      .string({ error: VOTE_MESSAGES.titleInvalid })
      .trim()
      .min(1, { error: VOTE_MESSAGES.titleInvalid })
      .max(40, { error: VOTE_MESSAGES.titleInvalid })
      .regex(PLAIN_TEXT, { error: VOTE_MESSAGES.titleInvalid }),
    description: z
      .string({ error: VOTE_MESSAGES.descriptionInvalid })
      .trim()
      .max(500, { error: VOTE_MESSAGES.descriptionInvalid })
      .default(''),
    coverFileId: fileId.optional(),
    startAt: when,
    endAt: when,
    votesPerUserPerDay: voteLimit,
    votesPerOptionPerUser: voteLimit,
    options: z
      .array(newVoteOption, { error: VOTE_MESSAGES.optionsInvalid })
      .min(2, { error: VOTE_MESSAGES.optionsInvalid })
      .max(30, { error: VOTE_MESSAGES.optionsInvalid }),
  })
  .refine((body) => Date.parse(body.endAt) > Date.parse(body.startAt), {
    error: VOTE_MESSAGES.periodInvalid,
  })
  .refine((body) => body.votesPerOptionPerUser <= body.votesPerUserPerDay, {
    error: VOTE_MESSAGES.optionLimitAboveDaily,
  })
  .meta({ id: 'CreateVoteActivityBody' })
export type CreateVoteActivityBody = z.input<typeof createVoteActivityBody>
export type CreateVoteActivity = z.output<typeof createVoteActivityBody>

export const voteActivityCreated = z
  .object({ activityId: z.string() })
  .meta({ id: 'VoteActivityCreated' })

// Notices.
export const noticeBody = z
  .object({ id: uuid(VOTE_MESSAGES.noticeIdInvalid) })
  .meta({ id: 'NoticeBody' })
export const notice = z
  .object({ id: z.string(), title: z.string(), content: z.string(), publishedAt: isoTime })
  .meta({ id: 'Notice' })
export type Notice = z.output<typeof notice>
