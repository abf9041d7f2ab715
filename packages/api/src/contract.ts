/**
 * The request and response shapes of the wire contract, as schemas. The server validates requests
 * with them at its edge, checks its responses against them in tests and describes both in
 * `GET /api/openapi.json`; the browser imports only their types (`import type`), so zod stays out
 * of the first-load bundle. A schema with a `meta({ id })` is a named component of that document.
 */
import { z } from 'zod'
import {
  AI_GAIN_DB_MAX,
  AI_GAIN_DB_MIN,
  AI_JOB_COSTS,
  AI_LABEL,
  AI_LYRICS_MAX,
  AI_PROMPT_MAX,
  AI_SEMITONES_MAX,
  AI_SEMITONES_MIN,
  AI_TAG_MAX,
  AI_TEMPO_MAX,
  AI_TEMPO_MIN,
  AI_TITLE_MAX,
} from './aiLimits'
import {
  CANCELLATION_PHRASE,
  CERTIFICATION_PORTFOLIO_MAX,
  COUNTRY_PREFIX,
  DEPOSIT_GENRE_MAX,
  DEPOSIT_LYRIC_MAX,
  DEPOSIT_TITLE_MAX,
  LISTING_MAX_FEN,
  LISTING_MIN_FEN,
  PLATFORM,
  STORE_KEYWORD_MAX,
  STORE_SORTS,
  UPLOAD_MAX_BYTES,
} from './constants'
import { isValidResidentId } from './idNumber'
import { AI_MESSAGES } from './aiMessages'
import { MESSAGES } from './messages'

const NO_CONTROL_CHARACTERS = /^\P{Cc}*$/u
/**
 * Free text as stored: control characters other than tab and line breaks dropped, since pasted
 * text can carry them and PostgreSQL text cannot hold a NUL at all.
 */
const dropControlCharacters = (text: string): string => text.replace(/(?![\t\n\r])\p{Cc}/gu, '')
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

export const loginBody = z
  .object({
    mobile: phone,
    smsCode: z
      .string({ error: MESSAGES.smsCodeRequired })
      .min(1, { error: MESSAGES.smsCodeRequired })
      .regex(SMS_CODE_PATTERN, { error: MESSAGES.smsCodeInvalid }),
    platform: z.literal(PLATFORM, { error: MESSAGES.platformInvalid }),
    smsCodeType: z.literal('login', { error: MESSAGES.smsTypeInvalid }),
  })
  .meta({ id: 'LoginBody' })
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
    /** An image the caller uploaded (`obs/uploadFile`, purpose image): becomes the avatar. */
    headerFileId: z
      .string({ error: MESSAGES.fileIdInvalid })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
        error: MESSAGES.fileIdInvalid,
      })
      .optional(),
  })
  .refine(
    (body) =>
      body.nickName !== undefined ||
      body.headerUrl !== undefined ||
      body.headerFileId !== undefined,
    {
      error: MESSAGES.nothingToUpdate,
    },
  )
  .meta({ id: 'UpdateUserDetailsBody' })
export type UpdateUserDetailsBody = z.input<typeof updateUserDetailsBody>

/** Times on the wire: ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes them. */
const isoTime = z.iso.datetime()

/** What the client shows of a user; the login response and userDetails both carry it. */
export const userInfo = z
  .object({
    userId: z.string(),
    nickName: z.string(),
    headerUrl: z.string().describe('存储里的图片路径，或完整的 http(s) 地址（SPEC.md 第 5 节）'),
    mobile: z.string().describe('隐去中间四位的手机号，例如 86:138****8000'),
    createdAt: isoTime,
  })
  .meta({ id: 'UserInfo' })
export type UserInfo = z.output<typeof userInfo>

export const loginData = z.object({ accessToken: z.string(), userInfo }).meta({ id: 'LoginData' })
export type LoginData = z.output<typeof loginData>

/** `user/downloadLink`: the URL of the app download page. */
export const downloadLinkData = z
  .string()
  .describe('下载页地址：配置了 PUBLIC_BASE_URL 时是完整地址，否则是站内路径')

// Account cancellation and the app's settings (mobile branch).
/** `user/cancelAccount`: the confirmation the user typed. */
export const cancelAccountBody = z
  .object({
    confirmation: z
      .string({ error: MESSAGES.cancellationPhraseWrong })
      .refine((text) => text.trim() === CANCELLATION_PHRASE, {
        error: MESSAGES.cancellationPhraseWrong,
      }),
  })
  .meta({ id: 'CancelAccountBody' })
export type CancelAccountBody = z.input<typeof cancelAccountBody>

/** `user/appSettings`: where the download buttons go, and the footer's contact image and notes. */
export const appSettingsData = z
  .object({
    iosStoreUrl: z.string().describe('iOS 的 App Store 地址'),
    androidMarketUrl: z.string().describe('安卓应用市场地址'),
    openAppUrl: z.string().describe('打开 App 的链接（应用自己的协议）'),
    contactImageUrl: z.string().describe('页脚客服二维码图片地址；空串表示不显示'),
    filingNotes: z.array(z.string()).describe('页脚的备案与许可证说明，每行一条'),
  })
  .meta({ id: 'AppSettings' })
export type AppSettings = z.output<typeof appSettingsData>

/** `api/dev/sms/latest`: the last code sent to a phone (development only). */
export const latestSmsCodeData = z.object({ smsCode: z.string().regex(SMS_CODE_PATTERN) })

