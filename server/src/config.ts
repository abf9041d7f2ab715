/**
 * The server's configuration: read from the environment once, validated, and passed down.
 * Nothing else in the server reads `process.env`.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import type { AppSettings } from '@gy/api/contract'
import { SINGER_PRESET_IDS } from '@gy/audio'
import {
  REPLICATE_BASE_URL,
  unknownPlaceholders,
  type AiEngineSettings,
  type HostedModelSettings,
  type HostedTask,
} from '@gy/audio/hosted'
import { ORDER_TTL_MS } from './payments/provider'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** Where the data lives: embedded PGlite (files under DATA_DIR, or in memory) or a PostgreSQL server. */
export type DatabaseConfig =
  | { kind: 'pglite'; /** null keeps the database in memory (tests). */ dataDir: string | null }
  | {
      kind: 'postgres'
      url: string
      /** Tables live in this schema when set (tests). */ schema: string | null
    }

export type SmsConfig =
  { provider: 'console' } | { provider: 'webhook'; webhookUrl: string; webhookToken: string | null }

/** WeChat Pay v3 merchant settings (PAYMENT_PROVIDER=wechat). Keys are PEM text or bare base64. */
export interface WechatPaySettings {
  appId: string
  mchId: string
  merchantSerialNo: string
  merchantPrivateKey: string
  apiV3Key: string
  platformSerial: string
  platformPublicKey: string
}

/** Alipay settings (PAYMENT_PROVIDER=alipay). Keys are PEM text or bare base64. */
export interface AlipaySettings {
  appId: string
  appPrivateKey: string
  alipayPublicKey: string
  gatewayUrl: string | null
  checkoutMode: 'page' | 'precreate'
}

/**
 * Who takes the money for points top-ups. `none` (production without a real provider) switches
 * top-ups off; the sandbox is the development default and refused in production.
 */
export type PaymentsConfig =
  | { provider: 'none' }
  | {
      provider: 'sandbox'
      /** HMAC key of sandbox notifications and checkout tokens. */
      sandboxKey: string
      /** null: notifications are addressed to this server's own port. */
      publicBaseUrl: string | null
      /** How long a top-up order stays payable; tests shorten it to see a QR code expire. */
      orderTtlMs: number
    }
  | { provider: 'wechat'; publicBaseUrl: string; wechat: WechatPaySettings }
  | { provider: 'alipay'; publicBaseUrl: string; alipay: AlipaySettings }

/**
 * The job queue (pg-boss) lives in the server's database. `inline`: this process works the jobs
 * (the default); `off`: it only sends them, and `npm run worker` processes sharing its
 * PostgreSQL work them.
 */
export interface QueueConfig {
  workers: 'inline' | 'off'
  /** AI jobs one worker process runs at once, each in a thread of its own (AI_WORKER_CONCURRENCY). */
  aiConcurrency: number
  /** AI jobs one user may have queued or running at once (AI_MAX_ACTIVE_JOBS_PER_USER). */
  aiActiveJobsPerUser: number
  /**
   * How long a worker's claim on a running AI job lasts unless renewed (AI_JOB_LEASE_SECONDS): a
   * dead worker's job runs again after this. Short in the cluster test, which kills a worker.
   */
  aiJobLeaseSeconds: number
  /** How long the sandbox waits before its first notification (a slow provider; crash tests). */
  sandboxNotificationDelaySeconds: number
}

/**
 * Where file bytes live (STORAGE_DRIVER): the local disk under DATA_DIR/files (the embedded
 * default), or an S3-compatible bucket (storage/s3Storage.ts).
 */
