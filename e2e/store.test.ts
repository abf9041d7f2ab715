import { createHash } from 'node:crypto'
import type { LoginData, WorkPage } from '@gy/api'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import { randomString, signedText } from '@gy/api/signing'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  captureAudioElements,
  latestSmsCode,
  newDesktopContext,
  newPhoneContext,
  type RunningPlatform,
  screenshot,
  shareRunningPlatform,
  signedCall,
  waitUntil,
  wavFile,
} from './support/platform'

/**
 * The store story: a musician's three listings (made through the real deposit and listing
 * calls) are found by a Chinese keyword in the title and in the lyric, shown as a track list,
 * opened from a card, played; 播放全部 queues the page and 下一首 moves on; after a reload the
 * last track is back, paused. Desktop and phone screenshots of both pages.
 */
let platform: RunningPlatform
let browser: Browser

const PHONE = '13700001313'
const WORKS = [
  { title: '月光下的小镇', categoryId: 'folk', lyric: '把思念写进风里\n月光洒满小镇', hz: 330 },
  {
    title: '青石巷的雨',
    categoryId: 'ancient',
    lyric: '雨落青石声声慢\n谁在巷口把歌来弹',
    hz: 392,
  },
  { title: '城市夜跑', categoryId: 'pop', lyric: '霓虹闪烁的街头\n我们一路奔跑', hz: 440 },
] as const

async function logInByApi(): Promise<LoginData> {
  await signedCall(
    platform.baseUrl,
    `user-server/musicOauth/send-sms?phone=86:${PHONE}&platform=3&type=login`,
  )
  const smsCode = await latestSmsCode(platform.baseUrl, PHONE)
  const login = await signedCall<LoginData>(platform.baseUrl, 'user-server/musicOauth/login', {
    mobile: `86:${PHONE}`,
    smsCode,
    platform: 3,
    smsCodeType: 'login',
  })
  if (login.code !== '000') throw new Error(`login failed: ${login.msg}`)
  return login.data
}

/** A file upload is signed over an empty body, as the contract says. */
async function uploadAudio(token: string, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData()
  form.set('purpose', 'audio')
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), name)
  const nonce = randomString()
  const timestamp = String(Date.now())
  const response = await fetch(`${platform.baseUrl}/api/user-server/obs/uploadFile`, {
    method: 'POST',
    headers: {
      nonce,
      timestamp,
      signature: createHash('sha256')
        .update(signedText('', nonce, timestamp, DEV_SIGN_SECRET))
        .digest('hex'),
      platform: '3',
      authorization: `Bearer ${token}`,
    },
    body: form,
  })
  const envelope = (await response.json()) as {
    code: string
    msg: string
    data: { fileId: string }
  }
  if (envelope.code !== '000') throw new Error(`upload failed: ${envelope.msg}`)
  return envelope.data.fileId
}

/** Deposits and lists each work, then waits until the store shows all of them (audio ready). */
async function listWorks(token: string): Promise<void> {
  for (const work of WORKS) {
    const audio = wavFile(
      22_050,
      1,
      22_050 * 2,
      (frame) => 0.4 * Math.sin((2 * Math.PI * work.hz * frame) / 22_050),
    )
    const fileId = await uploadAudio(token, audio, `${work.title}.wav`)
    const deposit = await signedCall<{ depositId: string }>(
      platform.baseUrl,
      'music-server/keepRecord/uploadListing',
      { fileId, title: work.title, lyric: work.lyric },
      token,
    )
    if (deposit.code !== '000') throw new Error(`deposit failed: ${deposit.msg}`)
    const listing = await signedCall(
      platform.baseUrl,
      'music-server/musicGoods/musicListing',
      { depositId: deposit.data.depositId, priceFen: 990, categoryId: work.categoryId },
      token,
    )
    if (listing.code !== '000') throw new Error(`listing failed: ${listing.msg}`)
  }
  await waitUntil(
    async () => {
      const page = await signedCall<WorkPage>(platform.baseUrl, 'music-server/musicGoods/list', {})
      return page.code === '000' && page.data.total >= WORKS.length ? true : undefined
    },
    'the three works to be listed in the store',
    { timeoutMs: 120_000, log: platform.log },
  )
}

shareRunningPlatform(
  async (running) => {
    platform = running.platform
    browser = running.browser
    const { accessToken } = await logInByApi()
    await listWorks(accessToken)
  },
  {},
  300_000,
)

function playerBar(page: Page) {
  return page.getByRole('region', { name: '播放器', includeHidden: true })
}