// Works: listings, details and the player's item.
const WORK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const workId = z
  .string({ error: MESSAGES.workIdInvalid })
  .regex(WORK_ID_PATTERN, { error: MESSAGES.workIdInvalid })
  .transform((id) => id.toLowerCase())

/** The page fields of the store's lists. */
const storePaging = {
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
}

export const worksPageBody = z
  .object(storePaging)
  .default({ page: 1, pageSize: 10 })
  .meta({ id: 'WorksPageBody' })
export type WorksPageBody = z.input<typeof worksPageBody>

/**
 * `musicGoods/list`: a page of the store, optionally searched by keyword (title, artist or lyric,
 * as plain text: `%`, `_`, `\` and quotes are characters, not patterns), category and sort.
 * A keyword search answers at most STORE_SEARCH_MATCHES_MAX works (its total stops there too).
 */
export const musicGoodsListBody = z
  .object({
    ...storePaging,
    sort: z.enum(STORE_SORTS, { error: MESSAGES.sortInvalid }).default('newest'),
    // A pasted keyword may carry tabs or line breaks. No title holds a control character, so they
    // are searched as spaces (and PostgreSQL text cannot hold a NUL at all).
    keyword: z
      .string({ error: MESSAGES.keywordInvalid })
      .trim()
      .max(STORE_KEYWORD_MAX, { error: MESSAGES.keywordInvalid })
      .transform((keyword) => keyword.replace(/\p{Cc}+/gu, ' ').trim())
      .optional(),
    categoryId: z
      .string({ error: MESSAGES.categoryInvalid })
      .trim()
      .max(20, { error: MESSAGES.categoryInvalid })
      .regex(NO_CONTROL_CHARACTERS, { error: MESSAGES.categoryInvalid })
      .optional(),
  })
  .default({ page: 1, pageSize: 10, sort: 'newest' })
  .meta({ id: 'MusicGoodsListBody' })
export type MusicGoodsListBody = z.input<typeof musicGoodsListBody>

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
  .meta({ id: 'WorkDetailsBody' })
export type WorkDetailsBody = z.input<typeof workDetailsBody>

/** keepRecord/musicById: the player's item for a work. */
export const musicByIdBody = z.object({ musicId: workId }).meta({ id: 'MusicByIdBody' })
export type MusicByIdBody = z.input<typeof musicByIdBody>

/**
 * A work as the listings and the player receive it. Every URL is signed and works for 3600 s.
 * `musicEncodeUrl` is what the player plays: the MP3 itself (its URL contains `.mp3`) or the HLS
 * playlist (its URL contains neither mp3 nor wav), as the work is delivered.
 */
export const workItem = z
  .object({
    goodsId: z.string().describe('作品的上架编号，与 musicId 相同'),
    musicId: z.string(),
    musicName: z.string(),
    artist: z.string(),
    cover: z.string().describe('封面图片的签名地址；没有封面时为空字符串'),
    musicEncodeUrl: z.string().describe('播放器播放的地址：MP3 文件或 HLS 播放列表'),
    mp3Url: z.string().describe('MP3 文件的签名地址（支持 Range 请求）'),
    hlsUrl: z.string().describe('HLS 播放列表的签名地址'),
    duration: z.number().nonnegative().describe('时长，单位秒'),
    lyric: z.string().describe('LRC 歌词；没有歌词时为空字符串'),
    priceFen: z.int().nonnegative(),
    createdAt: isoTime,
    certified: z.boolean().describe('作者是否为认证音乐人'),
    playCount: z.int().nonnegative().describe('播放次数：每位听众每天每首计一次'),
    categoryId: z.string().describe('商城分类编号；没有分类时为空字符串'),
    categoryName: z.string().describe('商城分类名称；没有分类时为空字符串'),
  })
  .meta({ id: 'WorkItem' })
export type WorkItem = z.output<typeof workItem>

export const workPage = z
  .object({ records: z.array(workItem), total: z.int().nonnegative() })
  .meta({ id: 'WorkPage' })
export type WorkPage = z.output<typeof workPage>

/** `homePage/queryGoodsWeb`: the works the home page shows. */
export const homeWorks = z.array(workItem)

// The store (store branch): work details, categories, banners, plays, the home page's figures.

/** `musicGoods/details`: a work with what its page shows beyond the listing. */
export const workDetails = workItem
  .extend({
    genre: z.string().describe('存证时填写的风格；没有时为空字符串'),
    certificateNo: z.string().describe('存证证书编号；不是存证作品时为空字符串'),
    verifyUrl: z.string().describe('存证的公开验证页；不是存证作品时为空字符串'),
  })
  .meta({ id: 'WorkDetails' })
export type WorkDetails = z.output<typeof workDetails>

/** `mallDictionary/list`: the store's categories, in display order. */
export const storeCategory = z
  .object({ categoryId: z.string(), name: z.string() })
  .meta({ id: 'StoreCategory' })
export type StoreCategory = z.output<typeof storeCategory>
export const storeCategories = z.array(storeCategory)

/** `musicBanner/list`: the banners of the home page and the store, in display order. */
export const storeBanner = z
  .object({
    bannerId: z.string(),
    title: z.string(),
    subtitle: z.string(),
    link: z.string().describe('站内路径：点击横幅打开的页面'),
    image: z.string().describe('横幅图片（作品封面）的签名地址；没有时为空字符串'),
  })
  .meta({ id: 'StoreBanner' })
export type StoreBanner = z.output<typeof storeBanner>
export const storeBanners = z.array(storeBanner)

