// The first-load JavaScript budgets of `npm test` (issue 16): perf-budgets.json holds each shell's
// gzipped first-load figure and its chunks as last accepted; a build more than 2% over a shell's
// figure fails, naming the shell, the figure, the budget and the chunks that grew.
//
//   node --import tsx scripts/perfBudgets.ts            checks app/dist (build it first)
//   node --import tsx scripts/perfBudgets.ts --update   rewrites perf-budgets.json from app/dist
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  chunkName,
  type FirstLoad,
  kilobytes,
  measureFirstLoad,
  SHELL_NAMES,
  SHELLS,
  type ShellName,
} from './firstLoad'

export const ROOT = new URL('..', import.meta.url).pathname
export const APP_DIST = join(ROOT, 'app', 'dist')
export const BUDGETS_PATH = join(ROOT, 'perf-budgets.json')
/** How far over its budget a shell may go before the gate fails: 2%, as the issue sets. */
export const TOLERANCE = 0.02

export interface ShellBudget {
  address: string
  gzipBytes: number
  /** Gzipped bytes per chunk name (the file name without its hash), to say what grew. */
  chunks: Record<string, number>
}

export interface PerfBudgets {
  tolerance: number
  shells: Record<ShellName, ShellBudget>
}

function bytesPerName(load: FirstLoad): Record<string, number> {
  const byName: Record<string, number> = {}
  for (const chunk of load.chunks) {
    const name = chunkName(chunk.file)
    byName[name] = (byName[name] ?? 0) + chunk.gzipBytes
  }
  return Object.fromEntries(Object.entries(byName).sort(([a], [b]) => a.localeCompare(b)))
}

export function measureShells(dist: string): Record<ShellName, FirstLoad> {
  return Object.fromEntries(
    SHELL_NAMES.map((name) => [name, measureFirstLoad(dist, SHELLS[name])]),
  ) as Record<ShellName, FirstLoad>
}

/** The budgets file that accepts the build at `dist` as it is. */
export function budgetsFrom(dist: string): PerfBudgets {
  const loads = measureShells(dist)
  const shells = Object.fromEntries(
    SHELL_NAMES.map((name) => [
      name,
      {
        address: SHELLS[name].address,
        gzipBytes: loads[name].gzipBytes,
        chunks: bytesPerName(loads[name]),
      },
    ]),
  ) as Record<ShellName, ShellBudget>
  return { tolerance: TOLERANCE, shells }
}

export function readBudgets(path: string): PerfBudgets {
  return JSON.parse(readFileSync(path, 'utf8')) as PerfBudgets
}

export function writeBudgets(path: string, budgets: PerfBudgets): void {
  writeFileSync(path, JSON.stringify(budgets, null, 2) + '\n')
}

/** The chunks bigger than the budget knew them (or new), largest growth first. */
function grownChunks(load: FirstLoad, budget: ShellBudget): string[] {
  return Object.entries(bytesPerName(load))
    .map(([name, bytes]) => ({ name, bytes, before: budget.chunks[name] }))
    .filter(({ bytes, before }) => before === undefined || bytes > before)
    .sort((a, b) => b.bytes - (b.before ?? 0) - (a.bytes - (a.before ?? 0)))
    .map(({ name, bytes, before }) =>
      before === undefined
        ? `${name} ${kilobytes(bytes)} (new)`
        : `${name} ${kilobytes(before)} → ${kilobytes(bytes)} (+${bytes - before} B)`,
    )
}

export interface ShellVerdict {
  shell: ShellName
  pass: boolean
  /** One line saying the figure against the budget; for a failure, what grew. */
  message: string
}

export function checkShell(shell: ShellName, load: FirstLoad, budgets: PerfBudgets): ShellVerdict {
  const budget = budgets.shells[shell]
  const label = `${shell} shell (${SHELLS[shell].address})`
  if (budget === undefined) {
    return {
      shell,
      pass: false,
      message: `${label} has no first-load budget in perf-budgets.json; run the update.`,
    }
  }
  const limit = budget.gzipBytes * (1 + budgets.tolerance)
  const figure = `first-load JS ${kilobytes(load.gzipBytes)} gzip (${load.gzipBytes} B, ${load.chunks.length} files)`
  const allowed = `budget ${kilobytes(budget.gzipBytes)} (${budget.gzipBytes} B) + ${budgets.tolerance * 100}%`
  if (load.gzipBytes > limit) {
    const grown = grownChunks(load, budget)
    return {
      shell,
      pass: false,
      message:
        `${label}: ${figure} is over its ${allowed}; ` +
        `chunks that grew: ${grown.length > 0 ? grown.join(', ') : 'none by name (files were split or renamed)'}. ` +
        'Make it smaller, or accept it with `node --import tsx scripts/perfBudgets.ts --update`.',
    }
  }
  return { shell, pass: true, message: `${label}: ${figure}, within its ${allowed}` }
}

export function checkBuild(dist: string, budgets: PerfBudgets): ShellVerdict[] {
  const loads = measureShells(dist)
  return SHELL_NAMES.map((shell) => checkShell(shell, loads[shell], budgets))
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  if (process.argv.includes('--update')) {
    const budgets = budgetsFrom(APP_DIST)
    writeBudgets(BUDGETS_PATH, budgets)
    for (const shell of SHELL_NAMES) {
      console.log(`${shell}: ${kilobytes(budgets.shells[shell].gzipBytes)} gzip`)
    }
    console.log('perf-budgets.json rewritten from app/dist')
  } else {
    const verdicts = checkBuild(APP_DIST, readBudgets(BUDGETS_PATH))
    for (const verdict of verdicts) console.log(`${verdict.pass ? '✔' : '✘'} ${verdict.message}`)
    process.exit(verdicts.every((verdict) => verdict.pass) ? 0 : 1)
  }
}
