/**
 * The embedded default provider: a checkout page served by our own server, where the payer
 * confirms or cancels, followed by a signed asynchronous notification that is retried until
 * acknowledged, exactly as the real providers do. Both sides live here: the merchant side
 * (`PaymentProvider`) and the provider side the checkout page routes drive.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import {
  PaymentError,
  assertValidAmountFen,
  assertValidCheckoutOrder,
  headerValue,
  isOrderExpired,
  parseJsonText,
  wechatStyleAcknowledgement,
  type Acknowledgement,
  type Checkout,
  type CheckoutOrder,
  type NotificationRefusal,
  type NotificationRequest,
  type OrderState,
  type PaymentNotification,
  type RefundRequest,
  type RefundResult,
  type PaymentProvider,
  type ProviderOrderStatus,
  type TransportResponse,
} from './provider'

export const SANDBOX_CHECKOUT_PATH_PREFIX = '/sandbox/checkout/'

export function sandboxCheckoutPath(orderId: string): string {
  return `${SANDBOX_CHECKOUT_PATH_PREFIX}${encodeURIComponent(orderId)}`
}

export const SANDBOX_TIMESTAMP_HEADER = 'Sandbox-Timestamp'
export const SANDBOX_NONCE_HEADER = 'Sandbox-Nonce'
export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature'
/** As with WeChat Pay: a notification signed more than 5 minutes from our clock is refused. */
export const SANDBOX_TIMESTAMP_WINDOW_SECONDS = 5 * 60
const MIN_SANDBOX_KEY_LENGTH = 16

// ---------------------------------------------------------------------------------------------
// Signatures

