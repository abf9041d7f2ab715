/** SQL about sessions and the nonces of signed requests. */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database, UserRow } from '../db/types'

/** How long an access token lives (the client forgets its stored login after the same 24 h). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Starts a session for the user and supersedes every earlier live session of the account, so an
 * older token answers 402. Run it in the login transaction, after the user row is locked.
 */
export async function startSession(
  transaction: Transaction<Database>,
  userId: string,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await transaction
    .updateTable('sessions')
    .set({ superseded_at: now })
    .where('user_id', '=', userId)
    .where('superseded_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
  await transaction
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
      superseded_at: null,
      revoked_at: null,
    })
    .execute()
}

/** Logs a session out: its token answers 401 from now on. */
export async function revokeSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute()
}

export type SessionState =
  | { kind: 'none' }
  | { kind: 'live'; user: UserRow }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  | { kind: 'superseded' }

export interface Admission {
  /** False when the nonce was already used: the request is a replay. */
  nonceAccepted: boolean
  session: SessionState
}

export interface AdmissionRequest {
  /** null records nothing (an unsigned route). */
  nonce: string | null
  nonceExpiresAt: Date
  /** null reads no session. */
  tokenHash: string | null
  now: Date
}

interface AdmissionRow {
  request_position: string
  nonce_accepted: boolean
  session_expires_at: Date | null
  superseded_at: Date | null
  revoked_at: Date | null
  id: string | null
  phone: string | null
  nick_name: string | null
  header_url: string | null
  created_at: Date | null
  updated_at: Date | null
}

/**
 * What signed API requests need from the database, for many requests in one statement (one
 * round trip): record each nonce, refusing one seen before on any server instance, and read the
 * session and user behind each token. The nonces of one call must be distinct.
 */
export async function admitRequests(
  db: Kysely<Database>,
  requests: readonly AdmissionRequest[],
): Promise<Admission[]> {
  // The statement lives in migration 0002 as a function, so its plan is prepared once per connection.
  const result = await sql<AdmissionRow>`
    SELECT * FROM admit_requests(
      ${requests.map((request) => request.nonce)}::text[],
      ${requests.map((request) => request.nonceExpiresAt)}::timestamptz[],
      ${requests.map((request) => request.tokenHash)}::text[]
    )
  `.execute(db)
  return requests.map((request, index) => {
    const row = result.rows[index]
    if (row === undefined) throw new Error('admitRequests returned too few rows')
    return { nonceAccepted: row.nonce_accepted, session: sessionStateOf(row, request.now) }
  })
}

function sessionStateOf(row: AdmissionRow, now: Date): SessionState {
  if (row.session_expires_at === null || row.id === null) return { kind: 'none' }
  // Logged out beats superseded: the user chose to end that session.
  if (row.revoked_at !== null) return { kind: 'revoked' }
  if (row.superseded_at !== null) return { kind: 'superseded' }
  if (row.session_expires_at.getTime() <= now.getTime()) return { kind: 'expired' }
  return {
    kind: 'live',
    user: {
      id: row.id,
      phone: row.phone ?? '',
      nick_name: row.nick_name ?? '',
      header_url: row.header_url ?? '',
      created_at: row.created_at ?? now,
      updated_at: row.updated_at ?? now,
    },
  }
}

/** Nonces whose requests would now fail the timestamp check anyway. */
export async function purgeExpiredNonces(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('request_nonces')
    .where('expires_at', '<', now)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
