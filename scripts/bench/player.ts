// From the click on play to the audio element's `playing` event, in headless Chromium on
// localhost, for a direct mp3 work and an HLS work of the seed catalogue.
import type { Page } from 'playwright-core'
import {
  captureAudioElements,
  launchBrowser,
  newDesktopContext,
  startPlatform,
  waitForSeedWorks,
} from '../../e2e/support/platform'
import type { BenchRow } from '../bench-types'

const BUDGET_MS = { mp3: 300, hls: 600 }
const ROUNDS = 5

/** Milliseconds from the click on the card's play button to the element's `playing`. */
async function clickToPlaying(page: Page, title: string): Promise<number> {
  return page.evaluate(async (workTitle) => {
    const card = [...document.querySelectorAll('article')].find((element) =>
      element.textContent?.includes(workTitle),
    )
    const button = card?.querySelector('button')
    const audio = window.gyAudioElements?.[0]
    if (!button || !audio) throw new Error(`no play button or audio element for ${workTitle}`)
    return new Promise<number>((resolve) => {
      const started = performance.now()
      audio.addEventListener('playing', () => resolve(performance.now() - started), {
        once: true,
      })
      button.click()
    })
  }, title)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

export async function run(): Promise<BenchRow[]> {
  const platform = await startPlatform({ seedWorks: 2 })
  const browser = await launchBrowser()
  try {
    const works = await waitForSeedWorks(platform, 2)
    const direct = works.find((work) => /mp3|wav/i.test(work.musicEncodeUrl))
    const streamed = works.find((work) => !/mp3|wav/i.test(work.musicEncodeUrl))
    if (!direct || !streamed) throw new Error('the seed catalogue has no mp3 and HLS pair')
    const timings = { mp3: [] as number[], hls: [] as number[] }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [kind, work] of [
        ['mp3', direct],
        ['hls', streamed],
      ] as const) {
        // A fresh page each time: nothing cached in the element or hls.js between rounds.
        const context = await newDesktopContext(browser)
        await captureAudioElements(context)
        const page = await context.newPage()
        await page.goto(`${platform.baseUrl}/home`, { waitUntil: 'networkidle' })
        await page.getByText(work.musicName).first().waitFor()
        timings[kind].push(await clickToPlaying(page, work.musicName))
        await context.close()
      }
    }
    return (['mp3', 'hls'] as const).map((kind) => {
      const value = median(timings[kind])
      return {
        area: 'player',
        budget: `Click on play → \`playing\`, ${kind === 'mp3' ? 'mp3' : 'HLS'} (median of ${ROUNDS})`,
        target: `< ${BUDGET_MS[kind]} ms`,
        measured: `${value.toFixed(0)} ms (${timings[kind].map((time) => time.toFixed(0)).join(', ')})`,
        pass: value < BUDGET_MS[kind],
      }
    })
  } finally {
    await browser.close()
    await platform.stop()
  }
}
