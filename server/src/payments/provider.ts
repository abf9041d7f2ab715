/**
 * What every payment provider offers the points top-up routes, and the rules that hold whichever
 * provider takes the money: order states, the 30-minute lifetime, amount limits, the error type.
 * Pure logic: no database, no HTTP server, no network except through an injected transport.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'

// ---------------------------------------------------------------------------------------------
// Errors

/** Chinese messages shown to the user (or logged) for each failure, keyed by an English code. */
export const PAYMENT_MESSAGES = {
  amount_invalid: '充值金额需在0.01元到50000元之间',
  order_invalid: '订单信息不正确',
  order_unknown: '订单不存在',
  order_expired: '订单已过期，请重新下单',
  amount_mismatch: '支付金额与订单金额不一致',
  state_transition_invalid: '订单当前状态不允许此操作',
  signature_missing: '支付通知缺少签名信息',
  signature_invalid: '支付签名校验失败',
  timestamp_stale: '支付通知时间戳无效或已过期',
  notification_malformed: '支付通知内容格式不正确',
  decryption_failed: '支付通知解密失败',
  merchant_mismatch: '支付通知的商户信息不匹配',
  provider_unavailable: '支付服务暂时不可用，请稍后重试',
  refund_refused: '支付服务未受理退款，稍后会自动重试',
} as const

export type PaymentErrorCode = keyof typeof PAYMENT_MESSAGES

/**
 * A refused payment operation. `message` is Chinese and safe to show; `detail` is English, for
 * the log only (it may name keys, serials or provider answers the user must not see).
 */
export class PaymentError extends Error {
  readonly code: PaymentErrorCode
  readonly detail: string

  constructor(code: PaymentErrorCode, detail: string = code) {
    super(PAYMENT_MESSAGES[code])
    this.name = 'PaymentError'
    this.code = code
    this.detail = detail
  }
}

// ---------------------------------------------------------------------------------------------
// Order states

export const ORDER_STATES = ['created', 'paid', 'closed', 'refunded'] as const
export type OrderState = (typeof ORDER_STATES)[number]

/**
 * `closed → paid` is allowed on purpose: a user who paid in the last seconds before expiry may
 * be notified after our own sweep closed the order. The provider took the money, so the payment
 * wins; refusing it would keep the user's money without crediting points.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  created: ['paid', 'closed'],
  paid: ['refunded'],
  closed: ['paid'],
  refunded: [],
}

export function canTransition(from: OrderState, to: OrderState): boolean {
  return ORDER_TRANSITIONS[from].includes(to)
}

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value)
}

export const ORDER_TTL_MS = 30 * 60 * 1000

export function orderExpiresAt(createdAt: Date, ttlMs: number = ORDER_TTL_MS): Date {
  return new Date(createdAt.getTime() + ttlMs)
}

export function isOrderExpired(order: { expiresAt: Date }, now: Date): boolean {
  return now.getTime() >= order.expiresAt.getTime()
}

/**
 * Our out_trade_no: WeChat Pay accepts 6 to 32 characters, Alipay up to 64 of letters, digits
 * and underscores; this is the intersection, so one id works with every provider.
 */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9_]{6,32}$/

// ---------------------------------------------------------------------------------------------
// Amounts: integer fen (1 yuan = 100 fen) everywhere; yuan text only at the Alipay boundary.

export const MIN_AMOUNT_FEN = 1
/** ¥50,000: far above any sensible points top-up, low enough to stop a typo or an attack. */
export const MAX_AMOUNT_FEN = 5_000_000

/** Returns the amount when it is a whole number of fen within limits; throws `amount_invalid`. */
export function assertValidAmountFen(amountFen: unknown): number {
  if (
    typeof amountFen !== 'number' ||
    !Number.isSafeInteger(amountFen) ||
    amountFen < MIN_AMOUNT_FEN ||
    amountFen > MAX_AMOUNT_FEN
  ) {
    throw new PaymentError('amount_invalid', `amount ${String(amountFen)} fen is out of range`)
  }
  return amountFen
}

/** Plain decimal yuan with at most two decimals; no sign, exponent, spaces or leading zeros. */
const YUAN_TEXT = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/

/**
 * '1999.99' → 199999. Parses the digits as text so no binary float ever touches the money,
 * then applies the amount limits (so '0', '-1', '1e3' and 'abc' are all `amount_invalid`).
 */
export function yuanToFen(yuanText: string): number {
  const match = YUAN_TEXT.exec(yuanText)
  if (match === null) {
    throw new PaymentError('amount_invalid', `"${yuanText.slice(0, 32)}" is not a yuan amount`)
  }
  const whole = Number(match[1])
  const fraction = Number((match[2] ?? '').padEnd(2, '0'))
  return assertValidAmountFen(whole * 100 + fraction)
}

/** 199999 → '1999.99'; 1 → '0.01'. */
export function fenToYuan(amountFen: number): string {
  assertValidAmountFen(amountFen)
  const whole = Math.floor(amountFen / 100)
  const fraction = String(amountFen % 100).padStart(2, '0')
  return `${whole}.${fraction}`
}