/** `TIMESTAMP\nNONCE\nBODY\n`, the same shape WeChat Pay signs. */
export function buildSandboxSigningMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`
}

/** Base64 HMAC-SHA256 of the signing message under the sandbox key. */
export function signSandboxMessage(
  key: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return createHmac('sha256', key)
    .update(buildSandboxSigningMessage(timestamp, nonce, body), 'utf8')
    .digest('base64')
}

/** What the sandbox POSTs to the merchant's notify URL. */
export interface SandboxNotificationBody {
  orderId: string
  tradeId: string
  amountFen: number
  status: 'paid' | 'closed'
  /** ISO 8601; null for a closed order. */
  paidAt: string | null
}

/** One HTTP notification, ready to send. */
export interface OutgoingNotification {
  url: string
  headers: Record<string, string>
  bodyText: string
}

export interface SandboxNotificationOrder {
  orderId: string
  amountFen: number
  notifyUrl: string
  tradeId: string
  paidAt: Date | null
}

/**
 * The provider side of a notification, signed now. Each delivery attempt builds a fresh one,
 * so a retry minutes later still carries a current timestamp.
 */
export function buildSandboxNotification(
  order: SandboxNotificationOrder,
  outcome: 'paid' | 'closed',
  signing: { key: string; now: Date; nonce?: string },
): OutgoingNotification {
  const body: SandboxNotificationBody = {
    orderId: order.orderId,
    tradeId: order.tradeId,
    amountFen: order.amountFen,
    status: outcome,
    paidAt: outcome === 'paid' ? (order.paidAt ?? signing.now).toISOString() : null,
  }
  const bodyText = JSON.stringify(body)
  const timestamp = String(Math.floor(signing.now.getTime() / 1000))
  const nonce = signing.nonce ?? randomBytes(16).toString('hex')
  return {
    url: order.notifyUrl,
    headers: {
      'Content-Type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: timestamp,
      [SANDBOX_NONCE_HEADER]: nonce,
      [SANDBOX_SIGNATURE_HEADER]: signSandboxMessage(signing.key, timestamp, nonce, bodyText),
    },
    bodyText,
  }
}

/** Throws `PaymentError` unless the `Sandbox-*` headers sign this body under `key`, recently. */
export function verifySandboxSignature(request: NotificationRequest, key: string, now: Date): void {
  const timestamp = headerValue(request.headers, SANDBOX_TIMESTAMP_HEADER)
  const nonce = headerValue(request.headers, SANDBOX_NONCE_HEADER)
  const signature = headerValue(request.headers, SANDBOX_SIGNATURE_HEADER)
  if (!timestamp || !nonce || !signature) {
    throw new PaymentError('signature_missing', 'a Sandbox-* header is missing')
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new PaymentError('timestamp_stale', `Sandbox-Timestamp "${timestamp}" is not seconds`)
  }
  const driftSeconds = Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp))
  if (driftSeconds > SANDBOX_TIMESTAMP_WINDOW_SECONDS) {
    throw new PaymentError('timestamp_stale', `Sandbox-Timestamp is ${driftSeconds}s away`)
  }
  const expected = Buffer.from(signSandboxMessage(key, timestamp, nonce, request.bodyText))
  const given = Buffer.from(signature)
  // Constant-time comparison, so the signature cannot be guessed byte by byte from timings.
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new PaymentError('signature_invalid', 'Sandbox-Signature does not verify')
  }
}

const notificationBodySchema = z.object({
  orderId: z.string().min(1),
  tradeId: z.string().min(1),
  amountFen: z.number(),
  status: z.enum(['paid', 'closed']),
  paidAt: z.iso.datetime().nullable(),
})

// ---------------------------------------------------------------------------------------------
// The sandbox's own records (its "provider side")

export interface SandboxOrder {
  orderId: string
  amountFen: number
  subject: string
  expiresAt: Date
  notifyUrl: string
  returnUrl: string
  state: OrderState
  tradeId: string | null
  paidAt: Date | null
}

/**
 * Where the sandbox keeps its orders. The in-memory default suits one server process; with
 * several instances behind a load balancer, back it by the shared database.
 */
export interface SandboxOrderStore {
  get(orderId: string): Promise<SandboxOrder | undefined>
  /** Adds a new order; false when the id is taken. */
  insert(order: SandboxOrder): Promise<boolean>
  /** Compare-and-set: stores `order` only while the stored state is still `expectedState`. */
  replace(order: SandboxOrder, expectedState: OrderState): Promise<boolean>
}

export class InMemorySandboxOrderStore implements SandboxOrderStore {
  readonly #orders = new Map<string, SandboxOrder>()

  get(orderId: string): Promise<SandboxOrder | undefined> {
    const order = this.#orders.get(orderId)
    return Promise.resolve(order === undefined ? undefined : { ...order })
  }

  insert(order: SandboxOrder): Promise<boolean> {
    if (this.#orders.has(order.orderId)) return Promise.resolve(false)
    this.#orders.set(order.orderId, { ...order })
    return Promise.resolve(true)
  }

  replace(order: SandboxOrder, expectedState: OrderState): Promise<boolean> {
    if (this.#orders.get(order.orderId)?.state !== expectedState) return Promise.resolve(false)
    this.#orders.set(order.orderId, { ...order })
    return Promise.resolve(true)
  }
}

export interface SandboxConfig {
  /** The HMAC key notifications are signed with; at least 16 characters. */
  key: string
  store?: SandboxOrderStore
  now?: () => Date
}

/** What the checkout page needs once the payer confirmed or cancelled. */
export interface CompletedCheckout {
  order: SandboxOrder
  /** Builds a freshly signed notification: each delivery attempt signs anew. */
  signNotification: () => OutgoingNotification
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox'
  readonly #key: string
  readonly #store: SandboxOrderStore
  readonly #now: () => Date

  constructor(config: SandboxConfig) {
    if (config.key.length < MIN_SANDBOX_KEY_LENGTH) {
      throw new Error(`The sandbox payment key needs at least ${MIN_SANDBOX_KEY_LENGTH} characters`)
    }
    this.#key = config.key
    this.#store = config.store ?? new InMemorySandboxOrderStore()
    this.#now = config.now ?? (() => new Date())
  }

  // --- merchant side --------------------------------------------------------------------------

  async createCheckout(order: CheckoutOrder): Promise<Checkout> {
    assertValidCheckoutOrder(order)
    const inserted = await this.#store.insert({
      ...order,
      state: 'created',
      tradeId: null,
      paidAt: null,
    })
    if (!inserted) {
      // As WeChat Pay and Alipay do: the same open order asked for again (a second checkout of
      // the same licence) gets its checkout again; anything else under a used id is refused.
      const existing = await this.#expireIfDue(await this.#require(order.orderId))
      if (
        existing.state !== 'created' ||
        existing.amountFen !== order.amountFen ||
        existing.subject !== order.subject
      ) {
        throw new PaymentError('order_invalid', `sandbox already has order ${order.orderId}`)
      }
    }
    const path = sandboxCheckoutPath(order.orderId)
    if (order.preferredKind === 'qrCode') {
      // As WeChat Pay's code_url, the code carries an absolute URL: "scanning" it is opening
      // the checkout page, on the phone or anywhere else, where the payer confirms.
      const codeUrl = new URL(path, order.returnUrl).href
      return { kind: 'qrCode', codeUrl, providerOrderRef: order.orderId }
    }
    return { kind: 'redirect', checkoutUrl: path, providerOrderRef: order.orderId }
  }

  async parseNotification(request: NotificationRequest): Promise<PaymentNotification> {
    verifySandboxSignature(request, this.#key, this.#now())
    const body = notificationBodySchema.safeParse(parseJsonText(request.bodyText))
    if (!body.success) {
      throw new PaymentError('notification_malformed', 'not a sandbox notification body')
    }
    const { orderId, tradeId, status } = body.data
    const paidAt = body.data.paidAt === null ? null : new Date(body.data.paidAt)
    if (status === 'paid' && paidAt === null) {
      throw new PaymentError('notification_malformed', 'paid notification without paidAt')
    }
    const amountFen = assertValidAmountFen(body.data.amountFen)
    return { orderId, providerTradeId: tradeId, amountFen, status, paidAt }
  }

  acknowledgement(ok: boolean): Acknowledgement {
    return wechatStyleAcknowledgement(ok ? 'recorded' : 'failed')
  }

  refusal(reason: NotificationRefusal): Acknowledgement {
    return wechatStyleAcknowledgement(reason)
  }

  async queryOrder(orderId: string): Promise<ProviderOrderStatus> {
    const order = await this.#expireIfDue(await this.#require(orderId))
    return {
      status: order.state,
      amountFen: order.amountFen,
      ...(order.tradeId === null ? {} : { providerTradeId: order.tradeId }),
      ...(order.state === 'paid' && order.paidAt !== null ? { paidAt: order.paidAt } : {}),
    }
  }

  /**
   * Refunds a paid order in full, at once (real providers may take days; the order reads
   * 'refunded' either way). Asking again for an order already refunded answers the same.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const order = await this.#require(request.orderId)
    if (order.amountFen !== request.amountFen) {
      throw new PaymentError(
        'refund_refused',
        `sandbox order ${order.orderId} is ${order.amountFen} fen, refund asks ${request.amountFen}`,
      )
    }
    if (order.state === 'paid') {
      const refunded: SandboxOrder = { ...order, state: 'refunded' }
      if (!(await this.#store.replace(refunded, 'paid'))) return this.refund(request)
      return { status: 'refunded', providerRefundId: `sandbox_refund_${request.refundId}` }
    }
    if (order.state === 'refunded') {
      return { status: 'refunded', providerRefundId: `sandbox_refund_${request.refundId}` }
    }
    throw new PaymentError('refund_refused', `sandbox order ${order.orderId} is ${order.state}`)
  }

  // --- provider side: what the checkout page routes call ----------------------------------------

  /** The order as the checkout page shows it; an order past its expiry reads as closed. */
  async checkoutDetails(orderId: string): Promise<SandboxOrder> {
    return this.#expireIfDue(await this.#require(orderId))
  }

  /**
   * The payer pressed 确认支付 ('paid') or 取消 ('closed'). Repeating the same choice (a double
   * click, a reload) answers the same result; changing one's mind afterwards is refused, and
   * so is paying an expired order.
   */
  async completeCheckout(
    orderId: string,
    outcome: 'paid' | 'closed',
    /** The store in the caller's transaction, so what follows the payment commits with it. */
    store: SandboxOrderStore = this.#store,
  ): Promise<CompletedCheckout> {
    let order = await this.#expireIfDue(await this.#require(orderId, store), store)
    if (order.state === 'created') {
      const settled: SandboxOrder = {
        ...order,
        state: outcome,
        tradeId: `sandbox_${randomBytes(12).toString('hex')}`,
        paidAt: outcome === 'paid' ? this.#now() : null,
      }
      // Lost a race with a concurrent click (or the expiry): the winner's state decides below.
      order = (await store.replace(settled, 'created'))
        ? settled
        : await this.#require(orderId, store)
    }
    if (order.state !== outcome) {
      const expired = outcome === 'paid' && isOrderExpired(order, this.#now())
      throw new PaymentError(
        expired ? 'order_expired' : 'state_transition_invalid',
        `sandbox order ${orderId} is ${order.state}, cannot become ${outcome}`,
      )
    }
    const settled = order
    return { order: settled, signNotification: () => this.notificationOf(settled, outcome) }
  }

  /** A settled order's notification, signed now (a retry hours later must not look stale). */
  notificationOf(order: SandboxOrder, outcome: 'paid' | 'closed'): OutgoingNotification {
    // An order the sandbox closed at expiry never got a trade id.
    const tradeId = order.tradeId ?? `sandbox_closed_${order.orderId}`
    return buildSandboxNotification({ ...order, tradeId }, outcome, {
      key: this.#key,
      now: this.#now(),
    })
  }

  /** The sandbox's record of an order, as its notification job reads it. */
  async order(orderId: string): Promise<SandboxOrder> {
    return this.#require(orderId)
  }

  async #require(orderId: string, store: SandboxOrderStore = this.#store): Promise<SandboxOrder> {
    const order = await store.get(orderId)
    if (order === undefined) throw new PaymentError('order_unknown', `no sandbox order ${orderId}`)
    return order
  }

  /** Like a real provider, the sandbox closes an unpaid order at its expiry (without notifying). */
  async #expireIfDue(
    order: SandboxOrder,
    store: SandboxOrderStore = this.#store,
  ): Promise<SandboxOrder> {
    if (order.state !== 'created' || !isOrderExpired(order, this.#now())) return order
    const closed: SandboxOrder = { ...order, state: 'closed' }
    return (await store.replace(closed, 'created')) ? closed : this.#require(order.orderId, store)
  }
}

// ---------------------------------------------------------------------------------------------
// Delivery: the job queue retries (routes/payments/paymentsPlugin.ts); this says what counts.

/** The answer `SandboxPaymentProvider.acknowledgement(true)` produces. */
export function isSandboxAcknowledgement(response: TransportResponse): boolean {
  if (response.status !== 200) return false
  const body = z.object({ code: z.literal('SUCCESS') }).safeParse(parseJsonText(response.bodyText))
  return body.success
}
