// The mobile shell's budgets (issue 14):
// - first-load JavaScript of /m/home on a phone: every script the page actually loads until it
//   shows its works (entry, shell, page chunk and the chunks they import), gzipped from app/dist;
// - Lighthouse (mobile form factor, its default throttling) on /m/home and /vote/list, driving
//   Debian Chromium through chrome-launcher: performance ≥ 90, accessibility ≥ 95 and best
//   practices ≥ 90 (the Lighthouse bench scores the phone's other pages). Lighthouse
//   multiplies the main-thread time it observes by 4, so a busy machine scores far lower than a
//   phone would: each run waits for a quiet machine (quietMachine.ts), each page runs RUNS times,
//   the median counts, and how busy the CPU was just before the runs is reported.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import {
  launchBrowser,
  PHONE_USER_AGENT,
  startPlatform,
  waitForSeedWorks,
} from '../../e2e/support/platform'
import type { BenchLabels, BenchRow } from '../bench-types'
import { waitForQuietMachine } from './quietMachine'

const FIRST_LOAD_BUDGET_KB = 120
const PERFORMANCE_MIN = 90
const ACCESSIBILITY_MIN = 95
const BEST_PRACTICES_MIN = 90
/** The pages Lighthouse scores; the build prerenders their first screens (app/src/prerender). */
const LIGHTHOUSE_PATHS = ['/m/home', '/vote/list']
const RUNS = 3
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const root = new URL('../..', import.meta.url).pathname

const FIRST_LOAD_BUDGET = 'First-load JS of /m/home on a phone, gzip'
const lighthouseBudget = (category: string, path: string) =>
  `Lighthouse mobile ${category}, ${path}`

export const labels: BenchLabels = {
  budgets: [
    FIRST_LOAD_BUDGET,
    ...LIGHTHOUSE_PATHS.flatMap((path) =>
      ['performance', 'accessibility', 'best practices'].map((category) =>
        lighthouseBudget(category, path),
      ),
    ),
  ],
  references: [],
}

/** Gzipped kilobytes of the scripts a phone loads for `/m/home`, and how many there were. */
async function firstLoad(baseUrl: string): Promise<{ files: number; kilobytes: number }> {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({
      userAgent: PHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    const scripts = new Set<string>()
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname)
    })
    await page.goto(`${baseUrl}/m/home`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: '正在流行' }).waitFor()
    const dist = join(root, 'app', 'dist')
    const bytes = [...scripts].reduce(
      (sum, path) => sum + gzipSync(readFileSync(join(dist, path))).length,
      0,
    )
    return { files: scripts.size, kilobytes: bytes / 1024 }
  } finally {
    await browser.close()
  }
}

interface Scores {
  performance: number
  accessibility: number
  bestPractices: number
}

const percent = (share: number): string => `${Math.round(share * 100)}%`

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function lighthouseScores(url: string): Promise<Scores> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    })
    const categories = result?.lhr.categories
    return {
      performance: Math.round((categories?.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories?.['best-practices']?.score ?? 0) * 100),
    }
  } finally {
    chrome.kill()
  }
}

export async function run(): Promise<BenchRow[]> {
  // The same build `npm start` serves.
  execFileSync('npm', ['run', 'build', '-w', 'app'], { cwd: root, stdio: 'ignore' })
  const platform = await startPlatform({ seedWorks: 1 })
  try {
    // Measured with the first work listed, as a visitor meets the page.
    await waitForSeedWorks(platform, 1)
    const load = await firstLoad(platform.baseUrl)
    const rows: BenchRow[] = [
      {
        area: 'mobile',
        budget: FIRST_LOAD_BUDGET,
        target: `≤ ${FIRST_LOAD_BUDGET_KB} KB`,
        measured: `${load.kilobytes.toFixed(1)} KB (${load.files} files loaded)`,
        pass: load.files > 0 && load.kilobytes <= FIRST_LOAD_BUDGET_KB,
      },
    ]
    for (const path of LIGHTHOUSE_PATHS) {
      const runs: Scores[] = []
      const busyShares: number[] = []
      for (let run = 0; run < RUNS; run++) {
        busyShares.push(await waitForQuietMachine())
        runs.push(await lighthouseScores(`${platform.baseUrl}${path}`))
      }
      const performance = median(runs.map((scores) => scores.performance))
      const accessibility = median(runs.map((scores) => scores.accessibility))
      const bestPractices = median(runs.map((scores) => scores.bestPractices))
      const conditions = `median of ${RUNS}: ${runs.map((scores) => scores.performance).join(', ')}; CPU ${percent(Math.min(...busyShares))}–${percent(Math.max(...busyShares))} busy before`
      rows.push(
        {
          area: 'mobile',
          budget: lighthouseBudget('performance', path),
          target: `≥ ${PERFORMANCE_MIN}`,
          measured: `${performance} (${conditions})`,
          pass: performance >= PERFORMANCE_MIN,
        },
        {
          area: 'mobile',
          budget: lighthouseBudget('accessibility', path),
          target: `≥ ${ACCESSIBILITY_MIN}`,
          measured: String(accessibility),
          pass: accessibility >= ACCESSIBILITY_MIN,
        },
        {
          area: 'mobile',
          budget: lighthouseBudget('best practices', path),
          target: `≥ ${BEST_PRACTICES_MIN}`,
          measured: String(bestPractices),
          pass: bestPractices >= BEST_PRACTICES_MIN,
        },
      )
    }
    return rows
  } finally {
    await platform.stop()
  }
}
