/**
 * Copyright owners (著作权人) and administrative copyright registration (作品登记): the wire shapes
 * of CONTRACT.md "Copyright owners and registrations", their Chinese answers, and the checks the
 * page runs as the user types and the server runs again (shares, dates, ID numbers, credit codes).
 * A module apart from `contract.ts` so the first page load does not carry it.
 */
import { z } from 'zod'
import { isValidCreditCode } from './creditCode'
import { isValidResidentId } from './idNumber'

export const REGISTRATION_MESSAGES = {
  ownerTypeInvalid: '请选择著作权人类型：自然人或法人/组织',
  ownerNameInvalid: '请填写著作权人名称（1到50个字）',
  ownerIdTypeInvalid: '请选择证件类型',
  ownerIdNumberInvalid: '证件号码不正确，请检查后重新输入',
  ownerResidentIdInvalid: '身份证号码不正确，请检查后重新输入',
  ownerCreditCodeInvalid: '统一社会信用代码不正确，请检查后重新输入',
  ownerPhoneInvalid: '联系电话格式不正确',
  ownerAddressInvalid: '地址最多100个字',
  ownerContactInvalid: '联系人最多50个字',
  ownerIdInvalid: '著作权人编号不正确',
  ownerNotFound: '著作权人不存在',
  ownerForbidden: '只能使用你自己添加的著作权人',
  ownerInUse: '该著作权人已用于版权登记申请，不能删除',
  ownerLocked: '该著作权人已用于已提交的登记申请，不能修改',
  ownerDuplicate: '该著作权人已经添加过了',
  registrationIdInvalid: '登记申请编号不正确',
  registrationNotFound: '登记申请不存在',
  registrationForbidden: '无权操作他人的登记申请',
  registrationDepositForbidden: '只能登记你自己存证的作品',
  workTypeInvalid: '请选择作品类型',
  workTitleInvalid: '请填写作品名称（1到50个字）',
  authorNameInvalid: '请填写作者署名（1到50个字）',
  dateInvalid: '日期格式应为 年-月-日，例如 2026-01-31',
  createdOnFuture: '创作完成日期不能晚于今天',
  publishedOnFuture: '首次发表日期不能晚于今天',
  publishedBeforeCreated: '首次发表日期不能早于创作完成日期',
  placeInvalid: '请填写地点（1到50个字）',
  publishedPlaceRequired: '填写了首次发表日期时，请同时填写发表地点',
  ownersRequired: '请至少添加一位著作权人',
  ownersTooMany: '著作权人最多10位',
  ownersDuplicate: '同一位著作权人只能添加一次',
  shareInvalid: '权利份额需为1到100之间的整数',
  sharesNotHundred: '著作权人的份额合计必须为100%',
  guaranteeRequired: '请阅读并同意权利保证声明',
  attachmentsTooMany: '附件最多5个',
  registrationNotEditable: '申请已提交，当前状态不能修改',
  registrationTransitionRefused: '登记申请当前状态不允许此操作',
  registrationAlreadyPaid: '该申请已支付，无需重复支付',
  registrationNotAwaitingPayment: '该申请当前无需支付',
  pointsInsufficient: '积分不足，请先充值或选择在线支付',
  paymentMethodInvalid: '请选择支付方式：积分或在线支付',
  reviewActionInvalid: '请选择审核操作',
  reviewNoteRequired: '要求补正或不予登记时，请填写说明',
  reviewNoteTooLong: '审核说明最多200个字',
} as const

/** 音乐作品 / 文字作品（歌词）/ 视听作品 / 录音制品. */
export const WORK_TYPES = ['music', 'lyrics', 'audiovisual', 'recording'] as const
export type WorkType = (typeof WORK_TYPES)[number]

export const OWNER_ID_TYPES = [
  'resident_id',
  'passport',
  'hk_macao_permit',
  'taiwan_permit',
] as const
export type OwnerIdType = (typeof OWNER_ID_TYPES)[number]

/** The contract's statuses; packages/machines holds the same list and the arrows between them. */
export const REGISTRATION_STATUS_VALUES = [
  'draft',
  'awaiting_payment',
  'submitted',
  'in_review',
  'needs_correction',
  'registered',
  'rejected',
] as const
export type RegistrationStatusValue = (typeof REGISTRATION_STATUS_VALUES)[number]

