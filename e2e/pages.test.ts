import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  ARTIFACTS,
  logInThroughDialog,
  newDesktopContext,
  PHONE_USER_AGENT,
  type RunningPlatform,
  shareRunningPlatform,
  waitForSeedWorks,
} from './support/platform'

/**
 * The pages a new user finds their way around: the user menu's points links, the page width, a
 * chunk that fails to load, the mobile 404, inline field errors and the player's handle. Every
 * page it touches is saved at 1440x900 and at 390x844 (iPhone) under test-artifacts/e2e/pages-*.
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform(
  (running) => {
    platform = running.platform
    browser = running.browser
  },
  { seedWorks: 1 },
  120_000,
)

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

async function shoot(page: Page, name: string, viewport: 'desktop' | 'phone'): Promise<void> {
  // Fonts and slides settle before the picture, so it shows the page, not its loading.
  await page.evaluate(() => document.fonts.ready)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
  await page.screenshot({ path: join(ARTIFACTS, `pages-${name}-${viewport}.png`) })
}

/** Opens a login-only page and logs in through the dialog it raises. */
async function logIn(page: Page, path: string, phone: string): Promise<void> {
  await page.goto(`${platform.baseUrl}${path}`)
  await logInThroughDialog(page, platform.baseUrl, phone)
}

/** Every page of this story, once per viewport. */
const PAGES = [
  { name: 'home', path: '/home', ready: '版权存证' },
  { name: 'account', path: '/accountInfo', ready: '我的积分' },
  { name: 'buy-points', path: '/buyPoints', ready: '积分充值' },
  { name: 'points-records', path: '/pointsRecords', ready: '积分明细' },
  { name: 'placeholder', path: '/musiciansZone', ready: '音乐人专区' },
  { name: 'not-found', path: '/nowhere', ready: '页面不存在' },
  { name: 'mobile-home', path: '/m/home', ready: 'GY音乐' },
  { name: 'mobile-not-found', path: '/m/nowhere', ready: '页面不存在' },
] as const

