/**
 * `npm run admin -- backup <file>` and `restore <file>`: one file an operator can keep, holding
 * the database, the stored files and the keys the data folder keeps, and the way back from it.
 *
 * The file is a tar archive:
 *   manifest.json                what it holds (format 1) and where it came from
 *   database/pglite.tar.gz       the embedded database: PGlite's own dump (`dumpDataDir`), or
 *   database/postgres.sql.gz     PostgreSQL: `pg_dump` plain SQL (gzip) of the app's schema, the
 *                                job queue's and the pg_trgm extension, read back by `psql`
 *   files/<2 hex>/<sha256>[.type] the local disk storage (STORAGE_DRIVER=local); an S3 bucket is
 *                                not copied (the bucket's own versioning and replication keep it)
 *   keys/deposit-log-ed25519.pem the deposit log's signing key, when it is kept in DATA_DIR
 *   keys/file-url.key            the key of file URLs, when it is kept in DATA_DIR
 *
 * The embedded database is locked while it is dumped or restored (dataDirLock.ts): the server
 * must be stopped first, and a running server makes the command refuse with its process id.
 * Against PostgreSQL the backup runs beside the servers (pg_dump reads one snapshot; files are
 * immutable under their hash and copied after it); a restore needs them stopped.
 */
import { spawn } from 'node:child_process'
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs'
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { create as createTar, extract as extractTar } from 'tar'
import type { ServerConfig } from '../config'
import {
  DEPOSIT_LOG_KEY_FILE,
  createDepositLogSigner,
  parseSigningKey,
} from '../domain/depositLogKey'
import { FILE_URL_KEY_FILE } from '../media/signedUrl'
import { lockDataDir, type DataDirLock } from '../plugins/database/dataDirLock'
import { withPostgresClient } from '../plugins/database/database'
import { holdsDatabase, openPglite } from '../plugins/database/embedded'
import { queueSchemaOf } from '../plugins/queue'

export const BACKUP_FORMAT = 'gy-backup'
export const BACKUP_VERSION = 1

const MANIFEST = 'manifest.json'
const PGLITE_DUMP = 'database/pglite.tar.gz'
const POSTGRES_DUMP = 'database/postgres.sql.gz'
const FILES = 'files'
const KEYS = 'keys'

/** Where a key came from when the backup was made. */
type KeySource = 'data-dir' | 'environment' | 'none'

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_VERSION
  createdAt: string
  database:
    | { kind: 'pglite' }
    /** `schema`: DATABASE_SCHEMA (null: public); `schemas`: every schema dumped. */
    | { kind: 'postgres'; schema: string | null; schemas: string[] }
  /** `local`: the files are in the archive; `s3`: they stayed in the bucket. */
  files: { storage: 'local'; count: number; bytes: number } | { storage: 's3'; bucket: string }
  depositLogKey: { source: KeySource; publicKey: string | null }
  fileUrlKey: { source: KeySource }
}

/** A refusal or failure the operator can act on: printed as it is, exit 1. */
export class BackupError extends Error {
  override name = 'BackupError'
}

export interface PostgresTools {
  /** Where `pg_dump` and `psql` are; null: PATH, then Debian's /usr/lib/postgresql/<newest>/bin. */
  binDir: string | null
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}

async function readIfThere(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (isMissing(error)) return null
    throw error
  }
}

/** A PostgreSQL client program: in binDir, on PATH, or the newest of Debian's versioned folders. */
export function findPostgresProgram(name: 'pg_dump' | 'psql', tools: PostgresTools): string {
  if (tools.binDir !== null) return path.join(tools.binDir, name)
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((directory) => directory !== '')
    .map((directory) => path.join(directory, name))
    .find((candidate) => existsSync(candidate))
  if (onPath !== undefined) return onPath
  const debian = '/usr/lib/postgresql'
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const found = versions
    .map((version) => path.join(debian, version, 'bin', name))
    .find((candidate) => existsSync(candidate))
  if (found !== undefined) return found
  throw new BackupError(
    `${name} was not found: install the PostgreSQL client programs (postgresql-client, the same major version as the server or newer) or name their folder with --pg-bin <folder>.\n` +
      `找不到 ${name}：请安装 PostgreSQL 客户端（postgresql-client，主版本不低于数据库服务器），或用 --pg-bin <目录> 指明它所在的目录。`,
  )
}