/** `musicGoods/play`: one play of a work, counted once per listener per day. */
export const workPlayBody = z.object({ goodsId: workId }).meta({ id: 'WorkPlayBody' })
export type WorkPlayBody = z.input<typeof workPlayBody>
export const workPlayResult = z
  .object({ counted: z.boolean(), playCount: z.int().nonnegative() })
  .meta({ id: 'WorkPlayResult' })
export type WorkPlayResult = z.output<typeof workPlayResult>

/** `homePage/informationDisplayWeb`: the platform in figures, for the home page. */
export const platformFigures = z
  .object({
    works: z.int().nonnegative().describe('在售作品数'),
    musicians: z.int().nonnegative().describe('有在售作品的音乐人数'),
    plays: z.int().nonnegative().describe('累计播放次数'),
  })
  .meta({ id: 'PlatformFigures' })
export type PlatformFigures = z.output<typeof platformFigures>

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

export const pointsLogBody = z
  .object({
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
  .meta({ id: 'PointsLogBody' })
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
  .meta({ id: 'ChargeBody' })
export type ChargeRequest = ({ packageId: string } | { amountFen: number }) & {
  checkoutKind?: CheckoutKind
}

/** Our order ids: what every payment provider accepts as out_trade_no. */
export const CHARGE_ORDER_ID_PATTERN = /^[A-Za-z0-9_]{6,32}$/

export const queryChargeOrderBody = z
  .object({
    orderId: z
      .string({ error: MESSAGES.chargeOrderIdInvalid })
      .regex(CHARGE_ORDER_ID_PATTERN, { error: MESSAGES.chargeOrderIdInvalid }),
  })
  .meta({ id: 'QueryChargeOrderBody' })
export type QueryChargeOrderBody = z.input<typeof queryChargeOrderBody>

/** `ai/music/integral`. */
export const pointsBalance = z
  .object({ points: z.int().nonnegative() })
  .meta({ id: 'PointsBalance' })
export type PointsBalance = z.output<typeof pointsBalance>

export const pointsPackage = z
  .object({
    id: z.string(),
    points: z.int().positive(),
    priceFen: z.int().positive(),
    badge: z.string().optional().describe('套餐卡片上的短说明，例如 赠20积分'),
  })
  .meta({ id: 'PointsPackage' })
export type PointsPackage = z.output<typeof pointsPackage>

/** `ai/music/inquireIntegralProportion`. */
export const pointsRate = z
  .object({
    pointsPerYuan: z.int().positive(),
    minYuan: z.number().positive(),
    maxYuan: z.number().positive(),
    packages: z.array(pointsPackage),
  })
  .meta({ id: 'PointsRate' })
export type PointsRate = z.output<typeof pointsRate>

/** One movement of `ai/music/integralLog`. */
export const pointsRecord = z
  .object({
    id: z.string(),
    kind: z.enum(POINTS_LEDGER_KINDS),
    title: z.string(),
    time: isoTime,
    amount: z.int().describe('带符号：增加为正，消耗为负'),
    balanceAfter: z.int().nonnegative(),
  })
  .meta({ id: 'PointsRecord' })
export type PointsRecord = z.output<typeof pointsRecord>

export const pointsLogPage = z
  .object({
    records: z.array(pointsRecord),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    pageSize: z.int().positive(),
  })
  .meta({ id: 'PointsLogPage' })
export type PointsLogPage = z.output<typeof pointsLogPage>

export const CHARGE_ORDER_STATES = ['created', 'paid', 'closed', 'refunded'] as const
export type ChargeOrderState = (typeof CHARGE_ORDER_STATES)[number]

/** `charge/charge`: where to pay. `qrCode` means checkoutUrl is a code to show as a QR image. */
export const chargeOrderCreated = z
  .object({
    orderId: z.string().regex(CHARGE_ORDER_ID_PATTERN),
    checkoutKind: z.enum(CHECKOUT_KINDS),
    checkoutUrl: z.string(),
    expiresAt: isoTime,
    amountFen: z.int().positive(),
    points: z.int().positive(),
  })
  .meta({ id: 'ChargeOrderCreated' })
export type ChargeOrderCreated = z.output<typeof chargeOrderCreated>

/** `charge/queryChargeOrder`; `balance` is the user's points balance now. */
export const chargeOrderStatus = z
  .object({
    orderId: z.string().regex(CHARGE_ORDER_ID_PATTERN),
    state: z.enum(CHARGE_ORDER_STATES),
    amountFen: z.int().positive(),
    points: z.int().positive(),
    balance: z.int().nonnegative(),
    expiresAt: isoTime,
    paidAt: isoTime.nullable(),
  })
  .meta({ id: 'ChargeOrderStatus' })
export type ChargeOrderStatus = z.output<typeof chargeOrderStatus>

// ---------------------------------------------------------------------------------------------
// Uploaded files (obs/uploadFile)

export const UPLOAD_PURPOSES = ['audio', 'image'] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]

/** `obs/uploadFile`: the stored file. `url` is signed and works for 3600 s. */
export const uploadedFile = z
  .object({
    fileId: z.string(),
    url: z.string(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.int().nonnegative(),
    contentType: z.string(),
  })
  .meta({ id: 'UploadedFile' })
export type UploadedFile = z.output<typeof uploadedFile>

const uuid = (message: string) =>
  z
    .string({ error: message })
    .regex(WORK_ID_PATTERN, { error: message })
    .transform((id) => id.toLowerCase())

export const fileId = uuid(MESSAGES.fileIdInvalid)

/** Pages of the musicians' zone lists: `{page, pageSize}` in, `{records, total}` out. */
export const pageBody = z
  .object({
    page: z
      .int({ error: MESSAGES.worksPageInvalid })
      .min(1, { error: MESSAGES.worksPageInvalid })
      .max(10_000, { error: MESSAGES.worksPageInvalid })
      .default(1),
    pageSize: z
      .int({ error: MESSAGES.worksPageSizeInvalid })
      .min(1, { error: MESSAGES.worksPageSizeInvalid })
      .max(50, { error: MESSAGES.worksPageSizeInvalid })
      .default(10),
  })
  .default({ page: 1, pageSize: 10 })
  .meta({ id: 'PageBody' })
export type PageBody = z.input<typeof pageBody>

// ---------------------------------------------------------------------------------------------
// Copyright deposits (存证) and their public Merkle log (RFC 9162)

const HEX_HASH = /^[0-9a-f]{64}$/
const hexHash = z.string().regex(HEX_HASH)

// Titles and genres: printable text only (no control characters, no angle brackets).
const PRINTABLE_LINE = /^[^\p{Cc}<>]*$/u

export const depositBody = z
  .object({
    fileId,
    title: z
      .string({ error: MESSAGES.depositTitleRequired })
      .trim()
      .min(1, { error: MESSAGES.depositTitleRequired })
      .max(DEPOSIT_TITLE_MAX, { error: MESSAGES.depositTitleTooLong })
      .regex(PRINTABLE_LINE, { error: MESSAGES.depositTitleInvalid }),
    lyric: z
      .string({ error: MESSAGES.depositLyricInvalid })
      .max(DEPOSIT_LYRIC_MAX, { error: MESSAGES.depositLyricInvalid })
      .transform(dropControlCharacters)
      .optional(),
    genre: z
      .string({ error: MESSAGES.depositGenreInvalid })
      .trim()
      .max(DEPOSIT_GENRE_MAX, { error: MESSAGES.depositGenreInvalid })
      .regex(PRINTABLE_LINE, { error: MESSAGES.depositGenreInvalid })
      .optional(),
    coverFileId: fileId.optional(),
  })
  .meta({ id: 'DepositBody' })
export type DepositBody = z.input<typeof depositBody>

/** `keepRecord/uploadListing`: the deposit just made. `certificateUrl` is the PDF, signed. */
export const deposit = z
  .object({
    depositId: z.string(),
    certificateNo: z.string(),
    title: z.string(),
    sha256: hexHash,
    depositedAt: isoTime,
    logIndex: z.int().nonnegative(),
    certificateUrl: z.string(),
  })
  .meta({ id: 'Deposit' })
export type Deposit = z.output<typeof deposit>

/** A signed tree head of the deposit log. */
export const checkpoint = z
  .object({
    treeSize: z.int().nonnegative(),
    rootHash: hexHash,
    signature: z.string().describe('Ed25519 签名（base64），签名内容见 CONTRACT.md'),
    publicKey: z.string().describe('平台 Ed25519 公钥（base64，32 字节原始公钥）'),
  })
  .meta({ id: 'Checkpoint' })
export type Checkpoint = z.output<typeof checkpoint>

/** What an AI creation was made of: the works `musicfy/keepResult` files as an upload. */
export const AI_CREATION_KINDS = ['generate', 'cover'] as const
export type AiCreationKind = (typeof AI_CREATION_KINDS)[number]

/**
 * The creation record of an AI-made work (GY音乐 AI), kept with the file it was filed as and shown
 * with its deposit as proof of the depositor's creative input.
 */
export const aiCreationRecord = z
  .object({
    resultId: z.string().describe('AI 作品编号（文件元数据 AIGC 标识中的 ProduceID）'),
    kind: z.enum(AI_CREATION_KINDS).describe('generate：AI写歌；cover：AI翻唱'),
    engine: z.string().describe('生成它的引擎及版本'),
    createdAt: isoTime.describe('生成时间'),
    request: z
      .record(z.string(), z.unknown())
      .describe(
        '提交时的创作参数：灵感模式的描述，或自定义模式的歌名、歌词、风格、情绪、速度、调性、种子；翻唱的原曲、歌手、变调和音量',
      ),
    seed: z.int().nullable().describe('生成时实际使用的随机种子；翻唱为 null'),
    key: z.string().nullable().describe('生成时实际使用的调性'),
    tempo: z.number().nullable().describe('生成时实际使用的速度（BPM）'),
    style: z.string().nullable().describe('生成时实际使用的风格'),
  })
  .meta({ id: 'AiCreationRecord' })
export type AiCreationRecord = z.output<typeof aiCreationRecord>

/** One of the caller's deposits, as the lists and the certificate page show it. */
export const depositRecord = deposit
  .extend({
    genre: z.string(),
    lyric: z.string(),
    ownerName: z.string().describe('存证人昵称'),
    coverUrl: z.string().describe('封面的签名地址；没有封面时为空字符串'),
    audioUrl: z.string().describe('作品音频的签名地址'),
    contentType: z.string(),
    size: z.int().nonnegative(),
    /** The checkpoint signed when the deposit was made, and the leaf's inclusion proof in it. */
    checkpoint,
    inclusionPath: z.array(hexHash),
    /** The deposit's listing, if it was ever listed. */
    listing: z
      .object({
        goodsId: z.string(),
        priceFen: z.int().positive(),
        status: z.enum(['listed', 'delisted']),
      })
      .nullable(),
    aiCreation: aiCreationRecord
      .nullable()
      .describe('存证的是 GY音乐 AI 生成的作品时，它的创作记录；否则为 null'),
  })
  .meta({ id: 'DepositRecord' })
export type DepositRecord = z.output<typeof depositRecord>

export const depositPage = z
  .object({ records: z.array(depositRecord), total: z.int().nonnegative() })
  .meta({ id: 'DepositPage' })
export type DepositPage = z.output<typeof depositPage>

export const depositId = uuid(MESSAGES.depositIdInvalid)

/** `keepRecord/depositDetails`: one of the caller's deposits. */
export const depositDetailsBody = z.object({ depositId }).meta({ id: 'DepositDetailsBody' })
export type DepositDetailsBody = z.input<typeof depositDetailsBody>

export const verifyBody = z
  .object({
    sha256: z
      .string({ error: MESSAGES.sha256Invalid })
      .transform((value) => value.toLowerCase())
      .pipe(z.string().regex(HEX_HASH, { error: MESSAGES.sha256Invalid })),
  })
  .meta({ id: 'VerifyBody' })
export type VerifyBody = z.input<typeof verifyBody>

/** `keepRecord/verify`: whether a file's SHA-256 is in the log, with its inclusion proof. */
export const verifyResult = z
  .discriminatedUnion('found', [
    z.object({ found: z.literal(false) }),
    z.object({
      found: z.literal(true),
      deposit: z.object({
        certificateNo: z.string(),
        title: z.string(),
        depositedAt: isoTime,
        logIndex: z.int().nonnegative(),
        ownerName: z.string().describe('存证人昵称'),
      }),
      treeSize: z.int().positive(),
      inclusionPath: z.array(hexHash),
    }),
  ])
  .meta({ id: 'VerifyResult' })
export type VerifyResult = z.output<typeof verifyResult>

/** `keepRecord/checkpoint`: the current tree head, or that of an earlier size (re-signed). */
export const checkpointBody = z
  .object({
    treeSize: z
      .int({ error: MESSAGES.treeSizeInvalid })
      .min(0, { error: MESSAGES.treeSizeInvalid })
      .optional(),
  })
  .default({})
  .meta({ id: 'CheckpointBody' })
export type CheckpointBody = z.input<typeof checkpointBody>

export const consistencyBody = z
  .object({
    from: z.int({ error: MESSAGES.treeSizeInvalid }).min(1, { error: MESSAGES.treeSizeInvalid }),
    to: z.int({ error: MESSAGES.treeSizeInvalid }).min(1, { error: MESSAGES.treeSizeInvalid }),
  })
  .refine((body) => body.from <= body.to, { error: MESSAGES.treeSizeInvalid })
  .meta({ id: 'ConsistencyBody' })
export type ConsistencyBody = z.input<typeof consistencyBody>

export const consistencyProof = z
  .object({ proof: z.array(hexHash) })
  .meta({ id: 'ConsistencyProof' })
export type ConsistencyProof = z.output<typeof consistencyProof>

// ---------------------------------------------------------------------------------------------
// Listings (挂牌)

const priceFen = z
  .int({ error: MESSAGES.priceInvalid })
  .min(LISTING_MIN_FEN, { error: MESSAGES.priceInvalid })
  .max(LISTING_MAX_FEN, { error: MESSAGES.priceInvalid })

export const goodsId = uuid(MESSAGES.goodsIdInvalid)

export const musicListingBody = z
  .object({
    depositId,
    priceFen,
    /** Optional (store branch): a store category; without it, the one the deposit's genre names. */
    categoryId: z
      .string({ error: MESSAGES.categoryInvalid })
      .trim()
      .min(1, { error: MESSAGES.categoryInvalid })
      .max(20, { error: MESSAGES.categoryInvalid })
      .regex(NO_CONTROL_CHARACTERS, { error: MESSAGES.categoryInvalid })
      .optional(),
  })
  .meta({ id: 'MusicListingBody' })
export type MusicListingBody = z.input<typeof musicListingBody>

export const musicListingResult = z.object({ goodsId: z.string() }).meta({ id: 'ListingCreated' })
export type MusicListingResult = z.output<typeof musicListingResult>

export const modifyPriceBody = z.object({ goodsId, priceFen }).meta({ id: 'ModifyPriceBody' })
export type ModifyPriceBody = z.input<typeof modifyPriceBody>

export const delistBody = z.object({ goodsId }).meta({ id: 'DelistBody' })
export type DelistBody = z.input<typeof delistBody>

// ---------------------------------------------------------------------------------------------
// Musician certification (认证)

/** 未认证 / 审核中 / 已认证 / 已驳回. */
export const CERTIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number]

/** `authentication/add`: an application. The ID number is checked by its GB 11643 check digit. */
export const certificationBody = z
  .object({
    realName: z
      .string({ error: MESSAGES.realNameInvalid })
      .trim()
      .regex(/^[\p{Script=Han}·•A-Za-z ]{2,30}$/u, { error: MESSAGES.realNameInvalid }),
    idNumber: z
      .string({ error: MESSAGES.idNumberInvalid })
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => isValidResidentId(value), { error: MESSAGES.idNumberInvalid }),
    portfolioLinks: z
      .array(
        z
          .url({ protocol: /^https?$/, error: MESSAGES.portfolioLinkInvalid })
          .max(500, { error: MESSAGES.portfolioLinkInvalid }),
        { error: MESSAGES.portfolioLinkInvalid },
      )
      .max(CERTIFICATION_PORTFOLIO_MAX, { error: MESSAGES.portfolioTooMany })
      .default([]),
    photoFileId: fileId,
  })
  .meta({ id: 'CertificationBody' })
