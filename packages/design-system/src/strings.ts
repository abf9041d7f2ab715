/**
 * Every default string the design system shows, in this one module. Components take overrides
 * through props; the defaults live here so the Chinese copy is reviewed in one place, and a
 * sentence two components share is written once.
 */
export const strings = {
  brandName: 'GY音乐',
  tagline: '让价值回归音乐人',

  close: '关闭',
  loading: '加载中',
  confirm: '确定',
  cancel: '取消',
  systemNotice: '系统提示',
  more: '更多',
  retry: '重试',
  pointsUnit: '积分',

  login: '登录',
  loggingIn: '登录中',
  phoneLabel: '手机号码',
  phonePlaceholder: '请输入手机号码',
  phonePrefix: '+86',
  smsCodeLabel: '验证码',
  smsCodePlaceholder: '请输入验证码',
  getSmsCode: '获取验证码',
  loginTitle: '手机号登录',
  loginSubtitle: '未注册的手机号验证后将自动创建账号',
  agreementPrefix: '登录即表示你已阅读并同意',
  agreementJoiner: '和',
  userAgreement: '《用户协议》',
  privacyPolicy: '《隐私政策》',
  brandArtCaption: '保护 · 交易 · 创作',

  accountMenu: '账号菜单',
  mainNavigation: '主导航',
  footerNavigation: '页脚导航',
  contactUs: '联系我们',

  play: '播放',
  pause: '暂停',
  untitledWork: '未命名作品',
  unknownArtist: '未知音乐人',
  lyric: '歌词',
  playbackProgress: '播放进度',

  toastRegion: '通知',
  toastKind: {
    success: '成功',
    error: '错误',
    warning: '提示',
    info: '消息',
  },

  emptyTitle: '暂无内容',
  underConstruction: '功能建设中',
  underConstructionHint: '我们正在精心打磨这个页面，敬请期待。',
} as const

export type Strings = typeof strings

// The defaults of the larger components, each replaceable through the component's props.

/** Default copy of BalanceCard; each is a prop so a page can say it differently. */
export const balanceCardStrings = {
  title: '积分余额',
  unit: strings.pointsUnit,
  loading: '积分余额加载中',
} as const

/** Default copy of CheckoutProgress. */
export const checkoutProgressStrings = {
  regionLabel: '支付进度',
  steps: {
    create: '创建订单',
    pay: '等待支付',
    credit: '到账',
  },
  stepStatus: {
    complete: '已完成',
    current: '进行中',
    upcoming: '未开始',
    failed: '未成功',
  },
  titles: {
    idle: '确认充值',
    creating: '正在创建订单',
    waiting: '等待支付',
    paid: '充值成功',
    failed: '支付失败',
    expired: '订单已过期',
    closed: '订单已关闭',
    cancelled: '已取消支付',
  },
  descriptions: {
    idle: '选择套餐或输入金额后点击支付，订单创建后将打开支付页面。',
    creating: '请稍候，马上为你打开支付页面。',
    waiting: '请在新打开的页面完成支付，支付成功后积分将自动到账。',
    paid: '积分已到账，可以去创作了。',
    failed: '支付未完成，请重试。',
    expired: '订单超时未支付，已自动关闭，请重新下单。',
    closed: '订单已关闭，未产生扣款。如已支付，积分会自动到账。',
    cancelled: '你已取消本次支付，未产生扣款。',
  },
  orderId: '订单号',
  amount: '支付金额',
  points: '获得积分',
  newBalance: '当前余额',
  pointsUnit: strings.pointsUnit,
  retry: strings.retry,
  newOrder: '重新下单',
  payAgain: '重新支付',
  close: strings.close,
  done: '完成',
  openCheckout: '重新打开支付页面',
} as const