// ---------------------------------------------------------------------------------------------
// The provider interface

/** What the routes hand a provider to start a top-up. */
export interface CheckoutOrder {
  orderId: string
  amountFen: number
  /** Shown to the payer by the provider, e.g. 'GY音乐积分充值'. */
  subject: string
  expiresAt: Date
  /** Absolute URL the provider POSTs its asynchronous notification to. */
  notifyUrl: string
  /** Absolute URL the payer's browser comes back to after paying (page flows only). */
  returnUrl: string
  /**
   * The checkout the payer asked for, where a provider offers both (the sandbox); providers with
   * one kind answer with theirs.
   */
  preferredKind?: Checkout['kind']
}

/** Where the payer goes to pay: a page to open, or a code to show as a QR image. */
export type Checkout =
  | { kind: 'redirect'; checkoutUrl: string; providerOrderRef: string }
  | { kind: 'qrCode'; codeUrl: string; providerOrderRef: string }

/** An incoming notification exactly as received: the raw body text is what was signed. */
export interface NotificationRequest {
  headers: Readonly<Record<string, string | string[] | undefined>>
  bodyText: string
}

/** A notification whose signature has been verified. */
export interface PaymentNotification {
  orderId: string
  providerTradeId: string
  amountFen: number
  status: 'paid' | 'closed'
  /** When the payer paid; null for a closed order. */
  paidAt: Date | null
}

/** The HTTP answer the provider expects to a notification. */
export interface Acknowledgement {
  status: number
  contentType: string
  body: string
}

/**
 * Why a notification is refused for what it is, a mistake of the sender's and not a fault of
 * ours: 'malformed', it can never be accepted as sent (not the provider's format, signed too long
 * ago, a field or an order that is not ours); 'unverified', its signature does not verify or its
 * resource does not decrypt.
 */
export type NotificationRefusal = 'malformed' | 'unverified'

/**
 * WeChat Pay API v3's answers to a notification, which the sandbox imitates: 200 and SUCCESS once
 * it is recorded; otherwise FAIL with a 4XX or 5XX status (回调通知应答): 400 for a malformed
 * notification, 401 for one whose signature does not verify, 500 when we could not record it.
 */
export function wechatStyleAcknowledgement(
  outcome: 'recorded' | NotificationRefusal | 'failed',
): Acknowledgement {
  if (outcome === 'recorded') {
    return { status: 200, contentType: 'application/json', body: '{"code":"SUCCESS"}' }
  }
  const [status, message] =
    outcome === 'malformed'
      ? [400, '通知内容无效']
      : outcome === 'unverified'
        ? [401, '签名验证失败']
        : [500, '失败']
  return {
    status,
    contentType: 'application/json',
    body: JSON.stringify({ code: 'FAIL', message }),
  }
}

export interface ProviderOrderStatus {
  status: OrderState
  amountFen: number
  providerTradeId?: string
  /** When the payer paid, where the provider's answer says so. */
  paidAt?: Date
}

/** A refund of a whole paid order, asked of the provider that took the payment. */
export interface RefundRequest {
  orderId: string
  /** Ours, unique per refund: asking again with it refunds nothing more. */
  refundId: string
  amountFen: number
  /** Shown to the payer by the provider. */
  reason: string
}

/**
 * 'refunded': the money is on its way back (WeChat Pay's SUCCESS or PROCESSING, Alipay's
 * fund change): nothing more is ours to do.
 */
export interface RefundResult {
  status: 'refunded'
  providerRefundId: string | null
}

export interface PaymentProvider {
  readonly name: string
  /** Throws `PaymentError` for an invalid order or when the provider refuses it. */
  createCheckout(order: CheckoutOrder): Promise<Checkout>
  /**
   * Verifies and decodes a notification. Throws `PaymentError` (signature_missing,
   * signature_invalid, timestamp_stale, notification_malformed, decryption_failed,
   * merchant_mismatch, amount_invalid) when it cannot be trusted.
   */
  parseNotification(request: NotificationRequest): Promise<PaymentNotification>
  /**
   * `true` once the notification is recorded, so the provider stops sending it; `false` when we
   * could not record it (the database is down): a fault of ours, and the provider sends it again.
   */
  acknowledgement(ok: boolean): Acknowledgement
  /** The answer to a notification refused for what it is, in the provider's own format. */
  refusal(reason: NotificationRefusal): Acknowledgement
  /** Asks the provider; throws `order_unknown` when it has never seen the order. */
  queryOrder(orderId: string): Promise<ProviderOrderStatus>
  /**
   * Refunds a paid order in full. Idempotent on `refundId`. Throws `PaymentError` when the
   * provider refuses or cannot be reached; the caller asks again later with the same id.
   */
  refund(request: RefundRequest): Promise<RefundResult>
}

