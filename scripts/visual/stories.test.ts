// Visual regression and accessibility of every story (issue 16): each story of the built
// Storybook is rendered in headless Chromium in each mode of .storybook/modes.ts, compared with its
// committed baseline, and checked by axe for serious or critical violations.
// Run through `npm run test:visual` (scripts/visual/run.mjs); `-- --update` rewrites the baselines.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { DESKTOP_USER_AGENT, launchBrowser, PHONE_USER_AGENT } from '../../e2e/support/platform'
import { viewports, visualModes, type VisualModeName } from './modes'
import { comparePng } from './compare'
import { serveDirectory } from './staticServer'

const root = new URL('../..', import.meta.url).pathname
const STATIC = join(root, 'storybook-static')
const BASELINES = join(root, 'visual-baselines')
const ARTIFACTS = join(root, 'test-artifacts', 'visual')
const UPDATE = process.env.VISUAL_UPDATE === '1'

interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  tags?: string[]
}

/** Every story of the build (docs pages are made of the same stories). */
function readStories(): IndexEntry[] {
  const index = JSON.parse(readFileSync(join(STATIC, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>
  }
  return Object.values(index.entries).filter(
    (entry) => entry.type === 'story' && !(entry.tags ?? []).includes('skip-visual'),
  )
}

const stories = existsSync(join(STATIC, 'index.json')) ? readStories() : []

let browser: Browser
let server: Awaited<ReturnType<typeof serveDirectory>>
const contexts = new Map<VisualModeName, BrowserContext>()

beforeAll(async () => {
  if (stories.length === 0) throw new Error('storybook-static/index.json is missing: build first')
  server = await serveDirectory(STATIC)
  browser = await launchBrowser()
  for (const [name, mode] of Object.entries(visualModes) as [
    VisualModeName,
    (typeof visualModes)[VisualModeName],
  ][]) {
    const mobile = mode.viewport === 'mobile'
    const { width, height } = viewports[mode.viewport].styles
    const context = await browser.newContext({
      userAgent: mobile ? PHONE_USER_AGENT : DESKTOP_USER_AGENT,
      viewport: { width: Number.parseInt(width), height: Number.parseInt(height) },
      // One device pixel per CSS pixel: the baselines stay small and the comparison as strict.
      deviceScaleFactor: 1,
      isMobile: mobile,
      hasTouch: mobile,
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    })
    contexts.set(name, context)
  }
  rmSync(ARTIFACTS, { recursive: true, force: true })
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** Resolves once the story has rendered and its play function (if any) has finished. */
const STORY_SETTLED = `(() => {
  const body = document.body
  if (body.classList.contains('sb-show-errordisplay')) return 'error'
  const render = window.__STORYBOOK_PREVIEW__ && window.__STORYBOOK_PREVIEW__.currentRender
  if (!render || !['completed', 'finished', 'afterEach'].includes(render.phase)) return false
  if (document.querySelector('[data-chart-pending]')) return false
  return 'ready'
})()`

for (const [modeName, mode] of Object.entries(visualModes) as [
  VisualModeName,
  (typeof visualModes)[VisualModeName],
][]) {
  describe.concurrent(`${modeName} (${viewports[mode.viewport].name})`, () => {
    for (const story of stories) {
      it(`${story.title} / ${story.name}`, async (context) => {
        // Concurrent tests must use their own expect, or failures land on the wrong story.
        const { expect } = context
        const browserContext = contexts.get(modeName)
        if (!browserContext) throw new Error(`no context for ${modeName}`)
        const page = await browserContext.newPage()
        try {
          const errors: string[] = []
          page.on('pageerror', (error) => errors.push(error.message))
          await page.goto(
            `${server.url}/iframe.html?id=${story.id}&viewMode=story&globals=theme:${mode.theme};motion:frozen`,
          )
          const settled = await page.waitForFunction(STORY_SETTLED, undefined, { timeout: 100_000 })
          expect(await settled.jsonValue(), `story ${story.id} failed to render`).toBe('ready')
          await page.evaluate(() => document.fonts.ready.then(() => undefined))

          const axe = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze()
          const serious = axe.violations
            .filter(
              (violation) => violation.impact === 'serious' || violation.impact === 'critical',
            )
            .map(
              (violation) =>
                `${violation.id} (${violation.impact}): ${violation.nodes
                  .slice(0, 3)
                  .map((node) => node.target.join(' '))
                  .join(', ')}`,
            )
          expect(serious, `axe on ${story.id}`).toEqual([])
          expect(errors, `page errors on ${story.id}`).toEqual([])

          const screenshot = await page.screenshot({ animations: 'disabled', caret: 'hide' })
          const baselinePath = join(BASELINES, modeName, `${story.id}.png`)
          const missing = !existsSync(baselinePath)
          if (UPDATE || missing) {
            mkdirSync(dirname(baselinePath), { recursive: true })
            writeFileSync(baselinePath, screenshot)
            // A new story has nothing to be compared with yet: counted as skipped, not passed.
            if (missing && !UPDATE) context.skip(`no baseline yet; wrote ${baselinePath}`)
            return
          }
          const comparison = comparePng(readFileSync(baselinePath), screenshot)
          if (!comparison.equal) {
            const out = join(ARTIFACTS, modeName)
            mkdirSync(out, { recursive: true })
            writeFileSync(join(out, `${story.id}.actual.png`), screenshot)
            if (comparison.diff) writeFileSync(join(out, `${story.id}.diff.png`), comparison.diff)
          }
          expect(comparison.equal, `${story.id}: ${comparison.reason}`).toBe(true)
        } finally {
          await page.close()
        }
      })
    }
  })
}
