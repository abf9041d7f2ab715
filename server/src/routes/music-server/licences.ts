/**
 * music-server licences (授权) and earnings: the licences of a work and their terms, buying one
 * through the payment provider of the points issue, following the order, the buyer's licences
 * with their certificate and the full-quality file, and the musician's earnings with totals.
 */
import {
  LICENCE_MESSAGES,
  buyLicenceBody,
  earningsBody,
  earningsPage,
  licenceDownload,
  licenceDownloadBody,
  licenceOptionsBody,
  licenceOptionsData,
  licenceOrderBody,
  licenceOrderCreated,
  licenceOrderStatus,
  licencePage,
  myLicencesBody,
  type EarningsPage,
  type LicenceDownload,
  type LicenceOrderCreated,
  type LicenceOrderStatus,
  type LicenceRecord,
} from '@gy/api/licences'
import type { FastifyInstance } from 'fastify'
import { renderLicenceCertificatePdf } from '../../certificates/licenceCertificatePdf'
import type { UserRow } from '../../db/types'
import { licenceOptionsOf, openLicenceOrder } from '../../domain/licencePurchase'
import { LICENCE_TERMS, licenceName } from '../../domain/licences'
import {
  findLicenceOrderView,
  findLicenceView,
  selectEarningsOfSeller,
  selectLicencesOfBuyer,
  setCertificateKey,
  type LicenceView,
} from '../../domain/licences.repository'
import { findChargeOrder } from '../../domain/points.repository'
import { EnvelopeError, success } from '../../http/envelopeError'
import { publicLink } from '../../http/publicLink'
import { apiRoute } from '../../http/route'
import { urlFileNameOf } from '../../media/contentType'
import { newOrderExpiry, refreshOrder, startCheckout } from '../payments/checkout'

const PDF_TYPE = 'application/pdf'

