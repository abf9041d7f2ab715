// `npm start` from a clean clone, after install: time until /healthz answers 200.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BenchRow } from '../bench-types'

const BUDGET_SECONDS = 15
const root = new URL('../..', import.meta.url).pathname

export async function run(): Promise<BenchRow[]> {
  const clone = mkdtempSync(join(tmpdir(), 'gy-clone-'))
  try {
    execFileSync('git', ['clone', '--quiet', root, clone])
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: clone,
      stdio: 'ignore',
    })
    const port = 18_000 + Math.floor(Math.random() * 1000)
    const started = performance.now()
    const child = spawn('npm', ['start'], {
      cwd: clone,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
      detached: true,
    })
    let seconds = Number.POSITIVE_INFINITY
    try {
      while (performance.now() - started < 120_000) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/healthz`)
          if (response.ok) {
            seconds = (performance.now() - started) / 1000
            break
          }
        } catch {
          // Not up yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    }
    return [
      {
        area: 'startup',
        budget: '`npm start` from a clean clone → /healthz 200',
        target: `≤ ${BUDGET_SECONDS} s`,
        measured: Number.isFinite(seconds) ? `${seconds.toFixed(1)} s` : 'never answered',
        pass: seconds <= BUDGET_SECONDS,
      },
    ]
  } finally {
    rmSync(clone, { recursive: true, force: true })
  }
}
