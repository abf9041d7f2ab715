/**
 * Cancelling an account (注销账号, /userlogout). What happens to each kind of data, and why:
 * - the user row stays, anonymised: the phone becomes `cancelled:<id>` (which frees the number, so
 *   logging in with it again registers a fresh account), the nickname 已注销用户, the avatar gone.
 *   Deleting the row is not possible without rewriting records others rely on (below);
 * - every session is revoked: the tokens answer 401;
 * - the certification applications (real name, masked ID number, its digest) and roles are deleted;
 * - the AI works the user shared stop being public (their share pages go);
 * - listings on sale are delisted: nobody can buy from an account that no longer exists;
 * - deposits stay: the deposit log is append-only and public, each leaf is only a hash and a time,
 *   and rewriting it would break every proof issued since. What links a deposit to a person (the
 *   phone, the nickname) is gone;
 * - the points ledger and top-up orders stay, tied to the anonymised row: payment records must be
 *   kept (电子商务法 第三十一条, three years), and the balance is forfeited as the notice says.
 * All of it is one transaction: the account is cancelled completely or not at all.
 */
import { MESSAGES } from '@gy/api/messages'
import type { Kysely } from 'kysely'
import type { Database } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import { revokeAllSessions } from './sessions.repository'

export const CANCELLED_NICKNAME = '已注销用户'

/** The phone an anonymised account keeps: unique, and no login can ever ask for it. */
export function cancelledPhoneOf(userId: string): string {
  return `cancelled:${userId}`
}

export async function cancelAccount(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (transaction) => {
    // Lock the user first, as login does, so a login racing the cancellation waits for it.
    const user = await transaction
      .selectFrom('users')
      .select(['id', 'cancelled_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (user === undefined || user.cancelled_at !== null) {
      throw new EnvelopeError('401', MESSAGES.missingLogin)
    }
    // An order the user may still pay would credit points to an account that is gone.
    const openOrder = await transaction
      .selectFrom('charge_orders')
      .select('order_id')
      .where('user_id', '=', userId)
      .where('state', '=', 'created')
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (openOrder !== undefined) throw new EnvelopeError('409', MESSAGES.cancellationOpenOrder)

    await revokeAllSessions(transaction, userId, now)
    await transaction
      .deleteFrom('certification_applications')
      .where('user_id', '=', userId)
      .execute()
    await transaction.deleteFrom('user_roles').where('user_id', '=', userId).execute()
    await transaction.deleteFrom('ai_shares').where('user_id', '=', userId).execute()
    await transaction
      .updateTable('works')
      .set({ status: 'delisted', updated_at: now })
      .where('owner_user_id', '=', userId)
      .where('status', '=', 'listed')
      .execute()
    await transaction
      .updateTable('users')
      .set({
        phone: cancelledPhoneOf(userId),
        nick_name: CANCELLED_NICKNAME,
        header_url: '',
        cancelled_at: now,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute()
  })
}