export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3'
      /** null: AWS's endpoint for the region. */
      endpoint: string | null
      region: string
      bucket: string
      /** null: the AWS SDK's default credential chain (instance role, shared config...). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null
      forcePathStyle: boolean
    }

export interface ServerConfig {
  port: number
  host: string
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  signSecret: string
  database: DatabaseConfig
  /** Root of everything the server stores on disk. */
  dataDir: string
  /** The Vite build of the web app. */
  staticDir: string
  sms: SmsConfig
  smsDailyCapPerPhone: number
  smsDailyCapPerIp: number
  /** Failed logins one IP may make in `loginWindowMinutes` before it is told to wait. */
  loginFailuresPerIp: number
  loginWindowMinutes: number
  /** Requests one address may make per minute, all routes together (0: no limit). */
  requestsPerMinutePerAddress: number
  /** How long a client may take to send a request, so stalled ones do not hold sockets. */
  httpTimeouts: HttpTimeouts
  /** null: `/m/download_gy` on the public origin. */
  downloadPageUrl: string | null
  /** Store links and footer notes the app reads at start (`user/appSettings`, mobile branch). */
  appSettings: AppSettings
  /**
   * The origin users reach the server at (PUBLIC_BASE_URL), for absolute links; null in
   * development, where links are relative. Required in production: links never come from Host.
   */
  publicBaseUrl: string | null
  logLevel: LogLevel
  payments: PaymentsConfig
  /** Trust X-Forwarded-* headers (behind a load balancer), so rate limits see the client's IP. */
  trustProxy: boolean
  /** Content-addressed stored files (audio, covers, HLS segments) under `<dataDir>/files`. */
  fileStorageDir: string
  storage: StorageConfig
  /**
   * The sweep of stored files no row names (domain/storedFiles.ts). Off (STORAGE_ORPHAN_SWEEP=off)
   * where the database is not the only one naming the storage's files: test apps, each on a
   * fresh database over one shared folder. `graceSeconds` (STORAGE_ORPHAN_GRACE_SECONDS): how
   * old such a file must be, far longer than any write between storing bytes and the row.
   */
  orphanSweep: { enabled: boolean; graceSeconds: number }
  /**
   * Key of the HMAC that signs `/files/...` URLs (FILE_URL_SECRET). null: a random key kept under
   * DATA_DIR (media/signedUrl.ts). Never derived from SIGN_SECRET, which every browser holds.
   */
  fileUrlSecret: string | null
  /**
   * The deposit log's Ed25519 signing key (DEPOSIT_LOG_SIGNING_KEY). null: a key made on first
   * start and kept in DATA_DIR/deposit-log-ed25519.pem. Never in the database.
   */
  depositLogSigningKey: string | null
  /** How many seed works the embedded default creates on first start; 0 disables. */
  seedWorks: number
  queue: QueueConfig
  /**
   * Which engine does the AI work (AI_ENGINE): the built-in one, or hosted models (an HTDemucs, an
   * RVC model, a music model behind Replicate's predictions API) for the tasks that have one.
   */
  aiEngine: AiEngineSettings
  // Licences and earnings (licence branch).
  licences: LicenceSettings
}

/**
 * Limits on a client that sends slowly (slowloris), in milliseconds. The whole request must arrive
 * within `requestMs`, long enough for the largest upload (100 MB) over the slow links the web app
 * waits for (UPLOAD_TIMEOUT_MS, 10 minutes; the default is a minute more); a connection on which
 * no byte moves either way for `idleMs` is closed sooner, whatever it is doing. `requestMs` does
 * not limit how long an answer may stream, and the AI job event stream sends a comment every 15 s,
 * well within `idleMs`.
 */
export interface HttpTimeouts {
  /** The request line and headers (HTTP_HEADERS_TIMEOUT_SECONDS). */
  headersMs: number
  /** Headers and body (HTTP_REQUEST_TIMEOUT_SECONDS). */
  requestMs: number
  /** No byte received or sent (HTTP_IDLE_TIMEOUT_SECONDS). */
  idleMs: number
}

