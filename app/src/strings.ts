import { PRODUCT_NAME } from '@gy/api/constants'
import { recordsTableStrings, strings as designSystem } from '@gy/design-system'

/**
 * Every text of the web app, in one place. The spec's messages stay in the api package's
 * catalogue (`MESSAGES`) and the components' defaults in the design system's; a sentence this
 * catalogue shares with them is taken from there, never typed twice. Areas whose pages load on
 * demand keep their part in a module beside this one (strings.zone.ts), so it stays out of the
 * first load.
 */

const COPYRIGHTED_MUSIC = '版权音乐'
const ACCOUNT_INFO = '账号信息'
const ABOUT_US = '关于我们'
const WORKS_LOADING = '正在加载作品…'
const WORKS_FAILED = '作品加载失败'
const POINTS_RECORDS = recordsTableStrings.caption

export const STRINGS = {
  productName: PRODUCT_NAME,
  tagline: designSystem.tagline,
  titleSeparator: ' - ',
  nav: {
    home: '首页',
    copyrightedMusic: COPYRIGHTED_MUSIC,
    aboutUs: ABOUT_US,
    // Votes (votes branch).
    votes: '投票活动',
  },
  userMenu: {
    accountInfo: ACCOUNT_INFO,
    musiciansZone: '音乐人专区',
    copyrightRegistrationList: '版权登记列表',
    copyrightOwnerManager: '著作权人管理',
    logout: '退出登录',
  },
  footer: {
    aboutUs: ABOUT_US,
    uploadWorks: '上传作品',
    copyrightRegistration: '版权登记',
    verifyDeposit: '存证公开核验',
    userAgreement: '用户协议',
    privacy: '隐私政策',
    authorisedSharing: '授权分享协议',
    groupPlatform: '平台',
    groupAgreements: '协议与政策',
    contact: '扫码联系我们',
    copyright: '© 2026 GY音乐 版权所有',
  },
  login: {
    loggingIn: designSystem.loggingIn,
    loggedOut: '已退出登录',
    requiredTitle: '登录后即可使用',
    requiredHint: '这里的内容需要登录后查看，登录只需手机号和验证码。',
    requiredAction: '立即登录',
    confirmRelogin: '重新登录',
    /** The SMS button: ready, sending, and the resend countdown, e.g. 重新发送(59). */
    getCode: designSystem.getSmsCode,
    sendingCode: '发送中…',
    resendIn: (seconds: number) => `重新发送(${seconds})`,
  },
  home: {
    heroTitle: designSystem.tagline,
    heroSubtitle: '为你的作品存证确权、挂牌交易，用 AI 激发下一首歌的灵感。',
    heroPrimary: '开始 AI 创作',
    heroSecondary: '浏览版权音乐',
    featuresTitle: '在 GY音乐，你可以',
    features: [
      {
        key: 'deposit',
        title: '版权存证',
        description: '上传作品即生成不可篡改的存证记录与证书，创作时间有据可查。',
        href: '/musiciansZone/copyrightDeposit',
      },
      {
        key: 'trade',
        title: '作品交易',
        description: '将作品挂牌出售，定价由你决定，收益直达音乐人。',
        href: '/musiciansZone/workShelf',
      },
      {
        key: 'ai',
        title: 'AI 创作',
        description: '一句描述生成整首歌，还能翻唱、分离人声与伴奏。',
        href: '/aiCreationCenter',
      },
      {
        key: 'registration',
        title: '版权登记',
        description: '在线提交著作权登记申请，进度随时可查。',
        href: '/administrativeRegistration',
      },
    ],
    worksTitle: COPYRIGHTED_MUSIC,
    worksMore: '查看全部',
    worksLoading: WORKS_LOADING,
    worksFailed: WORKS_FAILED,
    retry: designSystem.retry,
    worksEmptyTitle: '作品正在上架',
    worksEmptyHint: '第一批版权作品即将与你见面，先去 AI 创作区写一首自己的歌吧。',
  },
  placeholder: {
    note: '该页面正在建设中，敬请期待。',
    backHome: '返回首页',
  },
  notFound: {
    title: '页面不存在',
    hint: '你访问的页面可能已被移除，或链接有误。',
  },
  mobile: {
    openApp: '打开App',
    download: '下载App',
    appPitch: 'GY音乐 App，随时随地听好歌',
    wechatTip: '请点击右上角「···」，选择「在浏览器中打开」',
    miuiTip: '当前浏览器暂不支持打开App，请使用其他浏览器访问',
    comingSoon: '更多移动端功能即将上线',
    listen: '随便听听',
  },
} as const

