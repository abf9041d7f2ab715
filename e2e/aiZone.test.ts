import type { AiJob } from '@gy/api/contract'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  accessTokenOf,
  advanceServerClock,
  captureAudioElements,
  grantPoints,
  logInThroughDialog,
  newDesktopContext,
  PHONE_USER_AGENT,
  type RunningPlatform,
  screenshot,
  shareRunningPlatform,
  signedCall,
  wavFile,
} from './support/platform'

/**
 * The AI creation zone end to end, on the real engine: a visitor meets the centre and logs in;
 * a smart-mode song is generated with live progress, played through the global player, found in
 * the history and shared; the share page plays for a visitor on desktop and phone; an upload is
 * separated into its stems and covered by a singer; and a job whose server is killed mid-way
 * finishes after the restart, charged once.
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform((running) => {
  platform = running.platform
  browser = running.browser
})

const CREATOR = '13900139101'

/** A short stereo song-like WAV: a voice-like line with vibrato over a chord, `seconds` long. */
function songWav(seconds: number, sampleRate = 22050): Buffer {
  return wavFile(sampleRate, 2, Math.round(seconds * sampleRate), (frame, channel) => {
    const time = frame / sampleRate
    const note = 220 * 2 ** ((Math.floor(time * 2) % 5) / 12)
    const vibrato = 1 + 0.01 * Math.sin(2 * Math.PI * 5 * time)
    const voice = 0.25 * Math.sin(2 * Math.PI * note * vibrato * time)
    const chord =
      0.08 * (Math.sin(2 * Math.PI * 130.81 * time) + Math.sin(2 * Math.PI * 196 * time))
    return voice + (channel === 0 ? 1.3 : 0.7) * chord
  })
}

async function uploadSong(page: Page, name: string, seconds: number): Promise<void> {
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name, mimeType: 'audio/wav', buffer: songWav(seconds) })
  await expect.poll(() => page.getByText('已上传').count(), { timeout: 30_000 }).toBeGreaterThan(0)
}

async function audioPlaying(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    (window.gyAudioElements ?? []).some((audio) => !audio.paused && audio.currentTime > 0),
  )
}

async function pointsOf(token: string): Promise<number> {
  const answer = await signedCall<{ points: number }>(
    platform.baseUrl,
    'music-server/ai/music/integral',
    {},
    token,
  )
  return answer.data.points
}