/** What a licence costs and what the platform keeps of a sale. */
export interface LicenceSettings {
  /** 商业使用 costs the listing's price (个人使用) times this (LICENCE_COMMERCIAL_MULTIPLIER). */
  commercialMultiplier: number
  /** The platform's share of each sale in whole percent (PLATFORM_COMMISSION_PERCENT). */
  commissionPercent: number
}

/** The repository's `app/dist`, wherever the process was started from. */
const DEFAULT_STATIC_DIR = fileURLToPath(new URL('../../app/dist', import.meta.url))

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

const positiveInteger = z.coerce.number().int().positive()

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SIGN_SECRET: z.string().min(1).default(DEV_SIGN_SECRET),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_SCHEMA: z
    .string()
    // 56 at most, so the job queue's `<schema>_queue` is still a PostgreSQL identifier.
    .regex(/^[a-z_][a-z0-9_]{0,55}$/)
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  STATIC_DIR: z.string().min(1).default(DEFAULT_STATIC_DIR),
  SMS_PROVIDER: z.enum(['console', 'webhook']).default('console'),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  SMS_DAILY_CAP_PER_PHONE: positiveInteger.default(10),
  SMS_DAILY_CAP_PER_IP: positiveInteger.default(50),
  LOGIN_FAILURES_PER_IP: positiveInteger.default(30),
  LOGIN_WINDOW_MINUTES: positiveInteger.default(15),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(660),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DOWNLOAD_PAGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  // The operator's own links and filing numbers: settings, so a release never waits on code.
  IOS_STORE_URL: z
    .url({ protocol: /^https$/ })
    .default('https://apps.apple.com/cn/app/id0000000000'),
  ANDROID_MARKET_URL: z
    .url({ protocol: /^(market|https)$/ })
    .default('market://details?id=com.gy.music'),
  OPEN_APP_URL: z.url().default('gymusic://music/push'),
  CONTACT_IMAGE_URL: z.string().default(''),
  /** The footer's filing and licence lines, separated by `|`. */
  FILING_NOTES: z
    .string()
    .default('京ICP备00000000号-1|网络文化经营许可证 京网文〔0000〕0000-000号'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: booleanText.default(false),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'wechat', 'alipay']).optional(),
  SANDBOX_PAYMENT_KEY: z.string().min(16).optional(),
  /** Sandbox only (so never in production): seconds a top-up order stays payable. */
  SANDBOX_ORDER_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
  /** The origin providers reach us at, e.g. https://gy.example.com (notify and return URLs). */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_MERCHANT_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32).optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_APP_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALIPAY_CHECKOUT_MODE: z.enum(['page', 'precreate']).default('page'),
  FILE_URL_SECRET: z.string().min(16).optional(),
  /** The deposit log's Ed25519 private key: PKCS#8 PEM, or the base64 of its 32-byte seed. */
  DEPOSIT_LOG_SIGNING_KEY: z.string().min(32).optional(),
  SEED_WORKS: z.coerce.number().int().min(0).max(6).default(6),
  QUEUE_WORKERS: z.enum(['inline', 'off']).default('inline'),
  AI_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  AI_MAX_ACTIVE_JOBS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
  AI_JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  // Uploads and storage (files branch).
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_ORPHAN_SWEEP: z.enum(['on', 'off']).default('on'),
  STORAGE_ORPHAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(600)
    .default(24 * 60 * 60),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  SANDBOX_NOTIFICATION_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  // The AI engine: built in, or hosted models per task (README "Hosted models").
  AI_ENGINE: z.enum(['local', 'hosted']).default('local'),
  AI_HOSTED_BASE_URL: z.url({ protocol: /^https?$/ }).default(REPLICATE_BASE_URL),
  AI_HOSTED_TOKEN: z.string().min(1).optional(),
  AI_HOSTED_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  AI_HOSTED_SEPARATION_MODEL: z.string().min(1).optional(),
  AI_HOSTED_SEPARATION_INPUT: z.string().min(1).optional(),
  AI_HOSTED_SEPARATION_OUTPUT: z.string().min(1).optional(),
  AI_HOSTED_COVER_MODEL: z.string().min(1).optional(),
  AI_HOSTED_COVER_INPUT: z.string().min(1).optional(),
  AI_HOSTED_COVER_OUTPUT: z.string().min(1).optional(),
  AI_HOSTED_COVER_SINGERS: z.string().min(1).optional(),
  AI_HOSTED_GENERATION_MODEL: z.string().min(1).optional(),
  AI_HOSTED_GENERATION_INPUT: z.string().min(1).optional(),
  AI_HOSTED_GENERATION_OUTPUT: z.string().min(1).optional(),
  // Licences and earnings (licence branch).
  LICENCE_COMMERCIAL_MULTIPLIER: z.coerce.number().int().min(1).max(100).default(5),
  PLATFORM_COMMISSION_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
})

