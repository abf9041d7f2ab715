import type { Browser, BrowserContext, Page } from 'playwright-core'
import { DESKTOP_USER_AGENT, PHONE_USER_AGENT } from '../../e2e/support/platform'
import { viewports, visualModes, type VisualModeName } from './modes'

/** Why a story could not be shown: Storybook's own error screen, or an error thrown while rendering. */
export type StoryOutcome = { ok: true; axe: string[] } | { ok: false; reason: string }

/**
 * Pages that stay open for the whole run, one set per mode: a story is switched in through
 * Storybook's channel instead of a new page load, so the preview's bundles are parsed once per page
 * rather than once per story (most of the run's cost on a two-core machine otherwise).
 */
export class StoryPagePool {
  private readonly free: Page[] = []
  private readonly waiting: ((page: Page) => void)[] = []
  private created = 0
  private context: BrowserContext | undefined
  private contextPromise: Promise<BrowserContext> | undefined
  constructor(
    private readonly browser: Browser,
    private readonly baseUrl: string,
    private readonly modeName: VisualModeName,
    private readonly size: number,
  ) {}

  /** A page of this mode, a free one or a new one up to the pool's size; give it back with `release`. */
  async acquire(): Promise<Page> {
    const page = this.free.pop()
    if (page) return page
    if (this.created < this.size) {
      this.created += 1
      return (await this.contextOnce()).newPage()
    }
    return new Promise((resolve) => this.waiting.push(resolve))
  }

  /** Gives a page back; a page whose story failed is closed and replaced, so nothing leaks on. */
  release(page: Page, healthy: boolean): void {
    if (!healthy) {
      void page.close()
      this.created -= 1
      const next = this.waiting.shift()
      if (next) {
        this.created += 1
        void this.contextOnce()
          .then((context) => context.newPage())
          .then(next)
      }
      return
    }
    const next = this.waiting.shift()
    if (next) next(page)
    else this.free.push(page)
  }

  async close(): Promise<void> {
    await this.context?.close()
  }

  /** Opens `storyId` on `page`: a first load of the preview, or a switch through its channel. */
  async show(page: Page, storyId: string): Promise<StoryOutcome> {
    if (page.url() === 'about:blank') {
      const { theme } = visualModes[this.modeName]
      const globals = `theme:${theme};motion:frozen`
      await page.goto(`${this.baseUrl}/iframe.html?id=${storyId}&viewMode=story&globals=${globals}`)
      // The first story of a page parses the preview's bundles: slow on a busy machine.
      await page.waitForFunction(STORY_FINISHED_OR_FAILED, storyId, { timeout: 300_000 })
    } else {
      await page.evaluate(SWITCH_STORY, storyId)
      await page.waitForFunction(STORY_FINISHED_OR_FAILED, storyId, { timeout: 120_000 })
    }
    const state = await page.evaluate(STORY_STATE, storyId)
    if (state !== 'ready') return { ok: false, reason: state }
    const axe = await page.evaluate(SERIOUS_AXE_FINDINGS, storyId)
    // Charts lay out asynchronously (elkjs); fonts change every text's width.
    await page.waitForFunction(() => !document.querySelector('[data-chart-pending]'), undefined, {
      timeout: 60_000,
    })
    await page.evaluate(() => document.fonts.ready.then(() => undefined))
    // Lazy chunks behind Suspense, portals that mount a render later (Radix toasts) and images
    // that fail over to their fallback all change the page after the story reports it finished.
    await page.evaluate(SETTLED, { quietMs: QUIET_MS, capMs: SETTLE_CAP_MS })
    return { ok: true, axe }
  }

  private contextOnce(): Promise<BrowserContext> {
    this.contextPromise ??= this.makeContext()
    return this.contextPromise
  }

  private async makeContext(): Promise<BrowserContext> {
    const mode = visualModes[this.modeName]
    const mobile = mode.viewport === 'mobile'
    const { width, height } = viewports[mode.viewport].styles
    this.context = await this.browser.newContext({
      userAgent: mobile ? PHONE_USER_AGENT : DESKTOP_USER_AGENT,
      viewport: { width: Number.parseInt(width), height: Number.parseInt(height) },
      // One device pixel per CSS pixel: the baselines stay small and the comparison as strict.
      deviceScaleFactor: 1,
      isMobile: mobile,
      hasTouch: mobile,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      reducedMotion: 'reduce',
    })
    return this.context
  }
}

interface AxeFinding {
  id: string
  impact?: string | null
  nodes: { target: unknown[] }[]
}

interface StoryFinished {
  storyId: string
  reporters: { type: string; result?: { violations?: AxeFinding[]; error?: unknown } }[]
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    channel: {
      emit(event: string, payload: unknown): void
      last(event: string): unknown[] | undefined
    }
    currentRender?: { id: string; phase?: string }
  }
}

/** How long the page must go without a change before its picture is taken. */
const QUIET_MS = 250
/** A story that never goes quiet (a live clock) is taken after this long rather than never. */
const SETTLE_CAP_MS = 5_000

