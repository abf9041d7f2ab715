/**
 * WeChat Pay API v3, Native pay (the payer scans a code): request signing, order creation and
 * query, notification verification and resource decryption. Formats as documented at
 * pay.weixin.qq.com (签名生成, 签名验证, 回调报文解密, Native下单, 查询订单).
 */
import { createDecipheriv, randomBytes, sign, verify, type KeyObject } from 'node:crypto'
import { z } from 'zod'
import { formatChinaRfc3339, parseRfc3339 } from './chinaTime'
import {
  PaymentError,
  assertValidAmountFen,
  assertValidCheckoutOrder,
  headerValue,
  parseJsonText,
  wechatStyleAcknowledgement,
  rsaPrivateKey,
  rsaPublicKey,
  type Acknowledgement,
  type Checkout,
  type CheckoutOrder,
  type HttpTransport,
  type NotificationRefusal,
  type NotificationRequest,
  type OrderState,
  type PaymentNotification,
  type PaymentProvider,
  type ProviderOrderStatus,
  type RefundRequest,
  type RefundResult,
  type TransportResponse,
} from './provider'

export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048'
export const WECHATPAY_BASE_URL = 'https://api.mch.weixin.qq.com'
export const WECHATPAY_NATIVE_PATH = '/v3/pay/transactions/native'
/** WeChat Pay's own rule: a signed message more than 5 minutes from our clock is refused. */
export const WECHATPAY_TIMESTAMP_WINDOW_SECONDS = 5 * 60

export interface WechatPayConfig {
  appId: string
  mchId: string
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  merchantSerialNo: string
  merchantPrivateKey: KeyObject | string
  /** The 32-character APIv3 key that encrypts notification resources. */
  apiV3Key: string
  /**
   * WeChat Pay's verification keys by `Wechatpay-Serial`: platform certificate serials and/or
   * a `PUB_KEY_ID_...` public key id. Several during a key rotation.
   */
  platformPublicKeys: Readonly<Record<string, KeyObject | string>>
  transport: HttpTransport
  baseUrl?: string
  now?: () => Date
  /** Random 32-character nonce for request signatures; injectable for tests. */
  nonce?: () => string
}

// ---------------------------------------------------------------------------------------------
// Signatures

/** `METHOD\nPATH_AND_QUERY\nTIMESTAMP\nNONCE\nBODY\n`: the text a merchant request signs. */
export function buildWechatRequestMessage(
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`
}

/** `TIMESTAMP\nNONCE\nBODY\n`: the text WeChat Pay signs on responses and notifications. */
export function buildWechatVerifyMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`
}

export interface WechatAuthorizationInput {
  mchId: string
  serialNo: string
  privateKey: KeyObject
  method: string
  pathAndQuery: string
  body: string
  /** Seconds since the epoch. */
  timestamp: string
  nonce: string
}