export const REGISTRATION_OWNERS_MAX = 10
export const REGISTRATION_ATTACHMENTS_MAX = 5
/** The platform's service fee for one registration, in fen (¥300). */
export const REGISTRATION_PRICE_FEN = 30_000

const M = REGISTRATION_MESSAGES
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
// No angle brackets, quotes or control characters in names, places and notes.
const PLAIN_TEXT = /^[^<>"'\p{Cc}]*$/u
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const uuid = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID_PATTERN, { error: message })
    .transform((id) => id.toLowerCase())

const text = (message: string, max: number, min = 1) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: message })
    .regex(PLAIN_TEXT, { error: message })

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false
  const [year, month, day] = value.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

/** Today in China (UTC+8) as YYYY-MM-DD: the day the authorities' dates are counted in. */
export function chinaToday(now: Date): string {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** The first problem with a creation and first-publication date pair, or null. */
export function registrationDateProblem(
  createdOn: string,
  publishedOn: string | null | undefined,
  today: string,
): keyof typeof REGISTRATION_MESSAGES | null {
  if (!isCalendarDate(createdOn)) return 'dateInvalid'
  if (createdOn > today) return 'createdOnFuture'
  if (publishedOn === null || publishedOn === undefined || publishedOn === '') return null
  if (!isCalendarDate(publishedOn)) return 'dateInvalid'
  if (publishedOn > today) return 'publishedOnFuture'
  if (publishedOn < createdOn) return 'publishedBeforeCreated'
  return null
}

/** The first problem with a list of owners and their shares (whole percents summing to 100). */
export function sharesProblem(
  owners: readonly { ownerId: string; share: number }[],
): keyof typeof REGISTRATION_MESSAGES | null {
  if (owners.length === 0) return 'ownersRequired'
  if (owners.length > REGISTRATION_OWNERS_MAX) return 'ownersTooMany'
  if (new Set(owners.map((owner) => owner.ownerId)).size !== owners.length) {
    return 'ownersDuplicate'
  }
  for (const { share } of owners) {
    if (!Number.isInteger(share) || share < 1 || share > 100) return 'shareInvalid'
  }
  const total = owners.reduce((sum, owner) => sum + owner.share, 0)
  return total === 100 ? null : 'sharesNotHundred'
}

/** The first problem with an ID number of the given type, or null. */
export function idNumberProblem(
  idType: OwnerIdType,
  idNumber: string,
): keyof typeof REGISTRATION_MESSAGES | null {
  const value = idNumber.trim().toUpperCase()
  if (idType === 'resident_id') return isValidResidentId(value) ? null : 'ownerResidentIdInvalid'
  // Passports and the mainland travel permits: letters and digits, 5 to 20 of them.
  return /^[A-Z0-9]{5,20}$/.test(value) ? null : 'ownerIdNumberInvalid'
}

// ---------------------------------------------------------------------------------------------
// Owners

export const ownerId = uuid(M.ownerIdInvalid)

const personFields = {
  type: z.literal('person', { error: M.ownerTypeInvalid }),
  name: text(M.ownerNameInvalid, 50),
  idType: z.enum(OWNER_ID_TYPES, { error: M.ownerIdTypeInvalid }),
  idNumber: z
    .string({ error: M.ownerIdNumberInvalid })
    .trim()
    .transform((value) => value.toUpperCase()),
  phone: z
    .string({ error: M.ownerPhoneInvalid })
    .trim()
    .regex(/^(\+?\d[\d-]{5,19})?$/, { error: M.ownerPhoneInvalid })
    .optional(),
  address: text(M.ownerAddressInvalid, 100, 0).optional(),
}
const organizationFields = {
  type: z.literal('organization', { error: M.ownerTypeInvalid }),
  name: text(M.ownerNameInvalid, 50),
  creditCode: z
    .string({ error: M.ownerCreditCodeInvalid })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isValidCreditCode, { error: M.ownerCreditCodeInvalid }),
  contact: text(M.ownerContactInvalid, 50, 0).optional(),
}

