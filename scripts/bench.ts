// `npm run bench`: measures every performance budget the issues name and prints a markdown table.
// Pass area names to run only some: `npm run bench -- web server`. Every run rewrites
// bench-report.json (the areas not run are carried over with the commit, command and date that
// measured them), rewrites the README's table of figures from it, and prints a table per area
// with the change since the previous report.
// `npm run bench -- --check` measures nothing: it prints every row the report cannot vouch for
// (no commit, a dirty tree, a command that does not measure it, one budget twice) and exits 1 if
// there is one or the README's table is not the report's. `npm run bench -- --readme` rewrites
// the README's table from the report, measuring nothing.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import { type BenchLabels, type BenchModule, type BenchResult, isReference } from './bench-types'
import {
  AREA_FAILURE_BUDGET,
  type AreaRun,
  type BenchReport,
  benchCommand,
  checkReport,
  nextReport,
  readmeTable,
  recordedCommit,
  reportTables,
  withReadmeTable,
} from './benchReport'

// The last report, committed with the README's figures, so a run shows what moved since.
const REPORT_PATH = new URL('../bench-report.json', import.meta.url)
const README_PATH = new URL('../README.md', import.meta.url)
const root = fileURLToPath(new URL('..', import.meta.url))

const SUITES: Record<string, () => Promise<BenchModule>> = {
  web: () => import('./bench/web'),
  startup: () => import('./bench/startup'),
  server: () => import('../server/bench'),
  media: () => import('../server/bench/media'),
  points: () => import('../server/bench/points'),
  // Licences and earnings (licence branch).
  licence: () => import('../server/bench/licences'),
  depositlog: () => import('../server/bench/depositLog'),
  uploads: () => import('../server/bench/uploads'),
  ai: () => import('../server/bench/aiJobs'),
  // Copyright registration (registration branch).
  registration: () => import('../server/bench/registration'),
  player: () => import('./bench/player'),
  audio: () => import('../packages/audio/bench/index'),
  // The store (store branch).
  store: () => import('../server/bench/store'),
  // Mobile shell (mobile branch).
  mobile: () => import('./bench/mobile'),
  // Votes and notices (votes branch).
  votes: () => import('../server/bench/votes'),
  // The hardening suite's load test, ten seconds a path (server/hardening).
  hardening: () => import('../server/bench/hardening'),
  // Lighthouse on the main pages of both shells (budgets branch).
  lighthouse: () => import('./bench/lighthouse'),
}

const NO_LABELS: BenchLabels = { budgets: [], references: [] }

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
}

/** Tracked files that differ from `commit` in the working tree (or the index). */
function changedSince(commit: string): string[] {
  return git('diff', '--name-only', commit).split('\n').filter(Boolean)
}

function readReport(): BenchReport | undefined {
  return existsSync(REPORT_PATH)
    ? (JSON.parse(readFileSync(REPORT_PATH, 'utf8')) as BenchReport)
    : undefined
}

/** The README with its table written from `report`, formatted as `prettier --check` wants it. */
async function readmeFor(report: BenchReport): Promise<string> {
  const path = fileURLToPath(README_PATH)
  const readme = withReadmeTable(
    readFileSync(README_PATH, 'utf8'),
    readmeTable(report, Object.keys(SUITES)),
  )
  const options = await prettier.resolveConfig(path)
  return prettier.format(readme, { ...options, filepath: path })
}

/** The labels a module measures in this run: all of them, or those its narrowing variable picks. */
function coveredLabels(module: BenchModule): BenchLabels {
  const value = module.narrowing && process.env[module.narrowing.variable]
  return module.narrowing && value ? module.narrowing.labels(value) : module.labels
}

/** Rows whose area or label the module does not declare, turned into one failing row. */
function undeclared(area: string, results: BenchResult[], covered: BenchLabels): BenchResult[] {
  const stray = results.filter((result) =>
    isReference(result)
      ? result.area !== area || !covered.references.includes(result.subject)
      : result.area !== area || !covered.budgets.includes(result.budget),
  )
  if (stray.length === 0) return results
  const labels = stray.map((result) =>
    isReference(result)
      ? `${result.area} / ${result.subject}`
      : `${result.area} / ${result.budget}`,
  )
  return [
    ...results.filter((result) => !stray.includes(result)),
    {
      area,
      budget: AREA_FAILURE_BUDGET,
      target: 'returns only the budgets its module declares',
      measured: `undeclared: ${labels.join('; ')}`,
      pass: false,
    },
  ]
}

