// `npm run bench`: measures every performance budget the issues name and prints a markdown table.
// Pass area names to run only some: `npm run bench -- web server`.
import { type BenchModule, type BenchResult, type BenchRow, isReference } from './bench-types'

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

function table(rows: BenchRow[]): string {
  const lines = [
    '| area | budget | target | measured | |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.area} | ${row.budget} | ${row.target} | ${row.measured} | ${row.pass ? '✅' : '❌'} |`,
    ),
  ]
  return lines.join('\n')
}

function referenceTable(results: BenchResult[]): string {
  const references = results.filter(isReference)
  if (references.length === 0) return ''
  return [
    '',
    'For reference, not budgets:',
    '',
    '| area | figure | measured |',
    '|---|---|---|',
    ...references.map((row) => `| ${row.area} | ${row.subject} | ${row.measured} |`),
  ].join('\n')
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
const budgets = results.filter((result): result is BenchRow => !isReference(result))
console.log(table(budgets) + referenceTable(results))
process.exit(budgets.every((row) => row.pass) ? 0 : 1)