export type CertificationBody = z.input<typeof certificationBody>

/** `authentication/getStatus`: the caller's certification. */
export const certificationState = z
  .object({
    status: z.enum(CERTIFICATION_STATUSES),
    /** The rejection's reason; null unless rejected. */
    reason: z.string().nullable(),
    /** Masked, e.g. 张*; null when never applied. */
    realName: z.string().nullable(),
    submittedAt: isoTime.nullable(),
    reviewedAt: isoTime.nullable(),
    /**
     * Whether the caller reviews applications. The review page asks this first: the spec's client
     * treats a 403 as a lost session and logs the user out.
     */
    isReviewer: z.boolean(),
  })
  .meta({ id: 'CertificationState' })
export type CertificationState = z.output<typeof certificationState>

// Uploads (files branch).
/**
 * The fields of `obs/uploadFile`'s multipart/form-data body, for the API document: `purpose`
 * first (the server also takes it after the file), then the file's bytes.
 */
export const uploadForm = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES),
    file: z
      .string()
      .meta({ format: 'binary', description: '文件内容；文件名不得包含路径或控制字符' }),
  })
  .meta({ id: 'UploadForm' })

// Listings, continued: the owner's shelf (listings branch).

export const LISTING_STATUSES = ['listed', 'delisted'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

/** `musicGoods/shelf`: one of the caller's listings. */
export const shelfItem = z
  .object({
    goodsId: z.string(),
    depositId: z.string(),
    certificateNo: z.string(),
    title: z.string(),
    genre: z.string(),
    cover: z.string().describe('封面的签名地址；没有封面时为空字符串'),
    priceFen: z.int().positive(),
    status: z.enum(LISTING_STATUSES),
    /** False while the deposited audio is still being prepared for the player. */
    playable: z.boolean(),
    listedAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: 'ShelfItem' })
export type ShelfItem = z.output<typeof shelfItem>

export const shelfPage = z
  .object({ records: z.array(shelfItem), total: z.int().nonnegative() })
  .meta({ id: 'ShelfPage' })
export type ShelfPage = z.output<typeof shelfPage>
export const applicationId = uuid(MESSAGES.applicationIdInvalid)

/** `authentication/reviewList`: an application waiting for a reviewer. */
export const certificationApplication = z
  .object({
    applicationId: z.string(),
    userId: z.string(),
    nickName: z.string(),
    realName: z.string(),
    idNumberMasked: z.string(),
    portfolioLinks: z.array(z.string()),
    photoUrl: z.string().describe('证件照的签名地址'),
    submittedAt: isoTime,
  })
  .meta({ id: 'CertificationApplication' })
export type CertificationApplication = z.output<typeof certificationApplication>

export const certificationApplicationPage = z
  .object({ records: z.array(certificationApplication), total: z.int().nonnegative() })
  .meta({ id: 'CertificationApplicationPage' })
export type CertificationApplicationPage = z.output<typeof certificationApplicationPage>

export const CERTIFICATION_DECISIONS = ['approve', 'reject'] as const
export type CertificationDecision = (typeof CERTIFICATION_DECISIONS)[number]

/** `authentication/review`: a reviewer's decision; a rejection says why. */
export const certificationReviewBody = z
  .object({
    applicationId,
    decision: z.enum(CERTIFICATION_DECISIONS, { error: MESSAGES.reviewDecisionInvalid }),
    reason: z
      .string({ error: MESSAGES.reviewReasonRequired })
      .trim()
      .max(200, { error: MESSAGES.reviewReasonTooLong })
      .transform(dropControlCharacters)
      .optional(),
  })
  .refine((body) => body.decision === 'approve' || (body.reason ?? '') !== '', {
    error: MESSAGES.reviewReasonRequired,
  })
  .meta({ id: 'CertificationReviewBody' })
export type CertificationReviewBody = z.input<typeof certificationReviewBody>

// ---------------------------------------------------------------------------------------------
// The AI creation zone: every submission and query answers a Job

export const AI_JOB_KINDS = ['generate', 'cover', 'separate'] as const
export type AiJobKind = (typeof AI_JOB_KINDS)[number]
export const AI_JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const
export type AiJobState = (typeof AI_JOB_STATES)[number]
/** What one result of a job is: a generated song, a cover, or one of the two stems. */
export const AI_RESULT_ROLES = ['song', 'cover', 'vocals', 'accompaniment'] as const
export type AiResultRole = (typeof AI_RESULT_ROLES)[number]

export const jobId = uuid(AI_MESSAGES.aiJobIdInvalid)
export const resultId = uuid(AI_MESSAGES.aiResultIdInvalid)
export const shareId = uuid(AI_MESSAGES.aiShareIdInvalid)

export const aiJobResult = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z
      .string()
      .describe(
        'MP3 的签名地址，文件元数据中带有 AIGC 隐式标识；歌曲仍在生成时为边生成边播放的 HLS 播放列表地址（live 为 true）',
      ),
    cover: z.string().describe('封面的签名地址；没有封面时为空字符串'),
    lyric: z.string().describe('LRC 歌词；没有歌词时为空字符串'),
    duration: z.number().nonnegative().describe('时长，单位秒'),
    aiLabel: z.string().describe('显式标识：AI生成'),
    role: z.enum(AI_RESULT_ROLES),
    shareId: z.string().nullable().describe('已分享时的分享编号'),
    live: z
      .boolean()
      .describe('歌曲仍在生成：url 是不断增长的 HLS 播放列表，完成后换成 MP3 文件，才能下载、分享'),
  })
  .meta({ id: 'AiJobResult' })