/** Thrown when the environment cannot make a safe server; the message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads the given environment (normally `process.env`) into a validated configuration. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  // An empty variable (`PORT=`) means "not set", as in most shells' .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = environmentSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ')
    throw new ConfigError(`Invalid server configuration: ${problems}`)
  }
  const values = parsed.data
  const isProduction = values.NODE_ENV === 'production'

  if (isProduction && values.SIGN_SECRET === DEV_SIGN_SECRET) {
    throw new ConfigError(
      'Refusing to start in production with the development signing secret: set SIGN_SECRET.',
    )
  }
  if (isProduction && values.SMS_PROVIDER === 'console') {
    throw new ConfigError(
      'Refusing to start in production with the console SMS provider: set SMS_PROVIDER=webhook and SMS_WEBHOOK_URL.',
    )
  }
  if (isProduction && values.FILE_URL_SECRET === undefined) {
    throw new ConfigError(
      'Refusing to start in production without FILE_URL_SECRET: set it to a random text of at least 16 characters, the same on every server.',
    )
  }
  if (isProduction && values.PUBLIC_BASE_URL === undefined) {
    throw new ConfigError(
      'Refusing to start in production without PUBLIC_BASE_URL: set it to the origin users reach the server at, e.g. https://gy.example.com.',
    )
  }
  if (isProduction && values.DEPOSIT_LOG_SIGNING_KEY === undefined) {
    throw new ConfigError(
      'Refusing to start in production without DEPOSIT_LOG_SIGNING_KEY: the deposit log\'s Ed25519 key (README "The deposit log").',
    )
  }
  if (values.HTTP_HEADERS_TIMEOUT_SECONDS > values.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'HTTP_HEADERS_TIMEOUT_SECONDS must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS, which includes the headers.',
    )
  }
  if (values.SMS_PROVIDER === 'webhook' && values.SMS_WEBHOOK_URL === undefined) {
    throw new ConfigError('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL.')
  }

  const payments = paymentsConfigOf(values, isProduction)
  const dataDir = path.resolve(values.DATA_DIR)
  const fileStorageDir = path.join(dataDir, 'files')
  const database: DatabaseConfig =
    values.DATABASE_URL === undefined
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }
      : { kind: 'postgres', url: values.DATABASE_URL, schema: values.DATABASE_SCHEMA ?? null }
  const sms: SmsConfig =
    values.SMS_PROVIDER === 'webhook' && values.SMS_WEBHOOK_URL !== undefined
      ? {
          provider: 'webhook',
          webhookUrl: values.SMS_WEBHOOK_URL,
          webhookToken: values.SMS_WEBHOOK_TOKEN ?? null,
        }
      : { provider: 'console' }

  return {
    port: values.PORT,
    host: values.HOST,
    nodeEnv: values.NODE_ENV,
    isProduction,
    signSecret: values.SIGN_SECRET,
    database,
    dataDir,
    staticDir: path.resolve(values.STATIC_DIR),
    sms,
    smsDailyCapPerPhone: values.SMS_DAILY_CAP_PER_PHONE,
    smsDailyCapPerIp: values.SMS_DAILY_CAP_PER_IP,
    loginFailuresPerIp: values.LOGIN_FAILURES_PER_IP,
    loginWindowMinutes: values.LOGIN_WINDOW_MINUTES,
    requestsPerMinutePerAddress: values.RATE_LIMIT_PER_MINUTE,
    httpTimeouts: {
      headersMs: values.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: values.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleMs: values.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    },
    downloadPageUrl: values.DOWNLOAD_PAGE_URL ?? null,
    appSettings: {
      iosStoreUrl: values.IOS_STORE_URL,
      androidMarketUrl: values.ANDROID_MARKET_URL,
      openAppUrl: values.OPEN_APP_URL,
      contactImageUrl: values.CONTACT_IMAGE_URL,
      filingNotes: values.FILING_NOTES.split('|')
        .map((note) => note.trim())
        .filter((note) => note !== ''),
    },
    publicBaseUrl: values.PUBLIC_BASE_URL ?? null,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    payments,
    fileStorageDir,
    storage: storageConfigOf(values, fileStorageDir),
    orphanSweep: {
      enabled: values.STORAGE_ORPHAN_SWEEP === 'on',
      graceSeconds: values.STORAGE_ORPHAN_GRACE_SECONDS,
    },
    fileUrlSecret: values.FILE_URL_SECRET ?? null,
    depositLogSigningKey: values.DEPOSIT_LOG_SIGNING_KEY ?? null,
    seedWorks: values.SEED_WORKS,
    queue: {
      workers: values.QUEUE_WORKERS,
      aiConcurrency: values.AI_WORKER_CONCURRENCY,
      aiActiveJobsPerUser: values.AI_MAX_ACTIVE_JOBS_PER_USER,
      aiJobLeaseSeconds: values.AI_JOB_LEASE_SECONDS,
      sandboxNotificationDelaySeconds: values.SANDBOX_NOTIFICATION_DELAY_SECONDS,
    },
    aiEngine: aiEngineConfigOf(values, isProduction),
    licences: {
      commercialMultiplier: values.LICENCE_COMMERCIAL_MULTIPLIER,
      commissionPercent: values.PLATFORM_COMMISSION_PERCENT,
    },
  }
}

type EnvironmentValues = z.infer<typeof environmentSchema>

/** A JSON object from a variable, or a ConfigError naming the variable. */
function jsonObjectOf(name: string, text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ConfigError(`${name} must be a JSON object, e.g. {"audio":"{{audio}}"}.`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`${name} must be a JSON object, e.g. {"audio":"{{audio}}"}.`)
  }
  return parsed as Record<string, unknown>
}

