/**
 * Licences (授权) of listed works, bought through the payment provider of the points issue, and
 * the musician's earnings from them (issue 13). The schemas here are the wire contract of the
 * `musicGoods/licence*` and `musicGoods/earnings` calls; the server validates with them and the
 * API document is made from them. Messages live apart from MESSAGES, as the AI zone's do, so the
 * first page load does not carry them.
 */
import { z } from 'zod'
import {
  CHARGE_ORDER_ID_PATTERN,
  CHARGE_ORDER_STATES,
  CHECKOUT_KINDS,
  goodsId,
  pageBody,
} from './contract'

export const LICENCE_MESSAGES = {
  licenceTypeInvalid: '授权类型只能是个人使用或商业使用',
  payMethodInvalid: '支付方式只能是跳转支付或扫码支付',
  licenceOwnWork: '不能购买自己作品的授权',
  licenceDelisted: '该作品已下架，暂时不能购买授权',
  licenceNotReady: '作品音频正在处理中，请稍后再购买',
  licenceNotForSale: '这首作品暂不提供授权购买',
  licenceAlreadyOwned: '你已购买过这个授权，可在已购授权中下载证书和音频',
  licencePriceTooHigh: '授权价格超过单笔支付上限，请联系音乐人调整价格',
  licenceOrderIdInvalid: '订单号不正确',
  licenceOrderNotFound: '授权订单不存在',
  licenceOrderForbidden: '无权查看他人的授权订单',
  licenceIdInvalid: '授权编号不正确',
  licenceNotFound: '授权不存在',
  licenceForbidden: '只有授权持有人可以下载',
  paymentsOff: '暂时无法支付，请稍后再试',
} as const

export const LICENCE_TYPES = ['personal', 'commercial'] as const
export type LicenceType = (typeof LICENCE_TYPES)[number]

const licenceType = z.enum(LICENCE_TYPES, { error: LICENCE_MESSAGES.licenceTypeInvalid })
const isoTime = z.iso.datetime()
const orderId = z
  .string({ error: LICENCE_MESSAGES.licenceOrderIdInvalid })
  .regex(CHARGE_ORDER_ID_PATTERN, { error: LICENCE_MESSAGES.licenceOrderIdInvalid })
const licenceId = z
  .string({ error: LICENCE_MESSAGES.licenceIdInvalid })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: LICENCE_MESSAGES.licenceIdInvalid,
  })
  .transform((id) => id.toLowerCase())

/** `musicGoods/licenceOptions` body. */
export const licenceOptionsBody = z.object({ goodsId }).meta({ id: 'LicenceOptionsBody' })
export type LicenceOptionsBody = z.input<typeof licenceOptionsBody>

export const licenceOption = z
  .object({
    licenceType,
    /** 个人使用 / 商业使用 */
    name: z.string(),
    priceFen: z.int().positive(),
    /** One line: what it is for. */
    summary: z.string(),
    /** What is allowed, what is not, for how long and where, one point a line. */
    terms: z.array(z.string()),
    /** The caller already holds this licence of the work. */
    owned: z.boolean(),
  })
  .meta({ id: 'LicenceOption' })
export type LicenceOption = z.output<typeof licenceOption>

export const licenceOptionsData = z
  .object({
    goodsId: z.string(),
    title: z.string(),
    artist: z.string(),
    /** false: the caller cannot buy (their own work, delisted); `reason` says why. */
    purchasable: z.boolean(),
    reason: z.string().nullable(),
    options: z.array(licenceOption),
  })
  .meta({ id: 'LicenceOptions' })
export type LicenceOptions = z.output<typeof licenceOptionsData>

/** `musicGoods/buyLicence` body: the price is the server's, never the client's. */
export const buyLicenceBody = z
  .object({
    goodsId,
    licenceType,
    payMethod: z.enum(CHECKOUT_KINDS, { error: LICENCE_MESSAGES.payMethodInvalid }).optional(),
  })
  .meta({ id: 'BuyLicenceBody' })
