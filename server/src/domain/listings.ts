/**
 * Listing deposited works for sale, changing their price and taking them off sale. A listing is
 * a work of the store (same id: the goodsId), so the store, the home page and the player need
 * nothing new. Every change locks the listing's row, so two clicks cannot list a deposit twice
 * or delist it twice.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import type { UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { prepareListingAudioJob } from './listingAudio'
import { lockListing, lockListingOfDeposit } from './listings.repository'
import { resolveCategory } from './store.repository'

/** Lists the caller's deposit at `priceFen`; a delisted one is listed again under its goodsId. */
export async function listDeposit(
  app: FastifyInstance,
  user: UserRow,
  request: { depositId: string; priceFen: number; categoryId?: string | undefined },
): Promise<{ goodsId: string }> {
  const now = app.clock()
  const chosenCategory =
    request.categoryId === undefined ? undefined : await resolveCategory(app.db, request.categoryId)
  if (request.categoryId !== undefined && chosenCategory === undefined) {
    throw new EnvelopeError('400', MESSAGES.categoryInvalid)
  }
  return app.db.transaction().execute(async (trx) => {
    const deposit = await trx
      .selectFrom('deposits')
      .innerJoin('uploaded_files as audio', 'audio.id', 'deposits.file_id')
      .leftJoin('uploaded_files as cover', 'cover.id', 'deposits.cover_file_id')
      .select([
        'deposits.id',
        'deposits.owner_user_id',
        'deposits.title',
        'deposits.lyric',
        'deposits.genre',
        'audio.storage_key as audio_key',
        'cover.storage_key as cover_key',
      ])
      .where('deposits.id', '=', request.depositId)
      .forUpdate('deposits')
      .executeTakeFirst()
    if (deposit === undefined) throw new EnvelopeError('404', MESSAGES.depositNotFound)
    if (deposit.owner_user_id !== user.id) {
      throw new EnvelopeError('403', MESSAGES.listingForbidden)
    }
    const existing = await lockListingOfDeposit(trx, deposit.id)
    if (existing !== undefined) {
      if (existing.status !== 'delisted') {
        throw new EnvelopeError('409', MESSAGES.listingDuplicate)
      }
      await trx
        .updateTable('works')
        .set({
          status: 'listed',
          price_fen: request.priceFen,
          ...(chosenCategory === undefined ? {} : { category_id: chosenCategory.id }),
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .execute()
      return { goodsId: existing.id }
    }
    const category = chosenCategory ?? (await resolveCategory(trx, deposit.genre))
    const work = await trx
      .insertInto('works')
      .values({
        title: deposit.title,
        artist: user.nick_name,
        owner_user_id: user.id,
        cover_key: deposit.cover_key,
        audio_key: deposit.audio_key,
        duration_ms: 0,
        lyric: deposit.lyric,
        genre: deposit.genre,
        category_id: category?.id ?? null,
        price_fen: request.priceFen,
        status: 'listed',
        deposit_id: deposit.id,
        audio_ready: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Queued with the listing: it exists exactly when the listing does.
    await app.queue.send(
      prepareListingAudioJob,
      { workId: work.id },
      { transaction: trx, singletonKey: work.id },
    )
    return { goodsId: work.id }
  })
}

/** The caller's listing by goods id, locked; 404 for none, 403 for someone else's. */
async function lockOwnListing(
  trx: Parameters<typeof lockListing>[0],
  user: UserRow,
  goodsId: string,
) {
  const listing = await lockListing(trx, goodsId)
  if (listing === undefined) throw new EnvelopeError('404', MESSAGES.goodsNotFound)
  if (listing.owner_user_id !== user.id) throw new EnvelopeError('403', MESSAGES.forbidden)
  return listing
}

export async function modifyListingPrice(
  app: FastifyInstance,
  user: UserRow,
  request: { goodsId: string; priceFen: number },
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const listing = await lockOwnListing(trx, user, request.goodsId)
    // A delisted work gets its new price when it is listed again (musicListing takes one).
    if (listing.status === 'delisted') {
      throw new EnvelopeError('409', MESSAGES.listingDelistedNoPrice)
    }
    await trx
      .updateTable('works')
      .set({ price_fen: request.priceFen, updated_at: app.clock() })
      .where('id', '=', listing.id)
      .execute()
  })
}

export async function delistListing(
  app: FastifyInstance,
  user: UserRow,
  goodsId: string,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const listing = await lockOwnListing(trx, user, goodsId)
    if (listing.status === 'delisted') {
      throw new EnvelopeError('409', MESSAGES.listingAlreadyDelisted)
    }
    await trx
      .updateTable('works')
      .set({ status: 'delisted', updated_at: app.clock() })
      .where('id', '=', listing.id)
      .execute()
  })
}
