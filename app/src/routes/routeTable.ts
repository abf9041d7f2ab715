/**
 * Every route of the desktop shell (SPEC.md section 2, CONTRACT.md "Routes of the web app"), with the
 * title that goes into the document title and whether a visitor must log in first.
 */
export interface RouteEntry {
  path: string
  title: string
  requiresLogin: boolean
}

export const DESKTOP_ROUTES: readonly RouteEntry[] = [
  { path: '/home', title: '首页', requiresLogin: false },
  { path: '/copyrightedMusic', title: '版权音乐', requiresLogin: false },
  // Beyond the spec's table (store branch): a work's page, the goods deep link.
  { path: '/copyrightedMusic/details', title: '作品详情', requiresLogin: false },
  { path: '/aiCreationCenter', title: 'AI创作中心', requiresLogin: false },
  { path: '/aiCreationCenter/smartMode', title: '灵感模式', requiresLogin: true },
  { path: '/aiCreationCenter/advancedMode', title: '自定义模式', requiresLogin: true },
  { path: '/aiCreationCenter/coverMode', title: 'AI翻唱', requiresLogin: true },
  { path: '/aiCreationCenter/chooseMusic', title: '选择歌曲', requiresLogin: true },
  { path: '/aiCreationCenter/createHistory', title: '创作记录', requiresLogin: true },
  { path: '/aiCreationCenter/separationMode', title: '人声分离', requiresLogin: true },
  // Beyond the spec's table: the public page of a shared AI work (a phone goes to /m/aiShare).
  { path: '/aiShare', title: '作品分享', requiresLogin: false },
  { path: '/aboutUs', title: '关于我们', requiresLogin: false },
  { path: '/joinUs', title: '加入我们', requiresLogin: false },
  { path: '/accountInfo', title: '账号信息', requiresLogin: true },
  { path: '/musiciansZone', title: '音乐人专区', requiresLogin: true },
  { path: '/musiciansZone/copyrightDeposit', title: '版权存证', requiresLogin: true },
  { path: '/musiciansZone/workShelf', title: '作品上架', requiresLogin: true },
  { path: '/musiciansZone/confirmedListing', title: '确认上架', requiresLogin: true },
  { path: '/musiciansZone/certificateDeposit', title: '存证证书', requiresLogin: true },
  {
    path: '/musiciansZone/certificateDeposit/certificateDetails',
    title: '证书详情',
    requiresLogin: true,
  },
  { path: '/musiciansZone/musicianCertification', title: '音乐人认证', requiresLogin: true },
  { path: '/buyPoints', title: '积分充值', requiresLogin: true },
  { path: '/pointsRecords', title: '积分明细', requiresLogin: true },
  { path: '/administrativeRegistration', title: '版权登记', requiresLogin: true },
  { path: '/copyrightRegistrationList', title: '版权登记列表', requiresLogin: true },
  { path: '/copyrightOwnerManager', title: '著作权人管理', requiresLogin: true },
  { path: '/vote/list', title: '投票活动', requiresLogin: false },
  { path: '/vote/details', title: '投票详情', requiresLogin: false },
  // Beyond the spec's table: the reviewers' page of musician certification.
  { path: '/review/certifications', title: '认证审核', requiresLogin: true },
  // Licences and earnings (licence branch), beyond the spec's table.
  { path: '/musiciansZone/earnings', title: '收益明细', requiresLogin: true },
  { path: '/myLicences', title: '已购授权', requiresLogin: true },
  // Votes and notices (votes branch): the reviewers' page of voting activities, and the music
  // push deep link (a phone goes on to /m/mobilePlayer, a computer plays it over /home).
  { path: '/review/votes', title: '投票活动管理', requiresLogin: true },
  { path: '/musicPush', title: '音乐推送', requiresLogin: false },
  // Copyright registration (registration branch): the reviewers' page of registrations.
  { path: '/review/registrations', title: '登记审核', requiresLogin: true },
]