describe('store story', () => {
  it('searches in Chinese, lists, opens and plays a work, queues the page and restores it', async () => {
    const context = await newDesktopContext(browser)
    await captureAudioElements(context)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/copyrightedMusic`)
    await page.getByRole('heading', { name: '版权音乐', level: 1 }).waitFor()
    await page.getByRole('article').filter({ hasText: '城市夜跑' }).waitFor()
    await page.getByRole('region', { name: '推荐' }).waitFor()
    await screenshot(page, 'store-desktop')
    // The wide store page widens the header with it, so the logo lines up with the page's heading.
    const brand = page.getByRole('banner').locator(':scope > div > div').first()
    const logoLeft = (await brand.boundingBox())?.x
    const headingLeft = (
      await page.getByRole('heading', { name: '版权音乐', level: 1 }).boundingBox()
    )?.x
    expect(logoLeft).toBeDefined()
    expect(Math.abs((logoLeft ?? 0) - (headingLeft ?? Infinity))).toBeLessThan(2)

    // A Chinese keyword in a title, then a line of a lyric.
    const search = page.getByRole('searchbox', { name: '搜索作品' })
    await search.fill('月光')
    await search.press('Enter')
    await page.getByText('“月光” 找到 1 首').waitFor()
    expect(await page.getByRole('article').count()).toBe(1)
    await search.fill('霓虹闪烁')
    await search.press('Enter')
    await page.getByText('“霓虹闪烁” 找到 1 首').waitFor()
    await expect.poll(() => page.getByRole('article').first().textContent()).toContain('城市夜跑')
    await screenshot(page, 'store-search')

    // The list view: every work with its duration and plays.
    await search.fill('')
    await search.press('Enter')
    await page.getByText('共 3 首').waitFor()
    await page.getByRole('radio', { name: '列表' }).click()
    const table = page.getByRole('table', { name: '作品列表' })
    await table.waitFor()
    expect(await table.getByRole('row').count()).toBe(WORKS.length + 1)
    expect(await table.textContent()).toContain('00:02')
    await screenshot(page, 'store-list')

    // A card's title opens the work page.
    await page.getByRole('radio', { name: '卡片' }).click()
    await page
      .getByRole('article')
      .filter({ hasText: '青石巷的雨' })
      .getByRole('link')
      .last()
      .click()
    await page.waitForURL(/\/copyrightedMusic\/details\?goodsId=/)
    await page.getByRole('heading', { name: '青石巷的雨', level: 1 }).waitFor()
    expect(await page.getByText('雨落青石声声慢').count()).toBe(1)
    expect(await page.getByText('古风').count()).toBeGreaterThan(0)
    const verify = page.getByRole('link', { name: '查看公开验证' })
    expect(await verify.getAttribute('href')).toMatch(/^\/verify\?certificateNo=/)
    // A visitor meets the licences with a way to log in and buy (e2e/licence.test.ts buys one).
    await page
      .getByRole('region', { name: '购买授权' })
      .getByRole('button', { name: '登录后购买' })
      .waitFor()
    await page.getByRole('button', { name: '立即播放' }).click()
    await expect
      .poll(() => page.evaluate(() => window.gyAudioElements?.[0]?.paused ?? true))
      .toBe(false)
    await expect.poll(() => playerBar(page).textContent()).toContain('青石巷的雨')
    await screenshot(page, 'store-work-desktop')

    // 播放全部 queues the store's page; 下一首 plays the second work.
    await page.goto(`${platform.baseUrl}/copyrightedMusic`)
    await page.getByRole('article').first().waitFor()
    const titles = await page.getByRole('article').getByRole('heading').allTextContents()
    await page.getByRole('button', { name: /播放全部/ }).click()
    await expect.poll(() => playerBar(page).textContent()).toContain(titles[0])
    await playerBar(page).getByRole('button', { name: '下一首' }).click()
    await expect.poll(() => playerBar(page).textContent()).toContain(titles[1])
    await expect
      .poll(() => page.evaluate(() => window.gyAudioElements?.[0]?.paused ?? true))
      .toBe(false)

    // After a reload the last track is back in the bar, paused.
    await page.reload()
    await expect.poll(() => playerBar(page).textContent()).toContain(titles[1])
    expect(await page.evaluate(() => window.gyAudioElements?.[0]?.paused ?? true)).toBe(true)
    await playerBar(page).getByRole('button', { name: '播放', exact: true }).waitFor()
    await context.close()
  })

  it('shows the store and a work page in the mobile shell', async () => {
    const context = await newPhoneContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/m/copyrightedMusic`)
    await page.getByRole('article').filter({ hasText: '月光下的小镇' }).waitFor()
    await screenshot(page, 'store-mobile')
    await page
      .getByRole('article')
      .filter({ hasText: '月光下的小镇' })
      .getByRole('link')
      .last()
      .click()
    await page.waitForURL(/\/m\/copyrightedMusic\/details\?goodsId=/)
    await page.getByRole('heading', { name: '月光下的小镇', level: 1 }).waitFor()
    await screenshot(page, 'store-work-mobile')
    await context.close()
  })
})
