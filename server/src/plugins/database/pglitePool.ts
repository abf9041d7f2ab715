/**
 * Lets Kysely's PostgresDialect drive an embedded PGlite database, so the server has one SQL
 * dialect whether it runs on PGlite or on a PostgreSQL server.
 *
 * PGlite is a single connection. A pool normally hands out separate connections, and a
 * transaction must own its connection from BEGIN to COMMIT; so this pool hands out the one
 * connection to one borrower at a time and queues the rest.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'

type Command = PostgresQueryResult<unknown>['command']

/** What the pool needs of an embedded database: PGlite itself, or a proxy to one in a worker. */
export interface EmbeddedQueryRunner {
  query<R>(
    sql: string,
    parameters: unknown[],
  ): Promise<{ rows: R[]; command?: string; rowCount?: number; affectedRows?: number }>
  close(): Promise<void>
}
const COMMANDS_WITH_ROW_COUNTS = new Set<string>(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT'])

class PgliteClient implements PostgresPoolClient {
  readonly #pglite: EmbeddedQueryRunner
  readonly #release: () => void
  #released = false

  constructor(pglite: EmbeddedQueryRunner, release: () => void) {
    this.#pglite = pglite
    this.#release = release
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      throw new Error('Streaming queries are not supported on the embedded database')
    }
    if (this.#released) throw new Error('Query on a released embedded database connection')
    return this.#pglite.query<R>(sqlOrCursor, [...(parameters ?? [])]).then((result) => {
      const command = result.command ?? ''
      return {
        // Kysely only reads the command to decide whether rowCount means "affected rows".
        command: (COMMANDS_WITH_ROW_COUNTS.has(command) ? command : 'SELECT') as Command,
        rowCount: result.affectedRows ?? result.rowCount ?? 0,
        rows: result.rows,
      }
    })
  }

  release(): void {
    if (this.#released) return
    this.#released = true
    this.#release()
  }
}

/** A pool over one PGlite instance that lends its single connection to one borrower at a time. */
export function createPgliteSerialPool(pglite: EmbeddedQueryRunner): PostgresPool {
  // Each borrower waits for the previous one's release; the chain is the queue.
  let lastRelease: Promise<void> = Promise.resolve()
  return {
    connect() {
      let release: () => void = () => undefined
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      const turn = lastRelease
      lastRelease = turn.then(() => released)
      return turn.then(() => new PgliteClient(pglite, release))
    },
    end: () => pglite.close(),
  }
}