/** The connection's URL without its password, and the password apart (it never goes on argv). */
function connectionOf(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: password === '' ? {} : { PGPASSWORD: password } }
}

/** Runs a PostgreSQL client program with `stdin` as its input or `stdout` taking its output. */
async function runProgram(
  program: string,
  args: string[],
  env: Record<string, string>,
  io: { stdin?: Readable; stdout?: (output: Readable) => Promise<void> },
): Promise<void> {
  const child = spawn(program, args, {
    env: { ...process.env, ...env },
    stdio: [
      io.stdin === undefined ? 'ignore' : 'pipe',
      io.stdout === undefined ? 'ignore' : 'pipe',
      'pipe',
    ],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve(code))
  })
  const streams: Array<Promise<void>> = []
  if (io.stdin !== undefined && child.stdin !== null) {
    // A program that stops reading (an error) ends the pipe early: its exit code says why.
    streams.push(pipeline(io.stdin, child.stdin).catch(() => undefined))
  }
  if (io.stdout !== undefined && child.stdout !== null) streams.push(io.stdout(child.stdout))
  const [code] = await Promise.all([exited, ...streams])
  if (code !== 0) {
    throw new BackupError(
      `${path.basename(program)} failed (exit ${String(code)}):\n${stderr.trim()}`,
    )
  }
}

/** The schemas the app uses on PostgreSQL: its own (or public) and the job queue's. */
function postgresSchemas(database: Extract<ServerConfig['database'], { kind: 'postgres' }>) {
  return [database.schema ?? 'public', queueSchemaOf(database)]
}

/** The deposit log's key where the server keeps it, and its public half, without making one. */
async function depositLogKeyOf(
  config: ServerConfig,
): Promise<{ source: KeySource; pem: string | null; publicKey: string | null }> {
  const publicKeyOf = (text: string) => createDepositLogSigner(parseSigningKey(text)).publicKey
  if (config.depositLogSigningKey !== null) {
    return {
      source: 'environment',
      pem: null,
      publicKey: publicKeyOf(config.depositLogSigningKey),
    }
  }
  const pem = await readIfThere(path.join(config.dataDir, DEPOSIT_LOG_KEY_FILE))
  return pem === null
    ? { source: 'none', pem: null, publicKey: null }
    : { source: 'data-dir', pem, publicKey: publicKeyOf(pem) }
}

/** Counts the stored files under the local storage root (the temporaries under tmp/ excepted). */
async function localFilesOf(root: string): Promise<{ count: number; bytes: number }> {
  let count = 0
  let bytes = 0
  let prefixes: string[]
  try {
    prefixes = await readdir(root)
  } catch (error) {
    if (isMissing(error)) return { count, bytes }
    throw error
  }
  for (const prefix of prefixes) {
    if (prefix === 'tmp') continue
    const directory = path.join(root, prefix)
    if (!(await stat(directory)).isDirectory()) continue
    for (const name of await readdir(directory)) {
      count++
      bytes += (await stat(path.join(directory, name))).size
    }
  }
  return { count, bytes }
}

/** The embedded database folder, locked, or a refusal naming the process that has it. */
async function lockEmbedded(
  config: ServerConfig,
): Promise<{ dataDir: string; lock: DataDirLock } | null> {
  if (config.database.kind !== 'pglite') return null
  const { dataDir } = config.database
  if (dataDir === null) throw new BackupError('An in-memory database has nothing to back up.')
  return { dataDir, lock: await lockDataDir(dataDir) }
}

