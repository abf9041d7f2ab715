/**
 * Lets Kysely's PostgresDialect drive an embedded PGlite database, so the server has one SQL
 * dialect whether it runs on PGlite or on a PostgreSQL server.
 *
 * PGlite is a single connection that runs statements one after another in the order they are
 * sent. Statements outside a transaction may share it as if each borrower had a connection of
 * its own: each runs as its own transaction, and sending the next before the last is answered
 * keeps the database busy. A transaction, though, must have the connection to itself from BEGIN
 * until its borrower lets go: while one is open, every other borrower's statements wait, in
 * order, and go after it.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'

type Command = PostgresQueryResult<unknown>['command']

/** What the pool needs of an embedded database: PGlite itself, or a proxy to one in a worker. */
export interface EmbeddedQueryRunner {
  query<R>(
    sql: string,
    parameters: unknown[],
  ): Promise<{ rows: R[]; command?: string; rowCount?: number; affectedRows?: number }>
  /** Runs a text of several statements without parameters (PGlite's `exec`), one result each. */
  exec?(sql: string): Promise<Array<{ rows: unknown[] }>>
  close(): Promise<void>
}
const COMMANDS_WITH_ROW_COUNTS = new Set<string>(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT'])
/** How Kysely opens a transaction ('begin', or 'start transaction ...' with settings). */
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i

interface HeldStatement {
  borrower: PgliteClient
  opensTransaction: boolean
  send: () => void
}

/**
 * Decides when each borrower's statement may go to the database: at once, unless another
 * borrower's transaction is open.
 */
class ConnectionGate {
  #transactionOwner: PgliteClient | null = null
  readonly #held: HeldStatement[] = []

  submit<Result>(borrower: PgliteClient, sql: string, run: () => Promise<Result>): Promise<Result> {
    const opensTransaction = TRANSACTION_START.test(sql)
    // Statements are only ever held while a transaction is open, so no owner means none wait.
    if (this.#transactionOwner === null || this.#transactionOwner === borrower) {
      if (opensTransaction) this.#transactionOwner = borrower
      return run()
    }
    return new Promise<Result>((resolve, reject) => {
      this.#held.push({ borrower, opensTransaction, send: () => run().then(resolve, reject) })
    })
  }

  /** A borrower let go: if it held a transaction, the statements held back go, in order. */
  release(borrower: PgliteClient): void {
    if (this.#transactionOwner !== borrower) return
    this.#transactionOwner = null
    while (this.#transactionOwner === null) {
      const next = this.#held.shift()
      if (next === undefined) return
      if (next.opensTransaction) this.#transactionOwner = next.borrower
      next.send()
    }
  }
}

class PgliteClient implements PostgresPoolClient {
  readonly #pglite: EmbeddedQueryRunner
  readonly #gate: ConnectionGate
  #released = false

  constructor(pglite: EmbeddedQueryRunner, gate: ConnectionGate) {
    this.#pglite = pglite
    this.#gate = gate
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
    const values = [...(parameters ?? [])]
    return this.#gate.submit(this, sqlOrCursor, () =>
      this.#pglite.query<R>(sqlOrCursor, values).then((result) => {
        const command = result.command ?? ''
        return {
          // Kysely only reads the command to decide whether rowCount means "affected rows".
          command: (COMMANDS_WITH_ROW_COUNTS.has(command) ? command : 'SELECT') as Command,
          rowCount: result.affectedRows ?? result.rowCount ?? 0,
          rows: result.rows,
        }
      }),
    )
  }

  release(): void {
    if (this.#released) return
    this.#released = true
    this.#gate.release(this)
  }
}

/**
 * Raw SQL the way node-postgres runs it, for a library that brings its own SQL (the job queue):
 * a statement with parameters alone, a text without parameters possibly several statements,
 * answered with the rows of them all.
 */
export type EmbeddedSql = (
  sql: string,
  parameters?: readonly unknown[],
) => Promise<{ rows: unknown[] }>

export interface EmbeddedPool extends PostgresPool {
  executeSql: EmbeddedSql
}

/** A pool over one PGlite instance: shared by single statements, owned by a transaction. */
export function createPgliteConnectionPool(pglite: EmbeddedQueryRunner): EmbeddedPool {
  const gate = new ConnectionGate()
  const executeSql: EmbeddedSql = async (sql, parameters = []) => {
    // A borrower of its own, through the same gate: a script that opens a transaction owns the
    // connection until it is answered, and waits while one of Kysely's is open.
    const borrower = new PgliteClient(pglite, gate)
    try {
      if (parameters.length > 0 || pglite.exec === undefined) {
        const { rows } = await borrower.query<unknown>(sql, parameters)
        return { rows }
      }
      const exec = pglite.exec.bind(pglite)
      const results = await gate.submit(borrower, sql, () => exec(sql))
      return { rows: results.flatMap((result) => result.rows) }
    } catch (error) {
      // A script that failed inside its BEGIN leaves the one connection in an aborted
      // transaction, which would poison every later statement of every borrower.
      if (TRANSACTION_START.test(sql)) {
        await gate.submit(borrower, 'ROLLBACK', () => pglite.query('ROLLBACK', [])).catch(() => {})
      }
      throw error
    } finally {
      borrower.release()
    }
  }
  return {
    connect: () => Promise.resolve(new PgliteClient(pglite, gate)),
    end: () => pglite.close(),
    // Kysely hands pool options to connection hooks; one embedded connection has none to give.
    options: {},
    executeSql,
  }
}
