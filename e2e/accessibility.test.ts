import { AxeBuilder } from '@axe-core/playwright'
import type { Browser, BrowserContext, FileChooser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  captureAudioElements,
  latestSmsCode,
  logInThroughDialog,
  newDesktopContext,
  newPhoneContext,
  type RunningPlatform,
  screenshot,
  shareRunningPlatform,
  waitForDemoActivity,
  waitForSeedWorks,
  wavFile,
} from './support/platform'

/**
 * Accessibility in the browser (issue 16): axe's WCAG 2.1 A/AA rules on the main pages of both
 * shells, as a visitor and logged in, with the login dialog, the login sheet and the QR checkout
 * open; then the keyboard-only paths through login, checkout, upload, voting and the player,
 * with the focused element and its visible focus indicator checked at each step. Screens are
 * saved as test-artifacts/e2e/a11y-*.png.
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform(
  (running) => {
    platform = running.platform
    browser = running.browser
  },
  // Two works: the player's Shift+arrow path needs a previous and a next.
  { seedWorks: 2 },
)

const USER = '13900139301'
const PHONE_USER = '13900139302'
const UPDATE = { timeout: 15_000 }
/** A dialog's exit animation waits for frames, which a machine under a load of 30 starves. */
const CLOSED = { state: 'detached', timeout: 60_000 } as const
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa']
/**
 * Rules Lighthouse's accessibility score counts beyond the WCAG 2.1 tags, at any impact: the
 * store's skipped heading level (moderate, a best practice) and its carousel's 8 px dots (WCAG
 * 2.2) cost it 91 there while axe here passed.
 */
const LIGHTHOUSE_RULES = ['heading-order', 'target-size']

/**
 * axe's serious and critical violations on what the page shows now, and any of LIGHTHOUSE_RULES,
 * one line block each. One run: a rule enabled by name runs beside the tags' rules.
 */
async function violations(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(LIGHTHOUSE_RULES.map((id) => [id, { enabled: true }])) })
    .withTags(AXE_TAGS)
    .analyze()
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        LIGHTHOUSE_RULES.includes(violation.id),
    )
    .map(
      (violation) =>
        `${name} ${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes
          .slice(0, 5)
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  expect(await violations(page, name)).toEqual([])
}

/** Opens `path` and waits until its content has loaded (no spinner, no busy region). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${platform.baseUrl}${path}`)
  await settle(page)
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  await page.locator('h1').first().waitFor(UPDATE)
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), UPDATE).toBe(0)
  await page.evaluate(() => document.fonts.ready)
}

/** Every page is checked before failing, so one run lists all that needs fixing. */
async function checkPages(page: Page, paths: readonly string[], shell: string): Promise<void> {
  const found: string[] = []
  for (const path of paths) {
    await open(page, path)
    found.push(...(await violations(page, `${shell} ${path}`)))
  }
  expect(found).toEqual([])
}

interface Focused {
  tag: string
  name: string
  /** The focused element, or the control that draws its ring (a hidden file input's zone). */
  indicator: boolean
}

/** What has the focus, its accessible-ish name, and whether a focus ring can be seen. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const active = document.activeElement
    if (!(active instanceof HTMLElement) || active === document.body) {
      return { tag: 'body', name: '', indicator: false }
    }
    const drawsRing = (element: Element): boolean => {
      const style = getComputedStyle(element)
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      return outline || style.boxShadow !== 'none'
    }
    // A visually hidden input (file, radio) shows its focus on the control around it.
    const carrier = active.closest('label') ?? active.parentElement
    const indicator =
      active.matches(':focus-visible') &&
      (drawsRing(active) || (carrier !== null && drawsRing(carrier)))
    const labelledBy = active.getAttribute('aria-labelledby')
    const name =
      active.getAttribute('aria-label') ??
      (labelledBy === null ? null : document.getElementById(labelledBy)?.textContent) ??
      (active instanceof HTMLInputElement ? (active.labels?.[0]?.textContent ?? '') : '')
    return {
      tag: active.tagName.toLowerCase(),
      name: name !== '' ? name : (active.textContent ?? '').trim(),
      indicator,
    }
  })
}

/** Presses Tab (or Shift+Tab) until the focused element's name matches, checking each ring. */
async function tabTo(page: Page, name: RegExp, backwards = false): Promise<Focused> {
  for (let step = 0; step < 80; step++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    if (now.tag !== 'body') expect(now.indicator, `focus ring on ${now.tag} ${now.name}`).toBe(true)
    if (name.test(now.name)) return now
  }
  throw new Error(`Tab never reached ${String(name)}`)
}