async function dumpPglite(dataDir: string, target: string): Promise<void> {
  if (!holdsDatabase(dataDir)) {
    throw new BackupError(
      `There is no database in ${dataDir} to back up (has the server ever started on this DATA_DIR?).\n` +
        `${dataDir} 里没有数据库可以备份（服务器在这个 DATA_DIR 上启动过吗？）。`,
    )
  }
  const pglite = await openPglite(dataDir)
  try {
    // Everything in the data files, so the dump needs no WAL replay to open.
    await pglite.exec('CHECKPOINT')
    const dump = await pglite.dumpDataDir('gzip')
    await writeFile(target, new Uint8Array(await dump.arrayBuffer()))
  } finally {
    await pglite.close()
  }
}

async function dumpPostgres(
  database: Extract<ServerConfig['database'], { kind: 'postgres' }>,
  target: string,
  tools: PostgresTools,
): Promise<string[]> {
  const schemas = postgresSchemas(database)
  const { dbname, env } = connectionOf(database.url)
  await runProgram(
    findPostgresProgram('pg_dump', tools),
    [
      '--format=plain',
      '--no-owner',
      '--no-privileges',
      '--quote-all-identifiers',
      ...schemas.map((schema) => `--schema=${schema}`),
      // The store's search index needs it (migration 0015); a dump of named schemas leaves
      // extensions out unless named. It comes back as CREATE EXTENSION IF NOT EXISTS.
      '--extension=pg_trgm',
      `--dbname=${dbname}`,
    ],
    env,
    { stdout: (output) => pipeline(output, createGzip(), createWriteStream(target)) },
  )
  return schemas
}

/**
 * Writes a backup of what `config` names to `file` (via `<file>.partial`, so a backup cut short
 * never looks whole). Refuses while a server holds the embedded database.
 */
export async function createBackup(
  config: ServerConfig,
  file: string,
  options: { tools?: PostgresTools; now?: Date } = {},
): Promise<BackupManifest> {
  const tools = options.tools ?? { binDir: null }
  const output = path.resolve(file)
  const partial = `${output}.partial`
  const embedded = await lockEmbedded(config)
  let staging: string | null = null
  try {
    await mkdir(path.dirname(output), { recursive: true })
    staging = await mkdtemp(path.join(path.dirname(output), '.gy-backup-'))
    await mkdir(path.join(staging, 'database'))
    await mkdir(path.join(staging, KEYS))
    let database: BackupManifest['database']
    if (embedded !== null) {
      await dumpPglite(embedded.dataDir, path.join(staging, PGLITE_DUMP))
      database = { kind: 'pglite' }
    } else if (config.database.kind === 'postgres') {
      const schemas = await dumpPostgres(config.database, path.join(staging, POSTGRES_DUMP), tools)
      database = { kind: 'postgres', schema: config.database.schema, schemas }
    } else {
      throw new BackupError('An in-memory database has nothing to back up.')
    }

    const depositLogKey = await depositLogKeyOf(config)
    if (depositLogKey.pem !== null) {
      await writeFile(path.join(staging, KEYS, DEPOSIT_LOG_KEY_FILE), depositLogKey.pem, {
        mode: 0o600,
      })
    }
    let fileUrlKey: KeySource = config.fileUrlSecret === null ? 'none' : 'environment'
    if (config.fileUrlSecret === null) {
      const source = path.join(config.dataDir, FILE_URL_KEY_FILE)
      if (existsSync(source)) {
        await copyFile(source, path.join(staging, KEYS, FILE_URL_KEY_FILE))
        fileUrlKey = 'data-dir'
      }
    }

    const entries = [MANIFEST, 'database', KEYS]
    let files: BackupManifest['files']
    if (config.storage.driver === 'local') {
      files = { storage: 'local', ...(await localFilesOf(config.storage.directory)) }
      if (existsSync(config.storage.directory)) {
        // Archived through a link, so the files are read where they are, not copied first.
        await symlink(config.storage.directory, path.join(staging, FILES), 'dir')
        entries.push(FILES)
      }
    } else {
      files = { storage: 's3', bucket: config.storage.bucket }
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      database,
      files,
      depositLogKey: { source: depositLogKey.source, publicKey: depositLogKey.publicKey },
      fileUrlKey: { source: fileUrlKey },
    }
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
    await createTar(
      {
        file: partial,
        cwd: staging,
        follow: true,
        portable: true,
        // Uploads cut short by a crash: never part of the data.
        filter: (entry) => !entry.startsWith(`${FILES}/tmp`),
      },
      entries,
    )
    await rename(partial, output)
    return manifest
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    embedded?.lock.release()
    if (staging !== null) await rm(staging, { recursive: true, force: true })
  }
}

