/**
 * Every default string the design system shows. Components take overrides through props; the
 * defaults live here so the Chinese copy is reviewed in one place.
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
  agreementPrefix: '登录即表示您已阅读并同意',
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
