// Lighthouse on the main pages of both shells (issue 16), each a row of the bench report:
// the desktop preset for the desktop pages, the mobile preset (Lighthouse's default) for the
// phone's; performance ≥ 90, accessibility ≥ 95, best practices ≥ 90. The phone pages the mobile
// bench scores (/m/home, /vote/list, three runs each) are left to it: one budget, one bench. The
// built app (`npm start`'s build) is served by the real server with one seeded work; pages that
// need a logged-in user get the session a login through the app's own dialog left in local
// storage. Each page's final screenshot is kept in test-artifacts/lighthouse, to see what was
// scored.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  ARTIFACTS,
  launchBrowser,
  logInThroughDialog,
  newDesktopContext,
  type RunningPlatform,
  startPlatform,
  waitForSeedWorks,
} from '../../e2e/support/platform'
import type { BenchLabels, BenchRow } from '../bench-types'
import { type FormFactor, type LighthouseScores, lighthouseScores } from './lighthouseRun'
import { waitForQuietMachine } from './quietMachine'

const TARGETS = { performance: 90, accessibility: 95, bestPractices: 90 } as const
const CATEGORY_NAMES = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best practices',
} as const
/** A phone number of the console SMS provider's test range, logged in for the zone's pages. */
const MUSICIAN_PHONE = '13800001616'
const root = new URL('../..', import.meta.url).pathname
const screenshots = join(ARTIFACTS, '..', 'lighthouse')

interface ScoredPage {
  /** What the row names: the route, without the work's id. */
  label: string
  path: string
  formFactor: FormFactor
  loggedIn: boolean
}

function pagesFor(musicId: string): ScoredPage[] {
  const desktop = (path: string, loggedIn = false, label = path): ScoredPage => ({
    label,
    path,
    formFactor: 'desktop',
    loggedIn,
  })
  const mobile = (path: string, label = path): ScoredPage => ({
    label,
    path,
    formFactor: 'mobile',
    loggedIn: false,
  })
  const work = encodeURIComponent(musicId)
  return [
    desktop('/home'),
    desktop('/copyrightedMusic'),
    desktop(`/copyrightedMusic/details?goodsId=${work}`, false, '/copyrightedMusic/details'),
    desktop('/aiCreationCenter'),
    desktop('/buyPoints', true),
    desktop('/musiciansZone', true),
    mobile('/m/copyrightedMusic'),
    mobile(`/m/mobilePlayer?musicId=${work}`, '/m/mobilePlayer'),
  ]
}

const unscoredBudget = (page: ScoredPage) => `Lighthouse ${page.formFactor}, ${page.label}`
const budgetOf = (page: ScoredPage, category: keyof typeof TARGETS) =>
  `Lighthouse ${page.formFactor} ${CATEGORY_NAMES[category]}, ${page.label}` +
  (page.loggedIn ? ' (logged in)' : '')

/** A row's label names the route, never the work's id, so any work's pages give the same ones. */
export const labels: BenchLabels = {
  budgets: pagesFor('').flatMap((page) => [
    unscoredBudget(page),
    ...(Object.keys(TARGETS) as (keyof typeof TARGETS)[]).map((category) =>
      budgetOf(page, category),
    ),
  ]),
  references: [],
}

/** Logs in through the app's dialog and returns the local storage the app then holds. */
async function loggedInStorage(baseUrl: string): Promise<Record<string, string>> {
  const browser = await launchBrowser()
  try {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${baseUrl}/musiciansZone`)
    await page.getByRole('dialog').waitFor()
    await logInThroughDialog(page, baseUrl, MUSICIAN_PHONE)
    const state = await context.storageState()
    const entries = state.origins.find((origin) => origin.origin === baseUrl)?.localStorage ?? []
    if (entries.length === 0) throw new Error('the login left no session in local storage')
    return Object.fromEntries(entries.map((entry) => [entry.name, entry.value]))
  } finally {
    await browser.close()
  }
}

/**
 * The platform with one seeded work. A first start took 110 s with the machine's load average near
 * 30 (close to the default limit), and one failed there as its database took too long to open: a
 * second attempt on a fresh data folder, since what is scored is the pages, not the start.
 */
async function startLoadedPlatform(): Promise<RunningPlatform> {
  try {
    return await startPlatform({ seedWorks: 1, startTimeoutMs: 400_000 })
  } catch (error) {
    console.error(`the platform did not start (${String(error).slice(0, 200)}); trying again`)
    return startPlatform({ seedWorks: 1, startTimeoutMs: 400_000 })
  }
}

export async function run(): Promise<BenchRow[]> {
  // The same build `npm start` serves.
  execFileSync('npm', ['run', 'build', '-w', 'app'], { cwd: root, stdio: 'ignore' })
  mkdirSync(screenshots, { recursive: true })
  const platform = await startLoadedPlatform()
  try {
    // Scored with the first work listed, as a visitor meets the pages.
    const [work] = await waitForSeedWorks(platform, 1)
    if (!work) throw new Error('no seed work')
    const session = await loggedInStorage(platform.baseUrl)
    const rows: BenchRow[] = []
    for (const page of pagesFor(work.musicId)) {
      let scores: LighthouseScores
      // The fresh server's first-start work (AI examples) would otherwise be scored as the page's.
      await waitForQuietMachine()
      try {
        scores = await lighthouseScores(
          `${platform.baseUrl}${page.path}`,
          page.formFactor,
          page.loggedIn ? session : {},
        )
      } catch (error) {
        // One page that cannot be scored fails its own row; the other pages are still scored.
        rows.push({
          area: 'lighthouse',
          budget: unscoredBudget(page),
          target: 'scored',
          measured: String(error).slice(0, 300),
          pass: false,
        })
        continue
      }
      if (scores.finalScreenshot) {
        const name = `${page.formFactor}${page.label.replace(/\W+/g, '-')}.jpg`
        writeFileSync(join(screenshots, name), scores.finalScreenshot)
      }
      for (const category of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
        rows.push({
          area: 'lighthouse',
          budget: budgetOf(page, category),
          target: `≥ ${TARGETS[category]}`,
          measured: String(scores[category]),
          pass: scores[category] >= TARGETS[category],
        })
      }
    }
    return rows
  } finally {
    await platform.stop()
  }
}