export type AiJobResult = z.output<typeof aiJobResult>

export const aiJob = z
  .object({
    jobId: z.string(),
    kind: z.enum(AI_JOB_KINDS),
    state: z.enum(AI_JOB_STATES),
    progress: z.number().min(0).max(1),
    queuePosition: z.int().positive().nullable().describe('排队中时前面还有几个任务（含自己）'),
    pointsCharged: z.int().nonnegative(),
    error: z.string().nullable().describe('失败原因（中文）'),
    createdAt: isoTime,
    finishedAt: isoTime.nullable(),
    title: z.string().describe('任务的显示名称'),
    input: z.record(z.string(), z.unknown()).describe('提交时的参数，创作记录据此展示'),
    engine: z.string().describe('处理该任务的引擎及版本'),
    results: z.array(aiJobResult),
  })
  .meta({ id: 'AiJob' })
export type AiJob = z.output<typeof aiJob>

export const aiJobPage = z
  .object({ records: z.array(aiJob), total: z.int().nonnegative() })
  .meta({ id: 'AiJobPage' })
export type AiJobPage = z.output<typeof aiJobPage>

export const jobIdBody = z.object({ jobId }).meta({ id: 'JobIdBody' })
export type JobIdBody = z.input<typeof jobIdBody>

// Free text of the AI zone: no control characters (line breaks and tabs allowed in lyrics), no
// angle brackets, so nothing stored can ever become markup.
const AI_LINE = /^[^\p{Cc}<>]*$/u
const AI_MULTILINE = /^(?:[^\p{Cc}<>]|[\n\r\t])*$/u
const aiTag = z
  .string({ error: AI_MESSAGES.aiTagTooLong })
  .trim()
  .max(AI_TAG_MAX, { error: AI_MESSAGES.aiTagTooLong })
  .regex(AI_LINE, { error: AI_MESSAGES.aiTextInvalid })