/**
 * Resolves once the story's root has content, every image has loaded or failed and the document
 * has gone `quietMs` without a mutation; or after `capMs`.
 */
function SETTLED({ quietMs, capMs }: { quietMs: number; capMs: number }): Promise<void> {
  return new Promise((resolve) => {
    let quietTimer = 0
    const observer = new MutationObserver(() => restart())
    const finish = () => {
      observer.disconnect()
      window.clearTimeout(quietTimer)
      window.clearTimeout(capTimer)
      resolve()
    }
    const restart = () => {
      window.clearTimeout(quietTimer)
      quietTimer = window.setTimeout(() => {
        // A root still empty is a Suspense boundary waiting on its fallback of nothing.
        const drawn = document.querySelector('#storybook-root > *') !== null
        if (drawn && [...document.images].every((image) => image.complete)) finish()
        else restart()
      }, quietMs)
    }
    const capTimer = window.setTimeout(finish, capMs)
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
    restart()
  })
}

/** Asks the preview for another story, as the manager's sidebar does. */
function SWITCH_STORY(storyId: string): void {
  const preview = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__
  if (!preview) throw new Error('the Storybook preview is not running')
  window.scrollTo(0, 0)
  preview.channel.emit('setCurrentStory', { storyId, viewMode: 'story' })
}

/** True once `storyId` has rendered and its play function has run, or once rendering failed. */
function STORY_FINISHED_OR_FAILED(storyId: string): boolean {
  if (document.body.classList.contains('sb-show-errordisplay')) return true
  const render = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender
  return render?.id === storyId && ['finished', 'errored', 'aborted'].includes(render.phase ?? '')
}

function STORY_STATE(storyId: string): string {
  if (document.body.classList.contains('sb-show-errordisplay')) {
    const message = document.querySelector('#error-message')?.textContent ?? ''
    return `Storybook shows an error for ${storyId}: ${message}`
  }
  const render = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender
  return render?.phase === 'finished' ? 'ready' : `${storyId} ended in phase ${render?.phase}`
}

/**
 * The serious and critical findings of the a11y addon's axe run on `storyId` (WCAG 2.1 A/AA, set in
 * .storybook/preview.tsx), one line each. The addon runs axe inside the preview after every render,
 * where axe is already loaded: the same check the a11y panel shows, without injecting axe again.
 */
function SERIOUS_AXE_FINDINGS(storyId: string): string[] {
  const channel = (window as unknown as PreviewWindow).__STORYBOOK_PREVIEW__?.channel
  const finished = channel?.last('storyFinished')?.[0] as StoryFinished | undefined
  if (finished?.storyId !== storyId) return [`no report of ${storyId} from the a11y addon`]
  const report = finished.reporters.find((reporter) => reporter.type === 'a11y')
  if (!report?.result) return [`the a11y addon did not run on ${storyId}`]
  if (report.result.error !== undefined) return [`axe failed: ${String(report.result.error)}`]
  return (report.result.violations ?? [])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    )
}

/**
 * The part of the page the story drew: its root's children and anything portalled to the body
 * (dialogs, sheets, toasts), in document pixels. A full 1440×900 page per story would make the
 * baselines several times larger for the same check.
 */
export function storyClip(): { x: number; y: number; width: number; height: number } {
  const root = document.getElementById('storybook-root')
  const portalled = [...document.body.children].filter(
    (element) =>
      element !== root &&
      !element.id.startsWith('storybook-') &&
      !String(element.className).startsWith('sb-') &&
      !['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE'].includes(element.tagName),
  )
  let left = Infinity
  let top = Infinity
  let right = -Infinity
  let bottom = -Infinity
  // An element without a box of its own (a wrapper around fixed-position children, such as a toast
  // region) is looked through to its children; a one-pixel box is a visually hidden text for
  // screen readers and draws nothing.
  const visit = (element: Element) => {
    const box = element.getBoundingClientRect()
    if (box.width <= 1 || box.height <= 1) {
      for (const child of element.children) visit(child)
      return
    }
    left = Math.min(left, box.left)
    top = Math.min(top, box.top)
    right = Math.max(right, box.right)
    bottom = Math.max(bottom, box.bottom)
  }
  for (const element of [...(root?.children ?? []), ...portalled]) visit(element)
  const pageWidth = document.documentElement.scrollWidth
  const pageHeight = document.documentElement.scrollHeight
  if (left === Infinity) return { x: 0, y: 0, width: window.innerWidth, height: window.innerHeight }
  const x = Math.max(0, Math.floor(left + window.scrollX))
  const y = Math.max(0, Math.floor(top + window.scrollY))
  return {
    x,
    y,
    width: Math.max(1, Math.min(pageWidth, Math.ceil(right + window.scrollX)) - x),
    height: Math.max(1, Math.min(pageHeight, Math.ceil(bottom + window.scrollY)) - y),
  }
}
