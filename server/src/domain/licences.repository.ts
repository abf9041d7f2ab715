/**
 * SQL about licences: the licence orders (beside their payment orders in `charge_orders`), the
 * licences they yield and the musician's earnings. The rules live in `licences.ts`; this module
 * only speaks SQL. Every function takes a Kysely instance that may be a transaction.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type {
  ChargeOrdersTable,
  ChargeOrderStateColumn,
  Database,
  LicenceOrdersTable,
  LicencesTable,
  LicenceTypeColumn,
} from '../db/types'

export type LicenceOrderRow = Selectable<LicenceOrdersTable>
type ChargeOrderRow = Selectable<ChargeOrdersTable>

export async function insertLicenceOrder(
  db: Kysely<Database>,
  order: LicenceOrderRow,
): Promise<void> {
  await db.insertInto('licence_orders').values(order).execute()
}

export async function findLicenceOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<LicenceOrderRow | undefined> {
  return db
    .selectFrom('licence_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst()
}

/** A licence order with its payment state and, once paid, its licence. */
export interface LicenceOrderView extends LicenceOrderRow {
  state: ChargeOrderStateColumn
  amount_fen: number
  expires_at: Date
  paid_at: Date | null
  licence_id: string | null
}

export async function findLicenceOrderView(
  db: Kysely<Database>,
  orderId: string,
): Promise<LicenceOrderView | undefined> {
  return db
    .selectFrom('licence_orders')
    .innerJoin('charge_orders', 'charge_orders.order_id', 'licence_orders.order_id')
    .leftJoin('licences', 'licences.order_id', 'licence_orders.order_id')
    .selectAll('licence_orders')
    .select([
      'charge_orders.state',
      'charge_orders.amount_fen',
      'charge_orders.expires_at',
      'charge_orders.paid_at',
      'licences.id as licence_id',
    ])
    .where('licence_orders.order_id', '=', orderId)
    .executeTakeFirst()
}

/** The licence types of a work the buyer holds. */
export async function heldLicenceTypes(
  db: Kysely<Database>,
  buyerUserId: string,
  goodsId: string,
): Promise<LicenceTypeColumn[]> {
  const rows = await db
    .selectFrom('licences')
    .select('licence_type')
    .where('buyer_user_id', '=', buyerUserId)
    .where('goods_id', '=', goodsId)
    .execute()
  return rows.map((row) => row.licence_type)
}

export interface NewLicence {
  licenceNo: string
  order: LicenceOrderRow
  grantedAt: Date
}

/**
 * The licence of a paid order, unless the order has one already or the buyer holds this type of
 * this work (then undefined). Waits for a concurrent grant of the same licence to commit or roll
 * back.
 */
