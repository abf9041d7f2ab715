import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { cp } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { WorkItem } from '@gy/api/contract'
import type { Envelope } from '@gy/api/envelope'
import { randomString, signedText } from '@gy/api/signing'
import type { VoteActivityDetail, VoteActivityPage } from '@gy/api/votes'
import {
  type Browser,
  type BrowserContext,
  chromium,
  type LaunchOptions,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

const root = new URL('../..', import.meta.url).pathname
export const ARTIFACTS = join(root, 'test-artifacts', 'e2e')

export const DESKTOP_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export interface RunningPlatform {
  baseUrl: string
  log: () => string
  stop: () => Promise<void>
  /**
   * Runs `npm run admin -- <args>` against this platform's data, as an operator would: the
   * embedded database is one process's, so the server stops for it and starts again on the same
   * port and data (sessions survive). Resolves with what the command printed.
   */
  admin: (args: readonly string[]) => Promise<string>
  /** Kills the server with SIGKILL, as a crash would, and starts it again on the same data. */
  crashAndRestart: () => Promise<void>
}

/** A data folder the run's global setup left after a first start with `seedWorks` works. */
export interface DataTemplate {
  seedWorks: number
  dataDir: string
}

declare module 'vitest' {
  /** What e2e/support/globalSetup.ts hands to the e2e files. */
  export interface ProvidedContext {
    e2eChromiumEndpoint: string
    e2eDataTemplates: DataTemplate[]
  }
}

/**
 * Asks `probe` every `intervalMs` until it finds something and resolves with it; after
 * `timeoutMs` it fails, saying what it waited for and printing `log` (the server's output).
 */
export async function waitUntil<Value>(
  probe: () => Promise<Value | undefined>,
  what: string,
  options: { timeoutMs: number; intervalMs?: number; log?: () => string },
): Promise<Value> {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > deadline) {
      throw new Error(`waited ${options.timeoutMs} ms for ${what}\n${options.log?.() ?? ''}`)
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100))
  }
}

const serverDir = join(root, 'server')

/** Whether the process has ended, by itself or by a signal. */
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

/** How to start one server process. */
export interface ServerStart {
  port: number
  dataDir: string
  seedWorks: number
  /** Collects what the process prints. */
  output: { text: string }
  /** How long the start may take before it counts as failed (150 s by default). */
  startTimeoutMs?: number
  /** Gets the process as soon as it is spawned, so that a stop during the start can end it. */
  onSpawn?: (child: ChildProcess) => void
}

/**
 * The server process on `port` with `dataDir`, resolved once /healthz answers; a process that
 * does not answer in time is killed.
 */
export async function startServer(start: ServerStart): Promise<ChildProcess> {
  const { port, output } = start
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: start.dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      SEED_WORKS: String(start.seedWorks),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  start.onSpawn?.(child)
  child.stdout?.on('data', (chunk: Buffer) => (output.text += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()))
  try {
    // A first start (initdb, migrations, seeding) took over 100 s on a machine shared by several
    // test runs; the hook around it allows 180 s.
    await waitUntil(
      async () => {
        if (hasExited(child)) throw new Error(`server exited early:\n${output.text}`)
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok ? true : undefined
        } catch {
          // Not listening yet.
          return undefined
        }
      },
      'the server to answer /healthz',
      { timeoutMs: start.startTimeoutMs ?? 150_000, intervalMs: 200, log: () => output.text },
    )
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return child
}

/** Stops the server as an operator would (SIGTERM: it closes the database cleanly). */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/**
 * Starts the real server (`npm start`'s server half) on a free loopback port with a fresh data
 * folder, serving the built app, and waits for /healthz. With `template`, the folder starts as a
 * copy of that one (a data folder whose server has stopped), so the start only opens it.
 */
