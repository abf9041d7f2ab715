// `npm run bench`: measures every performance budget the issues name and prints a markdown table.
// Pass area names to run only some: `npm run bench -- web server`. Every run rewrites
// bench-report.json (the areas not run are carried over with their date) and prints a table per
// area with the change since the previous report.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { type BenchModule, type BenchResult, isReference } from './bench-types'
import { type BenchReport, nextReport, reportTables } from './benchReport'

// The last report, committed with the README's figures, so a run shows what moved since.
const REPORT_PATH = new URL('../bench-report.json', import.meta.url)

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
}

const wanted = process.argv.slice(2)
const names = wanted.length > 0 ? wanted : Object.keys(SUITES)
const results: BenchResult[] = []
for (const name of names) {
  const load = SUITES[name]
  if (!load) {
    console.error(`unknown bench area "${name}"; known: ${Object.keys(SUITES).join(', ')}`)
    process.exit(2)
  }
  console.error(`… measuring ${name}`)
  try {
    results.push(...(await (await load()).run()))
  } catch (error) {
    results.push({
      area: name,
      budget: 'suite',
      target: 'runs',
      measured: String(error),
      pass: false,
    })
  }
}
const previous: BenchReport | undefined = existsSync(REPORT_PATH)
  ? (JSON.parse(readFileSync(REPORT_PATH, 'utf8')) as BenchReport)
  : undefined
const { report, compared } = nextReport(previous, results, names, new Date())
writeFileSync(REPORT_PATH, JSON.stringify(report, null, 2) + '\n')
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ')
console.log(`Load average at the end (1 / 5 / 15 min): ${load}\n`)
console.log(reportTables(compared, report.references))
const measuredNow = compared.filter((row) => !row.carried)
process.exit(
  measuredNow.every((row) => row.pass) && results.some((result) => !isReference(result)) ? 0 : 1,
)