describe('the AI creation zone', () => {
  let page: Page
  let token = ''
  let shareUrl = ''

  it('introduces the tools to a visitor and asks for login to start', async () => {
    const context = await newDesktopContext(browser)
    await captureAudioElements(context)
    page = await context.newPage()
    await page.goto(`${platform.baseUrl}/aiCreationCenter`)
    await page.getByRole('heading', { name: 'AI创作中心', level: 1 }).waitFor()
    for (const tool of ['AI写歌', 'AI翻唱', '人声分离']) {
      expect(await page.getByRole('heading', { name: tool }).count()).toBeGreaterThan(0)
    }
    await screenshot(page, '60-ai-centre-visitor')
    await page.goto(`${platform.baseUrl}/aiCreationCenter/smartMode`)
    await page.getByRole('dialog').waitFor()
    await logInThroughDialog(page, platform.baseUrl, CREATOR)
    token = await accessTokenOf(page)
    await grantPoints(platform.baseUrl, CREATOR, 300)
    await page.reload()
    await page.getByText('你的积分：300').first().waitFor()
  })

  it('generates two songs in smart mode with live progress, and plays one', async () => {
    await page.getByLabel('歌曲描述').fill('月下思念故乡的诗人，安静的古风')
    const submitted = Date.now()
    await page.getByRole('button', { name: '生成', exact: true }).click()
    // Progress is shown at once: queued with its place in line, or running with its percent.
    await page
      .getByText(/排队中|正在创作/)
      .first()
      .waitFor({ timeout: 5_000 })
    expect(Date.now() - submitted).toBeLessThan(5_000)
    await screenshot(page, '61-ai-smart-progress')
    // The first song plays while it is still being made, through its growing HLS playlist.
    const play = page.getByRole('button', { name: /^播放/ }).first()
    await play.waitFor({ timeout: 240_000 })
    await page.getByText('边生成边播放').first().waitFor()
    await play.click()
    await expect.poll(() => audioPlaying(page), { timeout: 20_000 }).toBe(true)
    // Heard before the job is done: the card still says the song is being made.
    expect(await page.getByText('边生成边播放').count()).toBeGreaterThan(0)
    await screenshot(page, '61b-ai-smart-live')
    // Both songs finished: the card's progress gives way to two songs, neither still being made.
    const card = page.locator('article').filter({ hasText: '月下思念故乡的诗人' }).first()
    await expect
      .poll(
        async () =>
          (await card.getByText(/排队中|正在创作/).count()) === 0 &&
          (await card.getByText('边生成边播放').count()) === 0,
        { timeout: 240_000 },
      )
      .toBe(true)
    expect(await card.getByRole('button', { name: /^(播放|暂停)/ }).count()).toBe(2)
    expect(await card.getByText('AI生成').count()).toBe(2)
    await screenshot(page, '62-ai-smart-done')
    // The song went on playing when its file replaced the stream.
    expect(await audioPlaying(page)).toBe(true)
    expect(await pointsOf(token)).toBe(280)
  }, 300_000)

  it('finds the song in the history and shares it', async () => {
    await page.goto(`${platform.baseUrl}/aiCreationCenter/createHistory`)
    await page.getByRole('heading', { name: '创作记录', level: 1 }).waitFor()
    await page.getByText('月下思念故乡的诗人').first().waitFor()
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: /^分享/ }).first().click()
    const link = page.getByRole('link', { name: /aiShare/ }).first()
    await link.waitFor()
    shareUrl = (await link.getAttribute('href')) ?? ''
    expect(shareUrl).toMatch(/\/aiShare\?shareId=[0-9a-f-]{36}$/)
    await screenshot(page, '63-ai-history')
    // The zone's pages at phone width, logged in as the same user.
    const phone = await browser.newContext({
      userAgent: PHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      locale: 'zh-CN',
      storageState: await page.context().storageState(),
    })
    const phonePage = await phone.newPage()
    for (const [path, name] of [
      ['/aiCreationCenter', '63m-ai-centre-phone'],
      ['/aiCreationCenter/smartMode', '63m-ai-smart-phone'],
      ['/aiCreationCenter/coverMode', '63m-ai-cover-phone'],
      ['/aiCreationCenter/createHistory', '63m-ai-history-phone'],
    ] as const) {
      await phonePage.goto(`${platform.baseUrl}${path}`)
      await phonePage.waitForLoadState('networkidle')
      await screenshot(phonePage, name)
    }
    await phone.close()
  })

  it('deposits a generated song with its creation record, as proof of the creative input', async () => {
    await page.goto(`${platform.baseUrl}/aiCreationCenter/createHistory`)
    await page.getByText('月下思念故乡的诗人').first().waitFor()
    await page
      .getByRole('button', { name: /^存证 / })
      .first()
      .click()
    await page.waitForURL(/\/musiciansZone\/copyrightDeposit\?/)
    await page.getByText('这是 GY音乐 AI 生成的作品').waitFor()
    const title = page.getByLabel('作品名称')
    await expect.poll(() => title.inputValue()).not.toBe('')
    await screenshot(page, '63b-ai-deposit-filled')
    await page.getByRole('button', { name: '提交存证' }).click()
    const done = page.getByRole('region', { name: '存证完成' })
    await done.waitFor({ timeout: 20_000 })
    await done.getByRole('link', { name: '查看证书' }).click()
    const record = page.getByRole('region', { name: 'AI 创作记录' })
    await record.waitFor()
    expect(await record.textContent()).toContain('月下思念故乡的诗人')
    await screenshot(page, '63c-ai-deposit-certificate')
  })

  it('plays the share page to a visitor, labelled as AI-generated, on desktop and phone', async () => {
    const visitor = await newDesktopContext(browser)
    await captureAudioElements(visitor)
    const sharePage = await visitor.newPage()
    await sharePage.goto(new URL(shareUrl, platform.baseUrl).href)
    await sharePage.getByText('AI生成').first().waitFor()
    expect(await sharePage.getByRole('dialog').count()).toBe(0)
    await screenshot(sharePage, '64-ai-share-desktop')
    await sharePage.getByRole('button', { name: /^播放/ }).first().click()
    await expect.poll(() => audioPlaying(sharePage), { timeout: 20_000 }).toBe(true)

    // The creation centre plays examples to a visitor: the share just made among them (the
    // platform's own, made on a first start through the job queue, come as their jobs finish).
    const centre = await visitor.newPage()
    await centre.goto(`${platform.baseUrl}/aiCreationCenter`)
    await centre.getByRole('heading', { name: '听听 AI 的作品' }).waitFor()
    await expect
      .poll(
        async () => {
          await centre.reload()
          await centre.waitForLoadState('networkidle')
          return centre.locator('a[href*="aiShare?shareId="]').count()
        },
        { timeout: 180_000, interval: 1_000 },
      )
      .toBeGreaterThan(0)
    await screenshot(centre, '64b-ai-examples-visitor')
    await visitor.close()

    const phone = await browser.newContext({
      userAgent: PHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      locale: 'zh-CN',
    })
    const phonePage = await phone.newPage()
    await phonePage.goto(new URL(shareUrl, platform.baseUrl).href)
    await phonePage.waitForURL(/\/m\/aiShare\?shareId=/)
    await phonePage.getByText('AI生成').first().waitFor()
    await screenshot(phonePage, '65-ai-share-phone')
    await phone.close()
  }, 300_000)

  it('separates an upload into 人声 and 伴奏 in a stem player', async () => {
    await page.goto(`${platform.baseUrl}/aiCreationCenter/separationMode`)
    await uploadSong(page, '分离测试.wav', 8)
    await page.getByRole('button', { name: '开始分离' }).click()
    await page.getByText('分离结果').first().waitFor({ timeout: 120_000 })
    for (const stem of ['人声', '伴奏']) {
      expect(await page.getByText(stem, { exact: true }).count()).toBeGreaterThan(0)
    }
    await screenshot(page, '66-ai-separation')
  }, 150_000)

  it('covers an upload with a chosen singer, after hearing the voice', async () => {
    await page.goto(`${platform.baseUrl}/aiCreationCenter/coverMode`)
    await uploadSong(page, '翻唱测试.wav', 8)
    // Each singer's sample, made by the worker when the server started.
    await page.getByRole('button', { name: /^试听/ }).first().click()
    await expect.poll(() => audioPlaying(page), { timeout: 20_000 }).toBe(true)
    await page.getByRole('radio').first().click()
    await page.getByRole('button', { name: '开始翻唱' }).click()
    await page.getByRole('button', { name: /^播放/ }).first().waitFor({ timeout: 120_000 })
    await screenshot(page, '67-ai-cover')
  }, 150_000)

  it('finishes a job after the server is killed mid-way, charged once', async () => {
    const before = await pointsOf(token)
    // A longer song, so the job is still running when the server dies.
    await page.goto(`${platform.baseUrl}/aiCreationCenter/separationMode`)
    await uploadSong(page, '断电测试.wav', 90)
    await page.getByRole('button', { name: '开始分离' }).click()
    await page.getByText('正在创作').first().waitFor({ timeout: 60_000 })
    const jobs = await signedCall<{ records: AiJob[] }>(
      platform.baseUrl,
      'ai-server/musicfy/jobList',
      { page: 1, pageSize: 1 },
      token,
    )
    const jobId = jobs.data.records[0]?.jobId ?? ''
    expect(jobs.data.records[0]?.state).toBe('running')

    await platform.crashAndRestart()
    // The dead worker's lease runs out (30 s); move the new server's clock past it.
    await advanceServerClock(platform.baseUrl, 60)
    await expect
      .poll(
        async () =>
          (
            await signedCall<AiJob>(
              platform.baseUrl,
              'ai-server/musicfy/jobQuery',
              { jobId },
              token,
            )
          ).data.state,
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe('succeeded')
    expect(await pointsOf(token)).toBe(before - 10)
    const log = await signedCall<{ records: { kind: string; amount: number; title: string }[] }>(
      platform.baseUrl,
      'music-server/ai/music/integralLog',
      { page: 1, pageSize: 50 },
      token,
    )
    expect(log.data.records.filter((record) => record.title.includes('断电测试'))).toHaveLength(1)
    // The page that was open finds the finished job again after a reload.
    await page.reload()
    await page.getByText('分离结果').first().waitFor({ timeout: 30_000 })
  }, 240_000)
})