export async function startPlatform(
  // startTimeoutMs: how long a start may take before it counts as failed (150 s by default).
  options: { seedWorks?: number; startTimeoutMs?: number; template?: string } = {},
): Promise<RunningPlatform> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'gy-e2e-'))
  if (options.template !== undefined) await cp(options.template, dataDir, { recursive: true })
  const output = { text: '' }
  const seedWorks = options.seedWorks ?? 0
  // The process of the latest start, from its spawn on, and no restart after stop(): a test that
  // times out in the middle of a restart (or of the admin command) leaves no server behind.
  let child = await startServer({
    port,
    dataDir,
    seedWorks,
    output,
    startTimeoutMs: options.startTimeoutMs,
  })
  let stopped = false
  const restart = async (): Promise<void> => {
    if (stopped) throw new Error('the platform was stopped: no restart')
    await startServer({ port, dataDir, seedWorks, output, onSpawn: (spawned) => (child = spawned) })
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    log: () => output.text,
    stop: async () => {
      stopped = true
      await stopServer(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
    crashAndRestart: async () => {
      if (!hasExited(child)) {
        child.kill('SIGKILL')
        await new Promise((resolve) => child.once('exit', resolve))
      }
      await restart()
    },
    admin: async (args) => {
      await stopServer(child)
      try {
        const { stdout, stderr } = await promisify(execFile)(
          'node',
          ['--import', 'tsx', 'src/admin.ts', ...args],
          {
            cwd: serverDir,
            env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' },
          },
        )
        return stdout + stderr
      } finally {
        await restart()
      }
    },
  }
}

/**
 * Starts the platform on a copy of the data folder the e2e run prepared with `seedWorks` works
 * (e2e/support/globalSetup.ts), so its first-start work (migrations, seeding) is already done.
 */
export async function startPreparedPlatform(
  options: { seedWorks?: number } = {},
): Promise<RunningPlatform> {
  const seedWorks = options.seedWorks ?? 0
  const template = inject('e2eDataTemplates').find((prepared) => prepared.seedWorks === seedWorks)
  if (template === undefined) {
    throw new Error(
      `no data folder prepared with ${seedWorks} seed works: add the count to e2e/support/globalSetup.ts`,
    )
  }
  return startPlatform({ seedWorks, template: template.dataDir })
}

/** How every test and benchmark starts Chromium. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
}

/**
 * A Chromium of its own, or with `sharedEndpoint` a connection to one already running (the e2e
 * run's, see connectSharedBrowser). Closing a connection leaves that Chromium running.
 */
export async function launchBrowser(sharedEndpoint?: string): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true })
  if (sharedEndpoint !== undefined) return chromium.connect(sharedEndpoint)
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS)
}

/** The e2e run's one Chromium (e2e/support/globalSetup.ts); a file makes its own contexts in it. */
export async function connectSharedBrowser(): Promise<Browser> {
  return launchBrowser(inject('e2eChromiumEndpoint'))
}

export async function newDesktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: DESKTOP_USER_AGENT,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  })
}

/** An iPhone-sized phone context with the phone's user agent (the mobile shell). */
export async function newPhoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: PHONE_USER_AGENT,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false })
}

/** The code the console SMS provider "sent", read from the development route of the contract. */
export async function latestSmsCode(baseUrl: string, phone: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/sms/latest?phone=86:${phone}`)
  const body = (await response.json()) as { code: string; data: { smsCode: string } }
  if (body.code !== '000') throw new Error(`no code for ${phone}: ${JSON.stringify(body)}`)
  return body.data.smsCode
}

/**
 * Moves the server's clock forward through the development route, so a test can pass a wait
 * (the 60 s between two codes, an expiry) at once. The browser's clock is not moved; signed
 * requests stay valid as long as the total stays within the 5-minute signature window.
 */
export async function advanceServerClock(baseUrl: string, seconds: number): Promise<Date> {
  const response = await fetch(`${baseUrl}/api/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  })
  const body = (await response.json()) as Envelope<{ now: string }>
  if (body.code !== '000') throw new Error(`the server clock did not move: ${JSON.stringify(body)}`)
  return new Date(body.data.now)
}

/** A signed call of the contract, as the web app makes it, straight from the test. */
export async function signedCall<Data>(
  baseUrl: string,
  path: string,
  body: unknown = {},
  token?: string,
): Promise<Envelope<Data>> {
  const bodyText = JSON.stringify(body)
  const nonce = randomString()
  const timestamp = String(Date.now())
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      nonce,
      timestamp,
      // node:crypto, like the server's tests: crypto-js stays behind the browser's sign().
      signature: createHash('sha256')
        .update(signedText(bodyText, nonce, timestamp, DEV_SIGN_SECRET))
        .digest('hex'),
      platform: '3',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: bodyText,
  })
  return (await response.json()) as Envelope<Data>
}

/**
 * Waits until the server's background seeding has listed `count` works (it composes them); on a
 * prepared data folder they are listed from the start.
 */
export async function waitForSeedWorks(
  platform: RunningPlatform,
  count: number,
  timeoutMs = 600_000,
): Promise<WorkItem[]> {
  return waitUntil(
    async () => {
      const answer = await signedCall<WorkItem[]>(
        platform.baseUrl,
        'music-server/homePage/queryGoodsWeb',
      )
      return answer.code === '000' && answer.data.length >= count ? answer.data : undefined
    },
    `${count} seed works to be listed`,
    { timeoutMs, log: platform.log },
  )
}

/**
 * The demo voting activity a first start creates (server/src/seed/seedVotes.ts), once at least
 * `works` seed works have joined it as options; undefined before that.
 */
export async function findDemoActivity(
  baseUrl: string,
  works = 0,
): Promise<VoteActivityDetail | undefined> {
  const page = await signedCall<VoteActivityPage>(
    baseUrl,
    'music-server/app/vote/queryVoteActivityPage',
    { page: 1, pageSize: 10 },
  )
  // The only activity of a platform nobody has used yet.
  const [demo] = page.data.records
  if (demo === undefined) return undefined
  const detail = await signedCall<VoteActivityDetail>(
    baseUrl,
    'music-server/app/vote/queryVoteActivityDetail',
    { activityId: demo.activityId },
  )
  const workOptions = detail.data.options.filter((option) => option.work !== null)
  return workOptions.length >= works ? detail.data : undefined
}

