/**
 * Licences (授权) of listed works and the musician's earnings (issue 13).
 *
 * A licence order is a payment order like a points top-up: a row of `charge_orders` with
 * `purpose = 'licence'` and no points, so the notification route, the provider query, the expiry
 * sweep and crash recovery of the points issue settle it with the same code. Its goods, type
 * and price are in `licence_orders`. A paid licence order yields one `licences` row and one
 * `musician_earnings` row, each unique on the order: whatever the number of notifications,
 * the database refuses a second. Earnings are append-only, like the points ledger.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE charge_orders
    ADD COLUMN purpose text NOT NULL DEFAULT 'points' CHECK (purpose IN ('points', 'licence'))
  `.execute(db)
  // A top-up buys points; a licence order buys none.
  await sql`ALTER TABLE charge_orders DROP CONSTRAINT charge_orders_points_check`.execute(db)
  await sql`
    ALTER TABLE charge_orders ADD CONSTRAINT charge_orders_points_of_purpose
    CHECK ((purpose = 'points' AND points > 0) OR (purpose = 'licence' AND points = 0))
  `.execute(db)

  await sql`
    CREATE TABLE licence_orders (
      order_id text PRIMARY KEY REFERENCES charge_orders (order_id),
      goods_id uuid NOT NULL REFERENCES works (id),
      buyer_user_id uuid NOT NULL REFERENCES users (id),
      seller_user_id uuid NOT NULL REFERENCES users (id),
      licence_type text NOT NULL CHECK (licence_type IN ('personal', 'commercial')),
      -- As the buyer saw them when ordering: a later rename or price change does not alter a sale.
      work_title text NOT NULL,
      artist text NOT NULL,
      price_fen integer NOT NULL CHECK (price_fen > 0),
      commission_percent integer NOT NULL CHECK (commission_percent BETWEEN 0 AND 100),
      created_at timestamptz NOT NULL,
      CHECK (buyer_user_id <> seller_user_id)
    )
  `.execute(db)
  await sql`
    CREATE INDEX licence_orders_by_buyer ON licence_orders (buyer_user_id, goods_id, licence_type)
  `.execute(db)

  await sql`
    CREATE TABLE licences (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      licence_no text NOT NULL UNIQUE,
      order_id text NOT NULL UNIQUE REFERENCES licence_orders (order_id),
      goods_id uuid NOT NULL REFERENCES works (id),
      buyer_user_id uuid NOT NULL REFERENCES users (id),
      seller_user_id uuid NOT NULL REFERENCES users (id),
      licence_type text NOT NULL CHECK (licence_type IN ('personal', 'commercial')),
      granted_at timestamptz NOT NULL,
      -- The certificate PDF, stored the first time it is asked for.
      certificate_key text
    )
  `.execute(db)
  await sql`CREATE INDEX licences_by_buyer ON licences (buyer_user_id, granted_at DESC)`.execute(db)
  await sql`
    CREATE INDEX licences_by_buyer_goods ON licences (buyer_user_id, goods_id, licence_type)
  `.execute(db)

  await sql`
    CREATE TABLE musician_earnings (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      seller_user_id uuid NOT NULL REFERENCES users (id),
      order_id text NOT NULL UNIQUE REFERENCES licence_orders (order_id),
      licence_id uuid NOT NULL UNIQUE REFERENCES licences (id),
      gross_fen integer NOT NULL CHECK (gross_fen > 0),
      commission_fen integer NOT NULL CHECK (commission_fen >= 0),
      net_fen integer NOT NULL CHECK (net_fen >= 0),
      created_at timestamptz NOT NULL,
      CHECK (gross_fen = commission_fen + net_fen)
    )
  `.execute(db)
  await sql`
    CREATE INDEX musician_earnings_by_seller ON musician_earnings (seller_user_id, id DESC)
  `.execute(db)
  await sql`
    CREATE FUNCTION musician_earnings_refuse_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $function$
    BEGIN
      RAISE EXCEPTION 'musician_earnings is append-only';
    END
    $function$
  `.execute(db)
  await sql`
    CREATE TRIGGER musician_earnings_append_only
    BEFORE UPDATE OR DELETE ON musician_earnings
    FOR EACH ROW EXECUTE FUNCTION musician_earnings_refuse_change()
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE musician_earnings`.execute(db)
  await sql`DROP FUNCTION musician_earnings_refuse_change()`.execute(db)
  await sql`DROP TABLE licences`.execute(db)
  await sql`DROP TABLE licence_orders`.execute(db)
  await sql`DELETE FROM charge_orders WHERE purpose = 'licence'`.execute(db)
  await sql`ALTER TABLE charge_orders DROP CONSTRAINT charge_orders_points_of_purpose`.execute(db)
  await sql`ALTER TABLE charge_orders ADD CONSTRAINT charge_orders_points_check CHECK (points > 0)`.execute(
    db,
  )
  await sql`ALTER TABLE charge_orders DROP COLUMN purpose`.execute(db)
}
