/**
 * The checkout page is opened by a page navigation, which carries no bearer token; the link the
 * charge call hands the buyer carries a short-lived token instead: an HMAC over the order id and
 * the link's expiry under the sandbox key. Holding the link proves the order is yours.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Checkout } from '../payments/provider'
import { sandboxCheckoutPath } from '../payments/sandbox'

function tokenFor(key: string, orderId: string, expiresSeconds: string): string {
  // A prefix of its own, so a token can never be mistaken for a notification signature.
  return createHmac('sha256', key)
    .update(`gy-sandbox-checkout\n${orderId}\n${expiresSeconds}`, 'utf8')
    .digest('base64url')
}

export interface CheckoutCredentials {
  /** Seconds since the epoch after which the link stops working. */
  expires: string
  token: string
}

export function issueCheckoutCredentials(
  key: string,
  orderId: string,
  expiresAt: Date,
): CheckoutCredentials {
  const expires = String(Math.floor(expiresAt.getTime() / 1000))
  return { expires, token: tokenFor(key, orderId, expires) }
}

/** The relative URL of the checkout page, credentials included. */
export function checkoutPageUrl(key: string, orderId: string, expiresAt: Date): string {
  const { expires, token } = issueCheckoutCredentials(key, orderId, expiresAt)
  return `${sandboxCheckoutPath(orderId)}?${new URLSearchParams({ expires, token }).toString()}`
}

/**
 * What the charge call hands the buyer for a sandbox checkout: the page's relative URL to open,
 * or for a QR checkout the absolute URL the code carries (a phone has no page to be relative to),
 * both with credentials.
 */
export function sandboxCheckoutLink(
  key: string,
  checkout: Checkout,
  order: { orderId: string; expiresAt: Date },
): string {
  const link = checkoutPageUrl(key, order.orderId, order.expiresAt)
  return checkout.kind === 'qrCode' ? new URL(link, checkout.codeUrl).href : link
}

/** Whether the credentials were issued for this order and have not expired. */
export function checkoutCredentialsValid(
  key: string,
  orderId: string,
  credentials: { expires?: unknown; token?: unknown },
  now: Date,
): boolean {
  const { expires, token } = credentials
  if (typeof expires !== 'string' || typeof token !== 'string') return false
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false
  if (Number(expires) * 1000 <= now.getTime()) return false
  const expected = Buffer.from(tokenFor(key, orderId, expires))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
