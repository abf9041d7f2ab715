import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  logInThroughDialog,
  newDesktopContext,
  type RunningPlatform,
  screenshot,
  shareRunningPlatform,
} from './support/platform'

/** Points: top up through the sandbox checkout, then see the balance and the record. */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform((running) => {
  platform = running.platform
  browser = running.browser
})

describe('points story', () => {
  it('tops up a package through the sandbox and shows the new balance and record', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/buyPoints`)
    await logInThroughDialog(page, platform.baseUrl, '13700137000')

    const balance = page.getByRole('region', { name: '积分余额' })
    await expect.poll(() => balance.textContent()).toContain('0')
    await expect.poll(() => page.getByRole('radio').count()).toBeGreaterThan(1)
    await page.getByRole('radio', { name: /300 积分 ¥30/ }).click()
    await screenshot(page, '21-buy-points')

    // Paying opens the provider's checkout in a new tab while this page waits.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /立即支付/ }).click(),
    ])
    await checkout.getByRole('button', { name: '确认支付' }).waitFor()
    expect(await checkout.textContent('body')).toContain('30')
    await screenshot(checkout, '22-sandbox-checkout')
    await expect.poll(() => page.getByText('等待支付').count()).toBeGreaterThan(0)
    await checkout.getByRole('button', { name: '确认支付' }).click()
    await expect.poll(() => checkout.textContent('body')).toContain('支付成功')
    await checkout.close()

    // The waiting page sees the order paid and the balance arrive.
    await expect.poll(() => page.getByText('+300 积分').count(), { timeout: 20_000 }).toBe(1)
    await expect.poll(() => balance.textContent()).toContain('300')
    await screenshot(page, '23-points-arrived')

    await page.goto(`${platform.baseUrl}/pointsRecords`)
    const table = page.getByRole('table')
    await expect.poll(() => table.textContent()).toContain('+300')
    expect(await table.textContent()).toContain('充值')
    await page.getByRole('radio', { name: '消费' }).click()
    await expect.poll(() => page.getByText('暂无积分记录').count()).toBe(1)
    await screenshot(page, '24-points-records')
    await context.close()
  })
})
