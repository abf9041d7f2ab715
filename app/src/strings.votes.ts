/**
 * The voting activities', notices' and music push's part of the app's text catalogue (strings.ts),
 * in a module of its own: these pages load on demand, so their texts stay out of the first load.
 */
import { strings as designSystem } from '@gy/design-system'

export const VOTE_TEXT = {
  listTitle: '投票活动',
  listSubtitle: '为喜欢的原创作品投上一票，票数实时更新。',
  listEmpty: '暂时还没有投票活动',
  listEmptyHint: '活动上线后会出现在这里，过几天再来看看吧。',
  loadFailed: '加载失败',
  retry: designSystem.retry,
  status: { upcoming: '未开始', open: '进行中', ended: '已结束' },
  votes: (count: number) => `${count.toLocaleString('zh-CN')} 票`,
  views: (count: number) => `${count.toLocaleString('zh-CN')} 次浏览`,
  options: (count: number) => `${count} 个选项`,
  period: (start: string, end: string) => `${start} 至 ${end}`,
  backToList: '全部活动',
  notFound: '投票活动不存在',
  rules: (perDay: number, perOption: number) =>
    `每人每天可投 ${perDay} 票，同一选项每天最多 ${perOption} 票`,
  remaining: (count: number) => `今天还剩 ${count} 票`,
  remainingNone: '今天的票已经投完了，明天再来吧',
  loginToVote: '登录后即可投票',
  totalVotes: '总票数',
  viewsLabel: '浏览',
  optionsTitle: '全部选项',
  rankingTitle: '实时排行',
  rankingEmpty: '还没有人投票，来投第一票吧',
  vote: '投票',
  voting: '投票中…',
  votedToast: (title: string, remaining: number) =>
    `已投给「${title}」，今天还剩 ${remaining} 票`,
  notOpen: { upcoming: '未开始', ended: '已结束' },
  play: '试听',
  pause: '暂停',
  myVotes: (count: number) => `我投了 ${count} 票`,
  rank: (position: number) => `第 ${position} 名`,
  share: (percent: string) => `占 ${percent}`,
  // Notices.
  noticeTitle: '公告',
  noticeMissing: '公告不存在或已下线',
  noticeHome: '去首页看看',
  publishedAt: (date: string) => `发布于 ${date}`,
  // The music push deep link.
  pushOpening: '正在打开推送的作品…',
  pushMissing: '推送的作品不存在或已下架',
  // Reviewers.
  reviewTitle: '投票活动管理',
  reviewForbidden: '只有审核员可以管理投票活动',
  reviewCreate: '新建投票活动',
  reviewFields: {
    title: '活动名称',
    description: '活动说明',
    startAt: '开始时间',
    endAt: '结束时间',
    perDay: '每人每天票数',
    perOption: '同一选项每天上限',
    workOptions: '作品选项（每行一个作品编号 musicId）',
    textOptions: '文字选项（每行一个名称）',
  },
  reviewSubmit: '创建活动',
  reviewCreated: '投票活动已创建',
  reviewClose: '立即结束',
  reviewClosed: '活动已结束',
  reviewConfirmClose: (title: string) => `确定立即结束「${title}」吗？结束后不能再投票。`,
  reviewExisting: '已有活动',
} as const
