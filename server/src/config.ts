/**
 * The server's configuration: read from the environment once, validated, and passed down.
 * Nothing else in the server reads `process.env`.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { DEV_SIGN_SECRET } from '@gy/api'

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
  /** null: derive from the request origin (`<origin>/m/download_gy`). */
  downloadPageUrl: string | null
  logLevel: LogLevel
  /** Trust X-Forwarded-* headers (behind a load balancer), so rate limits see the client's IP. */
  trustProxy: boolean
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
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
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
  DOWNLOAD_PAGE_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  TRUST_PROXY: booleanText.default(false),
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
  if (values.SMS_PROVIDER === 'webhook' && values.SMS_WEBHOOK_URL === undefined) {
    throw new ConfigError('SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL.')
  }

  const dataDir = path.resolve(values.DATA_DIR)
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
    downloadPageUrl: values.DOWNLOAD_PAGE_URL ?? null,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
  }
}
