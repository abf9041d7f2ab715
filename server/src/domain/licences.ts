/**
 * Licences (授权) of listed works: what each kind allows, what it costs, and what a paid order
 * yields. A licence order is paid like a points top-up (points.ts `creditOrder` settles every
 * payment order once, under its row lock), and for a licence order it calls `settleLicenceOrder`
 * here: one licence for the buyer and one earnings row for the seller, in the same transaction
 * as the order becoming paid. Unique indexes make a second licence of one order, or of one
 * buyer, work and type, impossible; a payment that would buy one is refunded instead.
 *
 * Commission is integer fen: the platform takes floor(price × percent / 100) and the musician
 * the rest, so a fraction of a fen always goes to the musician and gross = commission + net.
 */
import { randomBytes } from 'node:crypto'
import type { LicenceType } from '@gy/api/licences'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import {
  findHeldLicence,
  findLicenceOrder,
  insertEarning,
  insertLicenceUnlessGranted,
} from './licences.repository'

export interface LicenceTerms {
  name: string
  summary: string
  terms: readonly string[]
}

/** What each licence allows, written for the buyer; the page, the list and the PDF show these. */
export const LICENCE_TERMS: Readonly<Record<LicenceType, LicenceTerms>> = {
  personal: {
    name: '个人使用',
    summary: '适合个人欣赏、学习和非营利的个人作品',
    terms: [
      '可以：个人欣赏和收藏；用作个人视频、Vlog、播客的背景音乐，发布在你自己的社交账号上；用于课堂学习和非营利的个人创作。',
      '不可以：用于广告、品牌推广、带货直播、付费课程或任何营利用途；转授权、转售或单独分发音频文件；把作品登记为你的版权。',
      '期限：永久有效。',
      '地域：全球范围，线上线下均可。',
      '署名：公开发布时请注明作品名称和音乐人。',
    ],
  },
  commercial: {
    name: '商业使用',
    summary: '适合广告、品牌内容、直播、游戏和付费内容等营利用途',
    terms: [
      '可以：用于一个商业项目，包括广告、品牌宣传片、企业视频、电商和直播、游戏、App、付费课程和付费内容；同一项目可以在各个平台发布和投放。',
      '不可以：转授权、转售或单独分发音频文件；用于多个不同的商业项目（每个项目需单独购买）；把作品登记为你的版权；用于违法或有损音乐人声誉的内容。',
      '期限：自购买之日起3年内可以发布；期限内发布的内容到期后可以继续保留。',
      '地域：全球范围，线上线下均可。',
      '署名：在条件允许的位置注明作品名称和音乐人。',
    ],
  },
}

export function licenceName(type: LicenceType): string {
  return LICENCE_TERMS[type].name
}

/** 个人使用 costs the listing's price; 商业使用 that times the configured multiplier. */
export function licencePriceFen(
  type: LicenceType,
  listingPriceFen: number,
  commercialMultiplier: number,
): number {
  return type === 'personal' ? listingPriceFen : listingPriceFen * commercialMultiplier
}

/** The platform's part of a sale, rounded down to the fen; the musician gets the rest. */
export function splitSale(
  grossFen: number,
  commissionPercent: number,
): { commissionFen: number; netFen: number } {
  const commissionFen = Math.floor((grossFen * commissionPercent) / 100)
  return { commissionFen, netFen: grossFen - commissionFen }
}

/** GYL + China date + 8 random hex digits, printed on the certificate. */
export function newLicenceNo(now: Date): string {
  const chinaDate = new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10)
  return `GYL${chinaDate.replace(/\D/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`
}

/**
 * Grants the licence of a licence order that has just become paid, and records the sale in the
 * seller's earnings. Inside the transaction that marked the order paid, with the order locked:
 * it runs once per order. A buyer holds one licence of each type of a work, ever: when they
 * hold this one already (a second order paid anyway), nothing is granted, the musician is not
 * credited again, and the answer says the payment goes back. A concurrent grant of the same
 * licence through another order waits on the unique index and then finds it held.
 */
export async function settleLicenceOrder(
  transaction: Kysely<Database>,
  orderId: string,
  grantedAt: Date,
): Promise<'settled' | 'licence_already_held'> {
  const order = await findLicenceOrder(transaction, orderId)
  if (order === undefined) throw new Error(`licence order ${orderId} has no details`)
  const licenceId = await insertLicenceUnlessGranted(transaction, {
    licenceNo: newLicenceNo(grantedAt),
    order,
    grantedAt,
  })
  if (licenceId === undefined) {
    const held = await findHeldLicence(transaction, order)
    if (held === undefined) throw new Error(`licence of order ${orderId} was refused`)
    return held.order_id === orderId ? 'settled' : 'licence_already_held'
  }
  const { commissionFen, netFen } = splitSale(order.price_fen, order.commission_percent)
  await insertEarning(transaction, {
    sellerUserId: order.seller_user_id,
    orderId,
    licenceId,
    grossFen: order.price_fen,
    commissionFen,
    netFen,
    createdAt: grantedAt,
  })
  return 'settled'
}
