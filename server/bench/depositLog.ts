/**
 * Deposit log budget: "appending a deposit and producing its inclusion proof under 5 ms at
 * 1,000,000 leaves (no full-tree recomputation); proofs are O(log n) hashes".
 *
 * A log of 1,000,000 leaves is built in the real embedded database (its complete subtrees
 * computed here and bulk-inserted, as a million deposits would have left them), then each
 * measured round does what a deposit does to the log, in one transaction: take the log's lock,
 * read its size, append a leaf, compute the inclusion proof and the checkpoint's root. Wall
 * clock per round, median and 95th percentile of 200 rounds. On PostgreSQL too when DATABASE_URL
 * is set.
 */
import { createHash } from 'node:crypto'
import { leafHash, leafText, verifyInclusion } from '@gy/api/merkle'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { BenchLabels, BenchResult } from '../../scripts/bench-types'
import { lockUntilCommit } from '../src/db/advisoryLock'
import { appendLeaf, inclusionProof, logSize, rootHashAt, sha256 } from '../src/domain/depositLog'
import { createTestApp } from '../src/test/testApp'
import { type DatabaseLabel, WITHOUT_POSTGRESQL } from './onDatabase'

const LEAVES = 1_000_000
const ROUNDS = 200
const BUDGET_MS = 5
const BATCH = 50_000

const budgetOn = (database: DatabaseLabel) =>
  `Append a deposit and produce its inclusion proof at ${LEAVES.toLocaleString('en-US')} leaves (${database}), wall clock`
const fillSubjectOn = (database: DatabaseLabel) =>
  `Building the ${LEAVES.toLocaleString('en-US')}-leaf log for the bench (${database})`

export const labels: BenchLabels = {
  budgets: [budgetOn('PGlite'), budgetOn('PostgreSQL')],
  references: [fillSubjectOn('PGlite'), fillSubjectOn('PostgreSQL')],
}

function syncSha(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest()
}

/** Every complete subtree of a log of `count` leaves, level by level. */
function subtrees(count: number): Array<{ level: number; hashes: Buffer[] }> {
  const levels: Array<{ level: number; hashes: Buffer[] }> = []
  let current: Buffer[] = []
  for (let index = 0; index < count; index++) {
    const leaf = Buffer.from(
      leafText(`BENCH-${index}`, 'ab'.repeat(32), '2026-11-24T00:00:00.000Z'),
    )
    current.push(syncSha(Buffer.concat([Buffer.of(0), leaf])))
  }
  for (let level = 0; current.length > 0; level++) {
    levels.push({ level, hashes: current })
    const parents: Buffer[] = []
    for (let index = 0; index + 1 < current.length; index += 2) {
      parents.push(
        syncSha(
          Buffer.concat([Buffer.of(1), current[index] as Buffer, current[index + 1] as Buffer]),
        ),
      )
    }
    current = parents
  }
  return levels
}

async function fill(app: FastifyInstance): Promise<number> {
  const started = performance.now()
  for (const { level, hashes } of subtrees(LEAVES)) {
    for (let start = 0; start < hashes.length; start += BATCH) {
      const slice = hashes.slice(start, start + BATCH)
      await sql`
        INSERT INTO deposit_log_nodes (level, node_index, hash)
        SELECT ${level}, ${start} + ordinality - 1, decode(hex, 'hex')
        FROM unnest(${slice.map((hash) => hash.toString('hex'))}::text[]) WITH ORDINALITY AS t(hex, ordinality)
      `.execute(app.db)
    }
  }
  return performance.now() - started
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

async function measure(app: FastifyInstance, label: DatabaseLabel): Promise<BenchResult[]> {
  const fillMs = await fill(app)
  // The first appends after a million-row load pay for warming the database's caches and for
  // collecting the load's garbage: 50 unmeasured rounds first.
  const WARM_UP = 50
  const times: number[] = []
  let proofLength = 0
  let allVerified = true
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const started = performance.now()
    const { index, path, root, leaf } = await app.db.transaction().execute(async (trx) => {
      await lockUntilCommit(trx, 'deposit-log-append')
      const size = await logSize(trx)
      const text = leafText(`ROUND-${round}`, 'cd'.repeat(32), new Date().toISOString())
      const appended = await appendLeaf(trx, size, text)
      return {
        index: size,
        path: appended.path,
        root: appended.rootHash,
        leaf: appended.leafHash,
      }
    })
    if (round >= WARM_UP) times.push(performance.now() - started)
    proofLength = path.length
    allVerified &&= await verifyInclusion(sha256, index, index + 1, leaf, path, root)
  }
  const sorted = [...times].sort((left, right) => left - right)
  const median = percentile(sorted, 0.5)
  const p95 = percentile(sorted, 0.95)
  const size = await logSize(app.db)
  // The root of the whole log agrees with a proof for its first leaf, as a check of the fill.
  const first = await leafHash(
    sha256,
    leafText('BENCH-0', 'ab'.repeat(32), '2026-11-24T00:00:00.000Z'),
  )
  const firstProof = await inclusionProof(app.db, 0, size)
  const middleProof = await inclusionProof(app.db, Math.floor(size / 3), size)
  const consistent = await verifyInclusion(
    sha256,
    0,
    size,
    first,
    firstProof.path,
    await rootHashAt(app.db, size),
  )
  return [
    {
      area: 'depositlog',
      budget: budgetOn(label),
      target: `< ${BUDGET_MS} ms`,
      measured: `median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${ROUNDS} appends; proof ${proofLength} hashes for the new leaf, ${middleProof.path.length} for an old one${allVerified && consistent ? ', every proof verified' : ', A PROOF FAILED'}`,
      pass:
        p95 < BUDGET_MS && allVerified && consistent && proofLength <= Math.ceil(Math.log2(size)),
    },
    {
      reference: true as const,
      area: 'depositlog',
      subject: fillSubjectOn(label),
      measured: `${(fillMs / 1000).toFixed(1)} s`,
    },
  ]
}

export async function run(): Promise<BenchResult[]> {
  const rows: BenchResult[] = []
  const databaseUrl = process.env.DATABASE_URL
  for (const label of databaseUrl ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)) {
    if (label === 'PGlite') process.env.DATABASE_URL = ''
    else process.env.DATABASE_URL = databaseUrl
    const app = await createTestApp()
    try {
      rows.push(...(await measure(app, label)))
    } finally {
      await app.close()
    }
  }
  process.env.DATABASE_URL = databaseUrl
  if (!databaseUrl) {
    rows.push({
      area: 'depositlog',
      budget: budgetOn('PostgreSQL'),
      target: `< ${BUDGET_MS} ms`,
      measured: WITHOUT_POSTGRESQL,
      pass: false,
    })
  }
  return rows
}
