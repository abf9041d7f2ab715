import { join } from 'node:path'
import type { WorkItem } from '@gy/api/contract'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  accessTokenOf,
  advanceServerClock,
  ARTIFACTS,
  logInThroughDialog,
  PHONE_USER_AGENT,
  type RunningPlatform,
  shareRunningPlatform,
  signedCall,
  waitForSeedWorks,
} from './support/platform'

/**
 * The mobile shell in Chromium with phone emulation (iPhone, Android, WeChat and MIUI user
 * agents): the root's redirect, the in-app browser tips, 打开App's fallback on Android, the share
 * page with its copy button, and account cancellation from /m/userlogout through the bottom-sheet
 * login. Pictures go to test-artifacts/e2e/mobile-*.png.
 */
let platform: RunningPlatform
let browser: Browser
let work: WorkItem

shareRunningPlatform(
  async (running) => {
    platform = running.platform
    browser = running.browser
    const works = await waitForSeedWorks(platform, 1)
    work = works[0] as WorkItem
  },
  // Its own Chromium: it reads the clipboard, which one Chromium shares between all its
  // contexts, and another file's page (the AI zone's 分享) writes there.
  { seedWorks: 1, ownBrowser: true },
)

const ANDROID_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36'
const WECHAT_USER_AGENT = `${PHONE_USER_AGENT} MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN`
const MIUI_USER_AGENT =
  'Mozilla/5.0 (Linux; U; Android 13; zh-cn; 2211133C Build/TKQ1) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0 Mobile Safari/537.36 XiaoMi/MiuiBrowser/17.7.40'

async function phoneContext(userAgent: string): Promise<BrowserContext> {
  return browser.newContext({
    userAgent,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.screenshot({ path: join(ARTIFACTS, `mobile-${name}.png`) })
}

describe('the mobile shell', () => {
  it('sends a phone from the root to /m/home, with works to play and the open-app bar', async () => {
    const context = await phoneContext(PHONE_USER_AGENT)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/`)
    await page.waitForURL('**/m/home')
    await page.getByRole('heading', { name: '正在流行' }).waitFor()
    await page.getByText(work.musicName).first().waitFor()
    expect(await page.getByRole('button', { name: '下载App' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: '版权音乐' }).getAttribute('href')).toBe(
      '/m/copyrightedMusic',
    )
    await shoot(page, 'home')
    await context.close()
  })

  it('covers the page inside WeChat with the tip, and a tap hides it', async () => {
    const context = await phoneContext(WECHAT_USER_AGENT)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/home`)
    const tip = page.locator('[data-kind="wechat"]')
    await tip.waitFor()
    await page.getByText('选择「在浏览器中打开」').waitFor()
    // It covers the whole screen, so nothing under it can be tapped.
    const box = await tip.boundingBox()
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
    await shoot(page, 'wechat-tip')
    await tip.click()
    await tip.waitFor({ state: 'detached' })
    // 打开App cannot work inside WeChat: the tip comes back instead.
    await page.getByRole('button', { name: '打开App' }).click()
    await tip.waitFor()
    await context.close()
  })

  it('shows MIUI’s browser a tip card, hidden by a tap', async () => {
    const context = await phoneContext(MIUI_USER_AGENT)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/home`)
    const tip = page.locator('[data-kind="miui"]')
    await page.getByText('当前浏览器暂不支持打开App，请使用其他浏览器访问').waitFor()
    await shoot(page, 'miui-tip')
    await tip.click()
    await tip.waitFor({ state: 'detached' })
    await context.close()
  })

  it('on Android, sends 打开App to the download page when the app has not opened in 4 s', async () => {
    const context = await phoneContext(ANDROID_USER_AGENT)
    const page = await context.newPage()
    await page.clock.install()
    await page.goto(`${platform.baseUrl}/m/home`)
    await page.getByRole('heading', { name: '正在流行' }).waitFor()
    await page.getByRole('button', { name: '打开App' }).click()
    // The settings arrive, the app's link is tried, and the fallback waits: not yet at 3.9 s.
    await page.clock.runFor(3_900)
    expect(new URL(page.url()).pathname).toBe('/m/home')
    await page.clock.runFor(200)
    // Polled rather than awaited as a navigation: the app link's own navigation is aborted (no app
    // is installed), and when that abort is reported late waitForURL fails on it.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/m/download_gy')
    await page.getByRole('heading', { name: '下载 GY音乐 App' }).waitFor()
    // The store links are the server's settings, which arrive after the page.
    await expect
      .poll(() => page.getByRole('link', { name: '安卓版下载' }).getAttribute('href'))
      .toMatch(/^market:\/\//)
    await shoot(page, 'download')
    await context.close()
  })

  it('plays a shared work with its lyric, and copies the link', async () => {
    const context = await phoneContext(PHONE_USER_AGENT)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.baseUrl,
    })
    const page = await context.newPage()
    const url = `${platform.baseUrl}/m/musicShare?musicId=${work.musicId}`
    await page.goto(url)
    await page.getByRole('heading', { name: work.musicName }).waitFor()
    await page.getByText('来自 GY音乐 的分享').waitFor()
    if (work.lyric.includes('[')) await page.getByRole('list', { name: '歌词' }).waitFor()
    await page.getByRole('button', { name: '复制链接' }).click()
    await page.getByText('复制成功').first().waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
    // The page's own control; the player bar below gets one too once the work plays.
    const main = page.locator('main')
    await main.getByRole('button', { name: '播放', exact: true }).click()
    await main.getByRole('button', { name: '暂停', exact: true }).waitFor()
    await shoot(page, 'share')
    await context.close()
  })

  it('cancels an account from /m/userlogout: the token dies, the phone starts afresh', async () => {
    const phone = '13700001418'
    const context = await phoneContext(PHONE_USER_AGENT)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/userlogout`)
    await page.getByRole('heading', { name: '三、哪些记录会保留，为什么' }).waitFor()
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await shoot(page, 'login-sheet')
    await logInThroughDialog(page, platform.baseUrl, phone)
    const token = await accessTokenOf(page)
    const before = await signedCall<{ userId: string }>(
      platform.baseUrl,
      'music-server/user/userDetails',
      {},
      token,
    )

    const field = page.getByLabel('请输入“确认注销”')
    await field.fill('注销')
    await page.getByRole('button', { name: '注销账号', exact: true }).click()
    await page.getByText('请输入“确认注销”四个字以确认注销').waitFor()
    await field.fill('确认注销')
    await page.getByRole('button', { name: '注销账号', exact: true }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: '确定注销' }).click()
    await page.waitForURL('**/m/home')
    await page.getByText('账号已注销，感谢你曾经的陪伴').first().waitFor()
    await page.getByRole('button', { name: '登录 / 注册' }).waitFor()

    const after = await signedCall(platform.baseUrl, 'music-server/user/userDetails', {}, token)
    expect(after.code).toBe('401')
    // The same phone logs in again as somebody new.
    await page.goto(`${platform.baseUrl}/m/userlogout`)
    await advanceServerClock(platform.baseUrl, 61)
    await page.getByRole('button', { name: '登录', exact: true }).click()
    await logInThroughDialog(page, platform.baseUrl, phone)
    const again = await signedCall<{ userId: string }>(
      platform.baseUrl,
      'music-server/user/userDetails',
      {},
      await accessTokenOf(page),
    )
    expect(again.data.userId).not.toBe(before.data.userId)
    await context.close()
  })
})

