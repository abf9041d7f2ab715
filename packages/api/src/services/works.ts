import type { ApiClient } from '../client'
import type { WorkItem, WorkPage } from '../contract'

/** musicGoods/list: a page of listed works, newest first. */
export function listWorks(
  api: ApiClient,
  paging: { page: number; pageSize: number },
): Promise<WorkPage> {
  return api.request<WorkPage>({ service: 'music-server', path: 'musicGoods/list', body: paging })
}

/** homePage/queryGoodsWeb: the works the home page shows. */
export function homeWorks(api: ApiClient): Promise<WorkItem[]> {
  return api.request<WorkItem[]>({
    service: 'music-server',
    path: 'homePage/queryGoodsWeb',
    body: {},
  })
}

/** keepRecord/musicById: what the player needs for a work (signed URLs, lyric). */
export function workDetails(api: ApiClient, musicId: string): Promise<WorkItem> {
  return api.request<WorkItem>({
    service: 'music-server',
    path: 'keepRecord/musicById',
    body: { musicId },
  })
}

/** musicGoods/details: a work by its goods id (the goods deep link). */
export function goodsDetails(api: ApiClient, goodsId: string): Promise<WorkItem> {
  return api.request<WorkItem>({
    service: 'music-server',
    path: 'musicGoods/details',
    body: { goodsId },
  })
}