export const ACCOUNT_STRINGS = {
  title: ACCOUNT_INFO,
  loading: '正在加载账号信息…',
  loadFailed: '账号信息加载失败',
  retry: designSystem.retry,
  nickName: '昵称',
  nickNameHint: '1 到 20 个字符，可包含中文、字母、数字',
  mobile: '手机号',
  joinedAt: '注册时间',
  userId: '用户 ID',
  save: '保存',
  saved: '保存成功',
  changeAvatar: '更换头像',
  avatarPreview: '新头像预览',
  avatarZoom: '缩放',
  avatarConfirm: '使用这张头像',
  avatarCancel: '取消',
  avatarSaved: '头像已更新',
  avatarTooLarge: '图片太大了，请选择 20MB 以内的图片',
  avatarUnreadable: '无法读取这张图片，请换一张 JPG、PNG 或 WebP 图片',
} as const

export const PLAYER_TEXT = {
  loadFailed: '音频加载失败，请稍后重试',
  hlsUnsupported: '当前浏览器不支持播放该音频，请更换浏览器后重试',
  downloadFailed: '歌词下载失败，请稍后重试',
  /** The downloaded lyric's file name when the track's name leaves nothing usable. */
  lyricFileFallbackName: designSystem.lyric,
} as const

export const WORKS_TEXT = {
  /** The badge on the works of certified musicians. */
  certified: '认证音乐人',
} as const

export const POINTS_TEXT = {
  buyTitle: '积分充值',
  buySubtitle: '积分用于 AI 作曲、AI 翻唱与人声分离，任务失败自动退回。',
  rate: (pointsPerYuan: number) => `1 元 = ${pointsPerYuan} 积分`,
  records: POINTS_RECORDS,
  loadFailed: '积分信息加载失败',
  retry: designSystem.retry,
  pay: (price: string) => `立即支付 ${price}`,
  choose: '请选择充值套餐或输入金额',
  customInvalid: '请输入有效的充值金额',
  agreementPrefix: '支付即表示同意',
  agreement: '《积分充值协议》',
  checkoutBlocked: '支付页面被浏览器拦截，正在当前页面打开…',
  orderFailed: '订单创建失败',
  closed: '订单已关闭，未扣款。如已支付，请稍后刷新查看。',
  expired: '订单已超时，请重新下单',
  recordsTitle: POINTS_RECORDS,
  recordsFilter: '按类型筛选',
  recordsFailed: '积分明细加载失败',
  kinds: { all: '全部', ...recordsTableStrings.kinds },
  buyMore: '去充值',
} as const

/** The checkout's choice of how to pay (issue 9); the QR view's own copy is the design system's. */
export const CHECKOUT_TEXT = {
  methodLabel: '支付方式',
  methods: { qrCode: '微信扫码', redirect: '网页支付' },
  qrHint: '用微信扫码支付',
} as const

/** Texts of the pages a user finds their way around with: menus, errors, the mobile 404. */
export const UX_TEXT = {
  menuBuyPoints: '积分充值',
  menuPointsRecords: '积分明细',
  balance: (points: string) => `${points} 积分`,
  pointsTitle: '我的积分',
  pointsHint: '积分用于 AI 作曲、AI 翻唱与人声分离',
  buyPoints: '去充值',
  pointsRecords: '查看明细',
  nickNameRequired: '昵称不能为空',
  chunkFailedTitle: '页面加载失败',
  chunkFailedHint: '网络可能断开了，或者网站刚刚更新。重新加载即可继续。',
  pageFailedHint: '页面出了点问题，重新加载试试。',
  reload: '重新加载',
  showPlayer: '展开播放器',
} as const

// Licences and earnings (licence branch): the user menu's entry; the pages' texts are in strings.licence.ts.
export const LICENCE_MENU_TEXT = {
  menuMyLicences: '已购授权',
} as const
