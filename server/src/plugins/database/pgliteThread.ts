/**
 * Worker thread that owns the embedded database. PGlite runs PostgreSQL compiled to WebAssembly
 * synchronously on the thread that calls it; here, that is not the thread serving HTTP.
 * Messages in: {id, sql, parameters} or {id, close: true}; out: {id, result} or {id, error}.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openPglite } from './embedded'
import type { WorkerReply, WorkerRequest } from './pgliteWorkerPool'

const port = parentPort
if (port === null) throw new Error('pgliteThread must run as a worker thread')
const { dataDir } = workerData as { dataDir: string | null }

/** The fields of a database error worth carrying across the thread boundary. */
const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
]

function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const plain: Record<string, unknown> = { message: error.message, name: error.name }
  for (const field of ERROR_FIELDS) {
    const value: unknown = Reflect.get(error, field)
    if (value !== undefined) plain[field] = value
  }
  return plain
}

try {
  const pglite = await openPglite(dataDir)
  port.on('message', (request: WorkerRequest) => {
    const reply = (message: WorkerReply): void => port.postMessage(message)
    if ('close' in request) {
      pglite.close().then(
        () => reply({ id: request.id, result: { rows: [] } }),
        (error: unknown) => reply({ id: request.id, error: plainError(error) }),
      )
      return
    }
    if ('script' in request) {
      pglite.exec(request.script).then(
        (results) =>
          reply({ id: request.id, result: { rows: results.flatMap((result) => result.rows) } }),
        (error: unknown) => reply({ id: request.id, error: plainError(error) }),
      )
      return
    }
    // PGlite queues queries itself, in order; the pool on the other side keeps transactions whole.
    pglite.query(request.sql, request.parameters).then(
      (result) =>
        reply({
          id: request.id,
          result: {
            rows: result.rows,
            ...(result.command === undefined ? {} : { command: result.command }),
            ...(result.rowCount === undefined ? {} : { rowCount: result.rowCount }),
            ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
          },
        }),
      (error: unknown) => reply({ id: request.id, error: plainError(error) }),
    )
  })
  port.postMessage({ ready: true })
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) })
}
