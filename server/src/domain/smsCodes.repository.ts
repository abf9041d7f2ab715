/** SQL about SMS login codes and failed logins. */
import { sql, type Kysely, type Transaction } from 'kysely'
import { lockUntilCommit } from '../db/advisoryLock'
import type { Database, SmsCodeRow } from '../db/types'

export interface SmsSendHistory {
  lastSentAt: Date | null
  sentToPhoneToday: number
  sentFromIpToday: number
}

/**
 * Serialises send-sms requests for one phone and one IP across all server instances until the
 * transaction ends, so the rate checks and the insert cannot interleave.
 */
export async function lockSmsSenders(
  transaction: Transaction<Database>,
  phone: string,
  requesterIp: string,
): Promise<void> {
  // Two locks taken in a fixed order so concurrent transactions cannot deadlock.
  const keys = [`sms-phone:${phone}`, `sms-ip:${requesterIp}`].sort()
  for (const key of keys) {
    await lockUntilCommit(transaction, key)
  }
}

/**
 * Makes login attempts from one address take turns until the transaction ends, on every server
 * instance, so that the failure count an attempt reads includes every attempt before it.
 */
export async function lockLoginAttempts(
  transaction: Transaction<Database>,
  requesterIp: string,
): Promise<void> {
  await lockUntilCommit(transaction, `login-ip:${requesterIp}`)
}

export async function smsSendHistory(
  db: Kysely<Database>,
  phone: string,
  requesterIp: string,
  dayStart: Date,
): Promise<SmsSendHistory> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('sms_codes')
        .select((inner) => inner.fn.max('created_at').as('value'))
        .where('phone', '=', phone)
        .as('last_sent_at'),
      eb
        .selectFrom('sms_codes')
        .select(sql<number>`count(*)::int`.as('value'))
        .where('phone', '=', phone)
        .where('created_at', '>=', dayStart)
        .as('sent_to_phone_today'),
      eb
        .selectFrom('sms_codes')
        .select(sql<number>`count(*)::int`.as('value'))
        .where('requester_ip', '=', requesterIp)
        .where('created_at', '>=', dayStart)
        .as('sent_from_ip_today'),
    ])
    .executeTakeFirstOrThrow()
  return {
    lastSentAt: row.last_sent_at,
    sentToPhoneToday: row.sent_to_phone_today ?? 0,
    sentFromIpToday: row.sent_from_ip_today ?? 0,
  }
}

export async function insertSmsCode(
  db: Kysely<Database>,
  code: {
    id: string
    phone: string
    codeHash: string
    requesterIp: string
    now: Date
    expiresAt: Date
  },
): Promise<void> {
  await db
    .insertInto('sms_codes')
    .values({
      id: code.id,
      phone: code.phone,
      code_hash: code.codeHash,
      requester_ip: code.requesterIp,
      created_at: code.now,
      expires_at: code.expiresAt,
      consumed_at: null,
    })
    .execute()
}

export async function deleteSmsCode(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sms_codes').where('id', '=', id).execute()
}

/** The phone's newest unused code, locked until the transaction ends; older codes are void. */
export async function latestUnusedSmsCodeForUpdate(
  transaction: Transaction<Database>,
  phone: string,
): Promise<SmsCodeRow | undefined> {
  return transaction
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst()
}

export async function countSmsCodeFailure(
  transaction: Transaction<Database>,
  id: string,
): Promise<void> {
  await transaction
    .updateTable('sms_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute()
}

export async function consumeSmsCode(
  transaction: Transaction<Database>,
  id: string,
  now: Date,
): Promise<void> {
  await transaction
    .updateTable('sms_codes')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .execute()
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  requesterIp: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ requester_ip: requesterIp, failed_at: now })
    .execute()
}

export async function countLoginFailuresSince(
  db: Kysely<Database>,
  requesterIp: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select(sql<number>`count(*)::int`.as('failures'))
    .where('requester_ip', '=', requesterIp)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow()
  return row.failures
}

/** Codes and failures old enough that no limit or login looks at them any more. */
export async function purgeOldSmsRecords(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('sms_codes').where('created_at', '<', before).execute()
  await db.deleteFrom('login_failures').where('failed_at', '<', before).execute()
}
