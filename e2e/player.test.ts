import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WorkItem } from '@gy/api'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  ARTIFACTS,
  captureAudioElements,
  logInThroughDialog,
  newDesktopContext,
  type RunningPlatform,
  screenshot,
  shareRunningPlatform,
  waitForSeedWorks,
} from './support/platform'

/**
 * The player story: seed works synthesised by the server, played as mp3 and as HLS in
 * Chromium, seeked, paused, and their lyric shown and downloaded.
 */
let platform: RunningPlatform
let browser: Browser
let direct: WorkItem
let streamed: WorkItem

shareRunningPlatform(
  async (running) => {
    platform = running.platform
    browser = running.browser
    const works = await waitForSeedWorks(platform, 2)
    const mp3 = works.find((work) => /mp3/i.test(work.musicEncodeUrl))
    const hls = works.find((work) => !/mp3|wav/i.test(work.musicEncodeUrl))
    if (!mp3 || !hls) throw new Error('the seed catalogue has no mp3 and HLS pair')
    direct = mp3
    streamed = hls
  },
  { seedWorks: 2 },
)

/** A desktop page whose audio element the test can see. */
async function openHome(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newDesktopContext(browser)
  await captureAudioElements(context)
  const page = await context.newPage()
  await page.goto(`${platform.baseUrl}/home`)
  return { context, page }
}

function audio(page: Page) {
  return {
    currentTime: () => page.evaluate(() => window.gyAudioElements?.[0]?.currentTime ?? -1),
    paused: () => page.evaluate(() => window.gyAudioElements?.[0]?.paused ?? true),
    src: () => page.evaluate(() => window.gyAudioElements?.[0]?.src ?? ''),
  }
}

function card(page: Page, work: WorkItem) {
  return page.locator('article').filter({ hasText: work.musicName })
}

describe('player story', () => {
  it('plays an mp3 work, seeks with the slider, pauses, then plays an HLS work', async () => {
    const { context, page } = await openHome()
    const element = audio(page)
    await card(page, direct).getByRole('button').click()
    const bar = page.getByRole('region', { name: '播放器' })
    await expect.poll(() => bar.getByRole('button', { name: '暂停' }).count()).toBe(1)
    await expect.poll(element.currentTime, { timeout: 10_000 }).toBeGreaterThan(0.3)
    expect(await element.src()).toMatch(/\.mp3\?/)
    expect(await bar.textContent()).toContain(direct.musicName)
    await screenshot(page, '11-player-mp3')

    // Seek: click the middle of the progress slider.
    const slider = bar.getByRole('slider', { name: '播放进度' })
    const box = await slider.boundingBox()
    if (!box) throw new Error('no progress slider')
    const track = await slider.locator('xpath=ancestor::*[@data-orientation][1]').boundingBox()
    const area = track ?? box
    await page.mouse.click(area.x + area.width / 2, area.y + area.height / 2)
    await expect
      .poll(element.currentTime, { timeout: 10_000 })
      .toBeGreaterThan(direct.duration * 0.35)

    // Pause with the button, resume with the space bar.
    await bar.getByRole('button', { name: '暂停' }).click()
    await expect.poll(element.paused).toBe(true)
    await page.locator('body').click({ position: { x: 5, y: 300 } })
    await page.keyboard.press('Space')
    await expect.poll(element.paused).toBe(false)

    // Another work replaces the first: HLS through hls.js (a media-source blob URL).
    await card(page, streamed).getByRole('button').click()
    await expect.poll(() => bar.textContent()).toContain(streamed.musicName)
    await expect.poll(element.src, { timeout: 15_000 }).toMatch(/^blob:/)
    await expect.poll(element.currentTime, { timeout: 15_000 }).toBeGreaterThan(0.3)
    expect(await element.currentTime()).toBeLessThan(30)
    await screenshot(page, '12-player-hls')
    await context.close()
  })

  it('asks a visitor to log in for the lyric, and shows and downloads it for a user', async () => {
    const { context, page } = await openHome()
    await card(page, direct).getByRole('button').click()
    const bar = page.getByRole('region', { name: '播放器' })
    await bar.getByRole('button', { name: '歌词' }).click()
    await page.getByRole('dialog').getByLabel('手机号码').waitFor()
    await screenshot(page, '13-lyric-needs-login')
    await logInThroughDialog(page, platform.baseUrl, '13900139000')

    await bar.getByRole('button', { name: '歌词' }).click()
    const lyric = page.getByRole('dialog')
    await expect.poll(() => lyric.textContent()).toContain(direct.musicName)
    const firstLine = direct.lyric
      .split('\n')
      .map((line) => line.replace(/\[[^\]]*\]/g, '').trim())
      .find((line) => line !== '' && !line.includes(':'))
    if (!firstLine) throw new Error('the seed work has no lyric lines')
    await expect.poll(() => lyric.textContent()).toContain(firstLine)
    // Once the song reaches the first timed line, that line is highlighted.
    const firstTime = /\[(\d+):(\d+(?:\.\d+)?)\]/.exec(direct.lyric)
    const seconds = firstTime ? Number(firstTime[1]) * 60 + Number(firstTime[2]) : 0
    await page.evaluate((time) => {
      const element = window.gyAudioElements?.[0]
      if (element) element.currentTime = time
    }, seconds + 1)
    await expect.poll(() => lyric.locator('[aria-current="true"]').count()).toBe(1)
    await screenshot(page, '14-lyric-dialog')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      lyric.getByRole('button', { name: '下载歌词' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${direct.musicName}.txt`)
    // A Chromium connected to (the run's one) keeps its downloads to itself: saveAs copies it here.
    const path = join(ARTIFACTS, 'player-lyric.txt')
    await download.saveAs(path)
    const saved = readFileSync(path, 'utf8')
    expect(saved).toContain(firstLine)
    expect(saved).not.toMatch(/\[\d\d:\d\d/)
    await context.close()
  })
})