async function readManifest(staging: string): Promise<BackupManifest> {
  const text = await readIfThere(path.join(staging, MANIFEST))
  let manifest: Partial<BackupManifest> | null = null
  try {
    manifest = text === null ? null : (JSON.parse(text) as Partial<BackupManifest>)
  } catch {
    // Said below.
  }
  if (manifest?.format !== BACKUP_FORMAT) {
    throw new BackupError('This is not a GY音乐 backup. 这不是 GY音乐 的备份文件。')
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `This backup has format ${String(manifest.version)}; this version reads format ${BACKUP_VERSION}. 备份格式版本不受支持。`,
    )
  }
  return manifest as BackupManifest
}

/** What a restore would overwrite, for the refusal without --replace. */
async function existingData(config: ServerConfig): Promise<string[]> {
  const found: string[] = []
  if (config.database.kind === 'pglite' && config.database.dataDir !== null) {
    if (holdsDatabase(config.database.dataDir)) found.push(config.database.dataDir)
  }
  if (config.database.kind === 'postgres') {
    const tables = await postgresTables(config.database)
    if (tables > 0) {
      found.push(
        `${tables} tables in PostgreSQL schemas ${postgresSchemas(config.database).join(', ')}`,
      )
    }
  }
  if (config.storage.driver === 'local') {
    const { count } = await localFilesOf(config.storage.directory)
    if (count > 0) found.push(`${count} stored files in ${config.storage.directory}`)
  }
  for (const key of [DEPOSIT_LOG_KEY_FILE, FILE_URL_KEY_FILE]) {
    if (existsSync(path.join(config.dataDir, key))) found.push(path.join(config.dataDir, key))
  }
  return found
}

async function postgresTables(
  database: Extract<ServerConfig['database'], { kind: 'postgres' }>,
): Promise<number> {
  return withPostgresClient(database.url, async (client) => {
    const result = await client.query<{ tables: string }>(
      'SELECT count(*) AS tables FROM pg_catalog.pg_tables WHERE schemaname = ANY($1)',
      [postgresSchemas(database)],
    )
    return Number(result.rows[0]?.tables ?? 0)
  })
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/**
 * Reads the dump back with psql in one transaction, after dropping the schemas it makes again
 * (what was in them was refused above, or is being replaced): a dump that fails half way leaves
 * the database as it was.
 */
async function restorePostgres(
  database: Extract<ServerConfig['database'], { kind: 'postgres' }>,
  dumpFile: string,
  manifest: Extract<BackupManifest['database'], { kind: 'postgres' }>,
  tools: PostgresTools,
): Promise<void> {
  const psql = findPostgresProgram('psql', tools)
  const preamble = manifest.schemas
    .map((schema) => `DROP SCHEMA IF EXISTS ${quoted(schema)} CASCADE;\n`)
    .join('')
  async function* input(): AsyncGenerator<Buffer> {
    yield Buffer.from(preamble)
    for await (const chunk of createReadStream(dumpFile).pipe(createGunzip())) {
      yield chunk as Buffer
    }
  }
  const { dbname, env } = connectionOf(database.url)
  await runProgram(
    psql,
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
    ],
    env,
    { stdin: Readable.from(input()) },
  )
}

