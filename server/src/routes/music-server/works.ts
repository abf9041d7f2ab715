/**
 * music-server works: the listings (musicGoods/list, homePage/queryGoodsWeb), a work's details
 * (musicGoods/details) and the player's item (keepRecord/musicById). Signed like every API call,
 * but open to visitors: browsing and playing need no login.
 */
import { MESSAGES } from '@gy/api/messages'
import {
  homeWorks,
  musicByIdBody,
  platformFigures,
  storeBanners as storeBannersData,
  storeCategories,
  workDetails,
  workDetailsBody,
  workItem as workItemData,
  musicGoodsListBody,
  workPage,
  workPlayBody,
  workPlayResult,
} from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { listenerOf, playDay, storeBanners, toWorkDetails } from '../../domain/store'
import {
  listCategories,
  recordPlay,
  resolveCategory,
  storeFigures,
} from '../../domain/store.repository'
import { toWorkItems } from '../../domain/works'
import { findListedWork, listListedWorks } from '../../domain/works.repository'
import { EnvelopeError, success } from '../../http/envelopeError'
import { apiRoute } from '../../http/route'

/** How many works the home page shows. */
export const HOME_WORKS_COUNT = 8

export async function musicServerWorksRoutes(app: FastifyInstance): Promise<void> {
  async function workItem(id: string) {
    const work = await findListedWork(app.db, id)
    if (work === undefined) throw new EnvelopeError('404', MESSAGES.workNotFound)
    const [item] = await toWorkItems(app, [work])
    if (item === undefined) throw new EnvelopeError('404', MESSAGES.workNotFound)
    return item
  }

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/list',
    auth: 'none',
    summary:
      '上架作品列表，分页；可按关键词（作品名、艺人、歌词）和分类筛选，按最新、播放最多或价格排序',
    body: musicGoodsListBody,
    response: workPage,
    handler: async ({ body }) => {
      let categoryId: string | undefined
      if (body.categoryId) {
        const category = await resolveCategory(app.db, body.categoryId)
        if (category === undefined) throw new EnvelopeError('400', MESSAGES.categoryInvalid)
        categoryId = category.id
      }
      const page = await listListedWorks(
        app.db,
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
        { keyword: body.keyword, categoryId, sort: body.sort },
      )
      return success({ records: await toWorkItems(app, page.rows), total: page.total })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/homePage/queryGoodsWeb',
    auth: 'none',
    summary: '首页展示的作品',
    response: homeWorks,
    handler: async () => {
      const page = await listListedWorks(app.db, { offset: 0, limit: HOME_WORKS_COUNT })
      return success(await toWorkItems(app, page.rows))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/details',
    auth: 'none',
    summary: '作品详情，按 goodsId 或 musicId：作品信息、分类、存证证书编号及其公开验证页',
    body: workDetailsBody,
    response: workDetails,
    errors: ['404'],
    handler: async ({ body }) => {
      const id = body.musicId ?? body.goodsId
      if (id === undefined) throw new EnvelopeError('400', MESSAGES.workIdInvalid)
      const work = await findListedWork(app.db, id)
      if (work === undefined) throw new EnvelopeError('404', MESSAGES.workNotFound)
      return success(await toWorkDetails(app, work))
    },
  })

  // The store (store branch).
  apiRoute(app, {
    method: 'POST',
    url: '/homePage/queryGoods',
    auth: 'none',
    summary: '首页推荐作品：播放最多的在售作品',
    response: homeWorks,
    handler: async () => {
      const page = await listListedWorks(
        app.db,
        { offset: 0, limit: HOME_WORKS_COUNT },
        { sort: 'plays' },
      )
      return success(await toWorkItems(app, page.rows))
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/homePage/informationDisplayWeb',
    auth: 'none',
    summary: '首页展示的平台数据：在售作品、音乐人、累计播放',
    response: platformFigures,
    handler: async () => success(await storeFigures(app.db)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/mallDictionary/list',
    auth: 'none',
    summary: '商城分类，按展示顺序',
    response: storeCategories,
    handler: async () => {
      const categories = await listCategories(app.db)
      return success(
        categories.map((category) => ({ categoryId: category.id, name: category.name })),
      )
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicBanner/list',
    auth: 'none',
    summary: '首页和商城的横幅，按展示顺序',
    response: storeBannersData,
    handler: async () => success(await storeBanners(app)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/play',
    auth: 'optional',
    summary: '记一次播放：同一听众同一作品每天只计一次',
    body: workPlayBody,
    response: workPlayResult,
    errors: ['404'],
    handler: async ({ body, user, request }) => {
      const work = await findListedWork(app.db, body.goodsId)
      if (work === undefined) throw new EnvelopeError('404', MESSAGES.workNotFound)
      const play = await recordPlay(app.db, {
        workId: work.id,
        listener: listenerOf(user?.id ?? null, request.ip),
        day: playDay(app.clock()),
      })
      return success(play)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/keepRecord/musicById',
    auth: 'none',
    summary: '播放器要播放的作品',
    body: musicByIdBody,
    response: workItemData,
    errors: ['404'],
    handler: async ({ body }) => success(await workItem(body.musicId)),
  })
}