describe('the first screen, in the HTML the server sends', () => {
  const FIRST_SCREENS = [
    { path: '/m/home', heading: '让价值回归音乐人', texts: ['正在流行', '下载App', '登录 / 注册'] },
    {
      path: '/vote/list',
      heading: '投票活动',
      texts: ['为喜欢的原创作品投上一票，票数实时更新。'],
    },
  ]

  it.each(FIRST_SCREENS)('$path arrives already written, with no inline script', async (screen) => {
    const html = await (await fetch(`${platform.baseUrl}${screen.path}`)).text()
    const root = html.slice(html.indexOf('<div id="root">'))
    expect(root).toMatch(new RegExp(`<h1[^>]*>${screen.heading}</h1>`))
    for (const text of screen.texts) expect(root).toContain(text)
    // The Content-Security-Policy admits no inline script: every script is a file of the build.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it.each(FIRST_SCREENS)(
    '$path: React adopts the written screen instead of painting it again',
    async (screen) => {
      const context = await phoneContext(PHONE_USER_AGENT)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      // The heading as the HTML parser made it, before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () =>
          Object.assign(window, { writtenHeading: document.querySelector('h1') }),
        )
      })
      await page.goto(`${platform.baseUrl}${screen.path}`)
      // The data arrives after hydration: the page is React's by then.
      const loaded =
        screen.path === '/m/home'
          ? page.getByText(work.musicName).first()
          : // A phone is sent to /m/vote/list, whose cards open /m/vote/details.
            page.locator('a[href*="/vote/details"]').first()
      await loaded.waitFor()
      const adopted = await page.evaluate(() => {
        const written = (window as unknown as { writtenHeading: Element | null }).writtenHeading
        return written !== null && document.contains(written)
      })
      expect(adopted).toBe(true)
      expect(errors).toEqual([])
      await shoot(page, `first-screen${screen.path.replaceAll('/', '-')}`)
      await context.close()
    },
  )
})
