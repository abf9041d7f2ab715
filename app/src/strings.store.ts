import { strings as designSystem } from '@gy/design-system'

/**
 * The store's texts (store branch): browsing, search, the work page. Kept beside strings.ts, as
 * the musicians' zone keeps its own, so it loads with the store's pages.
 */
export const STORE_TEXT = {
  title: '版权音乐',
  subtitle: '每一首都已存证，每一次授权的收益都直达音乐人。',
  searchLabel: '搜索作品',
  searchPlaceholder: '搜索歌名、音乐人或歌词',
  searchButton: '搜索',
  clearSearch: '清除搜索',
  categoriesLabel: '分类',
  allCategories: '全部',
  sortLabel: '排序',
  sorts: {
    newest: '最新上架',
    plays: '播放最多',
    priceAsc: '价格从低到高',
    priceDesc: '价格从高到低',
  },
  viewLabel: '显示方式',
  gridView: '卡片',
  listView: '列表',
  playAll: '播放全部',
  resultCount: (total: number) => `共 ${total} 首`,
  searchResultCount: (keyword: string, total: number) => `“${keyword}” 找到 ${total} 首`,
  /** A search answers at most STORE_SEARCH_MATCHES_MAX works; more matches than that say so. */
  searchResultCapped: (keyword: string, total: number) =>
    `“${keyword}” 找到 ${total} 首以上，显示前 ${total} 首`,
  loading: '正在加载作品…',
  failed: '作品加载失败',
  retry: designSystem.retry,
  emptyTitle: '暂无作品',
  emptyHint: '音乐人的作品上架后会出现在这里。',
  noResultsTitle: '没有找到相关作品',
  noResultsHint: '换个关键词，或者看看其他分类吧。',
  free: '免费试听',
  certified: '认证音乐人',
  banners: '推荐',
  featuredTitle: '热门作品',
  more: '查看全部',

  // The work page.
  workTitle: '作品详情',
  workLoading: '正在加载作品详情…',
  workFailed: '作品详情加载失败',
  workNotFoundTitle: '没有找到这首作品',
  workNotFoundHint: '它可能已下架，去版权音乐看看别的作品吧。',
  backToStore: '返回版权音乐',
  play: designSystem.play,
  pause: designSystem.pause,
  playWork: '立即播放',
  pauseWork: '暂停播放',
  price: '授权价格',
  category: '分类',
  genre: '风格',
  duration: '时长',
  plays: '播放',
  lyric: '歌词',
  noLyric: '这首作品暂无歌词',
  deposit: '版权存证',
  depositNumber: '存证编号',
  verifyDeposit: '查看公开验证',
  noDeposit: '平台作品，未做个人存证',
  uncategorised: '未分类',
} as const

/** The minimal licence panel of this branch; the licence branch replaces it with the real one. */
export const LICENCE_PLACEHOLDER_TEXT = {
  title: '购买授权',
  price: '授权价格',
  buy: '购买授权',
  comingSoon: '授权购买即将开放',
} as const