/** The legal and help pages, served by both shells. */
export const STATIC_ROUTES: readonly RouteEntry[] = [
  { path: '/privacy', title: '隐私政策', requiresLogin: false },
  { path: '/helpshare', title: '分享帮助', requiresLogin: false },
  { path: '/userlogout', title: '账号注销须知', requiresLogin: false },
  { path: '/serve', title: '服务协议', requiresLogin: false },
  { path: '/musician', title: '音乐人协议', requiresLogin: false },
  { path: '/integralIntroduction', title: '积分说明', requiresLogin: false },
  { path: '/pointsRechargeAgreement', title: '积分充值协议', requiresLogin: false },
  { path: '/useingHelp', title: '使用帮助', requiresLogin: false },
  { path: '/administrativeRegistrationDesc', title: '版权登记说明', requiresLogin: false },
  { path: '/gyServe', title: '用户协议', requiresLogin: false },
  { path: '/gyPrivacy', title: '隐私政策', requiresLogin: false },
  { path: '/gyHelpshare', title: '授权分享协议', requiresLogin: false },
]

export const MOBILE_ROUTES: readonly (RouteEntry & { header: boolean })[] = [
  { path: '/m/home', title: '首页', requiresLogin: false, header: true },
  { path: '/m/copyrightedMusic', title: '版权音乐', requiresLogin: false, header: true },
  // Store branch: a work's page on phones.
  { path: '/m/copyrightedMusic/details', title: '作品详情', requiresLogin: false, header: true },
  { path: '/m/aboutUs', title: '关于我们', requiresLogin: false, header: true },
  { path: '/m/GYmusicPlayer', title: '播放器', requiresLogin: false, header: true },
  { path: '/m/musicShare', title: '音乐分享', requiresLogin: false, header: true },
  { path: '/m/mobilePlayer', title: '播放器', requiresLogin: false, header: true },
  { path: '/m/aiShare', title: '作品分享', requiresLogin: false, header: true },
  { path: '/m/vote/list', title: '投票活动', requiresLogin: false, header: false },
  { path: '/m/vote/details', title: '投票详情', requiresLogin: false, header: false },
  { path: '/m/download_gy', title: '下载App', requiresLogin: false, header: false },
  { path: '/m/noticeInfo', title: '公告详情', requiresLogin: false, header: false },
  // Mobile branch: the story pages exist in both shells.
  { path: '/m/joinUs', title: '加入我们', requiresLogin: false, header: true },
]

export const NOT_FOUND_ROUTE: RouteEntry = {
  path: '/404',
  title: '页面不存在',
  requiresLogin: false,
}

/** Phone and tablet user-agents get the mobile shell (SPEC.md section 9). */
export const MOBILE_USER_AGENT =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS|Windows Phone|Tablet/i

export function isMobileUserAgent(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent)
}

/**
 * The address of the same page in the mobile shell, for a desktop address that has one: a phone that
 * opens a shared desktop link (a work, a vote, an agreement) gets the layout made for it.
 */
export function mobileTwinOf(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return '/m/home'
  const twin = `/m${path}`
  const hasTwin =
    MOBILE_ROUTES.some((route) => route.path === twin) ||
    STATIC_ROUTES.some((route) => route.path === path)
  return hasTwin ? twin : undefined
}

/** Every desktop address with a mobile twin, and the twin: what the server redirects phones by. */
export function mobileTwins(): Record<string, string> {
  const twins: Record<string, string> = {}
  for (const { path } of [{ path: '/' }, ...DESKTOP_ROUTES, ...STATIC_ROUTES]) {
    const twin = mobileTwinOf(path)
    if (twin !== undefined) twins[path] = twin
  }
  return twins
}

export function findRoute(pathname: string): RouteEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  const withoutMobile = path.startsWith('/m/') ? path.slice(2) : undefined
  return (
    DESKTOP_ROUTES.find((route) => route.path === path) ??
    MOBILE_ROUTES.find((route) => route.path === path) ??
    STATIC_ROUTES.find((route) => route.path === path || route.path === withoutMobile) ??
    (path === NOT_FOUND_ROUTE.path ? NOT_FOUND_ROUTE : undefined)
  )
}