const instrumental = z.boolean({ error: AI_MESSAGES.aiInstrumentalInvalid }).optional()

export const smartCreationBody = z
  .object({
    mode: z.literal('smart'),
    prompt: z
      .string({ error: AI_MESSAGES.aiPromptRequired })
      .trim()
      .min(1, { error: AI_MESSAGES.aiPromptRequired })
      .max(AI_PROMPT_MAX, { error: AI_MESSAGES.aiPromptTooLong })
      .regex(AI_MULTILINE, { error: AI_MESSAGES.aiTextInvalid }),
    instrumental,
  })
  .meta({ id: 'SmartCreationBody' })

export const advancedCreationBody = z
  .object({
    mode: z.literal('advanced'),
    title: z
      .string({ error: AI_MESSAGES.aiTitleRequired })
      .trim()
      .min(1, { error: AI_MESSAGES.aiTitleRequired })
      .max(AI_TITLE_MAX, { error: AI_MESSAGES.aiTitleTooLong })
      .regex(AI_LINE, { error: AI_MESSAGES.aiTextInvalid }),
    lyrics: z
      .string({ error: AI_MESSAGES.aiLyricsTooLong })
      .max(AI_LYRICS_MAX, { error: AI_MESSAGES.aiLyricsTooLong })
      .regex(AI_MULTILINE, { error: AI_MESSAGES.aiTextInvalid })
      .default(''),
    style: z
      .string({ error: AI_MESSAGES.aiStyleRequired })
      .trim()
      .min(1, { error: AI_MESSAGES.aiStyleRequired })
      .max(AI_TAG_MAX, { error: AI_MESSAGES.aiTagTooLong })
      .regex(AI_LINE, { error: AI_MESSAGES.aiTextInvalid }),
    mood: aiTag.optional(),
    tempo: z
      .int({ error: AI_MESSAGES.aiTempoInvalid })
      .min(AI_TEMPO_MIN, { error: AI_MESSAGES.aiTempoInvalid })
      .max(AI_TEMPO_MAX, { error: AI_MESSAGES.aiTempoInvalid })
      .optional(),
    key: z
      .string({ error: AI_MESSAGES.aiKeyInvalid })
      .trim()
      .max(12, { error: AI_MESSAGES.aiKeyInvalid })
      .regex(AI_LINE, { error: AI_MESSAGES.aiTextInvalid })
      .optional(),
    instrumental,
    seed: z
      .int({ error: AI_MESSAGES.aiSeedInvalid })
      .min(0, { error: AI_MESSAGES.aiSeedInvalid })
      .max(4_294_967_295, { error: AI_MESSAGES.aiSeedInvalid })
      .optional(),
  })
  .meta({ id: 'AdvancedCreationBody' })

