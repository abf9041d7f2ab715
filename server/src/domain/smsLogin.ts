/**
 * Logging in by SMS code: sending a code (with its rate limits) and trading a code for a session.
 * Route handlers call these; the SQL lives in the repositories.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { SMS_RESEND_SECONDS } from '@gy/api/constants'
import { MESSAGES } from '@gy/api/messages'
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/types'
import { EnvelopeError } from '../http/envelopeError'
import type { SmsProvider } from '../sms/smsProvider'
import { startSession } from './sessions.repository'
import {
  consumeSmsCode,
  countLoginFailuresSince,
  countSmsCodeFailure,
  deleteSmsCode,
  insertSmsCode,
  latestUnusedSmsCodeForUpdate,
  lockLoginAttempts,
  lockSmsSenders,
  recordLoginFailure,
  smsSendHistory,
} from './smsCodes.repository'
import { newAccessToken, sameHexDigest, sha256Hex } from './tokens'
import { findOrCreateUserByPhone } from './users.repository'

export const SMS_CODE_TTL_MS = 5 * 60 * 1000
/** Wrong guesses after which a code is void. */
export const SMS_CODE_MAX_FAILURES = 5
const CHINA_UTC_OFFSET_MS = 8 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export interface SmsLoginLimits {
  dailyCapPerPhone: number
  dailyCapPerIp: number
  loginFailuresPerIp: number
  loginWindowMinutes: number
}

export interface SmsLoginDependencies {
  db: Kysely<Database>
  smsProvider: SmsProvider
  limits: SmsLoginLimits
  now: Date
}

/** Midnight in China (UTC+8, no daylight saving) of the day `now` falls on: when caps reset. */
export function chinaDayStart(now: Date): Date {
  const local = now.getTime() + CHINA_UTC_OFFSET_MS
  return new Date(local - (local % DAY_MS) - CHINA_UTC_OFFSET_MS)
}

function hashCode(codeId: string, code: string): string {
  return sha256Hex(`${codeId}:${code}`)
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Sends a login code to `phone`, unless a limit says no (429). */
export async function sendLoginCode(
  deps: SmsLoginDependencies,
  phone: string,
  requesterIp: string,
): Promise<void> {
  const { db, limits, now } = deps
  const code = newSmsCode()
  const codeId = randomUUID()
  await db.transaction().execute(async (transaction) => {
    await lockSmsSenders(transaction, phone, requesterIp)
    const history = await smsSendHistory(transaction, phone, requesterIp, chinaDayStart(now))
    if (
      history.lastSentAt !== null &&
      now.getTime() - history.lastSentAt.getTime() < SMS_RESEND_SECONDS * 1000
    ) {
      throw new EnvelopeError('429', MESSAGES.smsTooFrequent)
    }
    if (
      history.sentToPhoneToday >= limits.dailyCapPerPhone ||
      history.sentFromIpToday >= limits.dailyCapPerIp
    ) {
      throw new EnvelopeError('429', MESSAGES.smsDailyLimit)
    }
    await insertSmsCode(transaction, {
      id: codeId,
      phone,
      codeHash: hashCode(codeId, code),
      requesterIp,
      now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    })
  })
  // Sent after the commit, so the gateway is never called while the locks are held.
  try {
    await deps.smsProvider.send(phone, code)
  } catch (error) {
    // A code the user never received must not count towards their limits.
    await deleteSmsCode(db, codeId)
    throw error
  }
}

export interface LoginResult {
  accessToken: string
  user: UserRow
}

type CodeCheck =
  { ok: true; user: UserRow; accessToken: string } | { ok: false; refusal: EnvelopeError }

/**
 * Trades the phone's newest code for a session. A new phone is registered on the spot; every
 * earlier session of the account is superseded (its token answers 402).
 */
export async function loginWithSmsCode(
  deps: SmsLoginDependencies,
  phone: string,
  code: string,
  requesterIp: string,
): Promise<LoginResult> {
  const { db, limits, now } = deps
  const windowStart = new Date(now.getTime() - limits.loginWindowMinutes * 60 * 1000)

  // Failures are returned rather than thrown so that the failure count is committed.
  const check = await db.transaction().execute(async (transaction): Promise<CodeCheck> => {
    // The address's attempts take turns from the count to the recorded failure: checked apart,
    // 300 concurrent wrong codes all passed the check and 155 were evaluated against a limit of 30.
    await lockLoginAttempts(transaction, requesterIp)
    const failures = await countLoginFailuresSince(transaction, requesterIp, windowStart)
    if (failures >= limits.loginFailuresPerIp) {
      return { ok: false, refusal: new EnvelopeError('429', MESSAGES.loginTooFrequent) }
    }
    const stored = await latestUnusedSmsCodeForUpdate(transaction, phone)
    if (
      stored === undefined ||
      stored.expires_at.getTime() <= now.getTime() ||
      stored.failed_attempts >= SMS_CODE_MAX_FAILURES
    ) {
      await recordLoginFailure(transaction, requesterIp, now)
      return { ok: false, refusal: new EnvelopeError('400', MESSAGES.smsCodeExpired) }
    }
    if (!sameHexDigest(stored.code_hash, hashCode(stored.id, code))) {
      await countSmsCodeFailure(transaction, stored.id)
      await recordLoginFailure(transaction, requesterIp, now)
      return { ok: false, refusal: new EnvelopeError('400', MESSAGES.smsCodeWrong) }
    }
    await consumeSmsCode(transaction, stored.id, now)
    // The upsert locks the user's row until commit, so two logins of one account take turns and
    // exactly one session survives.
    const user = await findOrCreateUserByPhone(transaction, phone)
    const accessToken = newAccessToken()
    await startSession(transaction, user.id, sha256Hex(accessToken), now)
    return { ok: true, user, accessToken }
  })
  if (!check.ok) throw check.refusal
  return { accessToken: check.accessToken, user: check.user }
}
