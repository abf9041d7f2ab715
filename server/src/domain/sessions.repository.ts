/** SQL about sessions and the nonces of signed requests. */
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely'
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

/** Logs every session of the account out (account cancellation): all its tokens answer 401. */
export async function revokeAllSessions(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
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

/** A session found for a token hash, with its user. */
interface SessionRow {
  token_hash: string
  session_expires_at: Date
  superseded_at: Date | null
  revoked_at: Date | null
  id: string
  phone: string
  nick_name: string
  header_url: string
  created_at: Date
  updated_at: Date
}

/** A row of admit_requests(): the nonces' answers (first row only), or a session. */
type AnswerOrSessionRow = { nonce_accepted: boolean[] } | (SessionRow & { nonce_accepted: null })

const UNIQUE_VIOLATION = '23505'
const NONCE_TEXT = /^[A-Za-z0-9]+$/

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && Reflect.get(error, 'code') === UNIQUE_VIOLATION
}

interface AdmissionRows {
  sessionRows: SessionRow[]
  /** The nonces recorded now; the others were seen before. */
  accepted: ReadonlySet<string> | 'all'
}

/** The cheap statement; null when a nonce was seen before (it then changed nothing). */
async function admitFreshRequests(
  db: Kysely<Database>,
  functionArguments: RawBuilder<unknown>,
): Promise<AdmissionRows | null> {
  try {
    const result = await sql<SessionRow>`
      SELECT * FROM admit_fresh_requests(${functionArguments})
    `.execute(db)
    return { sessionRows: result.rows, accepted: 'all' }
  } catch (error) {
    if (isUniqueViolation(error)) return null
    throw error
  }
}

/** The statement that answers nonce by nonce, for a batch with a replay in it. */
async function admitRequestsOneByOne(
  db: Kysely<Database>,
  functionArguments: RawBuilder<unknown>,
  nonces: readonly string[],
): Promise<AdmissionRows> {
  const result = await sql<AnswerOrSessionRow>`
    SELECT * FROM admit_requests(${functionArguments})
  `.execute(db)
  const [answers, ...rest] = result.rows
  const answerList = answers?.nonce_accepted ?? []
  if (answerList.length !== nonces.length)
    throw new Error('admit_requests: wrong number of answers')
  return {
    accepted: new Set(nonces.filter((_, index) => answerList[index] === true)),
    sessionRows: rest.filter(
      (row): row is SessionRow & { nonce_accepted: null } => row.nonce_accepted === null,
    ),
  }
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
  const nonces: string[] = []
  let expiresAt = 0
  for (const request of requests) {
    if (request.nonce === null) continue
    // The nonces travel space-separated: one with a space in it would become two.
    if (!NONCE_TEXT.test(request.nonce)) throw new Error('admitRequests: malformed nonce')
    nonces.push(request.nonce)
    expiresAt = Math.max(expiresAt, request.nonceExpiresAt.getTime())
  }
  if (!Number.isFinite(expiresAt)) throw new Error('admitRequests: invalid nonce expiry')
  const tokenHashes = [
    ...new Set(
      requests.flatMap((request) => (request.tokenHash === null ? [] : [request.tokenHash])),
    ),
  ]
  // Both functions live in migration 0005, so their plans are prepared once per connection.
  // Nonces are alphanumeric (checked with the signature), so a space can separate them.
  const functionArguments = sql`${nonces.join(' ')}, ${new Date(expiresAt)}, ${tokenHashes}::text[]`
  const { sessionRows, accepted } =
    (await admitFreshRequests(db, functionArguments)) ??
    (await admitRequestsOneByOne(db, functionArguments, nonces))
  const sessions = new Map(sessionRows.map((row) => [row.token_hash, row]))
  return requests.map((request) => {
    const row = request.tokenHash === null ? undefined : sessions.get(request.tokenHash)
    return {
      nonceAccepted: request.nonce === null || accepted === 'all' || accepted.has(request.nonce),
      session: row === undefined ? { kind: 'none' } : sessionStateOf(row, request.now),
    }
  })
}

function sessionStateOf(row: SessionRow, now: Date): SessionState {
  // Logged out beats superseded: the user chose to end that session.
  if (row.revoked_at !== null) return { kind: 'revoked' }
  if (row.superseded_at !== null) return { kind: 'superseded' }
  if (row.session_expires_at.getTime() <= now.getTime()) return { kind: 'expired' }
  return {
    kind: 'live',
    user: {
      id: row.id,
      phone: row.phone,
      nick_name: row.nick_name,
      header_url: row.header_url,
      created_at: row.created_at,
      updated_at: row.updated_at,
      // Cancelling an account revokes its sessions in the same transaction: a live one is never cancelled.
      cancelled_at: null,
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
