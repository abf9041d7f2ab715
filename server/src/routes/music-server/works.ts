/**
 * music-server works: the listings (musicGoods/list, homePage/queryGoodsWeb), a work's details
 * (musicGoods/details) and the player's item (keepRecord/musicById). Signed like every API call,
 * but open to visitors: browsing and playing need no login.
 */
import { MESSAGES } from '@gy/api/messages'
import {
  homeWorks,
  musicByIdBody,
  workDetailsBody,
  workItem as workItemData,
  musicGoodsListBody,
  workPage,
} from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
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
    summary: '上架作品列表，分页；可按关键词（作品名、艺人）和分类（风格）筛选',
    body: musicGoodsListBody,
    response: workPage,
    handler: async ({ body }) => {
      const page = await listListedWorks(
        app.db,
        { offset: (body.page - 1) * body.pageSize, limit: body.pageSize },
        { keyword: body.keyword, categoryId: body.categoryId },
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
    summary: '作品详情，按 goodsId 或 musicId',
    body: workDetailsBody,
    response: workItemData,
    errors: ['404'],
    handler: async ({ body }) => {
      const id = body.musicId ?? body.goodsId
      if (id === undefined) throw new EnvelopeError('400', MESSAGES.workIdInvalid)
      return success(await workItem(id))
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
