import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  logInThroughDialog,
  newDesktopContext,
  type RunningPlatform,
  shareRunningPlatform,
} from './support/platform'

/**
 * The built app under the server's Content-Security-Policy, in Chromium: the pages a newcomer
 * meets first (home, the login dialog, buying points and the sandbox checkout) run without one
 * violation, and the policy itself is strict (no inline script, never framed).
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform((running) => {
  platform = running.platform
  browser = running.browser
})

interface Watched {
  violations: () => Promise<string[]>
  consoleErrors: string[]
}

/** Records CSP violations (the DOM event) and console errors that mention the policy. */
async function watch(context: BrowserContext, page: Page): Promise<Watched> {
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __cspViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
  const consoleErrors: string[] = []
  const listen = (target: Page): void => {
    target.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) {
        consoleErrors.push(message.text())
      }
    })
  }
  listen(page)
  context.on('page', listen)
  return {
    consoleErrors,
    violations: () =>
      page.evaluate(() => (Reflect.get(window, '__cspViolations') as string[] | undefined) ?? []),
  }
}

describe('Content-Security-Policy in the browser', () => {
  it('sends a strict policy with the app, the API and the files', async () => {
    const home = await fetch(`${platform.baseUrl}/home`)
    const policy = home.headers.get('content-security-policy') ?? ''
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(home.headers.get('x-content-type-options')).toBe('nosniff')
    expect(home.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const html = await home.text()
    // Every script is a file: no inline script, no event handler attributes.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/\son[a-z]+=/i)

    const api = await fetch(`${platform.baseUrl}/api/user-server/user/downloadLink`, {
      method: 'POST',
    })
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(api.headers.get('x-content-type-options')).toBe('nosniff')
    const files = await fetch(`${platform.baseUrl}/files/${'a'.repeat(64)}/x?expires=1&signature=0`)
    expect(files.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(files.headers.get('x-content-type-options')).toBe('nosniff')
    expect(files.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  it('runs /home, the login dialog, /buyPoints and the sandbox checkout without a violation', async () => {
    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    const watched = await watch(context, page)

    await page.goto(`${platform.baseUrl}/home`)
    await page.getByRole('banner').getByRole('button', { name: '登录' }).click()
    await page.getByRole('dialog').waitFor()
    // Radix's scroll lock injects a <style> element: it must carry the page's nonce.
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('style').length))
      .toBeGreaterThan(0)
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('style')].every((style) => style.nonce !== ''),
      ),
    ).toBe(true)
    await page.keyboard.press('Escape')
    expect(await watched.violations()).toEqual([])

    await page.goto(`${platform.baseUrl}/buyPoints`)
    await logInThroughDialog(page, platform.baseUrl, '13700137001')
    await expect.poll(() => page.getByRole('radio').count()).toBeGreaterThan(1)
    await page.getByRole('radio').first().click()
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /立即支付/ }).click(),
    ])
    await checkout.getByRole('button', { name: '确认支付' }).waitFor()
    const checkoutViolations = await checkout.evaluate(
      () => (Reflect.get(window, '__cspViolations') as string[] | undefined) ?? [],
    )
    expect(checkoutViolations).toEqual([])
    await checkout.close()

    expect(await watched.violations()).toEqual([])
    expect(watched.consoleErrors).toEqual([])
    await context.close()
  })
})