async function expectFocus(page: Page, name: RegExp): Promise<void> {
  await expect.poll(async () => (await focused(page)).name, UPDATE).toMatch(name)
  expect((await focused(page)).indicator).toBe(true)
}

/**
 * Presses Space on the focused file input until its chooser opens, at most three times, each time
 * only while the named zone has the focus. In one full run a press opened no chooser within 30 s
 * (cause not found; the run was loaded and the other runs passed), so a lost press is retried:
 * Space must still open the chooser, and from this zone.
 */
async function openChooserWithSpace(page: Page, name: RegExp): Promise<FileChooser> {
  for (let attempt = 1; ; attempt++) {
    await expectFocus(page, name)
    const opened = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => undefined)
    await page.keyboard.press('Space')
    const chooser = await opened
    if (chooser !== undefined) return chooser
    if (attempt === 3) {
      const now = await focused(page)
      throw new Error(`Space opened no chooser three times (focus on ${now.tag} ${now.name})`)
    }
  }
}

const VISITOR_DESKTOP_PAGES = [
  '/home',
  '/copyrightedMusic',
  '/aiCreationCenter',
  '/vote/list',
  '/privacy',
  '/aboutUs',
  '/verify',
]

const USER_DESKTOP_PAGES = [
  '/home',
  '/copyrightedMusic',
  '/musiciansZone',
  '/musiciansZone/copyrightDeposit',
  '/aiCreationCenter',
  '/aiCreationCenter/smartMode',
  '/aiCreationCenter/advancedMode',
  '/aiCreationCenter/coverMode',
  '/aiCreationCenter/separationMode',
  '/aiCreationCenter/createHistory',
  '/buyPoints',
  '/vote/list',
  '/myLicences',
  '/administrativeRegistration',
  '/copyrightRegistrationList',
  '/verify',
  '/privacy',
  '/aboutUs',
]

const PHONE_PAGES = ['/m/home', '/m/copyrightedMusic', '/m/mobilePlayer', '/m/vote/list']