async function measure(wanted: string[]): Promise<number> {
  const names = wanted.length > 0 ? wanted : Object.keys(SUITES)
  const unknown = names.filter((name) => !SUITES[name])
  if (unknown.length > 0) {
    console.error(
      `unknown bench area "${unknown.join(', ')}"; known: ${Object.keys(SUITES).join(', ')}`,
    )
    return 2
  }
  const head = git('rev-parse', 'HEAD')
  const changedAtStart = changedSince(head)
  const results: BenchResult[] = []
  const areas: AreaRun[] = []
  const narrowing: Record<string, string> = {}
  for (const name of names) {
    const load = SUITES[name]
    if (!load) continue
    console.error(`… measuring ${name}`)
    let declared = NO_LABELS
    let covered = NO_LABELS
    try {
      const module = await load()
      declared = module.labels
      covered = coveredLabels(module)
      const variable = module.narrowing?.variable
      const value = variable && process.env[variable]
      if (variable && value) narrowing[variable] = value
      results.push(...undeclared(name, await module.run(), covered))
    } catch (error) {
      results.push({
        area: name,
        budget: AREA_FAILURE_BUDGET,
        target: 'runs',
        measured: String(error),
        pass: false,
      })
    }
    areas.push({ area: name, declared, covered })
  }
  // Changes made while the run measured count as much as those made before it.
  const changed = [...new Set([...changedAtStart, ...changedSince(head)])]
  const commit = recordedCommit(head, changed)
  const command = benchCommand(wanted, narrowing)
  const { report, compared } = nextReport(
    readReport(),
    results,
    { commit, command, areas },
    new Date(),
  )
  writeFileSync(REPORT_PATH, JSON.stringify(report, null, 2) + '\n')
  writeFileSync(README_PATH, await readmeFor(report))
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')
  console.log(`Load average at the end (1 / 5 / 15 min): ${load}\n`)
  console.log(reportTables(compared, report.references))
  console.log(`\nRecorded as \`${command}\` at ${commit}.`)
  if (commit !== head) {
    console.log(
      `The working tree differed from ${head} in ${changed.join(', ')}: these rows are marked ` +
        '+dirty and `npm run bench -- --check` refuses them. Commit, then measure again.',
    )
  }
  const measuredNow = compared.filter((row) => !row.carried)
  return measuredNow.every((row) => row.pass) && results.some((result) => !isReference(result))
    ? 0
    : 1
}

/** Every area's declarations; an area whose module does not load is reported, not thrown. */
async function declarations(): Promise<{
  declared: Map<string, Omit<BenchModule, 'run'>>
  failures: string[]
}> {
  const declared = new Map<string, Omit<BenchModule, 'run'>>()
  const failures: string[] = []
  for (const [area, load] of Object.entries(SUITES)) {
    try {
      declared.set(area, await load())
    } catch (error) {
      failures.push(`${area}: its bench module does not load (${String(error).slice(0, 200)})`)
      declared.set(area, { labels: NO_LABELS })
    }
  }
  return { declared, failures }
}

async function check(): Promise<number> {
  const report = readReport()
  if (!report) {
    console.log('bench-report.json: missing')
    return 1
  }
  const { declared, failures } = await declarations()
  const problems = [
    ...failures,
    ...checkReport(report, { declarations: declared, readme: readFileSync(README_PATH, 'utf8') }),
  ]
  for (const problem of problems) console.log(problem)
  console.log(
    problems.length === 0
      ? `bench-report.json: ${report.rows.length} rows and ${report.references.length} references, each measured by a bench command at a commit; the README's table is the report's`
      : `\n${problems.length} problems in bench-report.json and the README's table`,
  )
  return problems.length === 0 ? 0 : 1
}

async function rewriteReadme(): Promise<number> {
  const report = readReport()
  if (!report) {
    console.error('bench-report.json: missing')
    return 1
  }
  writeFileSync(README_PATH, await readmeFor(report))
  return 0
}

const given = process.argv.slice(2)
process.exit(
  given.includes('--check')
    ? await check()
    : given.includes('--readme')
      ? await rewriteReadme()
      : await measure(given),
)