export interface RestoreOutcome {
  manifest: BackupManifest
  /** What the operator should know: keys that differ, files left in S3. */
  notes: string[]
}

async function moveIfThere(from: string, to: string): Promise<void> {
  if (!existsSync(from)) return
  await rm(to, { recursive: true, force: true })
  await mkdir(path.dirname(to), { recursive: true })
  await rename(from, to)
}

/**
 * Restores `file` into what `config` names. Refuses a target that holds data unless `replace`;
 * everything is unpacked and the database opened beside the target first, so a bad file or a
 * failure leaves the target as it was.
 */
export async function restoreBackup(
  config: ServerConfig,
  file: string,
  options: { replace: boolean; tools?: PostgresTools },
): Promise<RestoreOutcome> {
  const tools = options.tools ?? { binDir: null }
  const archive = path.resolve(file)
  if (!existsSync(archive)) throw new BackupError(`No such file: ${archive}. 找不到备份文件。`)
  const embedded = await lockEmbedded(config)
  let staging: string | null = null
  try {
    await mkdir(config.dataDir, { recursive: true })
    staging = await mkdtemp(path.join(config.dataDir, '.restore-'))
    const found = await existingData(config)
    if (found.length > 0 && !options.replace) {
      throw new BackupError(
        `The target already holds data: ${found.join('; ')}. Restore into an empty DATA_DIR, or add --replace to overwrite it.\n` +
          '目标里已经有数据。请恢复到一个空的 DATA_DIR，或者加上 --replace 覆盖现有数据。',
      )
    }
    await extractTar({
      file: archive,
      cwd: staging,
      strict: true,
      // Files and folders only: a link in a crafted archive could point anywhere.
      filter: (_entry, stat) =>
        'type' in stat && (stat.type === 'File' || stat.type === 'Directory'),
    }).catch((error: unknown) => {
      throw new BackupError(
        `${archive} is not a GY音乐 backup (${error instanceof Error ? error.message : String(error)}). 这不是 GY音乐 的备份文件。`,
      )
    })
    const manifest = await readManifest(staging)
    const notes: string[] = []

    if (manifest.database.kind !== config.database.kind) {
      throw new BackupError(
        `This backup holds a ${manifest.database.kind} database and the configuration names ${config.database.kind}: restore it where the backup was made (DATABASE_URL set or not as then).\n` +
          '备份里的数据库类型和当前配置不一致（是否设置了 DATABASE_URL 要和备份时相同）。',
      )
    }
    if (manifest.database.kind === 'pglite' && embedded !== null) {
      const dump = await readFile(path.join(staging, PGLITE_DUMP))
      const restored = path.join(staging, 'pglite')
      const pglite = await openPglite(restored, {
        loadDataDir: new Blob([new Uint8Array(dump)], { type: 'application/x-gzip' }),
      })
      await pglite.close()
      await rm(embedded.dataDir, { recursive: true, force: true })
      await rename(restored, embedded.dataDir)
    }
    if (manifest.database.kind === 'postgres' && config.database.kind === 'postgres') {
      if (manifest.database.schema !== config.database.schema) {
        throw new BackupError(
          `This backup is of schema ${manifest.database.schema ?? 'public'} and DATABASE_SCHEMA names ${config.database.schema ?? 'public'}: set DATABASE_SCHEMA as it was.\n` +
            '备份的 schema 和当前的 DATABASE_SCHEMA 不一致，请按备份时的设置填写。',
        )
      }
      await restorePostgres(
        config.database,
        path.join(staging, POSTGRES_DUMP),
        manifest.database,
        tools,
      )
    }

    if (manifest.files.storage === 'local') {
      if (config.storage.driver === 'local') {
        await rm(config.storage.directory, { recursive: true, force: true })
        await moveIfThere(path.join(staging, FILES), config.storage.directory)
      } else {
        notes.push(
          `The ${manifest.files.count} stored files of the backup were not copied into the S3 bucket: copy ${FILES}/ from the archive into it.`,
        )
      }
    } else {
      notes.push(
        `Stored files were not in this backup: they stay in the S3 bucket ${manifest.files.bucket}.`,
      )
    }

    for (const key of [DEPOSIT_LOG_KEY_FILE, FILE_URL_KEY_FILE]) {
      await rm(path.join(config.dataDir, key), { force: true })
      await moveIfThere(path.join(staging, KEYS, key), path.join(config.dataDir, key))
    }
    const restoredKey = await depositLogKeyOf(config)
    const { publicKey } = manifest.depositLogKey
    if (publicKey !== null && restoredKey.publicKey !== publicKey) {
      notes.push(
        `The deposit log was signed with the key whose public half is ${publicKey}, and this configuration ${restoredKey.publicKey === null ? 'has no key' : `signs with ${restoredKey.publicKey}`}: set DEPOSIT_LOG_SIGNING_KEY to the key of the backup, or checkpoints will carry another key.\n` +
          '存证日志原来的签名密钥和现在配置的不一样：请把 DEPOSIT_LOG_SIGNING_KEY 设成备份时的密钥，否则之后的检查点会用另一把密钥签名。',
      )
    }
    return { manifest, notes }
  } finally {
    if (staging !== null) await rm(staging, { recursive: true, force: true })
    embedded?.lock.release()
  }
}

