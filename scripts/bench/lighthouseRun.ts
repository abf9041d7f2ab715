// One Lighthouse run on one page: Debian Chromium launched by chrome-launcher, the mobile preset
// (Lighthouse's default: a mid-range phone, simulated slow 4G) or the desktop preset, scored on
// performance, accessibility and best practices. For a page that needs a logged-in user, the
// app's local storage (where it keeps its session) is written into that Chromium before the run,
// and Lighthouse is told not to clear it. Shared by the bench areas that score pages.
import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export type FormFactor = 'mobile' | 'desktop'

export interface LighthouseScores {
  performance: number
  accessibility: number
  bestPractices: number
  /** The page as Lighthouse left it (JPEG), to see what was scored. */
  finalScreenshot: Buffer | undefined
}

/** One DevTools protocol command over the page's WebSocket, answered or refused. */
function send(socket: WebSocket, id: number, method: string, params: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number
        result?: unknown
        error?: { message: string }
      }
      if (message.id !== id) return
      socket.removeEventListener('message', onMessage)
      if (message.error) reject(new Error(`${method}: ${message.error.message}`))
      else resolve(message.result)
    }
    socket.addEventListener('message', onMessage)
    socket.send(JSON.stringify({ id, method, params }))
  })
}

/** Resolves on the next event `method` the page sends over `socket`. */
function nextEvent(socket: WebSocket, method: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if ((JSON.parse(String(event.data)) as { method?: string }).method !== method) return
      socket.removeEventListener('message', onMessage)
      resolve()
    }
    socket.addEventListener('message', onMessage)
  })
}

/**
 * Writes `entries` into the local storage of `origin` in the Chromium listening on `port`, from a
 * tab on the public verification page (its own small bundle: the app never runs there; a file
 * under /files is sandboxed and has no storage), then empties the HTTP cache that page filled, so
 * Lighthouse still measures a first visit, and closes the tab.
 *
 * The tab is opened blank and navigated here, waiting for its load: `/json/new?url` answers while
 * the tab still shows its first about:blank, whose opaque origin has no local storage (writing
 * there threw "Access is denied for this document").
 */
async function seedLocalStorage(
  port: number,
  origin: string,
  entries: Record<string, string>,
): Promise<void> {
  const target = (await (
    await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
  ).json()) as { id: string; webSocketDebuggerUrl: string }
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  try {
    await send(socket, 1, 'Page.enable', {})
    const loaded = nextEvent(socket, 'Page.loadEventFired')
    await send(socket, 2, 'Page.navigate', { url: `${origin}/verify` })
    await loaded
    const result = (await send(socket, 3, 'Runtime.evaluate', {
      expression: `(() => {
        if (location.origin !== ${JSON.stringify(origin)}) return 'on ' + location.href
        const entries = ${JSON.stringify(entries)}
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
        return localStorage.length
      })()`,
      returnByValue: true,
    })) as { result: { value?: number | string } }
    const written = result.result.value
    if (typeof written !== 'number' || written < Object.keys(entries).length) {
      throw new Error(`the session was not written into local storage: ${JSON.stringify(result)}`)
    }
    await send(socket, 4, 'Network.clearBrowserCache', {})
  } finally {
    socket.close()
    await fetch(`http://127.0.0.1:${port}/json/close/${target.id}`)
  }
}

/** Lighthouse's scores (0-100) for `url`, in a fresh Chromium each time. */
export async function lighthouseScores(
  url: string,
  formFactor: FormFactor,
  localStorage: Record<string, string> = {},
): Promise<LighthouseScores> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const loggedIn = Object.keys(localStorage).length > 0
    if (loggedIn) await seedLocalStorage(chrome.port, new URL(url).origin, localStorage)
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Lighthouse clears the origin's storage first, which would log the user out.
        disableStorageReset: loggedIn,
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    )
    const categories = result?.lhr.categories
    const score = (name: string) => Math.round((categories?.[name]?.score ?? 0) * 100)
    const runtimeError = result?.lhr.runtimeError
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`)
    const screenshot = result?.lhr.audits['final-screenshot']?.details
    const dataUrl = screenshot?.type === 'screenshot' ? screenshot.data : undefined
    return {
      finalScreenshot: dataUrl
        ? Buffer.from(dataUrl.replace(/^data:[^,]+,/, ''), 'base64')
        : undefined,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    }
  } finally {
    chrome.kill()
  }
}