describe('pages a user can find and trust', () => {
  it('shows a Chinese error with 重新加载 when a page chunk answers 404', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/home`)
    await page.getByRole('heading', { name: '版权存证' }).waitFor()
    // As after a redeploy: the old chunk names are gone from the server.
    await page.route(/\/assets\/storePages-[^/]*\.js$/, (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    )
    await page.getByRole('navigation').getByRole('link', { name: '版权音乐' }).click()
    const alert = page.getByRole('alert').filter({ hasText: '页面加载失败' })
    await alert.waitFor()
    expect(await alert.textContent()).toContain('网站刚刚更新')
    const reload = alert.getByRole('button', { name: '重新加载' })
    await shoot(page, 'chunk-failed', 'desktop')

    // 重新加载 fetches the page again; with the chunk back, the page shows.
    await page.unroute(/\/assets\/storePages-[^/]*\.js$/)
    await reload.click()
    await page.getByRole('heading', { name: '版权音乐' }).first().waitFor()
    expect(await page.getByText('页面加载失败').count()).toBe(0)
    await context.close()
  })

  it('keeps the mobile shell for an unknown mobile path', async () => {
    const context = await newPhoneContext()
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/no-such-page`)
    await page.getByText('页面不存在').waitFor()
    // The mobile shell's open-app bar, not the desktop header, and the way home stays mobile.
    expect(new URL(page.url()).pathname).toBe('/m/no-such-page')
    await expect.poll(() => page.title()).toBe('GY音乐 - 页面不存在')
    expect(await page.getByRole('button', { name: '打开App' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/m/home')
    await context.close()
  })

  it('tells a missing field under the field, not in a toast', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/accountInfo`)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: '登录', exact: true }).click()
    const phone = dialog.getByLabel('手机号码')
    expect(await phone.getAttribute('aria-invalid')).toBe('true')
    const describedBy = await phone.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('请输入手机号码')
    expect(await page.getByRole('status').filter({ hasText: '请输入手机号码' }).count()).toBe(0)
    await shoot(page, 'login-field-error', 'desktop')

    await phone.fill('13600136000')
    expect(await phone.getAttribute('aria-invalid')).toBeNull()
    await dialog.getByRole('button', { name: '登录', exact: true }).click()
    const code = dialog.getByLabel('验证码')
    expect(await code.getAttribute('aria-invalid')).toBe('true')
    await context.close()
  })

  it('links points from the user menu and the account page, and logs out on the server', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await logIn(page, '/accountInfo', '13500135000')
    const token = await page.evaluate(() =>
      Object.entries(localStorage).find(([key]) => key.includes('ACCESSTOKEN')),
    )
    expect(token).toBeDefined()

    // The account page: the balance and both points pages.
    const points = page.getByRole('region', { name: '我的积分' })
    await expect.poll(() => points.textContent()).toContain('0')
    expect(await points.getByRole('link', { name: '去充值' }).getAttribute('href')).toBe(
      '/buyPoints',
    )
    expect(await points.getByRole('link', { name: '查看明细' }).getAttribute('href')).toBe(
      '/pointsRecords',
    )

    // A nickname the server refuses is told under the field, and only there (no toast).
    const nickName = page.getByLabel('昵称')
    await nickName.fill('@@@')
    await page.getByRole('button', { name: '保存' }).click()
    const refusal = '昵称需为1到20个字符，且不能包含特殊符号'
    await expect.poll(() => nickName.getAttribute('aria-invalid')).toBe('true')
    const nickNameMessage = await nickName.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${nickNameMessage}"]`).textContent()).toBe(refusal)
    expect(await page.getByText(refusal).count()).toBe(1)
    await shoot(page, 'account-field-error', 'desktop')
    await nickName.fill('林晚')
    expect(await nickName.getAttribute('aria-invalid')).toBeNull()

    // The page uses the width: its content is centred, not a narrow column on the left.
    const box = await page.locator('main > *').first().boundingBox()
    if (!box) throw new Error('no page content')
    expect(box.width).toBeGreaterThan(1000)
    expect(Math.abs(box.x - (1440 - (box.x + box.width)))).toBeLessThan(2)

    // The user menu: 积分充值 with the balance, and 积分明细.
    await page.getByRole('button', { name: /账号菜单/ }).click()
    const buy = page.getByRole('menuitem', { name: /积分充值/ })
    // Read when the menu opens, so it arrives a moment later.
    await expect.poll(() => buy.textContent()).toMatch(/0 积分/)
    await shoot(page, 'user-menu', 'desktop')
    await page.getByRole('menuitem', { name: '积分明细' }).click()
    await page.waitForURL('**/pointsRecords')

    // Logging out leaves the login-only page without first showing its "log in first" prompt:
    // a MutationObserver records whether the prompt ever entered the page on the way home.
    await page.evaluate(() => {
      const record = window as unknown as { sawLoginPrompt: boolean }
      record.sawLoginPrompt = false
      new MutationObserver(() => {
        if (document.body.textContent?.includes('登录后即可使用')) record.sawLoginPrompt = true
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    })
    // 退出登录 ends the session on the server: the logout call leaves with the token.
    const logoutCall = page.waitForRequest(/\/api\/user-server\/musicOauth\/logout$/)
    await page.getByRole('button', { name: /账号菜单/ }).click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    const request = await logoutCall
    expect(request.headers().authorization).toMatch(/^Bearer /)
    await page.waitForURL('**/home')
    // Exactly 登录, the header's button: until home has rendered, the page left behind may still
    // be on screen, with its own buttons.
    await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).waitFor()
    // Whatever the server answered, no 系统提示 follows a logout.
    expect(await page.getByText('系统提示').count()).toBe(0)
    expect(
      await page.evaluate(() => (window as unknown as { sawLoginPrompt: boolean }).sawLoginPrompt),
    ).toBe(false)
    await context.close()
  })

  it('leaves a handle that brings back a hidden player bar', async () => {
    await waitForSeedWorks(platform, 1)
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/home`)
    await page.locator('article').getByRole('button').first().click()
    // Once slid out the bar is visibility: hidden, which role queries skip unless told: without
    // includeHidden a slow poll that starts after the slide finds no bar to read.
    const bar = page.getByRole('region', { name: '播放器', includeHidden: true })
    await bar.getByRole('button', { name: '收起播放器' }).click()
    const handle = page.getByRole('button', { name: /^展开播放器/ })
    await handle.waitFor()
    await expect.poll(() => bar.getAttribute('data-state')).toBe('closed')
    await shoot(page, 'player-handle', 'desktop')

    // Keyboard: the handle is in the tab order and Enter brings the bar back.
    await handle.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => bar.getAttribute('data-state')).toBe('open')
    await expect.poll(() => handle.count()).toBe(0)
    await context.close()
  }, 240_000)

  it('saves every page at 1440x900 and 390x844', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const context =
        viewport === 'desktop' ? await newDesktopContext(browser) : await newPhoneContext()
      const page = await context.newPage()
      await logIn(page, '/accountInfo', viewport === 'desktop' ? '13400134000' : '13300133000')
      for (const entry of PAGES) {
        await page.goto(`${platform.baseUrl}${entry.path}`)
        await page.getByText(entry.ready).first().waitFor()
        await page.waitForLoadState('networkidle')
        await shoot(page, entry.name, viewport)
      }
      await context.close()
    }
  }, 240_000)
})