function checkIdNumber(
  owner: { idType: OwnerIdType; idNumber: string },
  context: z.core.$RefinementCtx,
): void {
  const problem = idNumberProblem(owner.idType, owner.idNumber)
  if (problem !== null) {
    context.addIssue({ code: 'custom', message: M[problem], path: ['idNumber'] })
  }
}

const person = z.object(personFields).superRefine(checkIdNumber)
const organization = z.object(organizationFields)

function ownerShape() {
  return z.discriminatedUnion('type', [person, organization], { error: M.ownerTypeInvalid })
}

/** `cultureCreation/addCopyrightOwner`. */
export const addCopyrightOwnerBody = ownerShape().meta({ id: 'AddCopyrightOwnerBody' })
export type AddCopyrightOwnerBody = z.input<typeof addCopyrightOwnerBody>
export type CopyrightOwnerFields = z.output<typeof addCopyrightOwnerBody>

/** `cultureCreation/updateCopyrightOwner`: the owner's id and all its fields again. */
export const updateCopyrightOwnerBody = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ownerId, ...personFields }).superRefine(checkIdNumber),
      z.object({ ownerId, ...organizationFields }),
    ],
    { error: M.ownerTypeInvalid },
  )
  .meta({ id: 'UpdateCopyrightOwnerBody' })
export type UpdateCopyrightOwnerBody = z.input<typeof updateCopyrightOwnerBody>

export const ownerIdBody = z.object({ ownerId }).meta({ id: 'OwnerIdBody' })
export type OwnerIdBody = z.input<typeof ownerIdBody>

export const ownerCreated = z.object({ ownerId: z.string() }).meta({ id: 'OwnerCreated' })
export type OwnerCreated = z.output<typeof ownerCreated>

