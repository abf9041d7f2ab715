/**
 * The sandbox checkout page: small, self-contained HTML (inline CSS, no script) in the
 * product's calm style with its vermilion. Every value is escaped; the page posts plain forms.
 */
import { fenToYuan } from '../payments/provider'

const VERMILION = '#D33A2C'

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** No scripts at all, forms only to ourselves, never framed (no clickjacking of 确认支付). */
export const CHECKOUT_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'cache-control': 'no-store',
  // The URL carries the checkout token: never send it to another site.
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f6f3ef; color: #2b2622;
    font: 15px/1.6 -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 16px;
    box-shadow: 0 8px 32px rgba(43, 38, 34, 0.08); padding: 32px 28px; }
  .brand { color: ${VERMILION}; font-weight: 600; letter-spacing: 0.08em; margin: 0 0 4px; }
  h1 { font-size: 20px; margin: 0 0 20px; }
  .notice { background: #fdf1ef; color: #8f2a20; border-radius: 10px; padding: 10px 14px;
    font-size: 13px; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 10px 16px; margin: 0 0 24px; }
  dt { color: #7a716a; }
  dd { margin: 0; text-align: right; word-break: break-all; }
  .amount { color: ${VERMILION}; font-size: 22px; font-weight: 600; }
  .actions { display: flex; gap: 12px; }
  .actions form { flex: 1; margin: 0; }
  button { width: 100%; border: 1px solid ${VERMILION}; border-radius: 999px; padding: 10px 0;
    font: inherit; cursor: pointer; background: #fff; color: ${VERMILION}; }
  button.primary { background: ${VERMILION}; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 2px solid ${VERMILION}; outline-offset: 2px; }
  .result { text-align: center; }
  .result p { color: #7a716a; margin: 0 0 24px; }
  a.back { display: inline-block; color: #fff; background: ${VERMILION}; border-radius: 999px;
    padding: 10px 28px; text-decoration: none; }
`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - GY音乐沙箱支付</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">GY音乐 · 沙箱支付</p>
${body}
</main>
</body>
</html>
`
}

export interface CheckoutPageOrder {
  orderId: string
  amountFen: number
  points: number
}

function orderDetails(order: CheckoutPageOrder): string {
  return `<dl>
<dt>订单号</dt><dd>${escapeHtml(order.orderId)}</dd>
<dt>积分</dt><dd>${order.points} 积分</dd>
<dt>金额</dt><dd class="amount">¥${fenToYuan(order.amountFen)}</dd>
</dl>`
}

/** The order and the two buttons; the credentials travel in hidden fields of each form. */
export function renderPayPage(
  order: CheckoutPageOrder,
  credentials: { expires: string; token: string },
): string {
  const action = (outcome: 'confirm' | 'cancel') =>
    `/sandbox/checkout/${encodeURIComponent(order.orderId)}/${outcome}`
  const hidden = `<input type="hidden" name="expires" value="${escapeHtml(credentials.expires)}">
<input type="hidden" name="token" value="${escapeHtml(credentials.token)}">`
  return page(
    '确认支付',
    `<h1>确认支付</h1>
<p class="notice">这是沙箱支付：不会产生真实扣款，仅用于开发与测试。</p>
${orderDetails(order)}
<div class="actions">
<form method="post" action="${action('cancel')}">${hidden}<button type="submit">取消支付</button></form>
<form method="post" action="${action('confirm')}">${hidden}<button type="submit" class="primary">确认支付</button></form>
</div>`,
  )
}

export type CheckoutOutcome = 'paid' | 'cancelled' | 'closed'

const OUTCOME_TEXT: Readonly<Record<CheckoutOutcome, { title: string; detail: string }>> = {
  paid: { title: '支付成功', detail: '积分将在几秒内到账，请返回查看余额。' },
  cancelled: { title: '已取消', detail: '订单已取消，未产生任何扣款。' },
  closed: { title: '订单已关闭', detail: '订单已过期或已取消，请返回重新下单。' },
}

export function renderResultPage(order: CheckoutPageOrder, outcome: CheckoutOutcome): string {
  const text = OUTCOME_TEXT[outcome]
  const back = `/buyPoints?${new URLSearchParams({ orderId: order.orderId }).toString()}`
  return page(
    text.title,
    `<div class="result">
<h1>${text.title}</h1>
<p>${text.detail}</p>
${orderDetails(order)}
<a class="back" href="${escapeHtml(back)}">返回积分充值</a>
</div>`,
  )
}

/** A link that does not work (forged, expired, unknown order): no order details at all. */
export function renderProblemPage(title: string, detail: string): string {
  return page(
    title,
    `<div class="result">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
<a class="back" href="/buyPoints">返回积分充值</a>
</div>`,
  )
}
