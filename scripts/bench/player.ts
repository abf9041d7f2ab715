// From the click on play to the audio element's `playing` event, in headless Chromium on
// localhost, for a direct mp3 work and an HLS work of the seed catalogue.
import {
  captureAudioElements,
  launchBrowser,
  newDesktopContext,
  pressPlayOnCard,
  startPlatform,
  waitForSeedWorks,
} from '../../e2e/support/platform'
import type { BenchLabels, BenchRow } from '../bench-types'

const BUDGET_MS = { mp3: 300, hls: 600 }
const ROUNDS = 5

const budgetOf = (kind: 'mp3' | 'hls') =>
  `Click on play → \`playing\`, ${kind === 'mp3' ? 'mp3' : 'HLS'} (median of ${ROUNDS})`

export const labels: BenchLabels = { budgets: [budgetOf('mp3'), budgetOf('hls')], references: [] }

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
        timings[kind].push(await pressPlayOnCard(page, work.musicName))
        await context.close()
      }
    }
    return (['mp3', 'hls'] as const).map((kind) => {
      const value = median(timings[kind])
      return {
        area: 'player',
        budget: budgetOf(kind),
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
