/**
 * The database as Kysely sees it: one interface per table, columns in snake_case as in SQL.
 * Add a table here in the same change as the migration that creates it.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely'

/** A timestamptz column the database fills in by default. */
type CreatedAt = ColumnType<Date, Date | undefined, never>

export interface UsersTable {
  id: Generated<string>
  /** With its country prefix, e.g. 86:13800138000. */
  phone: string
  nick_name: string
  header_url: string
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface SessionsTable {
  /** Lowercase hex SHA-256 of the access token; the token itself is never stored. */
  token_hash: string
  user_id: string
  created_at: CreatedAt
  expires_at: Date
  /** Set when a newer login of the same account replaced this session (answers 402). */
  superseded_at: Date | null
  /** Set on logout (answers 401). */
  revoked_at: Date | null
}

export interface RequestNoncesTable {
  nonce: string
  /** After this moment the request's timestamp is refused anyway, so the row can go. */
  expires_at: Date
}

export interface SmsCodesTable {
  id: Generated<string>
  phone: string
  /** Lowercase hex SHA-256 of `${id}:${code}`. */
  code_hash: string
  requester_ip: string
  created_at: CreatedAt
  expires_at: Date
  failed_attempts: Generated<number>
  consumed_at: Date | null
}

export interface LoginFailuresTable {
  id: Generated<number>
  requester_ip: string
  failed_at: CreatedAt
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  request_nonces: RequestNoncesTable
  sms_codes: SmsCodesTable
  login_failures: LoginFailuresTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type SessionRow = Selectable<SessionsTable>
export type SmsCodeRow = Selectable<SmsCodesTable>
