/**
 * `npm run admin -- backup` and `restore`, end to end: a server on a data folder (embedded PGlite,
 * or a PostgreSQL schema when DATABASE_URL is set) gets works, a top-up and deposits through its
 * API; the backup is restored, a server started on what was restored, and it serves the same
 * works, the same balance to the same session, the same deposit log root under the same key,
 * and the same file bytes behind the URLs it signed before.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { encodeWav } from '@gy/audio'
import type { Checkpoint, Deposit, DepositPage } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { loadConfig, type ServerConfig } from '../config'
import { steppedTone } from '../media/testTones'
import { DataDirLockedError } from '../plugins/database/dataDirLock'
import {
  ACKNOWLEDGED,
  BALANCE_URL,
  TEST_SANDBOX_KEY,
  createOrder,
  deliverNotification,
  sandboxNotification,
} from '../routes/payments/pointsTestKit'
import { uploadFile } from '../routes/user-server/uploadTestKit'
import { call, loginAs } from '../test/call'
import { dropTestSchema } from '../test/serverProcess'
import { BackupError, createBackup, restoreBackup, runBackupCommand } from './backup'

const DEPOSIT = '/api/music-server/keepRecord/uploadListing'
const LIST = '/api/music-server/keepRecord/musicListWeb'
const CHECKPOINT = '/api/music-server/keepRecord/checkpoint'
/** A first start on a data folder is initdb and every migration: slow on a busy machine. */
const TIMEOUT_MS = 400_000

let made = 0
function freshWav(): Uint8Array {
  made++
  return encodeWav(steppedTone(0.3 + made * 0.01, 8000))
}

function configOf(dataDir: string, postgres: { url: string; schema: string } | null): ServerConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(import.meta.dirname, '../test/no-web-build'),
    DATA_DIR: dataDir,
    SEED_WORKS: '0',
    SANDBOX_PAYMENT_KEY: TEST_SANDBOX_KEY,
    // No FILE_URL_SECRET nor DEPOSIT_LOG_SIGNING_KEY: both keys are kept in DATA_DIR, as by default.
    ...(postgres === null ? {} : { DATABASE_URL: postgres.url, DATABASE_SCHEMA: postgres.schema }),
  })
}

function startApp(config: ServerConfig): Promise<FastifyInstance> {
  return buildApp(config, { singerPreviews: false, seedAiExamples: false })
}

/** What the restored server must serve the same. */
async function servedState(app: FastifyInstance, token: string) {
  const works = await call<DepositPage>(app, LIST, { token, body: { page: 1, pageSize: 50 } })
  expect(works.envelope.code).toBe('000')
  const balance = await call<{ points: number }>(app, BALANCE_URL, { token })
  expect(balance.envelope.code).toBe('000')
  const checkpoint = await call<Checkpoint>(app, CHECKPOINT, { body: {} })
  expect(checkpoint.envelope.code).toBe('000')
  const records = works.envelope.data.records
  return {
    works: records.map((record) => ({
      depositId: record.depositId,
      certificateNo: record.certificateNo,
      sha256: record.sha256,
      title: record.title,
      logIndex: record.logIndex,
      depositedAt: record.depositedAt,
    })),
    audioUrls: records.map((record) => record.audioUrl),
    balance: balance.envelope.data.points,
    checkpoint: checkpoint.envelope.data,
  }
}

async function download(app: FastifyInstance, url: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url })
  expect(response.statusCode).toBe(200)
  return response.rawPayload
}

async function deposit(app: FastifyInstance, token: string, title: string): Promise<Deposit> {
  const uploaded = await uploadFile(app, token, 'audio', 'song.wav', freshWav())
  expect(uploaded.envelope.code).toBe('000')
  const answer = await call<Deposit>(app, DEPOSIT, {
    token,
    body: { fileId: uploaded.envelope.data.fileId, title },
  })
  expect(answer.envelope.code).toBe('000')
  return answer.envelope.data
}

/** Works, a paid top-up and deposits, made through the API as users make them. */
async function populate(app: FastifyInstance): Promise<string> {
  const login = await loginAs(app, '86:13900000071')
  const token = login.accessToken
  const order = await createOrder(app, token, { packageId: 'p6' })
  expect(await deliverNotification(app, sandboxNotification(app, order))).toEqual(ACKNOWLEDGED)
  await deposit(app, token, '备份之前的第一首')
  await deposit(app, token, '备份之前的第二首')
  return token
}

const databaseUrl = process.env.DATABASE_URL ?? ''
const databases = [
  { name: 'embedded PGlite', postgres: false },
  ...(databaseUrl === '' ? [] : [{ name: 'PostgreSQL', postgres: true }]),
]

