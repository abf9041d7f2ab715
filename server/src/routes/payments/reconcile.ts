/**
 * Asking the provider about an order we have heard nothing of. A notification can be lost (the
 * provider gave up, our server was down for hours); the payer must still get the points. The
 * provider's answer is applied exactly as a notification would be, through the same idempotent
 * credit, so a late notification afterwards (or a concurrent query) changes nothing more.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/types'
import type { ChargeOrderRow } from '../../domain/points'
import { PaymentError, type PaymentProvider } from '../../payments/provider'
import { recordPayment } from './recordPayment'

/**
 * An open order is asked about once it is this old (enough for a notification to arrive first),
 * and again at most this often, however often the app polls it.
 */
export const RECONCILE_AFTER_MS = 30_000

/**
 * Takes this server's turn to ask the provider: true for one caller per RECONCILE_AFTER_MS,
 * whatever the number of concurrent queries or servers.
 */
async function claimProviderCheck(
  db: Kysely<Database>,
  orderId: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .updateTable('charge_orders')
    .set({ provider_checked_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'created')
    .where((eb) =>
      eb.or([
        eb('provider_checked_at', 'is', null),
        eb('provider_checked_at', '<=', new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ]),
    )
    .executeTakeFirst()
  return claimed.numUpdatedRows > 0n
}

export function isDueForReconciliation(order: ChargeOrderRow, now: Date): boolean {
  return (
    order.state === 'created' && now.getTime() - order.created_at.getTime() >= RECONCILE_AFTER_MS
  )
}

/**
 * Queries the provider, applies a final answer (paid or closed) and answers the order as it now
 * stands (a concurrent query may have applied the same answer first). Never throws for the
 * provider's sake: an unreachable provider or an answer that does not match the order is logged
 * and leaves the order as it is, to be asked again on the next query.
 */
export async function reconcileWithProvider(
  db: Kysely<Database>,
  provider: PaymentProvider,
  providerKey: string,
  order: ChargeOrderRow,
  now: Date,
  log: FastifyBaseLogger,
): Promise<ChargeOrderRow> {
  const orderId = order.order_id
  if (!(await claimProviderCheck(db, orderId, now))) return order
  try {
    const answer = await provider.queryOrder(orderId)
    if (answer.status !== 'paid' && answer.status !== 'closed') return order
    const result = await recordPayment(
      db,
      provider,
      providerKey,
      {
        orderId,
        providerTradeId: answer.providerTradeId ?? '',
        amountFen: answer.amountFen,
        status: answer.status,
        // Without the provider's time, the credit's own is the best we know.
        paidAt: answer.paidAt ?? null,
      },
      now,
      log,
    )
    if (result.outcome !== 'already_recorded' && result.outcome !== 'superseded') {
      log.info({ orderId, outcome: result.outcome }, 'order reconciled with the provider')
    }
    return result.order
  } catch (error) {
    if (error instanceof PaymentError) {
      // An amount that differs from ours is worth a human's look; the rest is routine.
      const level = error.code === 'amount_mismatch' ? 'error' : 'warn'
      log[level]({ orderId, code: error.code, detail: error.detail }, 'order query not applied')
    } else {
      log.error({ err: error, orderId }, 'order query failed')
    }
    return order
  }
}