const BACKUP_USAGE = [
  '  backup <file> [--pg-bin <folder>]',
  '                            write the database, the stored files and the keys to <file>',
  '  restore <file> [--replace] [--pg-bin <folder>]',
  '                            restore them from <file> into an empty DATA_DIR (or database);',
  '                            --replace overwrites what is there',
]
export { BACKUP_USAGE }

/** `backup` and `restore` of `npm run admin`; null for any other command. */
export async function runBackupCommand(
  config: ServerConfig,
  args: readonly string[],
): Promise<{ exitCode: number; output: string } | null> {
  const [command, ...rest] = args
  if (command !== 'backup' && command !== 'restore') return null
  let replace = false
  let binDir: string | null = null
  const positional: string[] = []
  for (let index = 0; index < rest.length; index++) {
    const argument = rest[index] ?? ''
    if (argument === '--replace' && command === 'restore') replace = true
    else if (argument === '--pg-bin' && index + 1 < rest.length) binDir = rest[++index] ?? null
    else if (argument.startsWith('--pg-bin=')) binDir = argument.slice('--pg-bin='.length)
    else if (argument.startsWith('--')) return { exitCode: 2, output: BACKUP_USAGE.join('\n') }
    else positional.push(argument)
  }
  const [file] = positional
  if (file === undefined || positional.length !== 1) {
    return {
      exitCode: 2,
      output: ['Usage: npm run admin -- <command>', ...BACKUP_USAGE].join('\n'),
    }
  }
  const tools = { binDir }
  if (command === 'backup') {
    const manifest = await createBackup(config, file, { tools })
    const files =
      manifest.files.storage === 'local'
        ? `${manifest.files.count} stored files`
        : `no stored files (they stay in the S3 bucket ${manifest.files.bucket})`
    return {
      exitCode: 0,
      output:
        `Backed up the ${manifest.database.kind} database, ${files} and the keys kept in DATA_DIR to ${path.resolve(file)}.\n` +
        `已备份到 ${path.resolve(file)}。`,
    }
  }
  const { manifest, notes } = await restoreBackup(config, file, { replace, tools })
  return {
    exitCode: 0,
    output: [
      `Restored the backup of ${manifest.createdAt} (${manifest.database.kind}) into ${config.dataDir}. Start the server to serve it.`,
      `已从 ${manifest.createdAt} 的备份恢复到 ${config.dataDir}，启动服务器即可。`,
      ...notes,
    ].join('\n'),
  }
}
