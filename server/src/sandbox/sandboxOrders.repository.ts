/**
 * SQL of the sandbox provider's own records, so the checkout page works on every server
 * instance and after a restart (the in-memory store of payments/sandbox.ts would forget).
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, SandboxOrdersTable } from '../db/types'
import type { OrderState } from '../payments/provider'
import type { SandboxOrder, SandboxOrderStore } from '../payments/sandbox'

function toSandboxOrder(row: Selectable<SandboxOrdersTable>): SandboxOrder {
  return {
    orderId: row.order_id,
    amountFen: row.amount_fen,
    subject: row.subject,
    expiresAt: row.expires_at,
    notifyUrl: row.notify_url,
    returnUrl: row.return_url,
    state: row.state,
    tradeId: row.trade_id,
    paidAt: row.paid_at,
  }
}

export class DatabaseSandboxOrderStore implements SandboxOrderStore {
  readonly #db: Kysely<Database>

  constructor(db: Kysely<Database>) {
    this.#db = db
  }

  async get(orderId: string): Promise<SandboxOrder | undefined> {
    const row = await this.#db
      .selectFrom('sandbox_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst()
    return row === undefined ? undefined : toSandboxOrder(row)
  }

  async insert(order: SandboxOrder): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('sandbox_orders')
      .values({
        order_id: order.orderId,
        amount_fen: order.amountFen,
        subject: order.subject,
        expires_at: order.expiresAt,
        notify_url: order.notifyUrl,
        return_url: order.returnUrl,
        state: order.state,
        trade_id: order.tradeId,
        paid_at: order.paidAt,
      })
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst()
    return inserted !== undefined
  }

  async replace(order: SandboxOrder, expectedState: OrderState): Promise<boolean> {
    const result = await this.#db
      .updateTable('sandbox_orders')
      .set({ state: order.state, trade_id: order.tradeId, paid_at: order.paidAt })
      .where('order_id', '=', order.orderId)
      .where('state', '=', expectedState)
      .executeTakeFirst()
    return result.numUpdatedRows > 0n
  }
}