export const copyrightOwner = z
  .object({
    ownerId: z.string(),
    type: z.enum(['person', 'organization']),
    name: z.string(),
    idType: z.enum(OWNER_ID_TYPES).nullable(),
    /** The ID number or credit code as entered: the owner's own records, shown to them only. */
    idNumber: z.string().nullable(),
    creditCode: z.string().nullable(),
    phone: z.string(),
    address: z.string(),
    contact: z.string(),
    /** Whether a registration names this owner (then it cannot be removed). */
    inUse: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CopyrightOwner' })
export type CopyrightOwner = z.output<typeof copyrightOwner>

export const copyrightOwnerPage = z
  .object({ records: z.array(copyrightOwner), total: z.int().nonnegative() })
  .meta({ id: 'CopyrightOwnerPage' })
export type CopyrightOwnerPage = z.output<typeof copyrightOwnerPage>

// ---------------------------------------------------------------------------------------------
// Registrations

export const registrationId = uuid(M.registrationIdInvalid)
const date = z.string({ error: M.dateInvalid }).trim().refine(isCalendarDate, {
  error: M.dateInvalid,
})

const registrationFields = {
  depositId: uuid('存证编号不正确'),
  workType: z.enum(WORK_TYPES, { error: M.workTypeInvalid }),
  title: text(M.workTitleInvalid, 50),
  authorName: text(M.authorNameInvalid, 50),
  createdOn: date,
  createdPlace: text(M.placeInvalid, 50),
  publishedOn: date.nullable().optional(),
  publishedPlace: text(M.placeInvalid, 50, 0).optional(),
  owners: z
    .array(
      z.object({
        ownerId,
        share: z.int({ error: M.shareInvalid }).min(1, { error: M.shareInvalid }).max(100, {
          error: M.shareInvalid,
        }),
      }),
      { error: M.ownersRequired },
    )
    .max(REGISTRATION_OWNERS_MAX, { error: M.ownersTooMany }),
  /** The applicant agrees to the rights statement (`guaranteeTitle`); required to submit. */
  guaranteeAccepted: z.boolean({ error: M.guaranteeRequired }).default(false),
  attachmentFileIds: z
    .array(uuid('文件编号不正确'), { error: '文件编号不正确' })
    .max(REGISTRATION_ATTACHMENTS_MAX, { error: M.attachmentsTooMany })
    .default([]),
}

function checkRegistration(
  body: {
    owners: { ownerId: string; share: number }[]
    publishedOn?: string | null | undefined
    publishedPlace?: string | undefined
  },
  context: z.core.$RefinementCtx,
): void {
  const shares = sharesProblem(body.owners)
  if (shares !== null) context.addIssue({ code: 'custom', message: M[shares], path: ['owners'] })
  const published = body.publishedOn !== null && body.publishedOn !== undefined
  if (published && (body.publishedPlace ?? '') === '') {
    context.addIssue({
      code: 'custom',
      message: M.publishedPlaceRequired,
      path: ['publishedPlace'],
    })
  }
}

/** `cultureCreation/addRegisterCopyright`: a new draft. Future dates are refused by the server. */
export const addRegisterCopyrightBody = z
  .object(registrationFields)
  .superRefine(checkRegistration)
  .meta({ id: 'AddRegisterCopyrightBody' })
export type AddRegisterCopyrightBody = z.input<typeof addRegisterCopyrightBody>
export type RegistrationFields = z.output<typeof addRegisterCopyrightBody>

/** `cultureCreation/updateRegisterCopyright`: a draft or an application sent back for correction. */
export const updateRegisterCopyrightBody = z
  .object({ registrationId, ...registrationFields })
  .superRefine(checkRegistration)
  .meta({ id: 'UpdateRegisterCopyrightBody' })
export type UpdateRegisterCopyrightBody = z.input<typeof updateRegisterCopyrightBody>

export const registrationIdBody = z.object({ registrationId }).meta({ id: 'RegistrationIdBody' })
export type RegistrationIdBody = z.input<typeof registrationIdBody>

export const registrationSaved = z
  .object({ registrationId: z.string(), status: z.enum(REGISTRATION_STATUS_VALUES) })
  .meta({ id: 'RegistrationSaved' })
export type RegistrationSaved = z.output<typeof registrationSaved>

export const registrationEvent = z.object({
  status: z.enum(REGISTRATION_STATUS_VALUES),
  note: z.string().nullable(),
  at: z.iso.datetime(),
})
export type RegistrationEvent = z.output<typeof registrationEvent>

export const registrationRecord = z
  .object({
    registrationId: z.string(),
    depositId: z.string(),
    depositCertificateNo: z.string(),
    workType: z.enum(WORK_TYPES),
    title: z.string(),
    authorName: z.string(),
    createdOn: z.string(),
    createdPlace: z.string(),
    publishedOn: z.string().nullable(),
    publishedPlace: z.string(),
    owners: z.array(
      z.object({
        ownerId: z.string(),
        name: z.string(),
        type: z.enum(['person', 'organization']),
        share: z.int(),
      }),
    ),
    guaranteeAccepted: z.boolean(),
    attachments: z.array(z.object({ fileId: z.string(), url: z.string() })),
    status: z.enum(REGISTRATION_STATUS_VALUES),
    /** The reviewer's note when sent back for correction or not registered; null otherwise. */
    note: z.string().nullable(),
    registrationNo: z.string().nullable(),
    /** The registration certificate PDF (signed link) once registered; null before. */
    certificateUrl: z.string().nullable(),
    priceFen: z.int().positive(),
    paidWith: z.enum(['points', 'provider']).nullable(),
    paidAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    history: z.array(registrationEvent),
  })
  .meta({ id: 'RegistrationRecord' })
export type RegistrationRecord = z.output<typeof registrationRecord>

export const registrationPage = z
  .object({ records: z.array(registrationRecord), total: z.int().nonnegative() })
  .meta({ id: 'RegistrationPage' })
export type RegistrationPage = z.output<typeof registrationPage>

/** `cultureCreation/price`: the fee, in fen and in points at the top-up rate. */
export const registrationPrice = z
  .object({ priceFen: z.int().positive(), points: z.int().positive() })
  .meta({ id: 'RegistrationPrice' })
export type RegistrationPrice = z.output<typeof registrationPrice>

/** `cultureCreation/guaranteeTitle`: the rights statement the applicant agrees to. */
export const guaranteeTitle = z
  .object({ title: z.string(), statements: z.array(z.string()) })
  .meta({ id: 'GuaranteeTitle' })
export type GuaranteeTitle = z.output<typeof guaranteeTitle>

export const PAYMENT_METHODS = ['points', 'provider'] as const
export type RegistrationPaymentMethod = (typeof PAYMENT_METHODS)[number]

/** `payment/registerWeb`: pay a registration's fee with points or through the payment provider. */
export const registerWebBody = z
  .object({
    registrationId,
    method: z.enum(PAYMENT_METHODS, { error: M.paymentMethodInvalid }),
  })
  .meta({ id: 'RegisterWebBody' })
export type RegisterWebBody = z.input<typeof registerWebBody>

export const registrationPayment = z
  .object({
    registrationId: z.string(),
    status: z.enum(REGISTRATION_STATUS_VALUES),
    /** For `provider`: the checkout to open and the order to follow; null when paid with points. */
    orderId: z.string().nullable(),
    checkoutUrl: z.string().nullable(),
    amountFen: z.int().positive(),
    /** The points balance after paying with points; null for the provider. */
    balance: z.int().nonnegative().nullable(),
  })
  .meta({ id: 'RegistrationPayment' })
export type RegistrationPayment = z.output<typeof registrationPayment>

/** `cicc-server/payment/copyrightStatus`: where a registration's payment stands. */
export const copyrightPaymentStatus = z
  .object({
    registrationId: z.string(),
    status: z.enum(REGISTRATION_STATUS_VALUES),
    paid: z.boolean(),
    orderId: z.string().nullable(),
    orderState: z.enum(['created', 'paid', 'closed', 'refunded']).nullable(),
  })
  .meta({ id: 'CopyrightPaymentStatus' })
export type CopyrightPaymentStatus = z.output<typeof copyrightPaymentStatus>

export const fileLink = z.object({ url: z.string() }).meta({ id: 'FileLink' })
export type FileLink = z.output<typeof fileLink>

// ---------------------------------------------------------------------------------------------
// Review

export const REVIEW_ACTIONS = ['start', 'requestCorrection', 'register', 'reject'] as const
export type RegistrationReviewAction = (typeof REVIEW_ACTIONS)[number]

export const registrationReviewBody = z
  .object({
    registrationId,
    action: z.enum(REVIEW_ACTIONS, { error: M.reviewActionInvalid }),
    note: z
      .string({ error: M.reviewNoteRequired })
      .trim()
      .max(200, { error: M.reviewNoteTooLong })
      .regex(PLAIN_TEXT, { error: M.reviewNoteRequired })
      .optional(),
  })
  .refine(
    (body) =>
      (body.action !== 'requestCorrection' && body.action !== 'reject') || (body.note ?? '') !== '',
    { error: M.reviewNoteRequired },
  )
  .meta({ id: 'RegistrationReviewBody' })
export type RegistrationReviewBody = z.input<typeof registrationReviewBody>

export const reviewListBody = z
  .object({
    page: z.int().min(1).max(10_000).default(1),
    pageSize: z.int().min(1).max(50).default(10),
  })
  .default({ page: 1, pageSize: 10 })

// ---------------------------------------------------------------------------------------------
// Wording shared by the pages and the PDFs

export const WORK_TYPE_LABELS: Record<WorkType, string> = {
  music: '音乐作品',
  lyrics: '文字作品（歌词）',
  audiovisual: '视听作品',
  recording: '录音制品',
}

export const OWNER_ID_TYPE_LABELS: Record<OwnerIdType, string> = {
  resident_id: '居民身份证',
  passport: '护照',
  hk_macao_permit: '港澳居民来往内地通行证',
  taiwan_permit: '台湾居民来往大陆通行证',
}

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatusValue, string> = {
  draft: '草稿',
  awaiting_payment: '待支付',
  submitted: '已提交',
  in_review: '审核中',
  needs_correction: '需补正',
  registered: '已登记',
  rejected: '未通过',
}

/** The rights statement (`guaranteeTitle`) an applicant agrees to before submitting. */
export const GUARANTEE_TITLE: GuaranteeTitle = {
  title: '权利保证声明',
  statements: [
    '申请人保证所填写的作品信息、作者及著作权人信息真实、准确、完整。',
    '申请登记的作品由作者独立创作完成，不存在抄袭、剽窃他人作品的情形。',
    '申请人对该作品享有著作权或经著作权人合法授权，权利份额如实填写。',
    '如因登记信息不实引起任何纠纷，由申请人承担全部法律责任。',
  ],
}