// Axe on twenty pages takes about a minute on a quiet machine and several under a load of 20.
describe('accessibility', { timeout: 420_000 }, () => {
  let activityId = ''
  let desktop: BrowserContext
  let page: Page

  it('finds no serious or critical axe violation on the desktop pages of a visitor', async () => {
    activityId = (await waitForDemoActivity(platform)).activityId
    desktop = await newDesktopContext(browser)
    await captureAudioElements(desktop)
    page = await desktop.newPage()
    await checkPages(page, [...VISITOR_DESKTOP_PAGES, `/vote/details?id=${activityId}`], 'visitor')
    await open(page, '/home')
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click()
    await page.getByRole('dialog').getByLabel('手机号码').waitFor()
    await expectAccessible(page, 'the login dialog')
    await screenshot(page, 'a11y-login-dialog-desktop')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor(CLOSED)
  })

  it('logs in with the keyboard alone, and Escape closes the dialog back to its button', async () => {
    await open(page, '/home')
    // Escape first: the dialog closes and the focus is back on the header's 登录.
    await tabTo(page, /^登录$/)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await expectFocus(page, /手机号码/)
    await page.keyboard.press('Escape')
    await dialog.waitFor(CLOSED)
    await expectFocus(page, /^登录$/)

    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await expectFocus(page, /手机号码/)
    await page.keyboard.type(USER)
    await tabTo(page, /获取验证码/)
    await page.keyboard.press('Enter')
    await page.getByText('短信验证码发送成功').first().waitFor(UPDATE)
    await tabTo(page, /验证码/, true)
    await page.keyboard.type(await latestSmsCode(platform.baseUrl, USER))
    await screenshot(page, 'a11y-login-keyboard')
    await page.keyboard.press('Enter')
    await dialog.waitFor(CLOSED)
    // The 登录 button becomes the user's menu when the user's details arrive, which can be just
    // after the dialog closed: the focus goes there, not to the page's start.
    await expect.poll(async () => (await focused(page)).tag, { timeout: 5000 }).not.toBe('body')
    const after = await focused(page)
    expect(after.indicator).toBe(true)
  })

  it('finds no serious or critical axe violation on the desktop pages of a logged-in user', async () => {
    const [work] = await waitForSeedWorks(platform, 1)
    await checkPages(
      page,
      [
        ...USER_DESKTOP_PAGES,
        `/vote/details?id=${activityId}`,
        `/copyrightedMusic/details?goodsId=${work?.musicId ?? ''}`,
      ],
      'user',
    )
  })

  it('chooses a package, opens the QR checkout and closes it again with the keyboard', async () => {
    await open(page, '/buyPoints')
    const first = await tabTo(page, /\d+ 积分/)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('radio')
    // The arrows move through the packages and choose the one they land on. Radix moves the
    // focus a task after the key (a timer) and chooses only while the arrow is still down, so the
    // key is held until the focus has moved, as a person's finger is: a press and release in the
    // same instant let the release win when the page had other work queued.
    await page.keyboard.down('ArrowRight')
    await expect.poll(async () => (await focused(page)).name, UPDATE).not.toBe(first.name)
    await page.keyboard.up('ArrowRight')
    const chosen = await focused(page)
    expect(chosen.indicator).toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-checked')), UPDATE)
      .toBe('true')
    // On the way to the methods the focus passes the custom amount's field, which keeps the package.
    await tabTo(page, /网页支付/)
    await expect
      .poll(() => page.getByRole('radio', { name: chosen.name, exact: true }).isChecked(), UPDATE)
      .toBe(true)
    // A segmented control (Radix ToggleGroup): the arrows move the focus, Space chooses.
    await page.keyboard.press('ArrowRight')
    await expectFocus(page, /^微信扫码$/)
    await page.keyboard.press('Space')
    await expect
      .poll(() => page.getByRole('radio', { name: '微信扫码' }).isChecked(), UPDATE)
      .toBe(true)
    // The button still carries the package's price: no custom amount was chosen on the way.
    expect((await tabTo(page, /立即支付/)).name).toMatch(/¥\d/)
    await page.keyboard.press('Enter')
    const checkout = page.getByRole('region', { name: '扫码支付' })
    await checkout.getByRole('timer').waitFor(UPDATE)
    await expectAccessible(page, 'the QR checkout')
    await screenshot(page, 'a11y-checkout-desktop')
    await expect.poll(async () => (await focused(page)).tag).not.toBe('body')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /立即支付/ }).waitFor(UPDATE)
    await expectFocus(page, /立即支付/)
  })

  it('reaches the deposit drop zone, opens the chooser with Space, and submits with Enter', async () => {
    await open(page, '/musiciansZone/copyrightDeposit')
    const zone = await tabTo(page, /上传|音频/)
    expect(zone.tag).toBe('input')
    const chooser = await openChooserWithSpace(page, /上传|音频/)
    const rate = 8000
    await chooser.setFiles({
      name: '键盘之歌.wav',
      mimeType: 'audio/wav',
      buffer: wavFile(rate, 1, rate / 2, (frame) => 0.2 * Math.sin(frame / 3)),
    })
    await expect.poll(() => page.getByText('已上传').count(), UPDATE).toBeGreaterThan(0)
    // The cover's zone is the next stop and opens its chooser the same way.
    await tabTo(page, /封面/)
    const coverChooser = await openChooserWithSpace(page, /封面/)
    expect(coverChooser.isMultiple()).toBe(false)
    await tabTo(page, /作品名称/)
    await expect.poll(async () => page.getByLabel('作品名称').inputValue()).toBe('键盘之歌')
    await page.keyboard.press('End')
    await page.keyboard.type('（键盘版）')
    await page.keyboard.press('Enter')
    const done = page.getByRole('region', { name: '存证完成' })
    await done.waitFor(UPDATE)
    await screenshot(page, 'a11y-deposit-done')
  })

  it('votes with Enter and hears the remaining votes from a live region', async () => {
    await open(page, `/vote/details?id=${activityId}`)
    const remaining = page.getByTestId('vote-remaining')
    await expect.poll(() => remaining.textContent(), UPDATE).toBe('今天还剩 5 票')
    const live = await remaining.evaluate(
      (element) =>
        element.getAttribute('aria-live') ??
        ({ status: 'polite', alert: 'assertive' } as Record<string, string>)[
          element.getAttribute('role') ?? ''
        ] ??
        'off',
    )
    expect(live).not.toBe('off')
    await tabTo(page, /^投票 /)
    await page.keyboard.press('Enter')
    await expect.poll(() => remaining.textContent(), UPDATE).toBe('今天还剩 4 票')
    await expectFocus(page, /^投票 /)
  })

  it('plays, pauses, skips and seeks with the keyboard', async () => {
    const works = await waitForSeedWorks(platform, 2, 600_000)
    // The list view: playing a row makes the page the queue, so Shift+arrows have somewhere to go.
    await open(page, '/copyrightedMusic?view=list')
    await tabTo(page, /^播放 /)
    await page.keyboard.press('Enter')
    const bar = page.getByRole('region', { name: '播放器' })
    const paused = () => page.evaluate(() => window.gyAudioElements?.[0]?.paused ?? true)
    await expect.poll(paused, UPDATE).toBe(false)
    const title = async () => {
      const text = (await bar.textContent()) ?? ''
      return works.find((work) => text.includes(work.musicName))?.musicName
    }
    const playing = await title()
    expect(playing).toBeDefined()
    await page.keyboard.press('Space')
    await expect.poll(paused, UPDATE).toBe(true)
    await page.keyboard.press('Space')
    await expect.poll(paused, UPDATE).toBe(false)
    await page.keyboard.press('Shift+ArrowRight')
    await expect.poll(title, UPDATE).not.toBe(playing)
    await page.keyboard.press('Shift+ArrowLeft')
    await expect.poll(title, UPDATE).toBe(playing)

    const slider = bar.getByRole('slider', { name: '播放进度' })
    await tabTo(page, /播放进度/)
    const before = Number(await slider.getAttribute('aria-valuenow'))
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(async () => Number(await slider.getAttribute('aria-valuenow')), UPDATE)
      .toBeGreaterThan(before)
    await screenshot(page, 'a11y-player-keyboard')
    await desktop.close()
  })

  it('finds no serious or critical axe violation on the phone pages, logged out and in', async () => {
    const phone = await newPhoneContext(browser)
    const phonePage = await phone.newPage()
    await checkPages(phonePage, [...PHONE_PAGES, `/m/vote/details?id=${activityId}`], 'phone')
    // A visitor's vote opens the login sheet.
    await phonePage
      .getByRole('button', { name: /^投票 / })
      .first()
      .click()
    await phonePage.getByRole('dialog').getByLabel('手机号码').waitFor()
    await expectAccessible(phonePage, 'the login sheet')
    await screenshot(phonePage, 'a11y-login-sheet-phone')
    await logInThroughDialog(phonePage, platform.baseUrl, PHONE_USER)
    await checkPages(phonePage, PHONE_PAGES, 'phone user')
    await screenshot(phonePage, 'a11y-vote-list-phone')
    await phone.close()
  })
})
