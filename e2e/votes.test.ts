import { join } from 'node:path'
import type { VoteActivityDetail } from '@gy/api/votes'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  ARTIFACTS,
  logInThroughDialog,
  newDesktopContext,
  PHONE_USER_AGENT,
  type RunningPlatform,
  shareRunningPlatform,
  waitForDemoActivity,
} from './support/platform'

/**
 * Voting end to end on the demo activity a first start creates: a visitor opens it and is asked to
 * log in when voting, logs in, votes until the day's limit and sees the totals, the ranking and
 * the remaining votes change, then the refusal; the same pages on a phone (no header), the welcome
 * notice and the music push deep link. Screens are saved as test-artifacts/e2e/votes-*.png.
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform(
  (running) => {
    platform = running.platform
    browser = running.browser
  },
  { seedWorks: 1 },
)

const VOTER = '13900139101'
const WELCOME_NOTICE_ID = '00000000-0000-4000-8000-000000000001'
const UPDATE = { timeout: 10_000 }

async function newPhoneContext(): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: PHONE_USER_AGENT,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: join(ARTIFACTS, `votes-${name}.png`) })
}

describe('voting activities', () => {
  let demo: VoteActivityDetail

  it('lets a visitor open the demo activity, asks for login on vote, then counts votes to the limit', async () => {
    // The demo activity, with the seed work among its options.
    demo = await waitForDemoActivity(platform, 1)
    expect(demo.status).toBe('open')
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/home`)
    await page.getByRole('navigation').getByRole('link', { name: '投票活动' }).click()
    const card = page.getByRole('link', { name: new RegExp(demo.title) })
    await card.waitFor()
    // The link is named by the card's own words, its status among them.
    await expect(card.textContent()).resolves.toContain('进行中')
    await shoot(page, 'list-desktop')

    await card.click()
    await page.getByRole('heading', { name: demo.title, level: 1 }).waitFor()
    const total = page.getByTestId('vote-total')
    const remaining = page.getByTestId('vote-remaining')
    await expect(remaining.textContent()).resolves.toBe('登录后即可投票')

    // A visitor's vote opens the login dialog; nothing is counted.
    const work = demo.options.find((option) => option.work !== null)
    const texts = demo.options.filter((option) => option.work === null)
    const voteFor = (title: string) =>
      page.getByRole('button', { name: `投票 ${title}`, exact: true }).click()
    await voteFor(work?.title ?? '')
    await logInThroughDialog(page, platform.baseUrl, VOTER)
    await expect.poll(() => remaining.textContent(), UPDATE).toBe('今天还剩 5 票')
    await expect(total.textContent()).resolves.toBe('0')

    // The work plays in the global player from its row.
    await page.getByRole('button', { name: `试听 ${work?.title ?? ''}` }).click()
    await page.getByRole('button', { name: `暂停 ${work?.title ?? ''}` }).waitFor(UPDATE)

    const order = [work, work, texts[0], texts[0], texts[1]]
    for (const [index, option] of order.entries()) {
      await voteFor(option?.title ?? '')
      const left = 4 - index
      await expect
        .poll(() => remaining.textContent(), UPDATE)
        .toBe(left === 0 ? '今天的票已经投完了，明天再来吧' : `今天还剩 ${left} 票`)
      await expect.poll(() => total.textContent(), UPDATE).toBe(String(index + 1))
    }
    await shoot(page, 'details-desktop')
    // One more: the server's 409 message, and the total stays.
    await voteFor(texts[2]?.title ?? '')
    // The toast's card; its live region for screen readers repeats the text.
    await page.getByText('你今天的票数已经用完了，明天再来吧').first().waitFor(UPDATE)
    await expect(total.textContent()).resolves.toBe('5')
    const ranking = page.getByRole('region', { name: '实时排行' })
    // Two options have 2 votes each: the ranking leads with one of them.
    await expect(ranking.getByRole('listitem').first().textContent()).resolves.toContain('2 票')
    await shoot(page, 'limit-desktop')
    await context.close()
  })

  it('serves the vote pages on a phone without the open-app header, and asks a visitor to log in', async () => {
    const context = await newPhoneContext()
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/vote/list`)
    await page.getByRole('link', { name: new RegExp(demo.title) }).click()
    await page.waitForURL(/\/m\/vote\/details\?id=/)
    await page.getByRole('heading', { name: demo.title, level: 1 }).waitFor()
    expect(await page.getByRole('button', { name: '打开App' }).count()).toBe(0)
    await expect.poll(() => page.getByTestId('vote-total').textContent(), UPDATE).toBe('5')
    await shoot(page, 'details-phone')
    await page
      .getByRole('button', { name: `投票 ${demo.options[1]?.title ?? ''}`, exact: true })
      .click()
    await page.getByRole('dialog').getByLabel('手机号码').waitFor()
    await shoot(page, 'login-phone')
    await page.goto(`${platform.baseUrl}/m/vote/list`)
    await page.getByRole('link', { name: new RegExp(demo.title) }).waitFor()
    await shoot(page, 'list-phone')
    await context.close()
  })

  it('shows the welcome notice on a phone, and opens a music push in the mobile player', async () => {
    const context = await newPhoneContext()
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/noticeInfo?id=${WELCOME_NOTICE_ID}`)
    await page.getByRole('heading', { name: '欢迎来到 GY音乐' }).waitFor()
    await shoot(page, 'notice-phone')
    await page.goto(`${platform.baseUrl}/m/noticeInfo?id=00000000-0000-4000-8000-00000000dead`)
    await page.getByText('公告不存在或已下线').first().waitFor()

    const musicId = demo.options.find((option) => option.work !== null)?.work?.musicId ?? ''
    await page.goto(`${platform.baseUrl}/musicPush?musicId=${musicId}`)
    await page.waitForURL(new RegExp(`/m/mobilePlayer\\?musicId=${musicId}`))
    await context.close()
  })
})
