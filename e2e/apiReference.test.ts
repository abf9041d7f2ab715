/**
 * The API reference page in a real Chromium against the real server: it renders every route of
 * the document and its named schemas, with no script error, under a Content-Security-Policy that
 * allows no inline script or style (the policy the server's security headers set).
 */
import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  newDesktopContext,
  screenshot,
  shareRunningPlatform,
  type RunningPlatform,
} from './support/platform'

const STRICT_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'"

describe('API reference page', () => {
  let platform: RunningPlatform
  let browser: Browser

  shareRunningPlatform((running) => {
    platform = running.platform
    browser = running.browser
  })

  it('lists every route of /api/openapi.json with its schemas, under a strict CSP', async () => {
    const document = (await (await fetch(`${platform.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>
      components: { schemas: Record<string, unknown> }
    }
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    )

    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    // The page as served, with the strictest policy it must work under.
    await page.route('**/api/docs', async (route) => {
      const response = await route.fetch()
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'content-security-policy': STRICT_POLICY },
      })
    })

    await page.goto(`${platform.baseUrl}/api/docs`)
    await page
      .locator('#op-postMusicServerUserUserDetails')
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        // Say why: a script error or a refused resource, not only that nothing appeared.
        throw new Error(
          `the page did not render: ${String(error)}\n${problems.join('\n')}\n${await page.locator('body').innerText()}`,
        )
      })
    for (const operationId of operationIds) {
      await expect(page.locator(`#op-${operationId}`).count(), operationId).resolves.toBe(1)
    }
    const details = page.locator('#op-postMusicServerUserUserDetails')
    await expect(details.innerText()).resolves.toContain('当前登录用户的资料')
    await expect(details.innerText()).resolves.toContain('需要登录')
    // A response names its schema and links to it; the schema lists its fields.
    await details.getByRole('link', { name: 'UserInfo' }).first().click()
    const userInfo = page.locator('#schema-UserInfo')
    await expect(userInfo.innerText()).resolves.toContain('nickName')
    for (const name of Object.keys(document.components.schemas)) {
      await expect(page.locator(`#schema-${name}`).count(), name).resolves.toBe(1)
    }
    await expect(page.locator('#contents').innerText()).resolves.toContain(
      `共 ${operationIds.length} 个接口`,
    )
    await screenshot(page, 'api-reference')
    expect(problems).toEqual([])
    await context.close()
  })
})
