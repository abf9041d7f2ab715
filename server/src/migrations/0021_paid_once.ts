/**
 * Money paid once (issue 30). A buyer holds at most one licence of each type of a work, whatever
 * number of orders they paid, and a payment that buys nothing (a licence already held, a
 * registration fee already paid) is refunded through the provider instead of turning into
 * points.
 *
 * `payment_refunds` is the refund owed for such a payment, written in the transaction that
 * recorded the payment: it stays `pending` until the provider has accepted the refund, so a
 * crash or an unreachable provider delays a refund but never loses it. One refund per order.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Licences granted twice before this migration stay on record (they were paid), marked as the
  // repeats they are, so the unique index below can hold for every licence from now on.
  await sql`ALTER TABLE licences ADD COLUMN duplicate_of uuid REFERENCES licences (id)`.execute(db)
  await sql`
    UPDATE licences SET duplicate_of = first.id
    FROM licences AS first
    WHERE first.buyer_user_id = licences.buyer_user_id
      AND first.goods_id = licences.goods_id
      AND first.licence_type = licences.licence_type
      AND (first.granted_at, first.id) < (licences.granted_at, licences.id)
      AND NOT EXISTS (
        SELECT 1 FROM licences AS earlier
        WHERE earlier.buyer_user_id = first.buyer_user_id
          AND earlier.goods_id = first.goods_id
          AND earlier.licence_type = first.licence_type
          AND (earlier.granted_at, earlier.id) < (first.granted_at, first.id)
      )
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX licences_one_per_buyer_work_type
    ON licences (buyer_user_id, goods_id, licence_type) WHERE duplicate_of IS NULL
  `.execute(db)

  await sql`
    CREATE TABLE payment_refunds (
      order_id text PRIMARY KEY REFERENCES charge_orders (order_id),
      -- Our refund number at the provider (out_refund_no / out_request_no): retries reuse it, so
      -- the provider refunds once however often it is asked.
      refund_id text NOT NULL UNIQUE,
      amount_fen integer NOT NULL CHECK (amount_fen > 0),
      reason text NOT NULL CHECK (reason IN ('licence_already_held', 'registration_not_payable')),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'refunded')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL,
      refunded_at timestamptz,
      CHECK ((state = 'refunded') = (refunded_at IS NOT NULL))
    )
  `.execute(db)
  await sql`
    CREATE INDEX payment_refunds_pending ON payment_refunds (created_at) WHERE state = 'pending'
  `.execute(db)
  // Finding the open order for the same licence or registration, under the per-user lock.
  await sql`
    CREATE INDEX charge_orders_open_by_registration ON charge_orders (registration_id)
    WHERE state = 'created'
  `.execute(db)
}