export async function insertLicenceUnlessGranted(
  db: Kysely<Database>,
  licence: NewLicence,
): Promise<string | undefined> {
  const row = await db
    .insertInto('licences')
    .values({
      licence_no: licence.licenceNo,
      order_id: licence.order.order_id,
      goods_id: licence.order.goods_id,
      buyer_user_id: licence.order.buyer_user_id,
      seller_user_id: licence.order.seller_user_id,
      licence_type: licence.order.licence_type,
      granted_at: licence.grantedAt,
    })
    // Either unique index: one licence per order, one per buyer, work and type.
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** The licence the order's buyer holds of its work and type, whichever order granted it. */
export async function findHeldLicence(
  db: Kysely<Database>,
  order: Pick<LicenceOrderRow, 'buyer_user_id' | 'goods_id' | 'licence_type'>,
): Promise<{ id: string; order_id: string } | undefined> {
  return db
    .selectFrom('licences')
    .select(['id', 'order_id'])
    .where('buyer_user_id', '=', order.buyer_user_id)
    .where('goods_id', '=', order.goods_id)
    .where('licence_type', '=', order.licence_type)
    .where('duplicate_of', 'is', null)
    .executeTakeFirst()
}

/**
 * The buyer's unpaid order for this licence that can still be paid, if any: a second checkout
 * of the same licence answers it instead of opening another.
 */
export async function findOpenLicenceOrder(
  db: Kysely<Database>,
  request: { buyerUserId: string; goodsId: string; licenceType: LicenceTypeColumn; now: Date },
): Promise<ChargeOrderRow | undefined> {
  return db
    .selectFrom('licence_orders')
    .innerJoin('charge_orders', 'charge_orders.order_id', 'licence_orders.order_id')
    .selectAll('charge_orders')
    .where('licence_orders.buyer_user_id', '=', request.buyerUserId)
    .where('licence_orders.goods_id', '=', request.goodsId)
    .where('licence_orders.licence_type', '=', request.licenceType)
    .where('charge_orders.state', '=', 'created')
    .where('charge_orders.expires_at', '>', request.now)
    .orderBy('charge_orders.created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export interface NewEarning {
  sellerUserId: string
  orderId: string
  licenceId: string
  grossFen: number
  commissionFen: number
  netFen: number
  createdAt: Date
}

export async function insertEarning(db: Kysely<Database>, earning: NewEarning): Promise<void> {
  await db
    .insertInto('musician_earnings')
    .values({
      seller_user_id: earning.sellerUserId,
      order_id: earning.orderId,
      licence_id: earning.licenceId,
      gross_fen: earning.grossFen,
      commission_fen: earning.commissionFen,
      net_fen: earning.netFen,
      created_at: earning.createdAt,
    })
    .execute()
}

/** A licence with what the buyer bought: the order's title, artist, type and price. */
export interface LicenceView extends Selectable<LicencesTable> {
  work_title: string
  artist: string
  price_fen: number
  buyer_name: string
  /** The deposited file itself (WAV, FLAC or MP3 as uploaded), not the store's MP3. */
  original_key: string
  original_type: string
}

function licenceViews(db: Kysely<Database>) {
  return db
    .selectFrom('licences')
    .innerJoin('licence_orders', 'licence_orders.order_id', 'licences.order_id')
    .innerJoin('users as buyer', 'buyer.id', 'licences.buyer_user_id')
    .innerJoin('works', 'works.id', 'licences.goods_id')
    .leftJoin('deposits', 'deposits.id', 'works.deposit_id')
    .leftJoin('uploaded_files as original', 'original.id', 'deposits.file_id')
    .selectAll('licences')
    .select((eb) => [
      'licence_orders.work_title',
      'licence_orders.artist',
      'licence_orders.price_fen',
      'buyer.nick_name as buyer_name',
      eb.fn.coalesce('original.storage_key', 'works.audio_key').as('original_key'),
      eb.fn.coalesce('original.content_type', sql.lit('audio/mpeg')).as('original_type'),
    ])
}

export async function findLicenceView(
  db: Kysely<Database>,
  licenceId: string,
): Promise<LicenceView | undefined> {
  return licenceViews(db).where('licences.id', '=', licenceId).executeTakeFirst()
}

export async function selectLicencesOfBuyer(
  db: Kysely<Database>,
  buyerUserId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: LicenceView[]; total: number }> {
  const [rows, count] = await Promise.all([
    licenceViews(db)
      .where('licences.buyer_user_id', '=', buyerUserId)
      .orderBy('licences.granted_at', 'desc')
      .orderBy('licences.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('licences')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('buyer_user_id', '=', buyerUserId)
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}

export async function setCertificateKey(
  db: Kysely<Database>,
  licenceId: string,
  key: string,
): Promise<void> {
  await db
    .updateTable('licences')
    .set({ certificate_key: key })
    .where('id', '=', licenceId)
    .execute()
}

export interface EarningView {
  id: string
  order_id: string
  goods_id: string
  work_title: string
  licence_type: LicenceTypeColumn
  gross_fen: number
  commission_fen: number
  net_fen: number
  created_at: Date
}

export interface EarningSums {
  sales: number
  grossFen: number
  commissionFen: number
  netFen: number
}

/** One page of the seller's earnings, newest first, and the sums over all of them. */
export async function selectEarningsOfSeller(
  db: Kysely<Database>,
  sellerUserId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: EarningView[]; sums: EarningSums }> {
  const [rows, sums] = await Promise.all([
    db
      .selectFrom('musician_earnings')
      .innerJoin('licence_orders', 'licence_orders.order_id', 'musician_earnings.order_id')
      .select([
        'musician_earnings.id',
        'musician_earnings.order_id',
        'licence_orders.goods_id',
        'licence_orders.work_title',
        'licence_orders.licence_type',
        'musician_earnings.gross_fen',
        'musician_earnings.commission_fen',
        'musician_earnings.net_fen',
        'musician_earnings.created_at',
      ])
      .where('musician_earnings.seller_user_id', '=', sellerUserId)
      .orderBy('musician_earnings.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('musician_earnings')
      .select([
        sql<string>`count(*)`.as('sales'),
        sql<string>`coalesce(sum(gross_fen), 0)`.as('gross'),
        sql<string>`coalesce(sum(commission_fen), 0)`.as('commission'),
        sql<string>`coalesce(sum(net_fen), 0)`.as('net'),
      ])
      .where('seller_user_id', '=', sellerUserId)
      .executeTakeFirstOrThrow(),
  ])
  return {
    rows,
    sums: {
      sales: Number(sums.sales),
      grossFen: Number(sums.gross),
      commissionFen: Number(sums.commission),
      netFen: Number(sums.net),
    },
  }
}

/** What a licence is bought from: the work, its owner (the seller) and its listing state. */
export interface WorkForSale {
  id: string
  title: string
  artist: string
  owner_user_id: string | null
  price_fen: number
  status: 'draft' | 'listed' | 'delisted'
  audio_ready: boolean
}

export async function findWorkForSale(
  db: Kysely<Database>,
  goodsId: string,
): Promise<WorkForSale | undefined> {
  return db
    .selectFrom('works')
    .select(['id', 'title', 'artist', 'owner_user_id', 'price_fen', 'status', 'audio_ready'])
    .where('id', '=', goodsId)
    .executeTakeFirst()
}