/** Waits for findDemoActivity; on a prepared data folder the activity is there from the start. */
export async function waitForDemoActivity(
  platform: RunningPlatform,
  works = 0,
): Promise<VoteActivityDetail> {
  return waitUntil(
    () => findDemoActivity(platform.baseUrl, works),
    `the demo activity with ${works} seed works among its options`,
    { timeoutMs: 60_000, log: platform.log },
  )
}

declare global {
  interface Window {
    /** Every audio element the page created, for tests and benchmarks to watch. */
    gyAudioElements?: HTMLAudioElement[]
  }
}

/** Lets the test see the app's audio element, which lives outside the DOM. */
export async function captureAudioElements(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const NativeAudio = window.Audio
    window.gyAudioElements = []
    window.Audio = function (src?: string) {
      const element = new NativeAudio(src)
      window.gyAudioElements?.push(element)
      return element
    } as unknown as typeof Audio
  })
}

/**
 * Presses the play button of the work card titled `title` and resolves with the milliseconds
 * from the click to the app's audio element's `playing` (needs `captureAudioElements`).
 */
export async function pressPlayOnCard(page: Page, title: string): Promise<number> {
  return page.evaluate(async (workTitle) => {
    const card = [...document.querySelectorAll('article')].find((element) =>
      element.textContent?.includes(workTitle),
    )
    const button = card?.querySelector('button')
    const audio = window.gyAudioElements?.[0]
    if (!button || !audio) throw new Error(`no play button or audio element for ${workTitle}`)
    return new Promise<number>((resolve) => {
      const started = performance.now()
      audio.addEventListener('playing', () => resolve(performance.now() - started), {
        once: true,
      })
      button.click()
    })
  }, title)
}

/** Logs in through the open login dialog with a code read from the development route. */
export async function logInThroughDialog(
  page: Page,
  baseUrl: string,
  phone: string,
): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('手机号码').fill(phone)
  await dialog.getByRole('button', { name: '获取验证码' }).click()
  await page.getByText('短信验证码发送成功').first().waitFor()
  await dialog.getByLabel('验证码').fill(await latestSmsCode(baseUrl, phone))
  await dialog.getByRole('button', { name: '登录', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** The server and the Chromium a test file shares. */
export interface RunningSuite {
  platform: RunningPlatform
  browser: Browser
}

/**
 * Starts the platform on a prepared data folder and connects to the run's Chromium before the
 * tests of the file (or of the describe block it is called in), and stops the one and leaves the
 * other after them. `ready` gets both once they run, for the file to keep. `ownBrowser`: the file
 * launches a Chromium of its own, for what one Chromium shares between all its contexts.
 */
export function shareRunningPlatform(
  ready: (suite: RunningSuite) => void | Promise<void>,
  options: { seedWorks?: number; ownBrowser?: boolean } = {},
  timeoutMs?: number,
): void {
  let platform: RunningPlatform | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    platform = await startPreparedPlatform(options)
    browser = options.ownBrowser === true ? await launchBrowser() : await connectSharedBrowser()
    await ready({ platform, browser })
  }, timeoutMs)
  afterAll(async () => {
    await browser?.close()
    await platform?.stop()
  })
}

/** The access token the app keeps for the logged-in user of `page`. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)
      if (key?.endsWith('_ACCESSTOKEN')) {
        return (JSON.parse(localStorage.getItem(key) ?? 'null') as { value?: string } | null)?.value
      }
    }
    return undefined
  })
  if (token === undefined) throw new Error('not logged in')
  return token
}

/** Gives a registered phone points through the development route (as a paid top-up would). */
export async function grantPoints(baseUrl: string, phone: string, points: number): Promise<number> {
  const response = await fetch(`${baseUrl}/api/dev/points/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: `86:${phone}`, points }),
  })
  const envelope = (await response.json()) as Envelope<{ balance: number }>
  if (envelope.code !== '000') throw new Error(`grant refused: ${JSON.stringify(envelope)}`)
  return envelope.data.balance
}

/** A 16-bit PCM WAV of `frames` frames, each sample from `sampleAt` (-1..1): a file of the user's own. */
export function wavFile(
  sampleRate: number,
  channels: 1 | 2,
  frames: number,
  sampleAt: (frame: number, channel: number) => number,
): Buffer {
  const data = Buffer.alloc(frames * channels * 2)
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++) {
      const sample = Math.max(-1, Math.min(1, sampleAt(frame, channel)))
      data.writeInt16LE(Math.round(32767 * sample), (frame * channels + channel) * 2)
    }
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(channels, 22)
  header.writeUInt32LE(sampleRate, 24)
  header.writeUInt32LE(sampleRate * channels * 2, 28)
  header.writeUInt16LE(channels * 2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}