export type BuyLicenceBody = z.input<typeof buyLicenceBody>

/** Where to pay, as `charge/charge` answers for points. */
export const licenceOrderCreated = z
  .object({
    orderId: z.string().regex(CHARGE_ORDER_ID_PATTERN),
    checkoutKind: z.enum(CHECKOUT_KINDS),
    checkoutUrl: z.string(),
    expiresAt: isoTime,
    amountFen: z.int().positive(),
    goodsId: z.string(),
    licenceType,
  })
  .meta({ id: 'LicenceOrderCreated' })
export type LicenceOrderCreated = z.output<typeof licenceOrderCreated>

export const licenceOrderBody = z.object({ orderId }).meta({ id: 'LicenceOrderBody' })
export type LicenceOrderBody = z.input<typeof licenceOrderBody>

/** `musicGoods/licenceOrder`: the order, and its licence once paid. */
export const licenceOrderStatus = z
  .object({
    orderId: z.string(),
    state: z.enum(CHARGE_ORDER_STATES),
    amountFen: z.int().positive(),
    goodsId: z.string(),
    title: z.string(),
    licenceType,
    expiresAt: isoTime,
    paidAt: isoTime.nullable(),
    licenceId: z.string().nullable(),
  })
  .meta({ id: 'LicenceOrderStatus' })
export type LicenceOrderStatus = z.output<typeof licenceOrderStatus>

export const licenceRecord = z
  .object({
    licenceId: z.string(),
    licenceNo: z.string(),
    orderId: z.string(),
    goodsId: z.string(),
    title: z.string(),
    artist: z.string(),
    licenceType,
    licenceName: z.string(),
    priceFen: z.int().positive(),
    grantedAt: isoTime,
    terms: z.array(z.string()),
  })
  .meta({ id: 'Licence' })
export type LicenceRecord = z.output<typeof licenceRecord>

export const myLicencesBody = pageBody
export const licencePage = z
  .object({ records: z.array(licenceRecord), total: z.int().nonnegative() })
  .meta({ id: 'LicencePage' })
export type LicencePage = z.output<typeof licencePage>

/** `musicGoods/licenceCertificate` and `musicGoods/licenceFile` body. */
export const licenceDownloadBody = z.object({ licenceId }).meta({ id: 'LicenceDownloadBody' })
export type LicenceDownloadBody = z.input<typeof licenceDownloadBody>

/** A signed link, valid for 3600 s. */
export const licenceDownload = z
  .object({ url: z.string(), fileName: z.string() })
  .meta({ id: 'LicenceDownload' })
export type LicenceDownload = z.output<typeof licenceDownload>

export const earningRecord = z
  .object({
    id: z.string(),
    orderId: z.string(),
    goodsId: z.string(),
    title: z.string(),
    licenceType,
    licenceName: z.string(),
    grossFen: z.int().positive(),
    commissionFen: z.int().nonnegative(),
    netFen: z.int().nonnegative(),
    createdAt: isoTime,
  })
  .meta({ id: 'EarningRecord' })
export type EarningRecord = z.output<typeof earningRecord>

export const earningTotals = z
  .object({
    sales: z.int().nonnegative(),
    grossFen: z.int().nonnegative(),
    commissionFen: z.int().nonnegative(),
    netFen: z.int().nonnegative(),
  })
  .meta({ id: 'EarningTotals' })
export type EarningTotals = z.output<typeof earningTotals>

export const earningsBody = pageBody
/** `musicGoods/earnings`: one page of sales, newest first, and the totals of all of them. */
export const earningsPage = z
  .object({
    records: z.array(earningRecord),
    total: z.int().nonnegative(),
    totals: earningTotals,
    commissionPercent: z.int().min(0).max(100),
  })
  .meta({ id: 'EarningsPage' })
export type EarningsPage = z.output<typeof earningsPage>
