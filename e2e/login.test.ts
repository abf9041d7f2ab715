import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@gy/api'
import {
  advanceServerClock,
  latestSmsCode,
  logInThroughDialog,
  newDesktopContext,
  PHONE_USER_AGENT,
  type RunningPlatform,
  screenshot,
  signedCall,
  shareRunningPlatform,
} from './support/platform'

/**
 * The foundation's login story, end to end: the built app and the real server in Chromium.
 * Screenshots of each step land in test-artifacts/e2e/.
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform((running) => {
  platform = running.platform
  browser = running.browser
})

const PHONE = '13800138000'

describe('login story', () => {
  it('sends a desktop visitor to /home with the header and footer of the spec', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/`)
    await page.waitForURL('**/home')
    await expect.poll(() => page.title()).toBe('GY音乐 - 首页')
    const header = page.getByRole('banner')
    for (const name of ['首页', '版权音乐', '关于我们']) {
      await expect.poll(() => header.getByRole('link', { name }).count()).toBe(1)
    }
    await expect.poll(() => header.getByRole('button', { name: '登录' }).count()).toBe(1)
    const footer = page.getByRole('contentinfo')
    for (const name of [
      '关于我们',
      '上传作品',
      '版权登记',
      '用户协议',
      '隐私政策',
      '授权分享协议',
    ]) {
      await expect.poll(() => footer.getByRole('link', { name }).count()).toBeGreaterThan(0)
    }
    await screenshot(page, '01-home-visitor')
    await context.close()
  })

  it('sends a phone to the mobile shell', async () => {
    const context = await browser.newContext({
      userAgent: PHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/`)
    await page.waitForURL('**/m/home')
    await expect.poll(() => page.getByRole('button', { name: '打开App' }).count()).toBe(1)
    await screenshot(page, '02-mobile-home')
    // A shared desktop link opens the same page in the mobile shell, its query kept; a page made
    // for the desktop only stays where it is.
    await page.goto(`${platform.baseUrl}/vote/list?from=share`)
    await page.waitForURL('**/m/vote/list?from=share')
    await page.goto(`${platform.baseUrl}/gyPrivacy`)
    await page.waitForURL('**/m/gyPrivacy')
    await page.goto(`${platform.baseUrl}/aiCreationCenter`)
    await page.getByRole('heading', { name: 'AI创作中心' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/aiCreationCenter')
    await context.close()
  })

  it('redirects unknown paths to /404', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/no/such/page`)
    await page.waitForURL('**/404')
    await expect.poll(() => page.getByText('页面不存在').count()).toBeGreaterThan(0)
    await context.close()
  })

  it('logs in from a login-only route, then a second browser supersedes the first', async () => {
    const first = await newDesktopContext(browser)
    const page = await first.newPage()
    await page.goto(`${platform.baseUrl}/accountInfo`)
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await expect.poll(() => page.title()).toBe('GY音乐 - 账号信息')
    await screenshot(page, '03-login-dialog')

    // The spec's validation messages, and input filtering.
    await dialog.getByRole('button', { name: '获取验证码' }).click()
    await expect.poll(() => page.getByText('请输入手机号码').count()).toBeGreaterThan(0)
    await dialog.getByLabel('手机号码').fill('138abc0013800099')
    expect(await dialog.getByLabel('手机号码').inputValue()).toBe('13800138000')
    await dialog.getByRole('button', { name: '登录', exact: true }).click()
    await expect.poll(() => page.getByText('验证码不能为空').count()).toBeGreaterThan(0)

    // The login call is held until the test has seen the 登录中 mask it shows meanwhile.
    let releaseLogin = (): void => undefined
    const loginReleased = new Promise<void>((resolve) => (releaseLogin = resolve))
    await page.route('**/musicOauth/login', async (route) => {
      await loginReleased
      await route.continue()
    })
    await dialog.getByLabel('手机号码').fill(PHONE)
    await dialog.getByRole('button', { name: '获取验证码' }).click()
    await expect.poll(() => page.getByText('短信验证码发送成功').count()).toBeGreaterThan(0)
    await expect
      .poll(() => dialog.getByRole('button', { name: /^重新发送\(\d+\)$/ }).textContent())
      .toMatch(/重新发送\((60|59|58)\)/)
    expect(platform.log()).toContain('13800138000')
    const code = await latestSmsCode(platform.baseUrl, PHONE)
    await dialog.getByLabel('验证码').fill(`${code}999`)
    expect(await dialog.getByLabel('验证码').inputValue()).toBe(code)
    await dialog.getByRole('button', { name: '登录', exact: true }).click()
    await page.getByText('登录中').first().waitFor()
    await screenshot(page, '04-logging-in')
    releaseLogin()
    await expect.poll(() => page.getByText('登录成功').count()).toBeGreaterThan(0)
    await dialog.waitFor({ state: 'detached' })

    // The account page loads, and the header shows the user with the spec's menu.
    await expect.poll(() => page.getByText('GY用户8000').count()).toBeGreaterThan(0)
    await screenshot(page, '05-account-info')
    await page
      .getByRole('banner')
      .getByRole('button', { name: /GY用户8000/ })
      .click()
    for (const name of ['账号信息', '音乐人专区', '版权登记列表', '著作权人管理', '退出登录']) {
      await expect.poll(() => page.getByRole('menuitem', { name }).count()).toBe(1)
    }
    await screenshot(page, '06-user-menu')
    await page.keyboard.press('Escape')

    // A second browser logs in with the same phone, once the server's 60 s between two codes
    // for one phone has passed: first refused, then allowed after the server's clock moves on.
    const tooSoon = await signedCall(
      platform.baseUrl,
      `user-server/musicOauth/send-sms?phone=86:${PHONE}&platform=3&type=login`,
    )
    expect(tooSoon).toMatchObject({ code: '429', msg: MESSAGES.smsTooFrequent })
    await advanceServerClock(platform.baseUrl, 61)
    const second = await newDesktopContext(browser)
    const otherPage = await second.newPage()
    await otherPage.goto(`${platform.baseUrl}/home`)
    await otherPage.getByRole('banner').getByRole('button', { name: '登录' }).click()
    // The 登录成功 toast lasts 3 s, and on a loaded machine the dialog's exit takes longer than
    // that: it is watched for from before the login, not looked for after the dialog has gone.
    await Promise.all([
      otherPage.getByText('登录成功').first().waitFor({ timeout: 60_000 }),
      logInThroughDialog(otherPage, platform.baseUrl, PHONE),
    ])

    // The first browser's next call is answered 402: the 系统提示 dialog.
    await page.getByRole('banner').getByRole('link', { name: '首页' }).click()
    await page.goto(`${platform.baseUrl}/accountInfo`)
    const prompt = page.getByRole('alertdialog')
    await prompt.waitFor()
    expect(await prompt.textContent()).toContain('系统提示')
    expect(await prompt.textContent()).toContain('当前账号已在其它地方登录！')
    await expect.poll(() => prompt.getByRole('button', { name: '重新登录' }).count()).toBe(1)
    await expect.poll(() => prompt.getByRole('button', { name: '取消' }).count()).toBe(1)
    await screenshot(page, '07-logged-in-elsewhere')
    await prompt.getByRole('button', { name: '取消' }).click()
    await page.waitForURL('**/home')
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: '登录' }).count())
      .toBe(1)

    // Logging out in the second browser clears everything and goes home.
    await otherPage.goto(`${platform.baseUrl}/accountInfo`)
    await otherPage
      .getByRole('banner')
      .getByRole('button', { name: /GY用户8000/ })
      .click()
    await otherPage.getByRole('menuitem', { name: '退出登录' }).click()
    await otherPage.waitForURL('**/home')
    await expect
      .poll(() => otherPage.getByRole('banner').getByRole('button', { name: '登录' }).count())
      .toBe(1)
    const stored = await otherPage.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('gy_')),
    )
    expect(stored).toEqual([])
    await screenshot(otherPage, '08-logged-out')
    await first.close()
    await second.close()
  })
})