export async function musicServerLicenceRoutes(app: FastifyInstance): Promise<void> {
  const log = app.log.child({ module: 'licences' })
  const settings = app.config.licences

  function signedLink(key: string, name: string): string {
    return publicLink(app.config.publicBaseUrl, app.fileUrls.urlFor(key, name, app.clock()))
  }

  /** The licence, if it is the caller's: 404 for none, 403 for someone else's. */
  async function ownLicence(licenceId: string, user: UserRow): Promise<LicenceView> {
    const licence = await findLicenceView(app.db, licenceId)
    if (licence === undefined) throw new EnvelopeError('404', LICENCE_MESSAGES.licenceNotFound)
    if (licence.buyer_user_id !== user.id) {
      log.warn({ licenceId, userId: user.id }, "download of another user's licence")
      throw new EnvelopeError('403', LICENCE_MESSAGES.licenceForbidden)
    }
    return licence
  }

  function toLicenceRecord(licence: LicenceView): LicenceRecord {
    return {
      licenceId: licence.id,
      licenceNo: licence.licence_no,
      orderId: licence.order_id,
      goodsId: licence.goods_id,
      title: licence.work_title,
      artist: licence.artist,
      licenceType: licence.licence_type,
      licenceName: licenceName(licence.licence_type),
      priceFen: licence.price_fen,
      grantedAt: licence.granted_at.toISOString(),
      terms: [...LICENCE_TERMS[licence.licence_type].terms],
    }
  }

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/licenceOptions',
    auth: 'optional',
    summary: '作品可购买的授权（个人使用、商业使用）及其价格和条款',
    body: licenceOptionsBody,
    response: licenceOptionsData,
    errors: ['404'],
    handler: async ({ body, user }) =>
      success(await licenceOptionsOf(app.db, settings, body.goodsId, user)),
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/buyLicence',
    auth: 'required',
    summary: '购买作品授权：创建授权订单，返回支付地址（价格由服务器计算）',
    body: buyLicenceBody,
    response: licenceOrderCreated,
    errors: ['404', '409', '429'],
    handler: async ({ body, user }) => {
      const { provider, key } = app.payments
      if (provider === null || key === null) {
        throw new EnvelopeError('500', LICENCE_MESSAGES.paymentsOff)
      }
      const now = app.clock()
      const order = await openLicenceOrder(app.db, settings, user, body, {
        provider: key,
        now,
        expiresAt: newOrderExpiry(app, now),
      })
      const details = await findLicenceOrderView(app.db, order.order_id)
      const checkout = await startCheckout(
        app,
        order,
        {
          subject:
            `GY音乐 ${licenceName(body.licenceType)}授权 ${details?.work_title ?? ''}`.trim(),
          returnPage: `/copyrightedMusic/details?${new URLSearchParams({ goodsId: body.goodsId }).toString()}`,
          preferredKind: body.payMethod,
        },
        log,
      )
      return success<LicenceOrderCreated>({
        orderId: order.order_id,
        checkoutKind: checkout.checkoutKind,
        checkoutUrl: checkout.checkoutUrl,
        expiresAt: order.expires_at.toISOString(),
        amountFen: order.amount_fen,
        goodsId: body.goodsId,
        licenceType: body.licenceType,
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/licenceOrder',
    auth: 'required',
    summary: '查询自己的授权订单；支付成功后带上授权编号',
    body: licenceOrderBody,
    response: licenceOrderStatus,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const order = await findChargeOrder(app.db, body.orderId)
      if (order === undefined || order.purpose !== 'licence') {
        throw new EnvelopeError('404', LICENCE_MESSAGES.licenceOrderNotFound)
      }
      if (order.user_id !== user.id) {
        log.warn({ orderId: order.order_id, userId: user.id }, "query of another user's order")
        throw new EnvelopeError('403', LICENCE_MESSAGES.licenceOrderForbidden)
      }
      await refreshOrder(app, order, log)
      const view = await findLicenceOrderView(app.db, order.order_id)
      if (view === undefined) throw new EnvelopeError('404', LICENCE_MESSAGES.licenceOrderNotFound)
      return success<LicenceOrderStatus>({
        orderId: view.order_id,
        state: view.state,
        amountFen: view.amount_fen,
        goodsId: view.goods_id,
        title: view.work_title,
        licenceType: view.licence_type,
        expiresAt: view.expires_at.toISOString(),
        paidAt: view.paid_at === null ? null : view.paid_at.toISOString(),
        licenceId: view.licence_id,
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/myLicences',
    auth: 'required',
    summary: '我购买的授权，最近的在前',
    body: myLicencesBody,
    response: licencePage,
    handler: async ({ body, user }) => {
      const page = await selectLicencesOfBuyer(app.db, user.id, {
        limit: body.pageSize,
        offset: (body.page - 1) * body.pageSize,
      })
      return success({ records: page.rows.map(toLicenceRecord), total: page.total })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/licenceCertificate',
    auth: 'required',
    summary: '下载授权证书（PDF，签名链接3600秒内有效），仅限授权持有人',
    body: licenceDownloadBody,
    response: licenceDownload,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const licence = await ownLicence(body.licenceId, user)
      let key = licence.certificate_key
      if (key === null) {
        const seller = await app.db
          .selectFrom('users')
          .select('nick_name')
          .where('id', '=', licence.seller_user_id)
          .executeTakeFirst()
        const pdf = await renderLicenceCertificatePdf({
          licenceNo: licence.licence_no,
          title: licence.work_title,
          sellerName: licence.artist || seller?.nick_name || '',
          buyerName: licence.buyer_name,
          licenceName: licenceName(licence.licence_type),
          terms: LICENCE_TERMS[licence.licence_type].terms,
          orderId: licence.order_id,
          priceFen: licence.price_fen,
          grantedAt: licence.granted_at.toISOString(),
        })
        // Rendering twice at once stores the same bytes under the same key: harmless.
        key = (await app.storage.put(pdf, PDF_TYPE)).key
        await setCertificateKey(app.db, licence.id, key)
      }
      const fileName = `${licence.licence_no}.pdf`
      return success<LicenceDownload>({ url: signedLink(key, fileName), fileName })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/licenceFile',
    auth: 'required',
    summary: '下载作品的原始音频文件（签名链接3600秒内有效），仅限授权持有人',
    body: licenceDownloadBody,
    response: licenceDownload,
    errors: ['403', '404'],
    handler: async ({ body, user }) => {
      const licence = await ownLicence(body.licenceId, user)
      const fileName = urlFileNameOf(licence.original_type, licence.licence_no)
      return success<LicenceDownload>({
        url: signedLink(licence.original_key, fileName),
        fileName,
      })
    },
  })

  apiRoute(app, {
    method: 'POST',
    url: '/musicGoods/earnings',
    auth: 'required',
    summary: '音乐人的授权收益明细：每笔销售的金额、平台佣金和到手收益，以及合计',
    body: earningsBody,
    response: earningsPage,
    handler: async ({ body, user }) => {
      const { rows, sums } = await selectEarningsOfSeller(app.db, user.id, {
        limit: body.pageSize,
        offset: (body.page - 1) * body.pageSize,
      })
      return success<EarningsPage>({
        records: rows.map((row) => ({
          id: row.id,
          orderId: row.order_id,
          goodsId: row.goods_id,
          title: row.work_title,
          licenceType: row.licence_type,
          licenceName: licenceName(row.licence_type),
          grossFen: row.gross_fen,
          commissionFen: row.commission_fen,
          netFen: row.net_fen,
          createdAt: row.created_at.toISOString(),
        })),
        total: sums.sales,
        totals: sums,
        commissionPercent: settings.commissionPercent,
      })
    },
  })
}
