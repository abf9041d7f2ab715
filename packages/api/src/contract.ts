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

// Works: listings, details and the player's item.
const WORK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const workId = z
  .string({ error: MESSAGES.workIdInvalid })
  .regex(WORK_ID_PATTERN, { error: MESSAGES.workIdInvalid })
  .transform((id) => id.toLowerCase())

export const worksPageBody = z
  .object({
    page: z
      .number({ error: MESSAGES.worksPageInvalid })
      .int({ error: MESSAGES.worksPageInvalid })
      .min(1, { error: MESSAGES.worksPageInvalid })
      .max(10_000, { error: MESSAGES.worksPageInvalid })
      .default(1),
    pageSize: z
      .number({ error: MESSAGES.worksPageSizeInvalid })
      .int({ error: MESSAGES.worksPageSizeInvalid })
      .min(1, { error: MESSAGES.worksPageSizeInvalid })
      .max(50, { error: MESSAGES.worksPageSizeInvalid })
      .default(10),
  })
  .default({ page: 1, pageSize: 10 })
export type WorksPageBody = z.input<typeof worksPageBody>

/** musicGoods/details: a work by its goods id or its music id (one listing per work, same id). */
export const workDetailsBody = z
  .object({ goodsId: workId.optional(), musicId: workId.optional() })
  .refine((body) => body.goodsId !== undefined || body.musicId !== undefined, {
    error: MESSAGES.workIdInvalid,
  })
  .refine(
    (body) =>
      body.goodsId === undefined || body.musicId === undefined || body.goodsId === body.musicId,
    { error: MESSAGES.workIdInvalid },
  )
export type WorkDetailsBody = z.input<typeof workDetailsBody>

/** keepRecord/musicById: the player's item for a work. */
export const musicByIdBody = z.object({ musicId: workId })
export type MusicByIdBody = z.input<typeof musicByIdBody>

/**
 * A work as the listings and the player receive it. Every URL is signed and works for 3600 s.
 * `musicEncodeUrl` is what the player plays: the MP3 itself (its URL contains `.mp3`) or the HLS
 * playlist (its URL contains neither mp3 nor wav), as the work is delivered.
 */
export interface WorkItem {
  /** The work's listing; the same id as musicId. */
  goodsId: string
  musicId: string
  musicName: string
  artist: string
  /** Signed URL of the cover image; '' when the work has none. */
  cover: string
  musicEncodeUrl: string
  /** Signed URL of the MP3 file (range requests allowed). */
  mp3Url: string
  /** Signed URL of the HLS playlist. */
  hlsUrl: string
  /** Seconds. */
  duration: number
  /** LRC text; '' when the work has none. */
  lyric: string
  priceFen: number
  createdAt: string
}

export interface WorkPage {
  records: WorkItem[]
  total: number
}

// ---------------------------------------------------------------------------------------------
// Points (积分) and top-ups

/** Every kind of points movement: a top-up, an AI spend, its refund, a grant by the platform. */
export const POINTS_LEDGER_KINDS = ['topup', 'spend', 'refund', 'grant'] as const
export type PointsLedgerKind = (typeof POINTS_LEDGER_KINDS)[number]

/** Points one yuan buys with a custom amount (packages may add a bonus). */
export const POINTS_PER_YUAN = 10
/** The custom amount's limits, in fen: ¥1 to ¥5000. */
export const CHARGE_MIN_FEN = 100
export const CHARGE_MAX_FEN = 500_000
export const POINTS_LOG_MAX_PAGE = 10_000
export const POINTS_LOG_MAX_PAGE_SIZE = 100