/** Validates what the routes pass to `createCheckout`, before any provider signs it. */
export function assertValidCheckoutOrder(order: CheckoutOrder): void {
  assertValidAmountFen(order.amountFen)
  if (!ORDER_ID_PATTERN.test(order.orderId)) {
    throw new PaymentError('order_invalid', `order id "${order.orderId}" is not 6-32 [A-Za-z0-9_]`)
  }
  const subjectLength = [...order.subject].length
  if (subjectLength === 0 || subjectLength > 64) {
    throw new PaymentError('order_invalid', 'subject must have 1 to 64 characters')
  }
  if (Number.isNaN(order.expiresAt.getTime())) {
    throw new PaymentError('order_invalid', 'expiresAt is not a valid date')
  }
  for (const url of [order.notifyUrl, order.returnUrl]) {
    if (!URL.canParse(url)) throw new PaymentError('order_invalid', `"${url}" is not a URL`)
  }
}

// ---------------------------------------------------------------------------------------------
// Matching a verified notification with our order

/** The fields of our stored order a notification is checked against. */
export interface StoredOrder {
  orderId: string
  amountFen: number
  state: OrderState
}

/**
 * What to do with a verified notification: move the order, or acknowledge without change
 * (a repeat of what we already recorded: providers retry until acknowledged).
 */
export type NotificationDecision =
  | { action: 'transition'; from: OrderState; to: OrderState }
  | { action: 'acknowledge'; reason: 'already_recorded' | 'superseded' }

/**
 * Checks a verified notification against our order. Refuses (throws) an unknown order, another
 * order's notification and an amount that differs from the order by even one fen.
 */
export function decideNotification(
  order: StoredOrder | undefined,
  notification: PaymentNotification,
): NotificationDecision {
  if (order === undefined) {
    throw new PaymentError('order_unknown', `no order "${notification.orderId}"`)
  }
  if (order.orderId !== notification.orderId) {
    throw new PaymentError(
      'order_unknown',
      `notification for "${notification.orderId}" matched against "${order.orderId}"`,
    )
  }
  if (order.amountFen !== notification.amountFen) {
    throw new PaymentError(
      'amount_mismatch',
      `order ${order.orderId}: expected ${order.amountFen} fen, notified ${notification.amountFen}`,
    )
  }
  if (order.state === notification.status) {
    return { action: 'acknowledge', reason: 'already_recorded' }
  }
  if (canTransition(order.state, notification.status)) {
    return { action: 'transition', from: order.state, to: notification.status }
  }
  // A 'closed' after 'paid' (Alipay closes a fully refunded trade) or anything after 'refunded':
  // our own refund flow owns those changes, and a refusal would only make the provider retry.
  return { action: 'acknowledge', reason: 'superseded' }
}

// ---------------------------------------------------------------------------------------------
// Shared plumbing for adapters

/** One HTTP exchange, as the adapters need it; tests pass a fake, production `fetchTransport`. */
export interface TransportRequest {
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  body?: string
}

export interface TransportResponse {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string | undefined>
  bodyText: string
}

export type HttpTransport = (request: TransportRequest) => Promise<TransportResponse>

/** The production transport: global `fetch` with a timeout. */
export function fetchTransport(timeoutMs = 15_000, fetchImpl: typeof fetch = fetch): HttpTransport {
  return async (request) => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value
    })
    return { status: response.status, headers, bodyText: await response.text() }
  }
}

/** JSON.parse that answers undefined instead of throwing: provider input is untrusted. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Case-insensitive header lookup; a repeated header counts as malformed (returns undefined). */
export function headerValue(
  headers: NotificationRequest['headers'],
  name: string,
): string | undefined {
  const wanted = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : undefined
  }
  return undefined
}

/** Alipay's key tools hand out bare base64 DER keys without the PEM armour. */
function isPem(text: string): boolean {
  return text.includes('-----BEGIN ')
}

/**
 * A PEM text, a bare base64 PKCS#8 key or a KeyObject, checked to be an RSA private key, so a
 * wrong configuration fails at start rather than at the first payment.
 */
export function rsaPrivateKey(key: KeyObject | string): KeyObject {
  const keyObject =
    typeof key !== 'string'
      ? key
      : isPem(key)
        ? createPrivateKey(key)
        : createPrivateKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'pkcs8' })
  if (keyObject.type !== 'private' || keyObject.asymmetricKeyType !== 'rsa') {
    throw new Error('Expected an RSA private key')
  }
  return keyObject
}

/** A PEM text (key or certificate), a bare base64 SPKI key or a KeyObject: an RSA public key. */
export function rsaPublicKey(key: KeyObject | string): KeyObject {
  const keyObject =
    typeof key !== 'string'
      ? key
      : isPem(key)
        ? createPublicKey(key)
        : createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' })
  if (keyObject.type !== 'public' || keyObject.asymmetricKeyType !== 'rsa') {
    throw new Error('Expected an RSA public key')
  }
  return keyObject
}
