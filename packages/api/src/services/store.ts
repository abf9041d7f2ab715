/** The store's browsing calls (store branch): search, categories, banners, a work's page, plays. */
import type { ApiClient } from '../client'
import type { StoreSort } from '../constants'
import type {
  PlatformFigures,
  StoreBanner,
  StoreCategory,
  WorkDetails,
  WorkItem,
  WorkPage,
  WorkPlayResult,
} from '../contract'

export interface StoreQuery {
  page: number
  pageSize: number
  keyword?: string
  categoryId?: string
  sort?: StoreSort
}

/** musicGoods/list with a keyword, category and sort; empty ones are left out. */
export function searchStore(api: ApiClient, query: StoreQuery): Promise<WorkPage> {
  const body = {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.keyword?.trim() ? { keyword: query.keyword.trim() } : {}),
    ...(query.categoryId ? { categoryId: query.categoryId } : {}),
    ...(query.sort ? { sort: query.sort } : {}),
  }
  return api.request<WorkPage>({ service: 'music-server', path: 'musicGoods/list', body })
}

/** mallDictionary/list: the categories, in display order. */
export function storeCategories(api: ApiClient): Promise<StoreCategory[]> {
  return api.request<StoreCategory[]>({
    service: 'music-server',
    path: 'mallDictionary/list',
    body: {},
  })
}

/** musicBanner/list: the banners, in display order. */
export function storeBanners(api: ApiClient): Promise<StoreBanner[]> {
  return api.request<StoreBanner[]>({ service: 'music-server', path: 'musicBanner/list', body: {} })
}

/** musicGoods/details: everything a work's page shows. */
export function storeWorkDetails(api: ApiClient, goodsId: string): Promise<WorkDetails> {
  return api.request<WorkDetails>({
    service: 'music-server',
    path: 'musicGoods/details',
    body: { goodsId },
  })
}

/** homePage/queryGoods: the most played works. */
export function featuredWorks(api: ApiClient): Promise<WorkItem[]> {
  return api.request<WorkItem[]>({ service: 'music-server', path: 'homePage/queryGoods', body: {} })
}

/** homePage/informationDisplayWeb: the platform in figures. */
export function platformFigures(api: ApiClient): Promise<PlatformFigures> {
  return api.request<PlatformFigures>({
    service: 'music-server',
    path: 'homePage/informationDisplayWeb',
    body: {},
  })
}

/** musicGoods/play: counts a play (once per listener per work per day). */
export function recordPlay(api: ApiClient, goodsId: string): Promise<WorkPlayResult> {
  return api.request<WorkPlayResult>({
    service: 'music-server',
    path: 'musicGoods/play',
    body: { goodsId },
  })
}
