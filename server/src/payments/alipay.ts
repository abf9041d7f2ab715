/**
 * Alipay open platform (openapi gateway), RSA2: request signing for `alipay.trade.page.pay`
 * (desktop cashier page) and `alipay.trade.precreate` (QR code), `alipay.trade.query`, and the
 * verification of asynchronous notifications and of gateway answers. Formats as documented at
 * opendocs.alipay.com (自行实现签名, 异步通知验签, 统一收单下单并支付页面接口, 统一收单线下交易预创建).
 */
import { sign, verify, type KeyObject } from 'node:crypto'
import { z } from 'zod'
import { formatChinaDateTime, parseChinaDateTime } from './chinaTime'
import {
  PaymentError,
  assertValidCheckoutOrder,
  fenToYuan,
  parseJsonText,
  rsaPrivateKey,
  rsaPublicKey,
  yuanToFen,
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

export const ALIPAY_GATEWAY_URL = 'https://openapi.alipay.com/gateway.do'

export type AlipayParams = Readonly<Record<string, string | undefined>>

export interface AlipayConfig {
  appId: string
  /** The application private key registered with Alipay; signs our requests. */
  appPrivateKey: KeyObject | string
  /** Alipay's public key (public-key mode); verifies notifications and gateway answers. */
  alipayPublicKey: KeyObject | string
  /** 'page': redirect to the Alipay cashier; 'precreate': a QR code shown on our page. */
  checkoutMode: 'page' | 'precreate'
  transport: HttpTransport
  gatewayUrl?: string
  now?: () => Date
}

// ---------------------------------------------------------------------------------------------
// Signatures

/** Keys left out of the signed string: requests sign everything but `sign`. */
export const REQUEST_UNSIGNED_KEYS = ['sign'] as const
/** Notifications are signed without `sign` and `sign_type`. */
export const NOTIFICATION_UNSIGNED_KEYS = ['sign', 'sign_type'] as const

/**
 * `a=1&b=2&...`: every non-empty parameter except the excluded keys, sorted by key in ASCII
 * order, raw values (not URL-encoded).
 */
export function buildAlipaySigningString(
  params: AlipayParams,
  excludedKeys: readonly string[] = REQUEST_UNSIGNED_KEYS,
): string {
  return Object.entries(params)
    .filter(
      (entry): entry is [string, string] =>
        !excludedKeys.includes(entry[0]) && entry[1] !== undefined && entry[1] !== '',
    )
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
}

/** SHA256withRSA, base64: the RSA2 `sign`. */
export function signAlipayText(text: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64')
}

export function verifyAlipayText(text: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'))
  } catch {
    return false
  }
}

/** The request parameters with `sign` added. */
export function signAlipayParams(params: AlipayParams, privateKey: KeyObject): AlipayParams {
  return { ...params, sign: signAlipayText(buildAlipaySigningString(params), privateKey) }
}

/**
 * The raw text of `<method>_response` in a gateway answer: Alipay signs those exact bytes, so
 * re-serialising the parsed JSON could change them (spacing, escapes) and break verification.
 */