/** One task's hosted model from its AI_HOSTED_<TASK>_MODEL / _INPUT / _OUTPUT variables. */
function hostedModelOf(
  task: HostedTask,
  prefix: string,
  model: string | undefined,
  input: string | undefined,
  output: string | undefined,
): HostedModelSettings | null {
  if (model === undefined) {
    if (input !== undefined || output !== undefined) {
      throw new ConfigError(`${prefix}_INPUT and ${prefix}_OUTPUT need ${prefix}_MODEL.`)
    }
    return null
  }
  const template = jsonObjectOf(`${prefix}_INPUT`, input)
  const unknown = template === undefined ? [] : unknownPlaceholders(task, template)
  if (unknown.length > 0) {
    throw new ConfigError(
      `${prefix}_INPUT uses placeholders a ${task} cannot fill: ${unknown.map((name) => `{{${name}}}`).join(', ')}.`,
    )
  }
  const outputs = jsonObjectOf(`${prefix}_OUTPUT`, output)
  if (outputs !== undefined && Object.values(outputs).some((name) => typeof name !== 'string')) {
    throw new ConfigError(`${prefix}_OUTPUT maps roles to output names, e.g. {"vocals":"vocals"}.`)
  }
  return {
    version: model,
    ...(template === undefined ? {} : { input: template }),
    ...(outputs === undefined ? {} : { outputs: outputs as HostedModelSettings['outputs'] }),
  }
}