export const creationBody = z
  .discriminatedUnion('mode', [smartCreationBody, advancedCreationBody], {
    error: AI_MESSAGES.aiModeInvalid,
  })
  .meta({ id: 'CreationBody' })
export type CreationBody = z.input<typeof creationBody>
export type CreationRequest = z.output<typeof creationBody>

export const separateVoiceBody = z.object({ fileId }).meta({ id: 'SeparateVoiceBody' })
export type SeparateVoiceBody = z.input<typeof separateVoiceBody>

const gainDb = z
  .number({ error: AI_MESSAGES.aiGainInvalid })
  .min(AI_GAIN_DB_MIN, { error: AI_MESSAGES.aiGainInvalid })
  .max(AI_GAIN_DB_MAX, { error: AI_MESSAGES.aiGainInvalid })
  .optional()

export const convertVoiceBody = z
  .object({
    singerId: z
      .string({ error: AI_MESSAGES.aiSingerInvalid })
      .min(1, { error: AI_MESSAGES.aiSingerInvalid })
      .max(40, { error: AI_MESSAGES.aiSingerUnknown }),
    fileId: fileId.optional(),
    goodsId: uuid(MESSAGES.goodsIdInvalid).optional(),
    semitones: z
      .int({ error: AI_MESSAGES.aiSemitonesInvalid })
      .min(AI_SEMITONES_MIN, { error: AI_MESSAGES.aiSemitonesInvalid })
      .max(AI_SEMITONES_MAX, { error: AI_MESSAGES.aiSemitonesInvalid })
      .default(0),
    vocalGainDb: gainDb,
    accompanimentGainDb: gainDb,
  })
  .refine((body) => (body.fileId === undefined) !== (body.goodsId === undefined), {
    error: AI_MESSAGES.aiSourceRequired,
  })
  .meta({ id: 'ConvertVoiceBody' })
