/**
 * The embedded database's folder belongs to one process. PGlite does not lock it: a second
 * process on the same folder writes over the first one's WAL and checkpoints, and the folder no
 * longer opens after the next crash. So the server, and the admin command, lock it first.
 *
 * The lock is a lock of the kernel, not a file's presence: `<folder>.lock` is a small SQLite
 * file (Node's built-in `node:sqlite`) in which the holder keeps a write transaction open for
 * as long as it runs. SQLite takes that with a POSIX record lock (fcntl), which the kernel drops
 * the moment the process ends, however it ends: after kill -9 or a power cut, the next start
 * takes it at once, and no process id can be mistaken for a live holder after a reboot or in
 * another container. The same file tells who holds it (process id, host, since when and what
 * was started), for the message a second process prints; it is never deleted (deleting a lock
 * file while a process holds it would let a third one in).
 */
import { mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { setTimeout as sleep } from 'node:timers/promises'
import { randomUUID } from 'node:crypto'

/** Who holds a folder, as its holder wrote it when it took the lock. */
export interface LockHolder {
  pid: number
  host: string
  /** ISO time it took the lock. */
  since: string
  /** The command line of the holder. */
  command: string
}

/** A second process on a folder another one holds. */
export class DataDirLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly holder: LockHolder | null,
  ) {
    const who =
      holder === null
        ? { en: 'another process', zh: '正被另一个进程占用' }
        : {
            en: `process ${holder.pid} on ${holder.host} (since ${holder.since}: ${holder.command})`,
            zh: `正被 ${holder.host} 上的进程 ${holder.pid}（${holder.since} 起运行：${holder.command}）占用`,
          }
    super(
      `The embedded database in ${directory} is in use by ${who.en}. ` +
        'One process at a time may open a data folder: stop that one first, or give this one ' +
        'another DATA_DIR (or a PostgreSQL server with DATABASE_URL).\n' +
        `数据目录里的嵌入式数据库 ${directory} ${who.zh}。` +
        '同一个数据目录同一时间只能由一个进程打开：先停掉那个进程，或者给这个进程换一个 DATA_DIR' +
        '（也可以用 DATABASE_URL 连接 PostgreSQL）。',
    )
    this.name = 'DataDirLockedError'
  }
}

export interface DataDirLock {
  /** Where the lock lives: `<folder>.lock`. */
  readonly file: string
  /** Lets go (a clean close); a process that dies lets go by dying. */
  release(): void
}

const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6
/** How long a second process waits for a holder that is still writing who it is. */
const SETTLE_ATTEMPTS = 50
const SETTLE_PAUSE_MS = 20

function isBusy(error: unknown): boolean {
  if (!(error instanceof Error) || !('errcode' in error)) return false
  const code = Number(error.errcode) & 0xff
  return code === SQLITE_BUSY || code === SQLITE_LOCKED
}

/** The lock file of an embedded database folder. */
export function lockFileOf(directory: string): string {
  return `${path.resolve(directory)}.lock`
}

interface HolderRow extends LockHolder {
  token: string
}

function readHolder(db: DatabaseSync): HolderRow | null {
  try {
    const row = db.prepare('SELECT pid, host, since, command, token FROM holder LIMIT 1').get()
    if (row === undefined) return null
    return {
      pid: Number(row.pid),
      host: String(row.host),
      since: String(row.since),
      command: String(row.command),
      token: String(row.token),
    }
  } catch (error) {
    // No table yet (a first holder still writing it), or the holder is committing right now.
    if (isBusy(error) || (error instanceof Error && /no such table/.test(error.message))) {
      return null
    }
    throw error
  }
}

/** Whether a process this host can see is gone (a row left by a holder that died). */
function isGoneHere(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false
  try {
    process.kill(holder.pid, 0)
    return false
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'ESRCH'
  }
}

/**
 * Takes the folder's lock, or throws DataDirLockedError naming the folder and its holder. Call
 * before PGlite opens the folder; keep the returned lock for as long as the database is open.
 */
export async function lockDataDir(directory: string): Promise<DataDirLock> {
  const resolved = path.resolve(directory)
  const file = lockFileOf(resolved)
  mkdirSync(path.dirname(file), { recursive: true })
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of waiting for it.
  const db = new DatabaseSync(file, { timeout: 0 })
  const me: HolderRow = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 300),
    token: randomUUID(),
  }
  try {
    for (let attempt = 0; ; attempt++) {
      let holding = false
      try {
        db.exec('BEGIN IMMEDIATE')
        holding = true
      } catch (error) {
        if (!isBusy(error)) throw error
      }
      if (holding) {
        db.exec(
          'CREATE TABLE IF NOT EXISTS holder (pid INTEGER, host TEXT, since TEXT, command TEXT, token TEXT)',
        )
        // Held, and the row others read names this holder: keep the transaction open.
        if (readHolder(db)?.token === me.token) {
          return {
            file,
            release: () => {
              if (!db.isOpen) return
              db.exec('ROLLBACK')
              db.close()
            },
          }
        }
        // Others only see committed rows: write who holds it, let go for an instant, take it again.
        db.exec('DELETE FROM holder')
        db.prepare(
          'INSERT INTO holder (pid, host, since, command, token) VALUES (?, ?, ?, ?, ?)',
        ).run(me.pid, me.host, me.since, me.command, me.token)
        db.exec('COMMIT')
        continue
      }
      // Held by another. Its row may not be written yet (its first instant), or this process's
      // own row, written just before another took the lock in that instant: wait for its own.
      const holder = readHolder(db)
      const settled = holder !== null && holder.token !== me.token && !isGoneHere(holder)
      if (settled || attempt >= SETTLE_ATTEMPTS) {
        throw new DataDirLockedError(resolved, settled ? holder : null)
      }
      await sleep(SETTLE_PAUSE_MS)
    }
  } catch (error) {
    db.close()
    throw error
  }
}