/** Default copy of QrCode and QrCheckout; what it shares with CheckoutProgress is written there once. */
export const qrCheckoutStrings = {
  codeLabel: '支付二维码',
  regionLabel: '扫码支付',
  title: '扫码支付',
  hint: '用微信扫码支付',
  amount: checkoutProgressStrings.amount,
  points: checkoutProgressStrings.points,
  orderId: checkoutProgressStrings.orderId,
  pointsUnit: strings.pointsUnit,
  countdown: '二维码有效时间',
  newBalance: checkoutProgressStrings.newBalance,
  titles: {
    waiting: '扫码支付',
    paid: checkoutProgressStrings.titles.paid,
    closed: checkoutProgressStrings.titles.closed,
    expired: '二维码已过期',
    cancelled: checkoutProgressStrings.titles.cancelled,
    failed: checkoutProgressStrings.titles.failed,
  },
  descriptions: {
    waiting: '打开微信，扫一扫上方二维码，支付成功后积分自动到账。',
    paid: checkoutProgressStrings.descriptions.paid,
    closed: checkoutProgressStrings.descriptions.closed,
    expired: '二维码已超时失效，请重新下单后再扫码。',
    cancelled: '你已取消本次支付，未产生扣款。如已在手机上付款，积分会自动到账。',
    failed: checkoutProgressStrings.descriptions.failed,
  },
  cancel: '取消支付',
  newOrder: checkoutProgressStrings.newOrder,
  payAgain: checkoutProgressStrings.payAgain,
  retry: strings.retry,
  done: checkoutProgressStrings.done,
  back: '返回',
} as const

/** The lyric dialog's default texts; `LyricDialog`'s `labels` prop replaces any of them. */
export const lyricDialogStrings = {
  lyric: strings.lyric,
  noLyric: '暂无歌词',
  noLyricHint: '这首作品还没有上传歌词',
  download: '下载歌词',
  close: strings.close,
  untitled: strings.untitledWork,
} as const

export type LyricDialogLabels = { [Key in keyof typeof lyricDialogStrings]: string }

/** Default copy of PackagePicker; the wording that depends on numbers is built by functions. */
export const packagePickerStrings = {
  groupLabel: '选择充值套餐',
  pointsUnit: strings.pointsUnit,
  customTitle: '自定义金额',
  customFieldLabel: '自定义充值金额（元）',
  yuanUnit: '元',
  /** "1–5,000 元" under the field and as its placeholder. */
  range: (min: string, max: string) => `${min}–${max} 元`,
  /** Shown when the typed amount is outside the allowed range. */
  outOfRange: (min: string, max: string) => `充值金额需在 ${min}–${max} 元之间`,
  previewPrefix: '可获得',
  previewEmpty: '输入金额后显示可获得的积分',
} as const

/** Default copy of Pagination. */
export const paginationStrings = {
  navigation: '分页',
  previous: '上一页',
  next: '下一页',
  page: (page: number) => `第 ${page} 页`,
  /** Read on phones, where "3 / 12" replaces the page buttons. */
  position: (page: number, pageCount: number) => `第 ${page} 页，共 ${pageCount} 页`,
  total: (total: string) => `共 ${total} 条`,
} as const

/** The player bar's default texts; `PlayerBar`'s `labels` prop replaces any of them. */
export const playerBarStrings = {
  region: '播放器',
  play: strings.play,
  pause: strings.pause,
  progress: strings.playbackProgress,
  lyric: strings.lyric,
  hide: '收起播放器',
  previous: '上一首',
  next: '下一首',
  nothingPlaying: '暂无播放',
  untitled: strings.untitledWork,
} as const

export type PlayerBarLabels = { [Key in keyof typeof playerBarStrings]: string }

/** Default copy of RecordsTable. */
export const recordsTableStrings = {
  caption: '积分明细',
  empty: '暂无积分记录',
  loading: '积分记录加载中',
  columns: {
    time: '时间',
    kind: '类型',
    title: '明细',
    amount: '积分变动',
    balanceAfter: '余额',
  },
  kinds: {
    topup: '充值',
    spend: '消费',
    refund: '退款',
    grant: '赠送',
  },
  /** Shown in place of a time the server sent in a form that cannot be read. */
  unknownTime: '—',
} as const

/** The volume control's default texts; each can be replaced through a prop. */
export const volumeControlStrings = {
  volume: '音量',
  mute: '静音',
  unmute: '取消静音',
} as const

/** Default copy of TrackList (the store's list view). */
export const trackListStrings = {
  caption: '作品列表',
  title: '歌曲',
  plays: '播放',
  duration: '时长',
  price: '价格',
} as const

export type TrackListLabels = { [Key in keyof typeof trackListStrings]: string }

/** Default copy of BannerCarousel. */
export const bannerCarouselStrings = {
  region: '推荐',
  previous: '上一张',
  next: '下一张',
  goTo: (index: number) => `第 ${index} 张`,
} as const
