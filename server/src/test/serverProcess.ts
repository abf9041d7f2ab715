/**
 * The real server as a child process (`npm start`'s server half), for tests that must kill it:
 * started on a free loopback port over a data folder or PostgreSQL schema that outlives it, so a
 * restart finds what the killed process left.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { LoginData, UploadedFile, UploadPurpose } from '@gy/api/contract'
import type { Envelope } from '@gy/api/envelope'
import pg from 'pg'
import { queueSchemaOf } from '../plugins/queue'
import { multipartBody, UPLOAD_URL } from '../routes/user-server/uploadTestKit'
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

export interface SpawnedEntry {
  child: ChildProcess
  output: () => string
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>
}

/**
 * Runs one of the server package's entries (`src/server.ts`, `src/worker.ts`, `src/admin.ts`)
 * with `args`, and `env` on top of a test setting.
 */
export function spawnEntry(
  entry: string,
  env: Record<string, string>,
  args: readonly string[] = [],
): SpawnedEntry {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, output: () => output, exited }
}

/** Kill and stop for a spawned entry; both resolve once the process is gone. */
function endings({ child, exited }: SpawnedEntry) {
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return { kill: () => end('SIGKILL'), stop: () => end('SIGTERM') }
}

/**
 * Starts `src/server.ts` with `env` on top of a test setting and waits for /healthz.
 * `DATA_DIR`, or `DATABASE_URL` with `DATABASE_SCHEMA`, name the database the caller keeps.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const spawned = spawnEntry('src/server.ts', env)
  const { child, output } = spawned
  const deadline = Date.now() + (options.startTimeoutMs ?? START_TIMEOUT_MS)
  let baseUrl: string
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`)
    baseUrl = /is serving on (http:\/\/[\w.:]+)/.exec(output())?.[1] ?? ''
    const healthy =
      baseUrl !== '' &&
      (await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      ))
    if (healthy) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not become healthy:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { baseUrl, pid: child.pid ?? 0, output, ...endings(spawned) }
}

/** A job worker (`npm run worker`) as a child process, like the server: for tests that kill it. */
export type WorkerProcess = Omit<ServerProcess, 'baseUrl'>

/** Starts `src/worker.ts` (it needs `DATABASE_URL`) and waits until it says it works the queue. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const spawned = spawnEntry('src/worker.ts', env)
  const { child, output } = spawned
  const deadline = Date.now() + START_TIMEOUT_MS
  while (!output().includes('worker is working the job queue')) {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${output()}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`worker did not start:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { pid: child.pid ?? 0, output, ...endings(spawned) }
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

/**
 * Has a login code sent over HTTP and reads it back from the dev route, which shows what the
 * console SMS provider of that same process sent.
 */
export async function smsCodeOverHttp(baseUrl: string, phone: string): Promise<string> {
  const sent = await httpCall(baseUrl, '/api/user-server/musicOauth/send-sms', {
    query: { phone, platform: '3', type: 'login' },
  })
  if (sent.code !== '000') throw new Error(`send-sms failed: ${JSON.stringify(sent)}`)
  const latest = (await (
    await fetch(`${baseUrl}/api/dev/sms/latest?${new URLSearchParams({ phone })}`)
  ).json()) as Envelope<{ smsCode: string }>
  return latest.data.smsCode
}

/** The login call itself, with a code from `smsCodeOverHttp`; the envelope as it came. */
export function smsLoginOverHttp(
  baseUrl: string,
  phone: string,
  smsCode: string,
): Promise<Envelope<LoginData>> {
  return httpCall<LoginData>(baseUrl, '/api/user-server/musicOauth/login', {
    body: { mobile: phone, smsCode, platform: 3, smsCodeType: 'login' },
  })
}

/** Logs in over HTTP with the code the console SMS provider shows on the dev route. */
export async function loginOverHttp(baseUrl: string, phone: string): Promise<LoginData> {
  const login = await smsLoginOverHttp(baseUrl, phone, await smsCodeOverHttp(baseUrl, phone))
  if (login.code !== '000') throw new Error(`login failed: ${JSON.stringify(login)}`)
  return login.data
}

/**
 * Drops a PostgreSQL schema a test made (`DATABASE_SCHEMA`) and its job queue's schema, with
 * everything in them.
 */
export async function dropTestSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const queueSchema = queueSchemaOf({ kind: 'postgres', url: databaseUrl, schema })
    await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${queueSchema} CASCADE`)
  } finally {
    await client.end()
  }
}

/** The eight bytes that open every PNG file, before whatever a test puts after them. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

/**
 * A signed upload over HTTP as the web client makes it (`purpose` first, then the file). The
 * envelope is null when what answered was not the server (a load balancer's error page).
 */
export async function uploadOverHttp(
  baseUrl: string,
  token: string,
  file: { name: string; bytes: Uint8Array; purpose?: UploadPurpose },
): Promise<{ status: number; envelope: Envelope<UploadedFile> | null }> {
  const { contentType, body } = multipartBody([
    { name: 'purpose', value: file.purpose ?? 'audio' },
    { name: 'file', fileName: file.name, bytes: file.bytes },
  ])
  const response = await fetch(`${baseUrl}${UPLOAD_URL}`, {
    method: 'POST',
    headers: {
      ...signedHeaders({ bodyText: '', secret: DEV_SIGN_SECRET, now: Date.now(), token }),
      'content-type': contentType,
    },
    body: new Uint8Array(body),
  })
  const text = await response.text()
  const envelope = text.startsWith('{') ? (JSON.parse(text) as Envelope<UploadedFile>) : null
  return { status: response.status, envelope }
}