/** AI_HOSTED_COVER_SINGERS: what the cover model is told for each singer preset. */
function coverSingersOf(text: string | undefined): Record<string, string> | undefined {
  const singers = jsonObjectOf('AI_HOSTED_COVER_SINGERS', text)
  if (singers === undefined) return undefined
  const presets: readonly string[] = SINGER_PRESET_IDS
  for (const [preset, value] of Object.entries(singers)) {
    if (!presets.includes(preset)) {
      throw new ConfigError(
        `AI_HOSTED_COVER_SINGERS names ${preset}, which is no singer preset (${presets.join(', ')}).`,
      )
    }
    if (typeof value !== 'string' || value === '') {
      throw new ConfigError(`AI_HOSTED_COVER_SINGERS gives ${preset} no model voice.`)
    }
  }
  return singers as Record<string, string>
}

function aiEngineConfigOf(values: EnvironmentValues, isProduction: boolean): AiEngineSettings {
  if (values.AI_ENGINE === 'local') return { kind: 'local' }
  if (isProduction && values.AI_HOSTED_TOKEN === undefined) {
    throw new ConfigError(
      "Refusing to start in production with AI_ENGINE=hosted and no AI_HOSTED_TOKEN: set the inference service's API token.",
    )
  }
  const separation = hostedModelOf(
    'separation',
    'AI_HOSTED_SEPARATION',
    values.AI_HOSTED_SEPARATION_MODEL,
    values.AI_HOSTED_SEPARATION_INPUT,
    values.AI_HOSTED_SEPARATION_OUTPUT,
  )
  const cover = hostedModelOf(
    'cover',
    'AI_HOSTED_COVER',
    values.AI_HOSTED_COVER_MODEL,
    values.AI_HOSTED_COVER_INPUT,
    values.AI_HOSTED_COVER_OUTPUT,
  )
  const singers = coverSingersOf(values.AI_HOSTED_COVER_SINGERS)
  if (singers !== undefined && cover !== null) cover.singers = singers
  const generation = hostedModelOf(
    'generation',
    'AI_HOSTED_GENERATION',
    values.AI_HOSTED_GENERATION_MODEL,
    values.AI_HOSTED_GENERATION_INPUT,
    values.AI_HOSTED_GENERATION_OUTPUT,
  )
  if (separation === null && cover === null && generation === null) {
    throw new ConfigError(
      'AI_ENGINE=hosted needs a model for at least one task: AI_HOSTED_SEPARATION_MODEL, AI_HOSTED_COVER_MODEL or AI_HOSTED_GENERATION_MODEL.',
    )
  }
  return {
    kind: 'hosted',
    hosted: {
      baseUrl: values.AI_HOSTED_BASE_URL,
      // A self-hosted Cog server asks for no token; the client then sends none.
      token: values.AI_HOSTED_TOKEN ?? '',
      timeoutSeconds: values.AI_HOSTED_TIMEOUT_SECONDS,
      separation,
      cover,
      generation,
    },
  }
}

function storageConfigOf(values: EnvironmentValues, fileStorageDir: string): StorageConfig {
  if (values.STORAGE_DRIVER === 'local') return { driver: 'local', directory: fileStorageDir }
  if (values.S3_BUCKET === undefined) throw new ConfigError('STORAGE_DRIVER=s3 needs S3_BUCKET.')
  const accessKeyId = values.S3_ACCESS_KEY_ID
  const secretAccessKey = values.S3_SECRET_ACCESS_KEY
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials.',
    )
  }
  return {
    driver: 's3',
    endpoint: values.S3_ENDPOINT ?? null,
    region: values.S3_REGION,
    bucket: values.S3_BUCKET,
    credentials:
      accessKeyId === undefined || secretAccessKey === undefined
        ? null
        : { accessKeyId, secretAccessKey },
    // S3-compatible servers (MinIO, Ceph) want the bucket in the path; AWS itself the host name.
    forcePathStyle: values.S3_FORCE_PATH_STYLE ?? values.S3_ENDPOINT !== undefined,
  }
}