export function extractAlipayResponseNode(bodyText: string, method: string): string | null {
  const key = `"${method.replaceAll('.', '_')}_response"`
  const keyAt = bodyText.indexOf(key)
  if (keyAt < 0) return null
  let start = keyAt + key.length
  while (start < bodyText.length && /[\s:]/.test(bodyText.charAt(start))) start += 1
  if (bodyText.charAt(start) !== '{') return null
  let depth = 0
  let inString = false
  for (let index = start; index < bodyText.length; index += 1) {
    const char = bodyText.charAt(index)
    if (inString) {
      if (char === '\\') index += 1
      else if (char === '"') inString = false
    } else if (char === '"') {
      inString = true
    } else if (char === '{') {
      depth += 1
    } else if (char === '}') {
      depth -= 1
      if (depth === 0) return bodyText.slice(start, index + 1)
    }
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// The provider

const TRADE_STATUSES: Readonly<Record<string, OrderState>> = {
  WAIT_BUYER_PAY: 'created',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  // Also a fully refunded trade; our own refund records tell the two apart.
  TRADE_CLOSED: 'closed',
}

const gatewayAnswerSchema = z.object({
  code: z.string(),
  msg: z.string().optional(),
  sub_code: z.string().optional(),
})

const precreateAnswerSchema = z.object({ qr_code: z.string().min(1) })

const queryAnswerSchema = z.object({
  trade_no: z.string().optional(),
  trade_status: z.string(),
  total_amount: z.string(),
  /** China time, `yyyy-MM-dd HH:mm:ss`, once paid. */
  send_pay_date: z.string().optional(),
})

const GATEWAY_SUCCESS = '10000'

/** refund_fee is the trade's refunded total so far, in yuan. */
const refundAnswerSchema = z.object({
  refund_fee: z.string(),
  trade_no: z.string().optional(),
  fund_change: z.string().optional(),
})

export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay'
  readonly #config: AlipayConfig
  readonly #privateKey: KeyObject
  readonly #alipayPublicKey: KeyObject
  readonly #now: () => Date

  constructor(config: AlipayConfig) {
    this.#config = config
    this.#privateKey = rsaPrivateKey(config.appPrivateKey)
    this.#alipayPublicKey = rsaPublicKey(config.alipayPublicKey)
    this.#now = config.now ?? (() => new Date())
  }

  /** The common request parameters plus `biz_content`, signed. */
  buildRequest(
    method: string,
    bizContent: Record<string, string>,
    extra: Record<string, string> = {},
  ): AlipayParams {
    const params: Record<string, string> = {
      app_id: this.#config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatChinaDateTime(this.#now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    }
    return signAlipayParams(params, this.#privateKey)
  }

  async createCheckout(order: CheckoutOrder): Promise<Checkout> {
    assertValidCheckoutOrder(order)
    const bizContent = {
      out_trade_no: order.orderId,
      total_amount: fenToYuan(order.amountFen),
      subject: order.subject,
      time_expire: formatChinaDateTime(order.expiresAt),
    }
    if (this.#config.checkoutMode === 'page') {
      const params = this.buildRequest(
        'alipay.trade.page.pay',
        { ...bizContent, product_code: 'FAST_INSTANT_TRADE_PAY' },
        { notify_url: order.notifyUrl, return_url: order.returnUrl },
      )
      // The cashier page is opened by the browser itself: nothing to send from the server.
      return {
        kind: 'redirect',
        checkoutUrl: `${this.#gatewayUrl()}?${toQuery(params)}`,
        providerOrderRef: order.orderId,
      }
    }
    const answer = await this.#call(
      'alipay.trade.precreate',
      { ...bizContent, product_code: 'FACE_TO_FACE_PAYMENT' },
      { notify_url: order.notifyUrl },
    )
    const precreated = precreateAnswerSchema.safeParse(answer)
    if (!precreated.success) {
      throw new PaymentError('provider_unavailable', 'precreate answer has no qr_code')
    }
    return { kind: 'qrCode', codeUrl: precreated.data.qr_code, providerOrderRef: order.orderId }
  }

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    const params = parseForm(request.bodyText)
    if (params === null) {
      throw new PaymentError('notification_malformed', 'body is not a form with unique keys')
    }
    if (!params.sign) throw new PaymentError('signature_missing', 'no sign parameter')
    if (params.sign_type !== 'RSA2') {
      throw new PaymentError('signature_invalid', `sign_type "${params.sign_type}" is not RSA2`)
    }
    const signedText = buildAlipaySigningString(params, NOTIFICATION_UNSIGNED_KEYS)
    if (!verifyAlipayText(signedText, params.sign, this.#alipayPublicKey)) {
      throw new PaymentError('signature_invalid', 'notification sign does not verify')
    }
    if (params.app_id !== this.#config.appId) {
      throw new PaymentError('merchant_mismatch', `notification for app_id ${params.app_id}`)
    }
    if (params.charset !== undefined && params.charset.toLowerCase() !== 'utf-8') {
      throw new PaymentError('notification_malformed', `charset ${params.charset} is not utf-8`)
    }
    const { out_trade_no: orderId, trade_no: tradeId, trade_status: tradeStatus } = params
    if (!orderId || !tradeId || !tradeStatus || params.total_amount === undefined) {
      throw new PaymentError('notification_malformed', 'a trade field is missing')
    }
    const status = TRADE_STATUSES[tradeStatus]
    if (status !== 'paid' && status !== 'closed') {
      throw new PaymentError('notification_malformed', `trade_status ${tradeStatus} is not final`)
    }
    const amountFen = yuanToFen(params.total_amount)
    if (status === 'closed') {
      return { orderId, providerTradeId: tradeId, amountFen, status, paidAt: null }
    }
    const paidAt = parseChinaDateTime(params.gmt_payment ?? '')
    if (paidAt === null) {
      throw new PaymentError('notification_malformed', 'paid trade lacks gmt_payment')
    }
    return { orderId, providerTradeId: tradeId, amountFen, status, paidAt }
  }

  acknowledgement(ok: boolean): Acknowledgement {
    // Alipay reads only the body: anything but `success` makes it send the notification again.
    // The status says to anyone else whose fault a `fail` is, as for refusals.
    return ok
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 500, contentType: 'text/plain; charset=utf-8', body: 'fail' }
  }

  refusal(reason: NotificationRefusal): Acknowledgement {
    const status = reason === 'malformed' ? 400 : 401
    return { status, contentType: 'text/plain; charset=utf-8', body: 'fail' }
  }

  async queryOrder(orderId: string): Promise<ProviderOrderStatus> {
    const answer = await this.#call('alipay.trade.query', { out_trade_no: orderId })
    const trade = queryAnswerSchema.safeParse(answer)
    if (!trade.success) {
      throw new PaymentError('provider_unavailable', 'query answer has no trade_status')
    }
    const status = TRADE_STATUSES[trade.data.trade_status]
    if (status === undefined) {
      throw new PaymentError(
        'provider_unavailable',
        `unknown trade_status ${trade.data.trade_status}`,
      )
    }
    const paidAt = status === 'paid' ? parseChinaDateTime(trade.data.send_pay_date ?? '') : null
    return {
      status,
      amountFen: yuanToFen(trade.data.total_amount),
      ...(trade.data.trade_no === undefined ? {} : { providerTradeId: trade.data.trade_no }),
      ...(paidAt === null ? {} : { paidAt }),
    }
  }

  /**
   * alipay.trade.refund for the whole trade, with our refund id as out_request_no (asking again
   * with it refunds nothing more). Accepted when Alipay says the money moved (fund_change Y) or
   * answers success for a request it had already done.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const answer = await this.#call('alipay.trade.refund', {
      out_trade_no: request.orderId,
      out_request_no: request.refundId,
      refund_amount: fenToYuan(request.amountFen),
      refund_reason: request.reason,
    })
    const refund = refundAnswerSchema.safeParse(answer)
    if (!refund.success) {
      throw new PaymentError('provider_unavailable', 'refund answer has no refund_fee')
    }
    if (yuanToFen(refund.data.refund_fee) < request.amountFen) {
      throw new PaymentError('refund_refused', `Alipay refunded ${refund.data.refund_fee} only`)
    }
    return { status: 'refunded', providerRefundId: refund.data.trade_no ?? null }
  }

  #gatewayUrl(): string {
    return this.#config.gatewayUrl ?? ALIPAY_GATEWAY_URL
  }

  /** POSTs a signed request to the gateway; returns the verified `<method>_response` object. */
  async #call(
    method: string,
    bizContent: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<unknown> {
    const params = this.buildRequest(method, bizContent, extra)
    let response: TransportResponse
    try {
      response = await this.#config.transport({
        method: 'POST',
        url: this.#gatewayUrl(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: toQuery(params),
      })
    } catch (error) {
      throw new PaymentError('provider_unavailable', `transport failed: ${String(error)}`)
    }
    if (response.status !== 200) {
      throw new PaymentError('provider_unavailable', `gateway answered HTTP ${response.status}`)
    }
    const nodeText = extractAlipayResponseNode(response.bodyText, method)
    const parsedBody = z
      .object({ sign: z.string().optional() })
      .safeParse(parseJsonText(response.bodyText))
    if (nodeText === null || !parsedBody.success) {
      throw new PaymentError('provider_unavailable', `gateway answer has no ${method} response`)
    }
    const answer = gatewayAnswerSchema.safeParse(parseJsonText(nodeText))
    const sign = parsedBody.data.sign
    // Alipay leaves a few failures unsigned (a wrong app_id, for one): those say nothing we trust.
    if (sign === undefined) {
      const code = answer.success ? `${answer.data.code} ${answer.data.sub_code ?? ''}` : '?'
      throw new PaymentError('provider_unavailable', `unsigned gateway answer ${code}`)
    }
    if (!verifyAlipayText(nodeText, sign, this.#alipayPublicKey)) {
      throw new PaymentError('signature_invalid', `gateway answer to ${method} does not verify`)
    }
    if (!answer.success) {
      throw new PaymentError('provider_unavailable', `gateway answer to ${method} has no code`)
    }
    if (answer.data.code !== GATEWAY_SUCCESS) {
      if (answer.data.sub_code === 'ACQ.TRADE_NOT_EXIST') {
        throw new PaymentError(
          'order_unknown',
          `Alipay has no trade for ${bizContent.out_trade_no}`,
        )
      }
      throw new PaymentError(
        'provider_unavailable',
        `Alipay ${method} failed: ${answer.data.code} ${answer.data.sub_code ?? ''}`,
      )
    }
    return parseJsonText(nodeText)
  }
}

function toQuery(params: AlipayParams): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.append(key, value)
  }
  return query.toString()
}

/** A form-encoded body as a record; null when a key repeats (an ambiguity we do not resolve). */
function parseForm(bodyText: string): Record<string, string> | null {
  // No prototype: a key such as `__proto__` must be data, not a way to reach Object.prototype.
  const params = Object.create(null) as Record<string, string>
  for (const [key, value] of new URLSearchParams(bodyText)) {
    if (Object.hasOwn(params, key)) return null
    params[key] = value
  }
  return params
}
