/**
 * The embedded database in a worker thread, behind the same connection pool as an in-process
 * PGlite. The HTTP thread keeps serving while PostgreSQL-in-WebAssembly works on another core.
 */
import { Worker } from 'node:worker_threads'
import { lockDataDir } from './dataDirLock'
import {
  createPgliteConnectionPool,
  type EmbeddedPool,
  type EmbeddedQueryRunner,
} from './pglitePool'

export type WorkerRequest =
  | { id: number; sql: string; parameters: unknown[] }
  | { id: number; script: string }
  | { id: number; close: true }

export interface WorkerQueryResult {
  rows: unknown[]
  command?: string
  rowCount?: number
  affectedRows?: number
}

export type WorkerReply =
  { id: number; result: WorkerQueryResult } | { id: number; error: Record<string, unknown> }

type StartupMessage = { ready: true } | { ready: false; error: Record<string, unknown> }

/** An Error carrying the database's fields (code, constraint...), as node-postgres gives them. */
function databaseError(plain: Record<string, unknown>): Error {
  const error = new Error(typeof plain.message === 'string' ? plain.message : 'database error')
  return Object.assign(error, plain)
}

async function startWorker(dataDir: string | null): Promise<EmbeddedQueryRunner> {
  // The thread's module is TypeScript like the rest of the server: tsx loads it there too
  // (a worker does not inherit the parent's `--import tsx`).
  const threadModule = new URL('./pgliteThread.ts', import.meta.url).href
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(threadModule)}, ${JSON.stringify(import.meta.url)}))`
  const worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } })
  const pending = new Map<
    number,
    { resolve: (result: WorkerQueryResult) => void; reject: (error: Error) => void }
  >()
  let nextId = 0
  let failure: Error | null = null

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (message: StartupMessage) => {
      if (message.ready) resolve()
      else reject(databaseError(message.error))
    })
    worker.once('error', reject)
  })

  worker.on('message', (message: WorkerReply) => {
    const waiting = pending.get(message.id)
    if (waiting === undefined) return
    pending.delete(message.id)
    if ('error' in message) waiting.reject(databaseError(message.error))
    else waiting.resolve(message.result)
  })
  const failAll = (error: Error): void => {
    failure = error
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`embedded database thread exited (${code})`)))

  const send = (request: Omit<WorkerRequest, 'id'>): Promise<WorkerQueryResult> =>
    new Promise((resolve, reject) => {
      if (failure !== null) {
        reject(failure)
        return
      }
      const id = nextId
      nextId += 1
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })

  return {
    query: <R>(sql: string, parameters: unknown[]) =>
      send({ sql, parameters }) as Promise<{
        rows: R[]
        command?: string
        rowCount?: number
        affectedRows?: number
      }>,
    // The thread flattens a script's results into one: the rows of every statement, in order.
    exec: async (script: string) => [await send({ script })],
    close: async () => {
      await send({ close: true })
      await worker.terminate()
    },
  }
}

/**
 * A pool over an embedded database that lives in its own worker thread. A folder is locked
 * (dataDirLock.ts) before PGlite opens it, until the pool is closed or the process ends: a
 * second process on it fails here with DataDirLockedError.
 */
export async function createPgliteWorkerPool(dataDir: string | null): Promise<EmbeddedPool> {
  const lock = dataDir === null ? null : await lockDataDir(dataDir)
  let runner: EmbeddedQueryRunner
  try {
    runner = await startWorker(dataDir)
  } catch (error) {
    lock?.release()
    throw error
  }
  return createPgliteConnectionPool({
    ...runner,
    close: async () => {
      try {
        await runner.close()
      } finally {
        lock?.release()
      }
    },
  })
}
