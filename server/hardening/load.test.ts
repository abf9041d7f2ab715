/**
 * A short load test on loopback: the real server as a child process on a data folder, the main
 * read and write paths (support/loadScenarios.ts) each driven by a few concurrent callers for a
 * second and a half. Thresholds are generous for a small, shared CI machine yet fail on a real
 * regression: no error at all, and a p95 under READ_P95_MS for reads and WRITE_P95_MS for writes (two callers)
 * (a write here is several requests: an upload, a deposit, a listing). The longer version is the
 * `hardening` area of `npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../src/test/serverProcess'
import { runLoad, type LoadResult } from './support/loadRun'
import { LOAD_SERVER_ENV, loadScenarios, type LoadScenarios } from './support/loadScenarios'

const READ_P95_MS = 1_500
const WRITE_P95_MS = 10_000
/** A fresh data folder means initdb and every migration: minutes on a busy small machine. */
const START_TIMEOUT_MS = 240_000
const TIMING = { durationMs: 1_500, concurrency: 4 }
/** A write renders a certificate PDF: two callers keep a small shared machine from queueing them. */
const WRITE_CONCURRENCY = 2

describe('load on loopback', () => {
  let dataDir = ''
  let server: ServerProcess | undefined
  let scenarios: LoadScenarios

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-load-'))
    server = await startServerProcess(
      { ...LOAD_SERVER_ENV, DATA_DIR: dataDir },
      { startTimeoutMs: START_TIMEOUT_MS },
    )
    scenarios = await loadScenarios(server.baseUrl, TIMING)
  }, START_TIMEOUT_MS + 60_000)
  afterAll(async () => {
    await server?.stop()
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true })
  })

  function report(result: LoadResult): string {
    return `${result.name}: ${result.requests} in ${TIMING.durationMs} ms, p50 ${result.p50Ms.toFixed(0)} ms, p95 ${result.p95Ms.toFixed(0)} ms, ${result.errors} errors${result.firstError === null ? '' : ` (${result.firstError})`}`
  }

  it('serves the main reads without an error, p95 under the threshold', async () => {
    for (const scenario of scenarios.reads) {
      const result = await runLoad(scenario)
      console.log(report(result))
      expect(result.errors, report(result)).toBe(0)
      expect(result.requests, report(result)).toBeGreaterThan(4)
      expect(result.p95Ms, report(result)).toBeLessThan(READ_P95_MS)
    }
  })

  it('serves the main writes without an error, p95 under the threshold', async () => {
    for (const scenario of scenarios.writes) {
      const result = await runLoad({ ...scenario, concurrency: WRITE_CONCURRENCY })
      console.log(report(result))
      expect(result.errors, report(result)).toBe(0)
      expect(result.requests, report(result)).toBeGreaterThan(1)
      expect(result.p95Ms, report(result)).toBeLessThan(WRITE_P95_MS)
    }
  })
})
