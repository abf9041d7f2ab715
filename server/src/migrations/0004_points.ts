/**
 * Points (积分): top-up orders, the append-only ledger of every points movement, the per-user
 * balance row that serialises changes, and the sandbox provider's own order records.
 *
 * The rules that must hold whatever the code does are constraints here: a balance is never
 * negative, one order is credited at most once, one job is charged and refunded at most once,
 * and a ledger row is never changed or deleted.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE charge_orders (
      order_id text PRIMARY KEY CHECK (order_id ~ '^[A-Za-z0-9_]{6,32}$'),
      user_id uuid NOT NULL REFERENCES users (id),
      provider text NOT NULL,
      package_id text,
      amount_fen integer NOT NULL CHECK (amount_fen BETWEEN 1 AND 5000000),
      points integer NOT NULL CHECK (points > 0),
      state text NOT NULL DEFAULT 'created'
        CHECK (state IN ('created', 'paid', 'closed', 'refunded')),
      provider_trade_id text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      CHECK ((state = 'paid') = (paid_at IS NOT NULL) OR state = 'refunded')
    )
  `.execute(db)
  await sql`CREATE INDEX charge_orders_by_user ON charge_orders (user_id, created_at)`.execute(db)
  // The expiry sweep looks only at open orders.
  await sql`
    CREATE INDEX charge_orders_open_by_expiry ON charge_orders (expires_at)
    WHERE state = 'created'
  `.execute(db)

  await sql`
    CREATE TABLE point_balances (
      user_id uuid PRIMARY KEY REFERENCES users (id),
      balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      updated_at timestamptz NOT NULL
    )
  `.execute(db)

  await sql`
    CREATE TABLE points_ledger (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      kind text NOT NULL CHECK (kind IN ('topup', 'spend', 'refund', 'grant')),
      amount integer NOT NULL,
      balance_after bigint NOT NULL CHECK (balance_after >= 0),
      order_id text REFERENCES charge_orders (order_id),
      job_id text CHECK (length(job_id) BETWEEN 1 AND 64),
      refund_of bigint REFERENCES points_ledger (id),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL,
      -- Each kind carries its own sign and its own link, so a row cannot mean two things.
      CHECK (
        (kind = 'topup' AND amount > 0 AND order_id IS NOT NULL AND job_id IS NULL
          AND refund_of IS NULL)
        OR (kind = 'spend' AND amount < 0 AND job_id IS NOT NULL AND order_id IS NULL
          AND refund_of IS NULL)
        OR (kind = 'refund' AND amount > 0 AND job_id IS NOT NULL AND refund_of IS NOT NULL
          AND order_id IS NULL)
        OR (kind = 'grant' AND amount > 0 AND order_id IS NULL AND job_id IS NULL
          AND refund_of IS NULL)
      )
    )
  `.execute(db)
  // A second credit for one order, a second charge or a second refund for one job: impossible.
  await sql`
    CREATE UNIQUE INDEX points_ledger_one_topup_per_order ON points_ledger (order_id)
    WHERE kind = 'topup'
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX points_ledger_one_spend_per_job ON points_ledger (job_id)
    WHERE kind = 'spend'
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX points_ledger_one_refund_per_spend ON points_ledger (refund_of)
    WHERE kind = 'refund'
  `.execute(db)
  await sql`
    CREATE UNIQUE INDEX points_ledger_one_refund_per_job ON points_ledger (job_id)
    WHERE kind = 'refund'
  `.execute(db)
  // The records page: newest first, all kinds or one.
  await sql`CREATE INDEX points_ledger_by_user ON points_ledger (user_id, id DESC)`.execute(db)
  await sql`
    CREATE INDEX points_ledger_by_user_kind ON points_ledger (user_id, kind, id DESC)
  `.execute(db)

  // History is never rewritten: a correction is a new row.
  await sql`
    CREATE FUNCTION points_ledger_refuse_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $function$
    BEGIN
      RAISE EXCEPTION 'points_ledger is append-only';
    END
    $function$
  `.execute(db)
  await sql`
    CREATE TRIGGER points_ledger_append_only
    BEFORE UPDATE OR DELETE ON points_ledger
    FOR EACH ROW EXECUTE FUNCTION points_ledger_refuse_change()
  `.execute(db)

  // The sandbox provider's side of each order (what a real provider keeps on its own servers),
  // shared by every server instance so any of them can serve the checkout page.
  await sql`
    CREATE TABLE sandbox_orders (
      order_id text PRIMARY KEY,
      amount_fen integer NOT NULL,
      subject text NOT NULL,
      expires_at timestamptz NOT NULL,
      notify_url text NOT NULL,
      return_url text NOT NULL,
      state text NOT NULL CHECK (state IN ('created', 'paid', 'closed', 'refunded')),
      trade_id text,
      paid_at timestamptz
    )
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sandbox_orders`.execute(db)
  await sql`DROP TABLE points_ledger`.execute(db)
  await sql`DROP FUNCTION points_ledger_refuse_change()`.execute(db)
  await sql`DROP TABLE point_balances`.execute(db)
  await sql`DROP TABLE charge_orders`.execute(db)
}
