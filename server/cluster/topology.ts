/**
 * The scale-out topology of README "Scaling out", on loopback: two API servers that only queue
 * jobs, two job workers, one PostgreSQL schema made for the run, one bucket on an S3-protocol
 * server, and Debian's nginx in front of the two servers as the load balancer. Every part is a
 * real process started here, and killed here.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { CreateBucketCommand } from '@aws-sdk/client-s3'
import { createS3Client, type S3StorageSettings } from '../src/storage/s3Storage'
import {
  dropTestSchema,
  startServerProcess,
  startWorkerProcess,
  type ServerProcess,
  type WorkerProcess,
} from '../src/test/serverProcess'

export const NGINX_BINARY = '/usr/sbin/nginx'
const REPOSITORY = path.resolve(import.meta.dirname, '../..')
/** s3rver's fixed credentials: it checks request signatures against them. */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/** Why the cluster cannot run here, or null when it can. */
export function clusterRefusal(databaseUrl: string | undefined): string | null {
  if (databaseUrl === undefined || databaseUrl === '') {
    return 'DATABASE_URL is not set: the cluster needs a PostgreSQL that every process shares (.ci/run sets it).'
  }
  if (!existsSync(NGINX_BINARY)) {
    return `nginx is not installed at ${NGINX_BINARY}: apt-get install nginx-light (.ci/run does).`
  }
  return null
}

