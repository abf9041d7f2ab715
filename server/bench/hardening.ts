/**
 * The hardening suite's load test, longer: the real server as a child process on loopback (an
 * embedded database in a fresh data folder), each main read and write path driven by eight
 * concurrent callers for ten seconds (server/hardening/support/loadScenarios.ts). A row per path
 * for its p95 and one for the error rate of all of them together.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { BenchLabels, BenchResult } from '../../scripts/bench-types'
import { runLoad, type LoadResult } from '../hardening/support/loadRun'
import { LOAD_SERVER_ENV, loadScenarios } from '../hardening/support/loadScenarios'
import { startServerProcess } from '../src/test/serverProcess'

const TIMING = { durationMs: 10_000, concurrency: 8 }
const READ_P95_MS = 250
const WRITE_P95_MS = 1_500
/** The paths loadScenarios drives, by the names it gives them; a renamed path fails the run. */
const PATHS = [
  'home figures',
  'store list',
  'work detail',
  'user details',
  'login (SMS code + login)',
  'deposit (upload + deposit)',
  'listing (upload + deposit + list)',
]
const ERROR_RATE_BUDGET = 'error rate of the load run on loopback (all paths)'

const budgetOf = (name: string) =>
  `p95 under load on loopback: ${name} (${TIMING.concurrency} callers, ${TIMING.durationMs / 1000} s)`

export const labels: BenchLabels = {
  budgets: [...PATHS.map(budgetOf), ERROR_RATE_BUDGET],
  references: [],
}

function row(result: LoadResult, targetMs: number): BenchResult {
  return {
    area: 'hardening',
    budget: budgetOf(result.name),
    target: `≤ ${targetMs} ms`,
    measured: `${result.p95Ms.toFixed(0)} ms (${result.requestsPerSecond.toFixed(1)}/s)`,
    pass: result.p95Ms <= targetMs && result.errors === 0,
  }
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gy-bench-hardening-'))
  const server = await startServerProcess({ ...LOAD_SERVER_ENV, DATA_DIR: dataDir })
  try {
    const scenarios = await loadScenarios(server.baseUrl, TIMING)
    const rows: BenchResult[] = []
    const results: LoadResult[] = []
    for (const scenario of scenarios.reads) {
      const result = await runLoad(scenario)
      results.push(result)
      rows.push(row(result, READ_P95_MS))
    }
    for (const scenario of scenarios.writes) {
      const result = await runLoad(scenario)
      results.push(result)
      rows.push(row(result, WRITE_P95_MS))
    }
    const requests = results.reduce((sum, result) => sum + result.requests, 0)
    const errors = results.reduce((sum, result) => sum + result.errors, 0)
    rows.push({
      area: 'hardening',
      budget: ERROR_RATE_BUDGET,
      target: '0',
      measured: `${errors} of ${requests}`,
      pass: errors === 0 && requests > 0,
    })
    return rows
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
