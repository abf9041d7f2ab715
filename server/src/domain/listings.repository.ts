/** SQL about listings: works of the store made from their owners' deposits. */
import type { ListingStatus } from '@gy/api/contract'
import type { Kysely, Transaction } from 'kysely'
import type { Database, WorkRow } from '../db/types'

/** A listing's status as its owner sees it; a work being prepared is already listed. */
export function listingStatusOf(work: Pick<WorkRow, 'status'>): ListingStatus {
  return work.status === 'delisted' ? 'delisted' : 'listed'
}

/** The work listed from `depositId`, locked for the rest of the transaction; undefined if none. */
export function lockListingOfDeposit(
  trx: Transaction<Database>,
  depositId: string,
): Promise<WorkRow | undefined> {
  return trx
    .selectFrom('works')
    .selectAll()
    .where('deposit_id', '=', depositId)
    .forUpdate()
    .executeTakeFirst()
}

/** A listing (a work made from a deposit) by its goods id, locked; undefined if none. */
export function lockListing(
  trx: Transaction<Database>,
  goodsId: string,
): Promise<WorkRow | undefined> {
  return trx
    .selectFrom('works')
    .selectAll()
    .where('id', '=', goodsId)
    .where('deposit_id', 'is not', null)
    .forUpdate()
    .executeTakeFirst()
}

export interface ListingOfDeposit {
  goodsId: string
  priceFen: number
  status: ListingStatus
}

/** The listings of the given deposits, by deposit id (for the deposit records). */
export async function listingsOfDeposits(
  db: Kysely<Database>,
  depositIds: readonly string[],
): Promise<Map<string, ListingOfDeposit>> {
  if (depositIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('works')
    .select(['id', 'deposit_id', 'price_fen', 'status'])
    .where('deposit_id', 'in', depositIds)
    .execute()
  return new Map(
    rows.flatMap((row) =>
      row.deposit_id === null
        ? []
        : [
            [
              row.deposit_id,
              { goodsId: row.id, priceFen: row.price_fen, status: listingStatusOf(row) },
            ] as const,
          ],
    ),
  )
}

export interface ShelfRow {
  work: WorkRow
  certificateNo: string
}

/** One owner's listings, most recently changed first. */
export async function listShelf(
  db: Kysely<Database>,
  ownerUserId: string,
  paging: { offset: number; limit: number },
): Promise<{ rows: ShelfRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('works')
      .innerJoin('deposits', 'deposits.id', 'works.deposit_id')
      .selectAll('works')
      .select('deposits.certificate_no')
      .where('works.owner_user_id', '=', ownerUserId)
      .orderBy('works.updated_at', 'desc')
      .orderBy('works.id', 'desc')
      .offset(paging.offset)
      .limit(paging.limit)
      .execute(),
    db
      .selectFrom('works')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('owner_user_id', '=', ownerUserId)
      .where('deposit_id', 'is not', null)
      .executeTakeFirstOrThrow(),
  ])
  return {
    rows: rows.map(({ certificate_no, ...work }) => ({ work, certificateNo: certificate_no })),
    total: Number(count.total),
  }
}
