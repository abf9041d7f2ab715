/**
 * The request and response shapes of the wire contract, as schemas. The server validates with
 * them at its edge; the browser imports only their types (`import type`), so zod stays out of
 * the first-load bundle.
 */
import { z } from 'zod'
import { COUNTRY_PREFIX, PLATFORM } from './constants'
import { MESSAGES } from './messages'

const PHONE_PATTERN = new RegExp(`^${COUNTRY_PREFIX}\\d{11}$`)
const SMS_CODE_PATTERN = /^\d{6}$/
// Letters, digits, CJK, and a few joining marks; no angle brackets, quotes or control characters.
const NICKNAME_PATTERN = /^[\p{L}\p{N}_\-· ]{1,20}$/u

const phone = z
  .string({ error: MESSAGES.phoneRequired })
  .min(1, { error: MESSAGES.phoneRequired })
  .regex(PHONE_PATTERN, { error: MESSAGES.phoneInvalid })

const platform = z.coerce
  .number({ error: MESSAGES.platformInvalid })
  .refine((value) => value === PLATFORM, { error: MESSAGES.platformInvalid })

export const sendSmsQuery = z.object({
  phone,
  platform,
  type: z.literal('login', { error: MESSAGES.smsTypeInvalid }),
})
export type SendSmsQuery = z.input<typeof sendSmsQuery>

export const loginBody = z.object({
  mobile: phone,
  smsCode: z
    .string({ error: MESSAGES.smsCodeRequired })
    .min(1, { error: MESSAGES.smsCodeRequired })
    .regex(SMS_CODE_PATTERN, { error: MESSAGES.smsCodeInvalid }),
  platform: z.literal(PLATFORM, { error: MESSAGES.platformInvalid }),
  smsCodeType: z.literal('login', { error: MESSAGES.smsTypeInvalid }),
})
export type LoginBody = z.input<typeof loginBody>

export const updateUserDetailsBody = z
  .object({
    nickName: z
      .string({ error: MESSAGES.nicknameInvalid })
      .trim()
      .regex(NICKNAME_PATTERN, { error: MESSAGES.nicknameInvalid })
      .optional(),
    headerUrl: z
      .string({ error: MESSAGES.avatarInvalid })
      .max(500, { error: MESSAGES.avatarInvalid })
      .regex(/^(https?:\/\/[^\s<>"']+|[\w\-./]+)$/, { error: MESSAGES.avatarInvalid })
      .optional(),
  })
  .refine((body) => body.nickName !== undefined || body.headerUrl !== undefined, {
    error: MESSAGES.nothingToUpdate,
  })
export type UpdateUserDetailsBody = z.input<typeof updateUserDetailsBody>

/** What the client shows of a user; the login response and userDetails both carry it. */
export interface UserInfo {
  userId: string
  nickName: string
  /** An image path in storage or a full http(s) URL (SPEC.md section 5). */
  headerUrl: string
  /** The phone with its middle digits hidden, e.g. 86:138****8000. */
  mobile: string
  createdAt: string
}

export interface LoginData {
  accessToken: string
  userInfo: UserInfo
}
