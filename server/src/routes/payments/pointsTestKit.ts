/**
 * Test helpers of the points issue: a server with a known sandbox key, orders, signed sandbox
 * notifications as the provider would send them, and the row counts a refused call must leave
 * unchanged.
 */
import type { ChargeOrderCreated, ChargeRequest } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { call } from '../../test/call'
import { createTestApp, type TestAppOptions } from '../../test/testApp'
import { randomBytes } from 'node:crypto'
import type { TransportRequest, TransportResponse } from '../../payments/provider'
import {
  SANDBOX_NONCE_HEADER,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  buildSandboxNotification,
  signSandboxMessage,
  type OutgoingNotification,
} from '../../payments/sandbox'

export const TEST_SANDBOX_KEY = 'points-test-sandbox-key-0123456789'
export const CHARGE_URL = '/api/cicc-server/charge/charge'
export const QUERY_URL = '/api/cicc-server/charge/queryChargeOrder'
export const BALANCE_URL = '/api/music-server/ai/music/integral'
export const RATE_URL = '/api/music-server/ai/music/inquireIntegralProportion'
export const LOG_URL = '/api/music-server/ai/music/integralLog'
export const NOTIFY_URL = '/api/payments/notify/sandbox'

export function createPointsTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  return createTestApp({
    ...options,
    env: { SANDBOX_PAYMENT_KEY: TEST_SANDBOX_KEY, ...options.env },
  })
}

/** Creates an order through the API; fails the test if the server refuses. */
export async function createOrder(
  app: FastifyInstance,
  token: string,
  request: ChargeRequest = { packageId: 'p6' },
): Promise<ChargeOrderCreated> {
  const answer = await call<ChargeOrderCreated>(app, CHARGE_URL, { token, body: request })
  if (answer.envelope.code !== '000') {
    throw new Error(`charge failed: ${JSON.stringify(answer.envelope)}`)
  }
  return answer.envelope.data
}

/** A sandbox notification signed with the test key, as the provider side would sign it. */
export function sandboxNotification(
  app: FastifyInstance,
  order: { orderId: string; amountFen: number },
  options: {
    outcome?: 'paid' | 'closed'
    key?: string
    now?: Date
    tradeId?: string
  } = {},
): OutgoingNotification {
  return buildSandboxNotification(
    {
      orderId: order.orderId,
      amountFen: order.amountFen,
      notifyUrl: `http://127.0.0.1${NOTIFY_URL}`,
      tradeId: options.tradeId ?? `sandbox_trade_${order.orderId}`,
      paidAt: null,
    },
    options.outcome ?? 'paid',
    { key: options.key ?? TEST_SANDBOX_KEY, now: options.now ?? app.clock() },
  )
}

/** Signs a hand-made body, for notifications the sandbox itself would never build. */
export function signedBody(
  app: FastifyInstance,
  body: Record<string, unknown>,
): OutgoingNotification {
  return signedText(app, JSON.stringify(body))
}

/** Signs any text as a notification body, JSON or not. */
export function signedText(app: FastifyInstance, bodyText: string): OutgoingNotification {
  const timestamp = String(Math.floor(app.clock().getTime() / 1000))
  const nonce = randomBytes(16).toString('hex')
  return {
    url: `http://127.0.0.1${NOTIFY_URL}`,
    headers: {
      'Content-Type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: timestamp,
      [SANDBOX_NONCE_HEADER]: nonce,
      [SANDBOX_SIGNATURE_HEADER]: signSandboxMessage(TEST_SANDBOX_KEY, timestamp, nonce, bodyText),
    },
    bodyText,
  }
}

export interface NotifyAnswer {
  status: number
  body: string
}

/** Sends a notification to the notify route the way the provider does. */
export async function deliverNotification(
  app: FastifyInstance,
  notification: OutgoingNotification,
  url = NOTIFY_URL,
): Promise<NotifyAnswer> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: notification.headers,
    payload: notification.bodyText,
  })
  return { status: response.statusCode, body: response.body }
}

export const ACKNOWLEDGED = { status: 200, body: '{"code":"SUCCESS"}' }
/** Refused as the sender's mistake: a notification that can never be accepted as sent. */
export const REFUSED_MALFORMED = {
  status: 400,
  body: JSON.stringify({ code: 'FAIL', message: '通知内容无效' }),
}
/** Refused as the sender's mistake: a signature or timestamp that does not verify. */
export const REFUSED_UNVERIFIED = {
  status: 401,
  body: JSON.stringify({ code: 'FAIL', message: '签名验证失败' }),
}
/** Not recorded for a fault of ours: the provider sends it again. */
export const FAILED = { status: 500, body: JSON.stringify({ code: 'FAIL', message: '失败' }) }

/** Everything a refused call must leave as it was. */
export async function pointsState(app: FastifyInstance): Promise<Record<string, unknown>> {
  const count = async (
    table: 'points_ledger' | 'charge_orders' | 'point_balances' | 'sandbox_orders',
  ) =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('rows'))
          .executeTakeFirstOrThrow()
      ).rows,
    )
  const balances = await app.db
    .selectFrom('point_balances')
    .select(['user_id', 'balance'])
    .orderBy('user_id')
    .execute()
  const orders = await app.db
    .selectFrom('charge_orders')
    .select(['order_id', 'state'])
    .orderBy('order_id')
    .execute()
  return {
    ledger: await count('points_ledger'),
    orders: await count('charge_orders'),
    sandboxOrders: await count('sandbox_orders'),
    balances,
    orderStates: orders,
  }
}

/** The credentials in a checkout URL. */
export function checkoutLink(checkoutUrl: string): {
  path: string
  expires: string
  token: string
} {
  const url = new URL(checkoutUrl, 'http://localhost')
  return {
    path: url.pathname,
    expires: url.searchParams.get('expires') ?? '',
    token: url.searchParams.get('token') ?? '',
  }
}

/** Posts the checkout page's form, as the browser does. */
export async function postCheckoutForm(
  app: FastifyInstance,
  checkoutUrl: string,
  action: 'confirm' | 'cancel',
  override: { expires?: string; token?: string } = {},
) {
  const link = checkoutLink(checkoutUrl)
  return app.inject({
    method: 'POST',
    url: `${link.path}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      expires: override.expires ?? link.expires,
      token: override.token ?? link.token,
    }).toString(),
  })
}

/** Top-up rows of the ledger for one order: 1 once credited, never more. */
export async function topupRows(app: FastifyInstance, orderId: string): Promise<number> {
  const rows = await app.db
    .selectFrom('points_ledger')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'topup')
    .execute()
  return rows.length
}

/** Delivers a notification request to the app's own notify route, as the sandbox's default does. */
export async function injectNotification(
  app: FastifyInstance,
  request: TransportRequest,
): Promise<TransportResponse> {
  const response = await app.inject({
    method: 'POST',
    url: new URL(request.url).pathname,
    headers: request.headers,
    payload: request.body ?? '',
  })
  return { status: response.statusCode, headers: {}, bodyText: response.body }
}

/** The sandbox took the payer's money, but its notification has not reached us (yet). */
export async function payAtProviderOnly(app: FastifyInstance, orderId: string): Promise<void> {
  const sandbox = app.payments.sandbox
  if (sandbox === null) throw new Error('the test app has no sandbox')
  await sandbox.provider.completeCheckout(orderId, 'paid')
}

/** The sandbox's own state of an order: 'refunded' once a refund was accepted. */
export async function sandboxOrderState(
  app: FastifyInstance,
  orderId: string,
): Promise<string | undefined> {
  const row = await app.db
    .selectFrom('sandbox_orders')
    .select('state')
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  return row?.state
}
