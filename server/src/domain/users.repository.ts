/** SQL about users. */
import type { UserInfo } from '@gy/api/contract'
import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../db/types'

/** The nickname a phone gets when it first logs in, e.g. GY用户8000. */
export function defaultNickname(phone: string): string {
  return `GY用户${phone.slice(-4)}`
}

/** 86:13800138000 → 86:138****8000: enough for the user to recognise, not enough to call. */
export function maskPhone(phone: string): string {
  return phone.replace(/^(\d+:\d{3})\d{4}(\d{4})$/, '$1****$2')
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    userId: user.id,
    nickName: user.nick_name,
    headerUrl: user.header_url,
    mobile: maskPhone(user.phone),
    createdAt: user.created_at.toISOString(),
  }
}

/** Registers the phone on its first login; returns the (existing or new) user. */
export async function findOrCreateUserByPhone(
  db: Kysely<Database>,
  phone: string,
): Promise<UserRow> {
  // A no-op update, so RETURNING yields the existing row too and concurrent first logins of the
  // same phone end up with one user.
  return db
    .insertInto('users')
    .values({ phone, nick_name: defaultNickname(phone), header_url: '' })
    .onConflict((conflict) =>
      conflict
        .column('phone')
        .doUpdateSet((excluded) => ({ phone: excluded.ref('excluded.phone') })),
    )
    .returningAll()
    .executeTakeFirstOrThrow()
}

export interface UserDetailsChange {
  nickName?: string | undefined
  headerUrl?: string | undefined
}

export async function updateUserDetails(
  db: Kysely<Database>,
  userId: string,
  change: UserDetailsChange,
  now: Date,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({
      ...(change.nickName === undefined ? {} : { nick_name: change.nickName }),
      ...(change.headerUrl === undefined ? {} : { header_url: change.headerUrl }),
      updated_at: now,
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Where avatars are served: a stable, public path per image (routes/files.ts). */
export const AVATARS_PREFIX = '/avatars'

export function avatarPathOf(storageKey: string): string {
  return `${AVATARS_PREFIX}/${storageKey}`
}

/**
 * Makes an uploaded image the user's avatar: it joins the images served at `/avatars/<key>` and
 * the user's `header_url` becomes that path, which never expires (a signed URL would, within the
 * hour, while clients keep the user info for a day). One transaction: both or neither.
 */
export async function setAvatarImage(
  db: Kysely<Database>,
  userId: string,
  storageKey: string,
  change: Omit<UserDetailsChange, 'headerUrl'>,
  now: Date,
): Promise<UserRow> {
  return db.transaction().execute(async (transaction) => {
    await transaction
      .insertInto('avatar_images')
      .values({ storage_key: storageKey })
      .onConflict((conflict) => conflict.column('storage_key').doNothing())
      .execute()
    return updateUserDetails(
      transaction,
      userId,
      { ...change, headerUrl: avatarPathOf(storageKey) },
      now,
    )
  })
}

/** Whether `storageKey` is (or was) someone's avatar, and so may be served publicly. */
export async function isAvatarImage(db: Kysely<Database>, storageKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('avatar_images')
    .select('storage_key')
    .where('storage_key', '=', storageKey)
    .executeTakeFirst()
  return row !== undefined
}
