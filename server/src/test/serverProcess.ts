/**
 * The real server as a child process (`npm start`'s server half), for tests that must kill it:
 * started on a free loopback port over a data folder or PostgreSQL schema that outlives it, so a
 * restart finds what the killed process left.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { LoginData } from '@gy/api/contract'
import type { Envelope } from '@gy/api/envelope'
import { signedHeaders } from './signing'

const SERVER_DIR = path.resolve(import.meta.dirname, '../..')
const START_TIMEOUT_MS = 90_000

export interface ServerProcess {
  baseUrl: string
  /** The process id, to read its memory from /proc (benches). */
  pid: number
  /** Everything the process printed so far (its JSON log lines). */
  output: () => string
  /** Kills it at once, as a crash or a power cut would: no hook runs. */
  kill: () => Promise<void>
  /** Stops it cleanly (SIGTERM). */
  stop: () => Promise<void>
}

/**
 * Starts `src/server.ts` with `env` on top of a test setting and waits for /healthz.
 * `DATA_DIR`, or `DATABASE_URL` with `DATABASE_SCHEMA`, name the database the caller keeps.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      // The system picks a free port; the log line that says where it listens tells us which.
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_WORKS: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      STATIC_DIR: path.join(import.meta.dirname, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + (options.startTimeoutMs ?? START_TIMEOUT_MS)
  let baseUrl: string
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    baseUrl = /is serving on (http:\/\/[\w.:]+)/.exec(output)?.[1] ?? ''
    const healthy =
      baseUrl !== '' &&
      (await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      ))
    if (healthy) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become healthy:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  }
}

/** A signed call of the contract over HTTP, as the web app makes it. */
export async function httpCall<Data>(
  baseUrl: string,
  url: string,
  options: { body?: unknown; query?: Record<string, string>; token?: string } = {},
): Promise<Envelope<Data>> {
  const bodyText = options.body === undefined ? '' : JSON.stringify(options.body)
  const query = options.query === undefined ? '' : `?${new URLSearchParams(options.query)}`
  const response = await fetch(`${baseUrl}${url}${query}`, {
    method: 'POST',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...signedHeaders({
        bodyText,
        secret: DEV_SIGN_SECRET,
        now: Date.now(),
        token: options.token,
      }),
    },
    ...(options.body === undefined ? {} : { body: bodyText }),
  })
  return (await response.json()) as Envelope<Data>
}

/** Logs in over HTTP with the code the console SMS provider shows on the dev route. */
export async function loginOverHttp(baseUrl: string, phone: string): Promise<LoginData> {
  const sent = await httpCall(baseUrl, '/api/user-server/musicOauth/send-sms', {
    query: { phone, platform: '3', type: 'login' },
  })
  if (sent.code !== '000') throw new Error(`send-sms failed: ${JSON.stringify(sent)}`)
  const latest = (await (
    await fetch(`${baseUrl}/api/dev/sms/latest?${new URLSearchParams({ phone })}`)
  ).json()) as Envelope<{ smsCode: string }>
  const login = await httpCall<LoginData>(baseUrl, '/api/user-server/musicOauth/login', {
    body: { mobile: phone, smsCode: latest.data.smsCode, platform: 3, smsCodeType: 'login' },
  })
  if (login.code !== '000') throw new Error(`login failed: ${JSON.stringify(login)}`)
  return login.data
}