/** The values a provider needs, or a ConfigError naming every one that is missing. */
function requireAll<Key extends keyof EnvironmentValues>(
  values: EnvironmentValues,
  provider: string,
  keys: readonly Key[],
): { [K in Key]-?: Exclude<EnvironmentValues[K], undefined> } {
  const missing = keys.filter((key) => values[key] === undefined)
  if (missing.length > 0) {
    throw new ConfigError(`PAYMENT_PROVIDER=${provider} needs ${missing.join(', ')}.`)
  }
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as {
    [K in Key]-?: Exclude<EnvironmentValues[K], undefined>
  }
}

function paymentsConfigOf(values: EnvironmentValues, isProduction: boolean): PaymentsConfig {
  const provider = values.PAYMENT_PROVIDER ?? (isProduction ? 'none' : 'sandbox')
  if (provider === 'none') return { provider }
  if (provider === 'sandbox') {
    if (isProduction) {
      throw new ConfigError(
        'Refusing to start in production with the sandbox payment provider: set PAYMENT_PROVIDER=wechat or alipay.',
      )
    }
    return {
      provider,
      // Random per process unless set: the web build's SIGN_SECRET must not be enough to forge
      // a payment. Set it when several instances share one database.
      sandboxKey: values.SANDBOX_PAYMENT_KEY ?? `${crypto.randomUUID()}${crypto.randomUUID()}`,
      publicBaseUrl: values.PUBLIC_BASE_URL ?? null,
      orderTtlMs:
        values.SANDBOX_ORDER_TTL_SECONDS === undefined
          ? ORDER_TTL_MS
          : values.SANDBOX_ORDER_TTL_SECONDS * 1000,
    }
  }
  if (provider === 'wechat') {
    const wechat = requireAll(values, provider, [
      'PUBLIC_BASE_URL',
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_ID',
      'WECHATPAY_MERCHANT_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_PLATFORM_SERIAL',
      'WECHATPAY_PLATFORM_PUBLIC_KEY',
    ])
    return {
      provider,
      publicBaseUrl: wechat.PUBLIC_BASE_URL,
      wechat: {
        appId: wechat.WECHATPAY_APP_ID,
        mchId: wechat.WECHATPAY_MCH_ID,
        merchantSerialNo: wechat.WECHATPAY_MERCHANT_SERIAL_NO,
        merchantPrivateKey: wechat.WECHATPAY_PRIVATE_KEY,
        apiV3Key: wechat.WECHATPAY_API_V3_KEY,
        platformSerial: wechat.WECHATPAY_PLATFORM_SERIAL,
        platformPublicKey: wechat.WECHATPAY_PLATFORM_PUBLIC_KEY,
      },
    }
  }
  const alipay = requireAll(values, provider, [
    'PUBLIC_BASE_URL',
    'ALIPAY_APP_ID',
    'ALIPAY_APP_PRIVATE_KEY',
    'ALIPAY_PUBLIC_KEY',
  ])
  return {
    provider,
    publicBaseUrl: alipay.PUBLIC_BASE_URL,
    alipay: {
      appId: alipay.ALIPAY_APP_ID,
      appPrivateKey: alipay.ALIPAY_APP_PRIVATE_KEY,
      alipayPublicKey: alipay.ALIPAY_PUBLIC_KEY,
      gatewayUrl: values.ALIPAY_GATEWAY_URL ?? null,
      checkoutMode: values.ALIPAY_CHECKOUT_MODE,
    },
  }
}
