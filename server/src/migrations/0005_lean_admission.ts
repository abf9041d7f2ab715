/**
 * Request admission, leaner. Migration 0002's admit_requests() recorded each nonce with
 * ON CONFLICT DO NOTHING and sent back one row per request; under load most of the embedded
 * database's time went into that. Now:
 *
 * - admit_fresh_requests() records the nonces with a plain INSERT and returns the sessions
 *   asked for, once each. A nonce seen before makes it fail with unique_violation and change
 *   nothing; the caller then asks admit_requests() which of the batch are replays. Replays are
 *   rare (an attacker, or a client repeating itself), so the cheap statement is nearly always
 *   the only one.
 * - admit_requests() answers per nonce as before (ON CONFLICT DO NOTHING), in the same shapes.
 * - The nonces of a batch travel as one space-separated text (they are alphanumeric, checked
 *   before they get here) with one expiry, the batch's latest: a nonce is kept at least as long
 *   as a copy of its request could pass the timestamp check, which is all the expiry is for.
 */
import { sql, type Kysely } from 'kysely'

/** The session and user columns both functions return, one row per session found. */
const SESSION_COLUMNS = sql.raw(`
  token_hash text,
  session_expires_at timestamptz,
  superseded_at timestamptz,
  revoked_at timestamptz,
  id uuid,
  phone text,
  nick_name text,
  header_url text,
  created_at timestamptz,
  updated_at timestamptz
`)

const SESSIONS_QUERY = sql.raw(`
  SELECT
    s.token_hash, s.expires_at, s.superseded_at, s.revoked_at,
    u.id, u.phone, u.nick_name, u.header_url, u.created_at, u.updated_at
  FROM sessions AS s
  JOIN users AS u ON u.id = s.user_id
  WHERE s.token_hash = ANY (p_token_hashes)
`)

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nonces arrive in about the order they expire, which is what a BRIN index is for: it finds
  // the expired ones for the purge as well as the B-tree did, at next to no cost per insert.
  await sql`DROP INDEX request_nonces_by_expiry`.execute(db)
  await sql`CREATE INDEX request_nonces_by_expiry ON request_nonces USING brin (expires_at)`.execute(
    db,
  )
  await sql`DROP FUNCTION admit_requests(text[], timestamptz[], text[])`.execute(db)
  await sql`
    CREATE FUNCTION admit_fresh_requests(p_nonces text, p_expires_at timestamptz, p_token_hashes text[])
    RETURNS TABLE (${SESSION_COLUMNS})
    LANGUAGE plpgsql
    AS $function$
    BEGIN
      -- As in 0002: anti-replay records need not wait for the disk. A crash may forget the
      -- last fraction of a second of nonces, never corrupts.
      PERFORM set_config('synchronous_commit', 'off', true);
      INSERT INTO request_nonces (nonce, expires_at)
      SELECT nonce, p_expires_at FROM unnest(string_to_array(p_nonces, ' ')) AS nonce;
      RETURN QUERY ${SESSIONS_QUERY};
    END
    $function$
  `.execute(db)
  await sql`
    CREATE FUNCTION admit_requests(p_nonces text, p_expires_at timestamptz, p_token_hashes text[])
    -- The first row carries nonce_accepted (one answer per nonce, in order) and nothing else;
    -- each further row is one session found, with its user.
    RETURNS TABLE (nonce_accepted boolean[], ${SESSION_COLUMNS})
    LANGUAGE plpgsql
    AS $function$
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      -- ON CONFLICT DO NOTHING waits for a concurrent insert of the same nonce to commit, so
      -- two simultaneous copies of one request cannot both be accepted.
      WITH incoming AS (
        SELECT nonce, position
        FROM unnest(string_to_array(p_nonces, ' ')) WITH ORDINALITY AS listed (nonce, position)
      ),
      admitted AS (
        INSERT INTO request_nonces AS stored (nonce, expires_at)
        SELECT incoming.nonce, p_expires_at FROM incoming
        ON CONFLICT (nonce) DO NOTHING
        RETURNING stored.nonce
      )
      SELECT coalesce(array_agg(admitted.nonce IS NOT NULL ORDER BY incoming.position), '{}')
      INTO nonce_accepted
      FROM incoming
      LEFT JOIN admitted ON admitted.nonce = incoming.nonce;
      RETURN NEXT;
      RETURN QUERY SELECT NULL::boolean[], sessions_found.* FROM (${SESSIONS_QUERY}) AS sessions_found;
    END
    $function$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX request_nonces_by_expiry`.execute(db)
  await sql`CREATE INDEX request_nonces_by_expiry ON request_nonces (expires_at)`.execute(db)
  await sql`DROP FUNCTION admit_requests(text, timestamptz, text[])`.execute(db)
  await sql`DROP FUNCTION admit_fresh_requests(text, timestamptz, text[])`.execute(db)
  const previous = await import('./0002_admit_requests')
  await previous.up(db)
}
