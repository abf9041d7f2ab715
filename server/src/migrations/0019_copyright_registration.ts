/**
 * Copyright owners (著作权人) and administrative copyright registrations (作品登记): the owners a
 * user keeps, each registration with its owners and shares, the history of its statuses, and the
 * link from a top-up order to the registration whose fee it pays.
 *
 * What must hold whatever the code does is a constraint: a status is one of the contract's, a
 * share is a whole percent, an owner named by a registration cannot be deleted (RESTRICT), a
 * registration number is unique, and one order pays at most one registration.
 */
import { sql, type Kysely } from 'kysely'

// Migrations see the database as it was when they were written, not as `Database` is today.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE copyright_owners (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('person', 'organization')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
      id_type text CHECK (id_type IN ('resident_id', 'passport', 'hk_macao_permit', 'taiwan_permit')),
      id_number text,
      credit_code text,
      phone text NOT NULL DEFAULT '',
      address text NOT NULL DEFAULT '',
      contact text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (
        (kind = 'person' AND id_type IS NOT NULL AND id_number IS NOT NULL AND credit_code IS NULL)
        OR (kind = 'organization' AND credit_code IS NOT NULL AND id_type IS NULL
          AND id_number IS NULL)
      )
    )
  `.execute(db)
  await sql`CREATE INDEX copyright_owners_by_user ON copyright_owners (user_id, created_at)`.execute(
    db,
  )
  // One entry per person or organisation in a user's list.
  await sql`
    CREATE UNIQUE INDEX copyright_owners_one_per_identity
    ON copyright_owners (user_id, kind, coalesce(id_type, ''), coalesce(id_number, credit_code))
  `.execute(db)

  await sql`
    CREATE TABLE copyright_registrations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      deposit_id uuid NOT NULL REFERENCES deposits (id) ON DELETE RESTRICT,
      work_type text NOT NULL CHECK (work_type IN ('music', 'lyrics', 'audiovisual', 'recording')),
      title text NOT NULL,
      author_name text NOT NULL,
      -- Calendar days as YYYY-MM-DD text: no driver turns them into a midnight in some zone,
      -- and they compare in date order.
      created_on text NOT NULL CHECK (created_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      created_place text NOT NULL,
      published_on text CHECK (published_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      published_place text NOT NULL DEFAULT '',
      guarantee_accepted boolean NOT NULL DEFAULT false,
      attachment_file_ids jsonb NOT NULL DEFAULT '[]',
      status text NOT NULL CHECK (status IN ('draft', 'awaiting_payment', 'submitted',
        'in_review', 'needs_correction', 'registered', 'rejected')),
      note text,
      price_fen integer NOT NULL CHECK (price_fen > 0),
      paid_with text CHECK (paid_with IN ('points', 'provider')),
      paid_at timestamptz,
      registration_no text UNIQUE,
      certificate_key text,
      reviewer_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      CHECK (published_on IS NULL OR published_on >= created_on),
      CHECK ((paid_with IS NULL) = (paid_at IS NULL)),
      CHECK (status IN ('draft', 'awaiting_payment') OR paid_at IS NOT NULL),
      CHECK ((status = 'registered') = (registration_no IS NOT NULL))
    )
  `.execute(db)
  await sql`
    CREATE INDEX copyright_registrations_by_user ON copyright_registrations (user_id, created_at)
  `.execute(db)
  await sql`
    CREATE INDEX copyright_registrations_for_review ON copyright_registrations (updated_at)
    WHERE status IN ('submitted', 'in_review')
  `.execute(db)

  // The platform's registration numbers, one per registered application, never reused.
  await sql`CREATE SEQUENCE copyright_registration_numbers`.execute(db)

  await sql`
    CREATE TABLE copyright_registration_owners (
      registration_id uuid NOT NULL REFERENCES copyright_registrations (id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES copyright_owners (id) ON DELETE RESTRICT,
      share integer NOT NULL CHECK (share BETWEEN 1 AND 100),
      position integer NOT NULL,
      PRIMARY KEY (registration_id, owner_id)
    )
  `.execute(db)
  await sql`
    CREATE INDEX copyright_registration_owners_by_owner ON copyright_registration_owners (owner_id)
  `.execute(db)

  await sql`
    CREATE TABLE copyright_registration_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      registration_id uuid NOT NULL REFERENCES copyright_registrations (id) ON DELETE CASCADE,
      status text NOT NULL,
      note text,
      created_at timestamptz NOT NULL
    )
  `.execute(db)
  await sql`
    CREATE INDEX copyright_registration_events_by_registration
    ON copyright_registration_events (registration_id, id)
  `.execute(db)

  // A top-up order made to pay a registration's fee: the credited points are spent on it at once.
  await sql`
    ALTER TABLE charge_orders
    ADD COLUMN registration_id uuid REFERENCES copyright_registrations (id)
  `.execute(db)
  await sql`
    CREATE INDEX charge_orders_by_registration ON charge_orders (registration_id)
    WHERE registration_id IS NOT NULL
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE charge_orders DROP COLUMN registration_id`.execute(db)
  await sql`DROP TABLE copyright_registration_events`.execute(db)
  await sql`DROP TABLE copyright_registration_owners`.execute(db)
  await sql`DROP TABLE copyright_registrations`.execute(db)
  await sql`DROP SEQUENCE copyright_registration_numbers`.execute(db)
  await sql`DROP TABLE copyright_owners`.execute(db)
}
