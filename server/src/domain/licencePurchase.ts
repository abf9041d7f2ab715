/**
 * Buying a licence: what the caller may buy of a work and at what price, and the payment order
 * for it. The order is a points-issue payment order (`purpose = 'licence'`, no points) written in
 * one transaction with its licence details, so the notification route settles it like a top-up
 * (points.ts `creditOrder` → licences.ts `settleLicenceOrder`). The price is the server's: the
 * listing's price, times the configured multiplier for 商业使用.
 */
import {
  LICENCE_MESSAGES,
  LICENCE_TYPES,
  type LicenceOptions,
  type LicenceType,
} from '@gy/api/licences'
import { MESSAGES } from '@gy/api/messages'
import type { Kysely } from 'kysely'
import type { LicenceSettings } from '../config'
import type { Database, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { MAX_AMOUNT_FEN } from '../payments/provider'
import { LICENCE_TERMS, licencePriceFen } from './licences'
import {
  findOpenLicenceOrder,
  findWorkForSale,
  heldLicenceTypes,
  insertLicenceOrder,
  type WorkForSale,
} from './licences.repository'
import { newChargeOrderId, openChargeOrder } from './points'
import type { ChargeOrderRow } from './points.repository'

/** Unpaid orders one user may have open at once, top-ups and licences together. */
export const MAX_OPEN_LICENCE_ORDERS = 10

/** Why the caller cannot buy a licence of this work; null when they can. */
function refusalOf(work: WorkForSale, user: UserRow | null): string | null {
  if (work.status !== 'listed') return LICENCE_MESSAGES.licenceDelisted
  if (work.owner_user_id === null) return LICENCE_MESSAGES.licenceNotForSale
  if (user !== null && work.owner_user_id === user.id) return LICENCE_MESSAGES.licenceOwnWork
  if (!work.audio_ready) return LICENCE_MESSAGES.licenceNotReady
  return null
}

async function workOf(db: Kysely<Database>, goodsId: string): Promise<WorkForSale> {
  const work = await findWorkForSale(db, goodsId)
  // A draft was never on sale: as unknown as a work that does not exist.
  if (work === undefined || work.status === 'draft') {
    throw new EnvelopeError('404', MESSAGES.goodsNotFound)
  }
  return work
}

/** The licences of a work, their prices and terms, and whether the caller can buy them. */
export async function licenceOptionsOf(
  db: Kysely<Database>,
  settings: LicenceSettings,
  goodsId: string,
  user: UserRow | null,
): Promise<LicenceOptions> {
  const work = await workOf(db, goodsId)
  const held = user === null ? [] : await heldLicenceTypes(db, user.id, goodsId)
  const reason = refusalOf(work, user)
  return {
    goodsId: work.id,
    title: work.title,
    artist: work.artist,
    purchasable: reason === null,
    reason,
    options: LICENCE_TYPES.map((type) => ({
      licenceType: type,
      name: LICENCE_TERMS[type].name,
      summary: LICENCE_TERMS[type].summary,
      terms: [...LICENCE_TERMS[type].terms],
      priceFen: licencePriceFen(type, work.price_fen, settings.commercialMultiplier),
      owned: held.includes(type),
    })),
  }
}

export interface LicenceOrderRequest {
  goodsId: string
  licenceType: LicenceType
}

/**
 * Records an unpaid licence order, or answers the buyer's open order for the same licence, or
 * refuses with the reason and nothing written: the work is not on sale, it is the buyer's own,
 * the buyer holds this licence already, or its price is beyond what one payment may carry.
 */
export async function openLicenceOrder(
  db: Kysely<Database>,
  settings: LicenceSettings,
  buyer: UserRow,
  request: LicenceOrderRequest,
  order: { provider: string; now: Date; expiresAt: Date },
): Promise<ChargeOrderRow> {
  const work = await workOf(db, request.goodsId)
  const refusal = refusalOf(work, buyer)
  if (refusal !== null || work.owner_user_id === null) {
    throw new EnvelopeError('409', refusal ?? LICENCE_MESSAGES.licenceNotForSale)
  }
  const held = await heldLicenceTypes(db, buyer.id, work.id)
  if (held.includes(request.licenceType)) {
    throw new EnvelopeError('409', LICENCE_MESSAGES.licenceAlreadyOwned)
  }
  const priceFen = licencePriceFen(
    request.licenceType,
    work.price_fen,
    settings.commercialMultiplier,
  )
  if (priceFen > MAX_AMOUNT_FEN) {
    throw new EnvelopeError('400', LICENCE_MESSAGES.licencePriceTooHigh)
  }
  const sellerUserId = work.owner_user_id
  return openChargeOrder(
    db,
    {
      orderId: newChargeOrderId(order.now),
      userId: buyer.id,
      provider: order.provider,
      packageId: null,
      amountFen: priceFen,
      points: 0,
      purpose: 'licence',
      createdAt: order.now,
      expiresAt: order.expiresAt,
    },
    MAX_OPEN_LICENCE_ORDERS,
    {
      findOpen: (transaction) =>
        findOpenLicenceOrder(transaction, {
          buyerUserId: buyer.id,
          goodsId: work.id,
          licenceType: request.licenceType,
          now: order.now,
        }),
      recordDetails: async (transaction, created) => {
        await insertLicenceOrder(transaction, {
          order_id: created.order_id,
          goods_id: work.id,
          buyer_user_id: buyer.id,
          seller_user_id: sellerUserId,
          licence_type: request.licenceType,
          work_title: work.title,
          artist: work.artist,
          price_fen: priceFen,
          commission_percent: settings.commissionPercent,
          created_at: order.now,
        })
      },
    },
  )
}