export type ConvertVoiceBody = z.input<typeof convertVoiceBody>

export const singerItem = z
  .object({
    singerId: z.string(),
    name: z.string(),
    avatar: z.string().describe('头像（SVG data URL）'),
    description: z.string(),
    defaultSemitones: z.int().describe('该歌手建议的变调'),
    previewUrl: z
      .string()
      .describe('试听：这位歌手唱的几秒钟（MP3 签名地址）；还没生成时为空字符串'),
  })
  .meta({ id: 'SingerItem' })
export type SingerItem = z.output<typeof singerItem>

export const singerList = z.object({ records: z.array(singerItem) }).meta({ id: 'SingerList' })
export type SingerList = z.output<typeof singerList>

/** `musicfy/convertVoiceOriginalList`: audio the caller uploaded, to cover again. */
export const originalItem = z
  .object({
    fileId: z.string(),
    name: z.string(),
    url: z.string(),
    size: z.int().nonnegative(),
    createdAt: isoTime,
  })
  .meta({ id: 'OriginalItem' })
export type OriginalItem = z.output<typeof originalItem>

export const originalPage = z
  .object({ records: z.array(originalItem), total: z.int().nonnegative() })
  .meta({ id: 'OriginalPage' })
export type OriginalPage = z.output<typeof originalPage>

/** `musicfy/convertVoiceOriginal`: the song a cover job was made from, to compare with. */
export const coverOriginal = z
  .object({ name: z.string(), url: z.string(), source: z.enum(['upload', 'store']) })
  .meta({ id: 'CoverOriginal' })
export type CoverOriginal = z.output<typeof coverOriginal>

export const shareBody = z.object({ jobId, resultId }).meta({ id: 'ShareBody' })
export type ShareBody = z.input<typeof shareBody>

export const shareCreated = z
  .object({ shareId: z.string(), url: z.string().describe('无需登录即可播放的分享页') })
  .meta({ id: 'ShareCreated' })
export type ShareCreated = z.output<typeof shareCreated>

export const shareIdBody = z.object({ shareId }).meta({ id: 'ShareIdBody' })
export type ShareIdBody = z.input<typeof shareIdBody>

export const sharedWork = z
  .object({
    shareId: z.string(),
    url: z.string().describe('分享页地址'),
    name: z.string(),
    author: z.string().describe('分享者昵称'),
    audioUrl: z.string().describe('MP3 的签名地址'),
    cover: z.string(),
    lyric: z.string(),
    duration: z.number().nonnegative(),
    kind: z.enum(AI_JOB_KINDS),
    aiLabel: z.string(),
    upvotes: z.int().nonnegative(),
    upvoted: z.boolean().describe('当前用户是否已点赞（未登录为 false）'),
    createdAt: isoTime,
  })
  .meta({ id: 'SharedWork' })
export type SharedWork = z.output<typeof sharedWork>

export const sharePage = z
  .object({ records: z.array(sharedWork), total: z.int().nonnegative() })
  .meta({ id: 'SharePage' })
export type SharePage = z.output<typeof sharePage>

export const upvoteResult = z
  .object({ upvotes: z.int().nonnegative() })
  .meta({ id: 'UpvoteResult' })
export type UpvoteResult = z.output<typeof upvoteResult>

/** `musicfy/shareExamples`: shares anyone can listen to on the creation center (no login). */
export const shareExamples = z
  .object({ records: z.array(sharedWork) })
  .meta({ id: 'ShareExamples' })
export type ShareExamples = z.output<typeof shareExamples>

/** `musicfy/keepResult`: files a finished song or cover as the caller's own uploaded audio. */
export const keepResultBody = z.object({ jobId, resultId }).meta({ id: 'KeepResultBody' })
export type KeepResultBody = z.input<typeof keepResultBody>

export {
  AI_JOB_COSTS,
  AI_LABEL,
  CANCELLATION_PHRASE,
  CERTIFICATION_PORTFOLIO_MAX,
  DEPOSIT_GENRE_MAX,
  DEPOSIT_LYRIC_MAX,
  DEPOSIT_TITLE_MAX,
  LISTING_MAX_FEN,
  LISTING_MIN_FEN,
  UPLOAD_MAX_BYTES,
}
