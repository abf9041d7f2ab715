/**
 * admit_requests(): the per-request database work of every signed API call (record the nonces,
 * read the sessions and users) as a PL/pgSQL function. PL/pgSQL keeps the statement's plan for
 * the life of a connection, which roughly halves the cost of each call on the embedded
 * database, where planning this statement anew would dominate. Its commit does not wait for
 * the disk (asynchronous commit), which is safe for what it writes: anti-replay records.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION admit_requests(
      p_nonces text[],
      p_nonce_expiries timestamptz[],
      p_token_hashes text[]
    )
    RETURNS TABLE (
      request_position bigint,
      nonce_accepted boolean,
      session_expires_at timestamptz,
      superseded_at timestamptz,
      revoked_at timestamptz,
      id uuid,
      phone text,
      nick_name text,
      header_url text,
      created_at timestamptz,
      updated_at timestamptz
    )
    LANGUAGE plpgsql
    AS $function$
    BEGIN
      -- This transaction only records nonces (and reads): it need not wait for its WAL to reach
      -- the disk. A crash may forget the last fraction of a second of nonces, never corrupts.
      PERFORM set_config('synchronous_commit', 'off', true);
      -- ON CONFLICT DO NOTHING waits for a concurrent insert of the same nonce to commit, so
      -- two simultaneous copies of one request cannot both be accepted.
      RETURN QUERY
      WITH incoming AS (
        SELECT *
        FROM unnest(p_nonces, p_nonce_expiries, p_token_hashes)
          WITH ORDINALITY AS request (nonce, nonce_expires_at, token_hash, request_position)
      ),
      admitted AS (
        INSERT INTO request_nonces AS stored (nonce, expires_at)
        SELECT incoming.nonce, incoming.nonce_expires_at
        FROM incoming
        WHERE incoming.nonce IS NOT NULL
        ON CONFLICT (nonce) DO NOTHING
        RETURNING stored.nonce
      )
      SELECT
        incoming.request_position,
        (incoming.nonce IS NULL OR admitted.nonce IS NOT NULL),
        s.expires_at, s.superseded_at, s.revoked_at,
        u.id, u.phone, u.nick_name, u.header_url, u.created_at, u.updated_at
      FROM incoming
      LEFT JOIN admitted ON admitted.nonce = incoming.nonce
      LEFT JOIN sessions AS s ON s.token_hash = incoming.token_hash
      LEFT JOIN users AS u ON u.id = s.user_id
      ORDER BY incoming.request_position;
    END
    $function$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION admit_requests(text[], timestamptz[], text[])`.execute(db)
}
