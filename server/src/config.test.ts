import path from 'node:path'
import { DEV_SIGN_SECRET } from '@gy/api/constants'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      isProduction: false,
      signSecret: DEV_SIGN_SECRET,
      sms: { provider: 'console' },
      downloadPageUrl: null,
      logLevel: 'info',
      trustProxy: false,
    })
    expect(config.dataDir).toBe(path.resolve('data'))
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('data', 'pglite') })
    expect(config.staticDir).toBe(path.resolve(import.meta.dirname, '../../app/dist'))
  })

  it('limits slow clients: 15 s for headers, 11 minutes for a whole upload, 60 s idle', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 15_000,
      requestMs: 660_000,
      idleMs: 60_000,
    })
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_SECONDS: '5',
        HTTP_REQUEST_TIMEOUT_SECONDS: '30',
        HTTP_IDLE_TIMEOUT_SECONDS: '10',
      }).httpTimeouts,
    ).toEqual({ headersMs: 5000, requestMs: 30_000, idleMs: 10_000 })
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_REQUEST_TIMEOUT_SECONDS: '10' }),
    ).toThrow(ConfigError)
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError)
  })

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://gy:pw@db.internal:5432/gy' })
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://gy:pw@db.internal:5432/gy',
      schema: null,
    })
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      database: { kind: 'pglite' },
    })
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_SCHEMA', 'bad; DROP'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
    ['SMS_DAILY_CAP_PER_PHONE', '0'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
  ])('refuses %s=%s with a message naming it', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [key]: value })).toThrow(key)
  })

  it('refuses production with the development signing secret', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://s.example.com',
      }),
    ).toThrow(/SIGN_SECRET/)
  })

  it('refuses production with the console SMS provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SIGN_SECRET: 'real-secret' })).toThrow(
      /console SMS provider/,
    )
  })

  it('refuses production without its own key for file URLs', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SIGN_SECRET: 'real-secret',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      }),
    ).toThrow(/FILE_URL_SECRET/)
  })

  it('refuses production without PUBLIC_BASE_URL, so links never come from the Host header', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SIGN_SECRET: 'real-secret',
        FILE_URL_SECRET: 'a-file-url-secret-for-production',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      }),
    ).toThrow(/PUBLIC_BASE_URL/)
  })

  it('refuses production without the deposit log’s signing key', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SIGN_SECRET: 'real-secret',
        FILE_URL_SECRET: 'a-file-url-secret-for-production',
        PUBLIC_BASE_URL: 'https://gy.example.com',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      }),
    ).toThrow(/DEPOSIT_LOG_SIGNING_KEY/)
  })

  it('starts in production with a real secret and SMS gateway', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SIGN_SECRET: 'real-secret',
      FILE_URL_SECRET: 'a-file-url-secret-for-production',
      PUBLIC_BASE_URL: 'https://gy.example.com',
      DEPOSIT_LOG_SIGNING_KEY: 'Z3ktZGVwb3NpdC1sb2ctdGVzdC1rZXktMzItYnl0ZXM=',
      SMS_PROVIDER: 'webhook',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      SMS_WEBHOOK_TOKEN: 't0ken',
    })
    expect(config.isProduction).toBe(true)
    expect(config.sms).toEqual({
      provider: 'webhook',
      webhookUrl: 'https://sms.example.com/send',
      webhookToken: 't0ken',
    })
  })
})

describe('loadConfig: the job queue', () => {
  it('works jobs in the server process by default, the first notification at once', () => {
    expect(loadConfig({}).queue).toEqual({
      workers: 'inline',
      sandboxNotificationDelaySeconds: 0,
      aiConcurrency: 1,
      aiActiveJobsPerUser: 5,
      aiJobLeaseSeconds: 30,
    })
  })

  it('shortens the AI job lease with AI_JOB_LEASE_SECONDS (the cluster test)', () => {
    expect(loadConfig({ AI_JOB_LEASE_SECONDS: '5' }).queue.aiJobLeaseSeconds).toBe(5)
  })

  it('leaves the jobs to workers with QUEUE_WORKERS=off', () => {
    const config = loadConfig({ QUEUE_WORKERS: 'off', SANDBOX_NOTIFICATION_DELAY_SECONDS: '3' })
    expect(config.queue).toMatchObject({ workers: 'off', sandboxNotificationDelaySeconds: 3 })
  })

  it.each([
    ['QUEUE_WORKERS', 'sometimes'],
    ['SANDBOX_NOTIFICATION_DELAY_SECONDS', '-1'],
    ['SANDBOX_NOTIFICATION_DELAY_SECONDS', 'soon'],
    // A lease shorter than its renewal round trips would hand running jobs to a second worker.
    ['AI_JOB_LEASE_SECONDS', '1'],
    // The queue's schema is `<schema>_queue`, which must still be a PostgreSQL identifier.
    ['DATABASE_SCHEMA', 'a'.repeat(57)],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(name)
  })
})

describe('loadConfig: file storage', () => {
  it('keeps files on the local disk under DATA_DIR by default', () => {
    const config = loadConfig({ DATA_DIR: '/srv/gy' })
    expect(config.storage).toEqual({ driver: 'local', directory: path.join('/srv/gy', 'files') })
  })

  it('reads an S3-compatible bucket from the S3_ variables', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_BUCKET: 'gy-files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    })
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'gy-files',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    })
  })

  it('uses AWS itself, host-style and with its default credentials, when no endpoint is given', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'gy-files',
      S3_REGION: 'ap-east-1',
    })
    expect(config.storage).toMatchObject({
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
    })
  })

  it('says what is missing or half set', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/)
    expect(() =>
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'gy-files', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/)
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/)
  })
})
