import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectSharedBrowser,
  logInThroughDialog,
  newDesktopContext,
  PHONE_USER_AGENT,
  type RunningPlatform,
  screenshot,
  startPreparedPlatform,
} from './support/platform'

/**
 * Points by QR code (issue 9): choose 微信扫码, see the code with the amount and a live countdown,
 * "scan" it by opening its URL in another browser (the phone), pay there, and watch the page turn
 * paid; and a code that expires while shown.
 */
let browser: Browser

beforeAll(async () => {
  browser = await connectSharedBrowser()
})

afterAll(async () => {
  await browser?.close()
})

const DESKTOP = { width: 1440, height: 900 }
const PHONE = { width: 390, height: 844 }

async function newPhoneContext(): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: PHONE_USER_AGENT,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
}

/** The state at both sizes the brief names, whatever size the page has now. */
async function shootBothSizes(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? DESKTOP
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport)
    await screenshot(page, `qr-${name}-${label}`)
  }
  await page.setViewportSize(size)
}

async function openBuyPoints(page: Page, platform: RunningPlatform, phone: string) {
  await page.goto(`${platform.baseUrl}/buyPoints`)
  await logInThroughDialog(page, platform.baseUrl, phone)
  await page.getByRole('radio', { name: /300 积分 ¥30/ }).click()
  await page.getByRole('radio', { name: '微信扫码' }).click()
}

/** Presses 立即支付 and waits for the code; answers what it carries. */
async function payByQr(page: Page): Promise<string> {
  await page.getByRole('button', { name: /立即支付/ }).click()
  const code = page.getByRole('img', { name: '支付二维码' })
  await code.waitFor()
  const url = await code.getAttribute('data-value')
  if (url === null) throw new Error('the QR code carries nothing')
  return url
}

function countdownSeconds(text: string | null): number {
  const match = /^(\d+):(\d{2})$/.exec(text ?? '')
  if (!match) throw new Error(`not a countdown: ${text}`)
  return Number(match[1]) * 60 + Number(match[2])
}

describe('QR checkout', () => {
  let platform: RunningPlatform

  beforeAll(async () => {
    platform = await startPreparedPlatform()
  })
  afterAll(async () => {
    await platform?.stop()
  })

  it('shows the code with amount and countdown; scanning it on a phone pays and the balance rises', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await openBuyPoints(page, platform, '13700137101')
    const balance = page.getByRole('region', { name: '积分余额' })
    await expect.poll(() => balance.textContent()).toContain('0')
    await shootBothSizes(page, '1-idle')

    // A QR checkout opens no tab: the code is on this page.
    const pagesBefore = context.pages().length
    const firstCode = await payByQr(page)
    expect(context.pages()).toHaveLength(pagesBefore)
    const checkout = page.getByRole('region', { name: '扫码支付' })
    expect(await checkout.textContent()).toContain('¥30')
    expect(await checkout.textContent()).toContain('用微信扫码支付')
    const timer = page.getByRole('timer')
    const first = countdownSeconds(await timer.textContent())
    expect(first).toBeGreaterThan(29 * 60)
    expect(first).toBeLessThanOrEqual(30 * 60)
    // The countdown is live.
    await expect.poll(async () => countdownSeconds(await timer.textContent())).toBeLessThan(first)
    expect(new URL(firstCode).origin).toBe(platform.baseUrl)
    // The page brings the code and its buttons into view (they sit below the balance).
    const cancel = page.getByRole('button', { name: '取消支付' })
    await expect
      .poll(async () => {
        const box = await cancel.boundingBox()
        return box !== null && box.y + box.height <= DESKTOP.height
      })
      .toBe(true)
    await shootBothSizes(page, '2-waiting')

    // Closing the code is a cancellation, told calmly; 重新支付 makes a new code.
    await page.getByRole('button', { name: '取消支付' }).click()
    await page.getByText('已取消支付').waitFor()
    expect(await page.textContent('body')).not.toContain('支付失败')
    await shootBothSizes(page, '3-cancelled')
    await page.getByRole('button', { name: '重新支付' }).click()
    await page.getByRole('timer').waitFor()
    const code = await page.getByRole('img', { name: '支付二维码' }).getAttribute('data-value')
    expect(code).not.toBeNull()
    expect(code).not.toBe(firstCode)

    // "Scanning": the phone opens the code's URL and pays there.
    const phone = await newPhoneContext()
    const phonePage = await phone.newPage()
    await phonePage.goto(code ?? '')
    await phonePage.getByRole('button', { name: '确认支付' }).click()
    await expect.poll(() => phonePage.textContent('body')).toContain('支付成功')
    await screenshot(phonePage, 'qr-4-phone-paid')
    await phone.close()

    await page.getByText('充值成功').waitFor({ timeout: 20_000 })
    expect(await page.getByText('+300 积分').count()).toBe(1)
    await expect.poll(() => balance.textContent()).toContain('300')
    await shootBothSizes(page, '5-paid')
    await page.getByRole('button', { name: '完成' }).click()
    await page.getByRole('button', { name: /立即支付/ }).waitFor()
    await context.close()
  })

  it('tells an order the payer cancelled on the phone calmly, as closed', async () => {
    const context = await newPhoneContext()
    const page = await context.newPage()
    await openBuyPoints(page, platform, '13700137102')
    const code = await payByQr(page)

    const phonePage = await context.newPage()
    await phonePage.goto(code)
    await phonePage.getByRole('button', { name: '取消支付' }).click()
    await expect.poll(() => phonePage.textContent('body')).toContain('已取消')
    await phonePage.close()

    await page.getByText('订单已关闭', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await page.textContent('body')).not.toContain('支付失败')
    await page.getByRole('button', { name: '重新下单' }).waitFor()
    await shootBothSizes(page, '6-closed')
    await context.close()
  })
})

describe('a QR code that expires while shown', () => {
  let platform: RunningPlatform
  const ttlSeconds = 8

  beforeAll(async () => {
    // The server reads its environment once, at start: a short-lived order instead of a sleep.
    process.env.SANDBOX_ORDER_TTL_SECONDS = String(ttlSeconds)
    try {
      platform = await startPreparedPlatform()
    } finally {
      delete process.env.SANDBOX_ORDER_TTL_SECONDS
    }
  })
  afterAll(async () => {
    await platform?.stop()
  })

  it('greys the code out, says so, refuses the old code and makes a new order', async () => {
    const context = await newPhoneContext()
    const page = await context.newPage()
    await openBuyPoints(page, platform, '13700137103')
    const code = await payByQr(page)
    expect(countdownSeconds(await page.getByRole('timer').textContent())).toBeLessThanOrEqual(
      ttlSeconds,
    )

    await page.getByText('二维码已过期').waitFor({ timeout: (ttlSeconds + 10) * 1000 })
    const checkout = page.getByRole('region', { name: '扫码支付' })
    expect(await checkout.getAttribute('data-state')).toBe('expired')
    expect(await page.getByRole('timer').count()).toBe(0)
    expect(await page.textContent('body')).not.toContain('支付失败')
    await shootBothSizes(page, '7-expired')

    // The expired code no longer pays.
    const phonePage = await context.newPage()
    const answer = await phonePage.goto(code)
    expect(answer?.status()).toBe(403)
    expect(await phonePage.textContent('body')).toContain('链接无效或已过期')
    await phonePage.close()

    await page.getByRole('button', { name: '重新下单' }).click()
    await page.getByRole('timer').waitFor()
    const fresh = await page.getByRole('img', { name: '支付二维码' }).getAttribute('data-value')
    expect(fresh).not.toBe(code)
    await context.close()
  })
})