describe.each(databases)('admin backup and restore on $name', ({ postgres }) => {
  const cleanups: Array<() => Promise<void>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it(
    'restores works, a balance, the deposit log root and its key, and the stored files, into a server that serves them as before',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'gy-backup-'))
      cleanups.push(() => rm(root, { recursive: true, force: true }))
      const schema = postgres ? `backup_${randomBytes(5).toString('hex')}` : null
      const database = schema === null ? null : { url: databaseUrl, schema }
      if (schema !== null) {
        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        await client.query(`CREATE SCHEMA ${schema}`)
        await client.end()
        cleanups.push(() => dropTestSchema(databaseUrl, schema))
      }
      const source = configOf(path.join(root, 'source'), database)
      const backupFile = path.join(root, 'backups', 'gy.tar')

      const app = await startApp(source)
      let token: string
      let before: Awaited<ReturnType<typeof servedState>>
      try {
        token = await populate(app)
        before = await servedState(app, token)
        if (!postgres) {
          // The running server holds the embedded database: the backup says who has it.
          const refused = await createBackup(source, backupFile).then(
            () => null,
            (error: unknown) => error,
          )
          expect(refused).toBeInstanceOf(DataDirLockedError)
          expect(String(refused)).toContain(`process ${process.pid}`)
        }
      } finally {
        await app.close()
      }
      expect(before.works).toHaveLength(2)
      expect(before.balance).toBeGreaterThan(0)
      expect(before.checkpoint.treeSize).toBe(2)

      const backup = await runBackupCommand(source, ['backup', backupFile])
      expect(backup).toMatchObject({ exitCode: 0 })
      expect(backup?.output).toContain(backupFile)
      // Nothing but the backup is left beside it.
      expect(await readdir(path.dirname(backupFile))).toEqual(['gy.tar'])

      // The source moves on after the backup: a restore over it must bring it back.
      const later = await startApp(source)
      try {
        await deposit(later, token, '备份之后的')
      } finally {
        await later.close()
      }

      // Into a new data folder (PGlite), or over the same schema (PostgreSQL: a dump names its schema).
      const target = configOf(path.join(root, 'target'), database)
      if (postgres) {
        await expect(restoreBackup(target, backupFile, { replace: false })).rejects.toThrow(
          /already holds data.*--replace/s,
        )
      }
      const restored = await runBackupCommand(target, [
        'restore',
        backupFile,
        ...(postgres ? ['--replace'] : []),
      ])
      expect(restored).toMatchObject({ exitCode: 0 })
      expect(restored?.output).toContain('Restored the backup')
      expect(existsSync(path.join(target.dataDir, 'deposit-log-ed25519.pem'))).toBe(true)
      expect(existsSync(path.join(target.dataDir, 'file-url.key'))).toBe(true)
      expect(
        (await readdir(target.dataDir)).filter((name) => name.startsWith('.restore-')),
      ).toEqual([])

      const revived = await startApp(target)
      try {
        // The session made before the backup is in it too.
        const after = await servedState(revived, token)
        expect(after.works).toEqual(before.works)
        expect(after.balance).toBe(before.balance)
        expect(after.checkpoint).toEqual(before.checkpoint)
        // The URLs signed before still open (the key of file URLs came back), on the same bytes.
        for (const [index, url] of before.audioUrls.entries()) {
          expect(await download(revived, url)).toEqual(
            await download(revived, after.audioUrls[index] ?? ''),
          )
        }
        // And it goes on: a deposit after the restore extends the same log.
        await deposit(revived, token, '恢复之后的')
        const extended = await call<Checkpoint>(revived, CHECKPOINT, { body: {} })
        expect(extended.envelope.data.treeSize).toBe(3)
        expect(extended.envelope.data.publicKey).toBe(before.checkpoint.publicKey)
      } finally {
        await revived.close()
      }

      // A target that holds data is not overwritten unless told.
      const again = await restoreBackup(target, backupFile, { replace: false }).then(
        () => null,
        (error: unknown) => error,
      )
      expect(again).toBeInstanceOf(BackupError)
      expect(String(again)).toContain('--replace')
      expect(String(again)).toContain('覆盖')
    },
    TIMEOUT_MS,
  )
})

describe('admin backup and restore refusals', () => {
  it('says how to call them, and refuses what is not a backup', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'gy-backup-usage-'))
    try {
      const config = configOf(path.join(root, 'data'), null)
      expect(await runBackupCommand(config, ['backup'])).toMatchObject({ exitCode: 2 })
      expect(await runBackupCommand(config, ['restore', 'a', 'b'])).toMatchObject({ exitCode: 2 })
      expect(await runBackupCommand(config, ['backup', 'a', '--replace'])).toMatchObject({
        exitCode: 2,
      })
      expect(await runBackupCommand(config, ['list-reviewers'])).toBeNull()
      await expect(runBackupCommand(config, ['backup', path.join(root, 'b.tar')])).rejects.toThrow(
        /no database/,
      )
      await expect(
        runBackupCommand(config, ['restore', path.join(root, 'missing.tar')]),
      ).rejects.toThrow(/No such file/)
      const junk = path.join(root, 'junk.tar')
      await writeFile(junk, 'not an archive at all, but long enough to be read as one '.repeat(20))
      await expect(restoreBackup(config, junk, { replace: false })).rejects.toThrow(
        /not a GY音乐 backup/,
      )
      // Nothing was left behind by the refused restore.
      expect(
        (await readdir(config.dataDir)).filter((name) => name.startsWith('.restore-')),
      ).toEqual([])
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})
