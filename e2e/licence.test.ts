import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { Envelope } from '@gy/api/envelope'
import { randomString, signedText } from '@gy/api/signing'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  ARTIFACTS,
  accessTokenOf,
  logInThroughDialog,
  newDesktopContext,
  PHONE_USER_AGENT,
  type RunningPlatform,
  screenshot,
  shareRunningPlatform,
  signedCall,
  wavFile,
} from './support/platform'

/**
 * Buying a licence end to end: a musician deposits and lists a work (through the API, as the
 * musicians' zone test covers the pages), a buyer opens its work page, buys 个人使用 through the
 * sandbox checkout, downloads the licence certificate (a PDF naming the work and the buyer) and
 * the deposited file itself, and the musician sees the sale in 收益明细.
 */
let platform: RunningPlatform
let browser: Browser

shareRunningPlatform((running) => {
  platform = running.platform
  browser = running.browser
})

const SELLER = '13900139101'
const BUYER = '13900139102'
const TITLE = '山间晚风'

/** Half a second of a 330 Hz tone: the work's audio, with bytes of its own. */
const AUDIO = wavFile(8000, 1, 4000, (frame) => 0.25 * Math.sin((2 * Math.PI * 330 * frame) / 8000))

/** Uploads as the app does: multipart, signed over the empty text. */
async function uploadAudio(token: string): Promise<string> {
  const nonce = randomString()
  const timestamp = String(Date.now())
  const form = new FormData()
  form.append('purpose', 'audio')
  form.append('file', new Blob([new Uint8Array(AUDIO)], { type: 'audio/wav' }), 'work.wav')
  const response = await fetch(`${platform.baseUrl}/api/user-server/obs/uploadFile`, {
    method: 'POST',
    headers: {
      nonce,
      timestamp,
      signature: createHash('sha256')
        .update(signedText('', nonce, timestamp, DEV_SIGN_SECRET))
        .digest('hex'),
      platform: '3',
      authorization: `Bearer ${token}`,
    },
    body: form,
  })
  const answer = (await response.json()) as Envelope<{ fileId: string }>
  if (answer.code !== '000') throw new Error(`upload failed: ${JSON.stringify(answer)}`)
  return answer.data.fileId
}

/** The musician's listed work, ready to play (its audio is prepared by a job). */
async function listWork(token: string): Promise<string> {
  const fileId = await uploadAudio(token)
  const deposit = await signedCall<{ depositId: string }>(
    platform.baseUrl,
    'music-server/keepRecord/uploadListing',
    { fileId, title: TITLE },
    token,
  )
  expect(deposit.code).toBe('000')
  const listed = await signedCall<{ goodsId: string }>(
    platform.baseUrl,
    'music-server/musicGoods/musicListing',
    { depositId: deposit.data.depositId, priceFen: 990 },
    token,
  )
  expect(listed.code).toBe('000')
  const goodsId = listed.data.goodsId
  await expect
    .poll(
      async () =>
        (
          await signedCall(platform.baseUrl, 'music-server/keepRecord/musicById', {
            musicId: goodsId,
          })
        ).code,
      { timeout: 60_000, interval: 100 },
    )
    .toBe('000')
  return goodsId
}

async function saveDownload(page: Page, button: string, name: string): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ])
  const path = join(ARTIFACTS, name)
  await download.saveAs(path)
  return readFileSync(path)
}

