// First-load JavaScript of /home and /verify, counted by scripts/firstLoad.ts (the same count as
// the first-load gate of `npm test`).
// The app is built by the very command `npm start` runs, once with NODE_ENV unset and once with the
// shell's NODE_ENV=development, since the budget holds however the shell is set.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { BenchLabels, BenchRow } from '../bench-types'
import { type FirstLoad, measureFirstLoad, SHELLS } from '../firstLoad'

const BUDGET_KB = 150
/** The public verification page's own budget (issue 10). */
const VERIFY_BUDGET_KB = 80
const root = new URL('../..', import.meta.url).pathname
const dist = join(root, 'app', 'dist')

function build(nodeEnvironment: string | undefined): void {
  const environment = { ...process.env }
  if (nodeEnvironment === undefined) delete environment.NODE_ENV
  else environment.NODE_ENV = nodeEnvironment
  // The same script `npm start` runs before serving app/dist.
  execFileSync('npm', ['run', 'build', '-w', 'app'], {
    cwd: root,
    stdio: 'ignore',
    env: environment,
  })
}

const BUDGETS = {
  verify: 'First-load JS of the public verification page /verify, gzip',
  plainShell: 'First-load JS of /home, gzip, NODE_ENV unset',
  developmentShell: 'First-load JS of /home, gzip, shell with NODE_ENV=development',
  hls: 'hls.js kept out of the first load',
} as const

export const labels: BenchLabels = { budgets: Object.values(BUDGETS), references: [] }

const kilobytesOf = (load: FirstLoad) => load.gzipBytes / 1024

function sizeRow(budget: string, load: FirstLoad): BenchRow {
  return {
    area: 'web',
    budget,
    target: `≤ ${BUDGET_KB} KB, production React`,
    measured: `${kilobytesOf(load).toFixed(1)} KB, ${load.developmentReact ? 'development' : 'production'} React (${load.chunks.length} files)`,
    pass: kilobytesOf(load) <= BUDGET_KB && !load.developmentReact,
  }
}

export async function run(): Promise<BenchRow[]> {
  build('development')
  const developmentShell = measureFirstLoad(dist, SHELLS.desktop)
  // Built last, so app/dist is left as a shell without NODE_ENV builds it.
  build(undefined)
  const plainShell = measureFirstLoad(dist, SHELLS.desktop)
  const verifyPage = measureFirstLoad(dist, SHELLS.verify)
  return [
    {
      area: 'web',
      budget: BUDGETS.verify,
      target: `≤ ${VERIFY_BUDGET_KB} KB`,
      measured: `${kilobytesOf(verifyPage).toFixed(1)} KB (${verifyPage.chunks.length} files)`,
      pass: kilobytesOf(verifyPage) <= VERIFY_BUDGET_KB && verifyPage.chunks.length > 0,
    },
    sizeRow(BUDGETS.plainShell, plainShell),
    sizeRow(BUDGETS.developmentShell, developmentShell),
    {
      area: 'web',
      budget: BUDGETS.hls,
      target: 'absent',
      measured: plainShell.hlsIncluded ? 'present' : 'absent',
      pass: !plainShell.hlsIncluded,
    },
  ]
}
