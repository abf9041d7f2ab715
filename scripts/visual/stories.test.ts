// Visual regression and accessibility of every story (issue 16): each story of the built
// Storybook is rendered in headless Chromium in its modes (scripts/visual/modes.ts), checked by axe
// (the a11y addon's run inside the preview) for serious or critical violations, and compared with its committed baseline. A story without a
// baseline fails; only `npm run test:visual -- --update` (scripts/visual/run.mjs) writes baselines.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../../e2e/support/platform'
import { comparePng, compressPng } from './compare'
import { modesOf, viewports, visualModes, type VisualModeName } from './modes'
import { serveDirectory } from './staticServer'
import { StoryPagePool, storyClip } from './storyPages'

const root = new URL('../..', import.meta.url).pathname
const STATIC = join(root, 'storybook-static')
const BASELINES = join(root, 'visual-baselines')
const ARTIFACTS = join(root, 'test-artifacts', 'visual')
const UPDATE = process.env.VISUAL_UPDATE === '1'
/** Pages open at once per mode: with two cores, more only queue up behind each other. */
const PAGES_PER_MODE = 3

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
  return Object.values(index.entries).filter((entry) => entry.type === 'story')
}

const stories = existsSync(join(STATIC, 'index.json')) ? readStories() : []
const modeNames = Object.keys(visualModes) as VisualModeName[]
const storiesByMode = new Map(
  modeNames.map((mode) => [
    mode,
    stories.filter((story) => modesOf(story.tags ?? []).includes(mode)),
  ]),
)

let browser: Browser
let server: Awaited<ReturnType<typeof serveDirectory>>
const pools = new Map<VisualModeName, StoryPagePool>()

beforeAll(async () => {
  if (stories.length === 0) throw new Error('storybook-static/index.json is missing: build first')
  server = await serveDirectory(STATIC)
  browser = await launchBrowser()
  for (const mode of modeNames) {
    pools.set(mode, new StoryPagePool(browser, server.url, mode, PAGES_PER_MODE))
  }
  rmSync(ARTIFACTS, { recursive: true, force: true })
})

afterAll(async () => {
  for (const pool of pools.values()) await pool.close()
  await browser?.close()
  await server?.close()
})

for (const mode of modeNames) {
  describe.concurrent(`${mode} (${viewports[visualModes[mode].viewport].name})`, () => {
    for (const story of storiesByMode.get(mode) ?? []) {
      it(`${story.title} / ${story.name}`, async (context) => {
        // Concurrent tests must use their own expect, or failures land on the wrong story.
        const { expect } = context
        const pool = pools.get(mode)
        if (!pool) throw new Error(`no pages for ${mode}`)
        const page = await pool.acquire()
        let healthy = false
        try {
          const errors: string[] = []
          const onError = (error: Error) => errors.push(error.message)
          page.on('pageerror', onError)
          const outcome = await pool.show(page, story.id)
          page.off('pageerror', onError)
          if (!outcome.ok) throw new Error(`story ${story.id} failed to render: ${outcome.reason}`)

          const clip = await page.evaluate(storyClip)
          const screenshot = await page.screenshot({
            clip,
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          })
          healthy = true
          // The picture is judged last, so one --update run writes every baseline even while a
          // story still has an axe finding to fix.
          const baselinePath = join(BASELINES, mode, `${story.id}.png`)
          const out = join(ARTIFACTS, mode)
          if (UPDATE) {
            mkdirSync(dirname(baselinePath), { recursive: true })
            writeFileSync(baselinePath, compressPng(screenshot))
          }
          expect(outcome.axe, `axe on ${story.id}`).toEqual([])
          expect(errors, `page errors on ${story.id}`).toEqual([])
          if (UPDATE) return
          if (!existsSync(baselinePath)) {
            mkdirSync(out, { recursive: true })
            writeFileSync(join(out, `${story.id}.actual.png`), screenshot)
            expect.fail(
              `${story.id} has no baseline in ${mode}: look at ${join(out, `${story.id}.actual.png`)}, then npm run test:visual -- --update`,
            )
          }
          const comparison = comparePng(readFileSync(baselinePath), screenshot)
          if (!comparison.equal) {
            mkdirSync(out, { recursive: true })
            writeFileSync(join(out, `${story.id}.actual.png`), screenshot)
            if (comparison.diff) writeFileSync(join(out, `${story.id}.diff.png`), comparison.diff)
          }
          expect(comparison.equal, `${story.id}: ${comparison.reason}`).toBe(true)
        } finally {
          pool.release(page, healthy)
        }
      })
    }
  })
}

describe('baselines', () => {
  it('has no baseline left over from a story that is gone (--update removes them)', () => {
    const leftOver: string[] = []
    for (const mode of modeNames) {
      const folder = join(BASELINES, mode)
      if (!existsSync(folder)) continue
      const expected = new Set((storiesByMode.get(mode) ?? []).map((story) => `${story.id}.png`))
      for (const file of readdirSync(folder)) {
        if (expected.has(file)) continue
        if (UPDATE) rmSync(join(folder, file))
        else leftOver.push(`${mode}/${file}`)
      }
    }
    expect(leftOver).toEqual([])
  })
})