describe('licence story', () => {
  it('sells a 个人使用 licence through the sandbox and pays the musician', async () => {
    const sellerContext = await newDesktopContext(browser)
    const sellerPage = await sellerContext.newPage()
    await sellerPage.goto(`${platform.baseUrl}/musiciansZone`)
    await logInThroughDialog(sellerPage, platform.baseUrl, SELLER)
    const goodsId = await listWork(await accessTokenOf(sellerPage))

    const context = await newDesktopContext(browser)
    const page = await context.newPage()
    await page.goto(`${platform.baseUrl}/copyrightedMusic/details?goodsId=${goodsId}`)
    const panel = page.getByRole('region', { name: '购买授权' })
    await panel.getByRole('radio', { name: /商业使用 ¥49\.50/ }).waitFor()
    await panel.getByRole('button', { name: '登录后购买' }).click()
    await logInThroughDialog(page, platform.baseUrl, BUYER)

    await panel.getByRole('radio', { name: /个人使用 ¥9\.90/ }).check()
    expect(await panel.getByRole('region', { name: '个人使用授权条款' }).textContent()).toContain(
      '期限：永久有效',
    )
    await screenshot(page, '60-licence-picker')

    // Paying opens the sandbox checkout in a new tab while the panel waits for the order.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      panel.getByRole('button', { name: /立即购买 ¥9\.90/ }).click(),
    ])
    await checkout.getByRole('button', { name: '确认支付' }).waitFor()
    expect(await checkout.textContent('body')).toContain('9.90')
    await expect.poll(() => panel.getByText('等待支付').count()).toBeGreaterThan(0)
    await checkout.getByRole('button', { name: '确认支付' }).click()
    await expect.poll(() => checkout.textContent('body')).toContain('支付成功')
    await checkout.close()

    const paid = panel.getByRole('region', { name: '授权购买成功' })
    await paid.waitFor({ timeout: 20_000 })
    await paid.getByRole('button', { name: '下载授权证书' }).waitFor()
    await screenshot(page, '61-licence-paid')

    const certificate = await saveDownload(page, '下载授权证书', 'licence-certificate.pdf')
    expect(certificate.subarray(0, 5).toString()).toBe('%PDF-')
    const text = execFileSync('pdftotext', [join(ARTIFACTS, 'licence-certificate.pdf'), '-'], {
      encoding: 'utf8',
    })
    expect(text).toContain(TITLE)
    expect(text).toContain('个人使用')
    const buyer = await signedCall<{ nickName: string }>(
      platform.baseUrl,
      'music-server/user/userDetails',
      {},
      await accessTokenOf(page),
    )
    const buyerName = buyer.data.nickName
    expect(buyerName).not.toBe('')
    expect(text).toContain(buyerName)

    const audio = await saveDownload(page, '下载音频', 'licence-audio.wav')
    expect(createHash('sha256').update(audio).digest('hex')).toBe(
      createHash('sha256').update(AUDIO).digest('hex'),
    )

    // The buyer's licences, from the user menu's 已购授权.
    await page.goto(`${platform.baseUrl}/myLicences`)
    await expect.poll(() => page.getByRole('heading', { name: TITLE }).count()).toBe(1)
    await screenshot(page, '62-my-licences')

    // The musician sees the sale: 9.90 paid, 0.99 commission, 8.91 kept.
    await sellerPage.goto(`${platform.baseUrl}/musiciansZone/earnings`)
    const table = sellerPage.getByRole('table', { name: '每笔授权销售' })
    await expect.poll(() => table.textContent()).toContain(TITLE)
    const row = await table.textContent()
    expect(row).toContain('¥9.90')
    expect(row).toContain('¥0.99')
    expect(row).toContain('¥8.91')
    await screenshot(sellerPage, '63-earnings')

    // Both pages at a phone's size.
    const phone = await browser.newContext({
      userAgent: PHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      storageState: await sellerContext.storageState(),
    })
    const phonePage = await phone.newPage()
    await phonePage.goto(`${platform.baseUrl}/musiciansZone/earnings`)
    await expect
      .poll(() => phonePage.getByRole('table', { name: '每笔授权销售' }).textContent())
      .toContain(TITLE)
    await screenshot(phonePage, '64-earnings-phone')
    await phone.close()

    // The buyer's work page at a phone's size: 个人使用 is theirs now, 商业使用 still for sale.
    const buyerPhone = await browser.newContext({
      userAgent: PHONE_USER_AGENT,
      viewport: { width: 390, height: 844 },
      locale: 'zh-CN',
      storageState: await context.storageState(),
    })
    const buyerPhonePage = await buyerPhone.newPage()
    await buyerPhonePage.goto(`${platform.baseUrl}/copyrightedMusic/details?goodsId=${goodsId}`)
    const phonePanel = buyerPhonePage.getByRole('region', { name: '购买授权' })
    await phonePanel.getByRole('button', { name: /立即购买 ¥49\.50/ }).waitFor()
    expect(await phonePanel.textContent()).toContain('已购买')
    await screenshot(buyerPhonePage, '65-licence-picker-phone')

    // 微信扫码: the order's code to scan; cancelling leaves nothing charged.
    await phonePanel.getByRole('radio', { name: '微信扫码' }).click()
    await phonePanel.getByRole('button', { name: /立即购买 ¥49\.50/ }).click()
    const qr = phonePanel.getByRole('region', { name: '扫码支付' })
    await qr.getByRole('timer').waitFor()
    expect(await qr.textContent()).toContain('¥49.50')
    await qr.scrollIntoViewIfNeeded()
    await screenshot(buyerPhonePage, '66-licence-qr-phone')
    await qr.getByRole('button', { name: '取消支付' }).click()
    await expect.poll(() => qr.textContent()).toContain('已取消支付')
    await buyerPhone.close()
    await context.close()
    await sellerContext.close()
    // The listing's audio job and two PDFs: well inside this on a quiet machine (about 65 s).
  }, 240_000)
})