export const pointsLogBody = z.object({
  page: z
    .int({ error: MESSAGES.pointsPageInvalid })
    .min(1, { error: MESSAGES.pointsPageInvalid })
    .max(POINTS_LOG_MAX_PAGE, { error: MESSAGES.pointsPageInvalid }),
  pageSize: z
    .int({ error: MESSAGES.pointsPageSizeInvalid })
    .min(1, { error: MESSAGES.pointsPageSizeInvalid })
    .max(POINTS_LOG_MAX_PAGE_SIZE, { error: MESSAGES.pointsPageSizeInvalid }),
  kind: z.enum(POINTS_LEDGER_KINDS, { error: MESSAGES.pointsKindInvalid }).optional(),
})
export type PointsLogBody = z.input<typeof pointsLogBody>

export const CHECKOUT_KINDS = ['redirect', 'qrCode'] as const
/** `redirect`: a provider page to open; `qrCode`: a code to show as a QR image. */
export type CheckoutKind = (typeof CHECKOUT_KINDS)[number]

/** Exactly one of the two: a package, or a custom amount in whole fen. Points are never sent. */
export const chargeBody = z
  .object({
    packageId: z
      .string({ error: MESSAGES.chargePackageUnknown })
      .regex(/^[a-z0-9_]{1,32}$/, { error: MESSAGES.chargePackageUnknown })
      .optional(),
    amountFen: z
      .int({ error: MESSAGES.chargeAmountInvalid })
      .min(CHARGE_MIN_FEN, { error: MESSAGES.chargeAmountInvalid })
      .max(CHARGE_MAX_FEN, { error: MESSAGES.chargeAmountInvalid })
      .optional(),
    /**
     * The checkout the payer prefers: a page to open, or a code to scan. A provider that offers
     * one kind only answers with its own (WeChat Pay's Native payment is always a code).
     */
    checkoutKind: z.enum(CHECKOUT_KINDS, { error: MESSAGES.chargeCheckoutKindInvalid }).optional(),
  })
  .refine((body) => (body.packageId === undefined) !== (body.amountFen === undefined), {
    error: MESSAGES.chargeChoiceRequired,
  })
export type ChargeRequest = ({ packageId: string } | { amountFen: number }) & {
  checkoutKind?: CheckoutKind
}

/** Our order ids: what every payment provider accepts as out_trade_no. */
export const CHARGE_ORDER_ID_PATTERN = /^[A-Za-z0-9_]{6,32}$/

export const queryChargeOrderBody = z.object({
  orderId: z
    .string({ error: MESSAGES.chargeOrderIdInvalid })
    .regex(CHARGE_ORDER_ID_PATTERN, { error: MESSAGES.chargeOrderIdInvalid }),
})
export type QueryChargeOrderBody = z.input<typeof queryChargeOrderBody>

/** `ai/music/integral`. */
export interface PointsBalance {
  points: number
}

export interface PointsPackage {
  id: string
  points: number
  priceFen: number
  /** A short note such as 赠20积分, shown on the card. */
  badge?: string
}

/** `ai/music/inquireIntegralProportion`. */
export interface PointsRate {
  pointsPerYuan: number
  minYuan: number
  maxYuan: number
  packages: PointsPackage[]
}

/** One movement of `ai/music/integralLog`; `amount` is signed, `time` ISO 8601. */
export interface PointsRecord {
  id: string
  kind: PointsLedgerKind
  title: string
  time: string
  amount: number
  balanceAfter: number
}

export interface PointsLogPage {
  records: PointsRecord[]
  total: number
  page: number
  pageSize: number
}

export type ChargeOrderState = 'created' | 'paid' | 'closed' | 'refunded'

/** `charge/charge`: where to pay. `qrCode` means checkoutUrl is a code to show as a QR image. */
export interface ChargeOrderCreated {
  orderId: string
  checkoutKind: CheckoutKind
  checkoutUrl: string
  expiresAt: string
  amountFen: number
  points: number
}

/** `charge/queryChargeOrder`; `balance` is the user's points balance now. */
export interface ChargeOrderStatus {
  orderId: string
  state: ChargeOrderState
  amountFen: number
  points: number
  balance: number
  expiresAt: string
  paidAt: string | null
}
