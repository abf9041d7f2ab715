/**
 * music-server listings (挂牌): list a deposited work for sale, change its price, take it off
 * sale, and the owner's shelf. The audio of a new listing is prepared for the player in a job.
 */
import {
  delistBody,
  modifyPriceBody,
  musicListingBody,
  musicListingResult,
  pageBody,
  shelfPage,
  type ShelfItem,
} from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { prepareListingAudio, prepareListingAudioJob } from '../../domain/listingAudio'
import { delistListing, listDeposit, modifyListingPrice } from '../../domain/listings'
import { listShelf, listingStatusOf, type ShelfRow } from '../../domain/listings.repository'
import { success } from '../../http/envelopeError'
import { publicLink } from '../../http/publicLink'
import { apiRoute } from '../../http/route'

const COVER_FILE_NAME = 'cover'

export async function musicServerListingsRoutes(app: FastifyInstance): Promise<void> {
  await app.queue.handle(prepareListingAudioJob, async ({ workId }) => {
    await prepareListingAudio(app, workId)
  })

  function toShelfItem({ work, certificateNo }: ShelfRow): ShelfItem {
    return {
      goodsId: work.id,
      depositId: work.deposit_id ?? '',
      certificateNo,
      title: work.title,
      genre: work.genre,
      cover:
        work.cover_key === null
          ? ''
          : publicLink(
              app.config.publicBaseUrl,
              app.fileUrls.urlFor(work.cover_key, COVER_FILE_NAME, app.clock()),
            ),
      priceFen: work.price_fen,
      status: listingStatusOf(work),
      playable: work.audio_ready,
      listedAt: work.created_at.toISOString(),
      updatedAt: work.updated_at.toISOString(),
    }
  }

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/musicListing',
    auth: 'required',
    summary: '把自己存证的作品挂牌出售（已下架的作品重新上架，商品编号不变）',
    body: musicListingBody,
    response: musicListingResult,
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => success(await listDeposit(app, user, body), MESSAGES.ok),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/modifyPrice',
    auth: 'required',
    summary: '修改自己在售作品的价格',
    body: modifyPriceBody,
    response: z.null(),
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await modifyListingPrice(app, user, body)
      return success(null, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/delist',
    auth: 'required',
    summary: '下架自己的作品',
    body: delistBody,
    response: z.null(),
    errors: ['403', '404', '409'],
    handler: async ({ body, user }) => {
      await delistListing(app, user, body.goodsId)
      return success(null, MESSAGES.ok)
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/shelf',
    auth: 'required',
    summary: '我的作品货架：自己挂牌的作品及其状态，最近变动的在前',
    body: pageBody,
    response: shelfPage,
    handler: async ({ body, user }) => {
      const page = await listShelf(app.db, user.id, {
        offset: (body.page - 1) * body.pageSize,
        limit: body.pageSize,
      })
      return success({ records: page.rows.map(toShelfItem), total: page.total })
    },
  })
}