export interface Cluster {
  /** nginx: what a client (or a browser) talks to. */
  balancerUrl: string
  servers: [ServerProcess, ServerProcess]
  workers: [WorkerProcess, WorkerProcess]
  /** A connection to the run's schema, for checks a client cannot make (rows, ledgers). */
  database: pg.Pool
  schema: string
  /** nginx's error log so far: which upstream failed, and when. */
  balancerLog: () => Promise<string>
  close: () => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Round robin over both servers. A server that refuses the connection (it died) is skipped for
 * the request and for a while after (`proxy_next_upstream error`); a POST already sent to a server
 * that then died is not sent again, since it may have been done: the client sees 502 and decides.
 */
export function nginxConfig(directory: string, port: number, upstreams: readonly string[]): string {
  const servers = upstreams
    .map((address) => `    server ${address} max_fails=1 fail_timeout=30s;`)
    .join('\n')
  return `daemon off;
worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  # Uploads are checked and limited by the servers themselves.
  client_max_body_size 0;
  upstream gy_api {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://gy_api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # Job events are a server-sent stream: pass each event on as it comes.
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
    }
  }
}
`
}

interface RunningNginx {
  url: string
  log: () => Promise<string>
  stop: () => Promise<void>
}

async function startNginx(upstreams: readonly string[]): Promise<RunningNginx> {
  const directory = await mkdtemp(path.join(tmpdir(), 'gy-cluster-nginx-'))
  const port = await freePort()
  const configPath = path.join(directory, 'nginx.conf')
  await writeFile(configPath, nginxConfig(directory, port, upstreams))
  let output = ''
  const child: ChildProcess = spawn(NGINX_BINARY, ['-c', configPath, '-p', directory], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const log = () => readFile(path.join(directory, 'error.log'), 'utf8').catch(() => output)
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${await log()}`)
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) break
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}${await log()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url,
    log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
      await rm(directory, { recursive: true, force: true })
    },
  }
}

interface RunningS3 {
  settings: S3StorageSettings
  close: () => Promise<void>
}

/**
 * A bucket of its own on an s3rver started here as a process of its own (s3Process.ts), rather
 * than on the one CI shares with the other tests: this test cuts uploads short on purpose, which
 * a plain s3rver does not survive.
 */
async function startS3(): Promise<RunningS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'gy-cluster-s3-'))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 's3Process.ts'), directory, String(port)],
    { cwd: REPOSITORY, stdio: 'ignore' },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    await rm(directory, { recursive: true, force: true })
  }
  await answered(url, 30_000, () => child.exitCode !== null)
  const settings: S3StorageSettings = {
    endpoint: url,
    region: 'us-east-1',
    bucket: `gy-cluster-${randomBytes(6).toString('hex')}`,
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  }
  const client = createS3Client(settings)
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
  client.destroy()
  return { settings, close }
}

/** Waits until `url` answers at all (any status), or throws. */
async function answered(url: string, timeoutMs: number, gone: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (gone()) throw new Error(`the process behind ${url} exited`)
    const up = await fetch(url).then(
      () => true,
      () => false,
    )
    if (up) return
    if (Date.now() > deadline) throw new Error(`${url} did not answer`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The settings every server and worker of the cluster shares, as README "Scaling out" lists them. */
function sharedEnvironment(
  databaseUrl: string,
  schema: string,
  s3: RunningS3,
): Record<string, string> {
  const { settings } = s3
  return {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: settings.endpoint ?? '',
    S3_REGION: settings.region,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: 'true',
    FILE_URL_SECRET: randomBytes(24).toString('hex'),
    // The base64 of a 32-byte Ed25519 seed: one deposit log key for every server.
    DEPOSIT_LOG_SIGNING_KEY: randomBytes(32).toString('base64'),
    TRUST_PROXY: 'true',
    // Short, so the test sees a dead worker's job run again within seconds, not half a minute.
    AI_JOB_LEASE_SECONDS: '5',
    AI_MAX_ACTIVE_JOBS_PER_USER: '20',
    // Every test client calls from 127.0.0.1: the per-address request limit would count them as
    // one client and answer 429s that say nothing about failover.
    RATE_LIMIT_PER_MINUTE: '0',
    // Each request is a log line: the test counts them to see the balancer use both servers.
    LOG_LEVEL: 'info',
  }
}

/** Each process's output, kept under test-artifacts/cluster for a failed run to be read. */
async function keepLogs(parts: readonly { output?: () => string }[]): Promise<void> {
  const directory = path.join(REPOSITORY, 'test-artifacts', 'cluster')
  await mkdir(directory, { recursive: true })
  await Promise.all(
    parts.map((part, index) =>
      part.output === undefined
        ? undefined
        : writeFile(path.join(directory, `process-${index}.log`), part.output()),
    ),
  )
}

/**
 * Starts the whole topology. Each process has a data folder of its own, so nothing can pass
 * between them through a local disk: only through PostgreSQL and the bucket.
 */
export async function startCluster(databaseUrl: string): Promise<Cluster> {
  const schema = `cluster_${randomBytes(6).toString('hex')}`
  const s3 = await startS3()
  const shared = sharedEnvironment(databaseUrl, schema, s3)
  const folders: string[] = []
  const dataDir = async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'gy-cluster-'))
    folders.push(folder)
    return folder
  }
  const started: { stop: () => Promise<void>; output?: () => string }[] = []
  const database = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    options: `-c search_path=${schema}`,
  })
  const close = async () => {
    await keepLogs(started)
    for (const part of started.reverse()) await part.stop().catch(() => undefined)
    await database.end()
    await dropTestSchema(databaseUrl, schema)
    await s3.close()
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })))
  }
  try {
    // The first server migrates the schema alone; the others then find it ready.
    const first = await startServerProcess({
      ...shared,
      DATA_DIR: await dataDir(),
      QUEUE_WORKERS: 'off',
    })
    started.push(first)
    const starting = await Promise.allSettled([
      startServerProcess({ ...shared, DATA_DIR: await dataDir(), QUEUE_WORKERS: 'off' }),
      startWorkerProcess({ ...shared, DATA_DIR: await dataDir() }),
      startWorkerProcess({ ...shared, DATA_DIR: await dataDir() }),
    ])
    for (const outcome of starting) if (outcome.status === 'fulfilled') started.push(outcome.value)
    const [second, firstWorker, secondWorker] = starting.map((outcome) => {
      if (outcome.status === 'rejected') throw outcome.reason
      return outcome.value
    }) as [ServerProcess, WorkerProcess, WorkerProcess]
    const nginx = await startNginx([first, second].map((server) => new URL(server.baseUrl).host))
    started.push(nginx)
    return {
      balancerUrl: nginx.url,
      servers: [first, second],
      workers: [firstWorker, secondWorker],
      database,
      schema,
      balancerLog: nginx.log,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