/** The `Authorization` header of a merchant request. */
export function buildWechatAuthorization(input: WechatAuthorizationInput): string {
  const message = buildWechatRequestMessage(
    input.method,
    input.pathAndQuery,
    input.timestamp,
    input.nonce,
    input.body,
  )
  const signature = sign('sha256', Buffer.from(message, 'utf8'), input.privateKey).toString(
    'base64',
  )
  return (
    `${WECHATPAY_AUTH_SCHEMA} mchid="${input.mchId}",nonce_str="${input.nonce}",` +
    `signature="${signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  )
}

export interface WechatSignedMessage {
  headers: NotificationRequest['headers']
  bodyText: string
}

/**
 * Verifies the `Wechatpay-*` headers of a notification or API response against the platform
 * key named by `Wechatpay-Serial`. Throws `PaymentError` when anything is missing or wrong.
 */
export function verifyWechatSignature(
  message: WechatSignedMessage,
  platformPublicKeys: ReadonlyMap<string, KeyObject>,
  now: Date,
): void {
  const timestamp = headerValue(message.headers, 'Wechatpay-Timestamp')
  const nonce = headerValue(message.headers, 'Wechatpay-Nonce')
  const signature = headerValue(message.headers, 'Wechatpay-Signature')
  const serial = headerValue(message.headers, 'Wechatpay-Serial')
  if (!timestamp || !nonce || !signature || !serial) {
    throw new PaymentError('signature_missing', 'a Wechatpay-* header is missing')
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new PaymentError('timestamp_stale', `Wechatpay-Timestamp "${timestamp}" is not seconds`)
  }
  const driftSeconds = Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp))
  if (driftSeconds > WECHATPAY_TIMESTAMP_WINDOW_SECONDS) {
    throw new PaymentError('timestamp_stale', `Wechatpay-Timestamp is ${driftSeconds}s away`)
  }
  const publicKey = platformPublicKeys.get(serial)
  if (publicKey === undefined) {
    throw new PaymentError('signature_invalid', `unknown Wechatpay-Serial "${serial}"`)
  }
  const signed = Buffer.from(buildWechatVerifyMessage(timestamp, nonce, message.bodyText), 'utf8')
  if (!verifyRsaSha256(signed, signature, publicKey)) {
    throw new PaymentError('signature_invalid', 'Wechatpay-Signature does not verify')
  }
}

function verifyRsaSha256(data: Buffer, signatureBase64: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false
  try {
    return verify('sha256', data, publicKey, Buffer.from(signatureBase64, 'base64'))
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------------------------
// Notification resource

const encryptedResourceSchema = z.object({
  algorithm: z.literal('AEAD_AES_256_GCM'),
  ciphertext: z.string().min(1),
  nonce: z.string().min(1),
  associated_data: z.string().optional(),
})

export type WechatEncryptedResource = z.infer<typeof encryptedResourceSchema>

const notificationSchema = z.object({
  event_type: z.string(),
  resource: encryptedResourceSchema,
})

const AUTH_TAG_BYTES = 16

/**
 * AEAD_AES_256_GCM with the APIv3 key; the base64 ciphertext ends with the 16-byte tag.
 * Throws `decryption_failed` when the tag does not match (wrong key or altered resource).
 */
export function decryptWechatResource(resource: WechatEncryptedResource, apiV3Key: string): string {
  const sealed = Buffer.from(resource.ciphertext, 'base64')
  if (sealed.length <= AUTH_TAG_BYTES) {
    throw new PaymentError('decryption_failed', 'ciphertext shorter than its tag')
  }
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      Buffer.from(apiV3Key, 'utf8'),
      Buffer.from(resource.nonce, 'utf8'),
    )
    decipher.setAuthTag(sealed.subarray(sealed.length - AUTH_TAG_BYTES))
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - AUTH_TAG_BYTES)),
      decipher.final(),
    ])
    return plain.toString('utf8')
  } catch (error) {
    throw new PaymentError('decryption_failed', `resource does not decrypt: ${String(error)}`)
  }
}

/** The transaction fields we read, in notifications and order queries alike. */
const transactionSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  success_time: z.string().optional(),
  // Any number here; assertValidAmountFen decides, so every bad amount reads as amount_invalid.
  amount: z.object({ total: z.number() }),
})

type WechatTransaction = z.infer<typeof transactionSchema>

/** The fields of a refund answer we read (its amounts repeat what we asked). */
const refundAnswerSchema = z.object({
  refund_id: z.string().min(1),
  out_refund_no: z.string(),
  status: z.string(),
})

/** WeChat's trade_state in our order states. */
const TRADE_STATES: Readonly<Record<string, OrderState>> = {
  SUCCESS: 'paid',
  REFUND: 'refunded',
  NOTPAY: 'created',
  USERPAYING: 'created',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
}

// ---------------------------------------------------------------------------------------------
// The provider

export class WechatPayV3Provider implements PaymentProvider {
  readonly name = 'wechatpay'
  readonly #config: WechatPayConfig
  readonly #privateKey: KeyObject
  readonly #platformKeys: ReadonlyMap<string, KeyObject>
  readonly #now: () => Date
  readonly #nonce: () => string

  constructor(config: WechatPayConfig) {
    if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32) {
      throw new Error('The WeChat Pay APIv3 key must be 32 bytes')
    }
    this.#config = config
    this.#privateKey = rsaPrivateKey(config.merchantPrivateKey)
    this.#platformKeys = new Map(
      Object.entries(config.platformPublicKeys).map(([serial, key]) => [serial, rsaPublicKey(key)]),
    )
    this.#now = config.now ?? (() => new Date())
    this.#nonce = config.nonce ?? (() => randomBytes(16).toString('hex').toUpperCase())
  }

  /** The JSON body of a Native order (`/v3/pay/transactions/native`). */
  nativeOrderBody(order: CheckoutOrder): Record<string, unknown> {
    return {
      appid: this.#config.appId,
      mchid: this.#config.mchId,
      description: order.subject,
      out_trade_no: order.orderId,
      time_expire: formatChinaRfc3339(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    }
  }

  async createCheckout(order: CheckoutOrder): Promise<Checkout> {
    assertValidCheckoutOrder(order)
    const response = await this.#call(
      'POST',
      WECHATPAY_NATIVE_PATH,
      JSON.stringify(this.nativeOrderBody(order)),
    )
    const answer = z
      .object({ code_url: z.string().min(1) })
      .safeParse(parseJsonText(response.bodyText))
    if (!answer.success) {
      throw new PaymentError('provider_unavailable', 'Native order answer has no code_url')
    }
    return { kind: 'qrCode', codeUrl: answer.data.code_url, providerOrderRef: order.orderId }
  }

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    verifyWechatSignature(request, this.#platformKeys, this.#now())
    const envelope = notificationSchema.safeParse(parseJsonText(request.bodyText))
    if (!envelope.success) {
      throw new PaymentError('notification_malformed', 'not a WeChat Pay notification')
    }
    const plain = decryptWechatResource(envelope.data.resource, this.#config.apiV3Key)
    const transaction = transactionSchema.safeParse(parseJsonText(plain))
    if (!transaction.success) {
      throw new PaymentError('notification_malformed', 'resource is not a transaction')
    }
    this.#assertOurMerchant(transaction.data)
    return toNotification(transaction.data)
  }

  acknowledgement(ok: boolean): Acknowledgement {
    return wechatStyleAcknowledgement(ok ? 'recorded' : 'failed')
  }

  refusal(reason: NotificationRefusal): Acknowledgement {
    return wechatStyleAcknowledgement(reason)
  }

  async queryOrder(orderId: string): Promise<ProviderOrderStatus> {
    const path =
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}` +
      `?mchid=${encodeURIComponent(this.#config.mchId)}`
    const response = await this.#call('GET', path, '')
    const transaction = transactionSchema.safeParse(parseJsonText(response.bodyText))
    if (!transaction.success) {
      throw new PaymentError('provider_unavailable', 'order query answer is not a transaction')
    }
    this.#assertOurMerchant(transaction.data)
    const status = TRADE_STATES[transaction.data.trade_state]
    if (status === undefined) {
      throw new PaymentError(
        'provider_unavailable',
        `unknown trade_state ${transaction.data.trade_state}`,
      )
    }
    const paidAt =
      status === 'paid' && transaction.data.success_time !== undefined
        ? parseRfc3339(transaction.data.success_time)
        : null
    return {
      status,
      amountFen: assertValidAmountFen(transaction.data.amount.total),
      ...(transaction.data.transaction_id === undefined
        ? {}
        : { providerTradeId: transaction.data.transaction_id }),
      ...(paidAt === null ? {} : { paidAt }),
    }
  }

  /**
   * POST /v3/refund/domestic/refunds for the whole order. WeChat Pay answers SUCCESS or
   * PROCESSING for an accepted refund (the same out_refund_no again answers the same refund);
   * CLOSED and ABNORMAL need a person and are refused here, to be retried and logged.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const amountFen = assertValidAmountFen(request.amountFen)
    const body = JSON.stringify({
      out_trade_no: request.orderId,
      out_refund_no: request.refundId,
      reason: request.reason,
      amount: { refund: amountFen, total: amountFen, currency: 'CNY' },
    })
    const response = await this.#call('POST', '/v3/refund/domestic/refunds', body)
    const answer = refundAnswerSchema.safeParse(parseJsonText(response.bodyText))
    if (!answer.success) {
      throw new PaymentError('provider_unavailable', 'refund answer is not a refund')
    }
    if (answer.data.status !== 'SUCCESS' && answer.data.status !== 'PROCESSING') {
      throw new PaymentError('refund_refused', `WeChat Pay refund is ${answer.data.status}`)
    }
    return { status: 'refunded', providerRefundId: answer.data.refund_id }
  }

  /** One signed call; a 2xx answer must carry a valid WeChat Pay signature. */
  async #call(method: 'GET' | 'POST', pathAndQuery: string, body: string) {
    const authorization = buildWechatAuthorization({
      mchId: this.#config.mchId,
      serialNo: this.#config.merchantSerialNo,
      privateKey: this.#privateKey,
      method,
      pathAndQuery,
      body,
      timestamp: String(Math.floor(this.#now().getTime() / 1000)),
      nonce: this.#nonce(),
    })
    let response: TransportResponse
    try {
      response = await this.#config.transport({
        method,
        url: `${this.#config.baseUrl ?? WECHATPAY_BASE_URL}${pathAndQuery}`,
        headers: {
          Accept: 'application/json',
          Authorization: authorization,
          'User-Agent': 'gy-music-server',
          ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(method === 'POST' ? { body } : {}),
      })
    } catch (error) {
      throw new PaymentError('provider_unavailable', `transport failed: ${String(error)}`)
    }
    if (response.status < 200 || response.status >= 300) {
      const problem = z
        .object({ code: z.string(), message: z.string().optional() })
        .safeParse(parseJsonText(response.bodyText))
      const code = problem.success ? problem.data.code : 'UNKNOWN'
      if (response.status === 404 && code === 'ORDER_NOT_EXIST') {
        throw new PaymentError('order_unknown', `WeChat Pay has no order for ${pathAndQuery}`)
      }
      throw new PaymentError(
        'provider_unavailable',
        `WeChat Pay answered HTTP ${response.status} ${code}`,
      )
    }
    verifyWechatSignature(response, this.#platformKeys, this.#now())
    return response
  }

  #assertOurMerchant(transaction: WechatTransaction): void {
    if (transaction.mchid !== this.#config.mchId || transaction.appid !== this.#config.appId) {
      throw new PaymentError(
        'merchant_mismatch',
        `transaction for mchid ${transaction.mchid} appid ${transaction.appid}`,
      )
    }
  }
}

function toNotification(transaction: WechatTransaction): PaymentNotification {
  const status = TRADE_STATES[transaction.trade_state]
  if (status !== 'paid' && status !== 'closed') {
    throw new PaymentError(
      'notification_malformed',
      `trade_state ${transaction.trade_state} is not a final payment state`,
    )
  }
  const amountFen = assertValidAmountFen(transaction.amount.total)
  if (status === 'closed') {
    return {
      orderId: transaction.out_trade_no,
      providerTradeId: transaction.transaction_id ?? '',
      amountFen,
      status,
      paidAt: null,
    }
  }
  const paidAt =
    transaction.success_time === undefined ? null : parseRfc3339(transaction.success_time)
  if (transaction.transaction_id === undefined || paidAt === null) {
    throw new PaymentError('notification_malformed', 'paid transaction lacks id or success_time')
  }
  return {
    orderId: transaction.out_trade_no,
    providerTradeId: transaction.transaction_id,
    amountFen,
    status,
    paidAt,
  }
}
