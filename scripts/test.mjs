// Runs every test of the platform, in the order a failure is cheapest to find: static checks,
// unit tests, server tests on the embedded database and on PostgreSQL, the scale-out cluster test
// (PostgreSQL only), the hardening suite on both, the Storybook build and every story against its
// visual baseline (with axe), then the web app build, its first-load JavaScript budgets
// (perf-budgets.json) and browser journeys against the built app and the real server.
// Before the tests it sets up what they need (scripts/testEnvironment.mjs): the missing Debian
// packages (installed as root or with passwordless sudo, otherwise one apt-get line to run), a
// throwaway PostgreSQL unless DATABASE_URL is set and an S3-protocol server unless
// S3_TEST_ENDPOINT is set; both are stopped and removed at the end, on failure and on a signal.
// Ends with a table of the seconds of each step and one "N passed, N failed, N skipped" line that
// sums every Vitest run.
//
//   npm test                                   every step
//   npm test -- --list                         the steps' names
//   npm test -- --only "lint,unit tests"       only the steps whose names contain these
//   npm test -- --only "server tests on PostgreSQL" server/src/domain/points.test.ts
//                                              files (or name filters) go to each Vitest step
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  PACKAGE_REASONS,
  ensureDebianPackages,
  startPostgres,
  startS3,
  teardown,
  teardownSync,
} from './testEnvironment.mjs'

// The project pins Node 24 LTS through the `node` package; an older one means the scripts were run
// outside npm (or before `npm ci`), and its results would not be the project's.
const nodeMajor = Number(process.versions.node.split('.')[0])
if (nodeMajor < 24) {
  console.error(
    `Node ${process.versions.node} is running this script; run it through npm after npm ci (Node 24).`,
  )
  process.exit(1)
}

const root = new URL('..', import.meta.url).pathname

// What a step needs besides the checkout: 'postgres' (DATABASE_URL), 's3' (S3_TEST_ENDPOINT) and
// Debian packages (PACKAGE_REASONS says why each).
const BROWSER = ['chromium', 'fonts-noto-cjk', 'fonts-dejavu-extra']

/** Every step, in order. `after`: runs only if that step passed (and is selected with it). */
const STEPS = [
  // Every project with its own environment (the root tsconfig only lists them); `tsc -p .` would check none.
  { label: 'type check', command: ['npx', 'tsc', '-b'] },
  { label: 'lint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { label: 'format', command: ['npx', 'prettier', '--check', '.', '--log-level=warn'] },
  { label: 'unit tests', project: 'unit' },
  {
    label: 'server tests on embedded PGlite',
    project: 'server',
    env: { DATABASE_URL: '' },
    needs: ['poppler-utils', 's3'],
  },
  {
    label: 'server tests on PostgreSQL',
    project: 'server',
    needs: ['poppler-utils', 's3', 'postgres'],
  },
  // Scale-out (README "Scaling out"): two servers, two workers, nginx, one PostgreSQL and one bucket.
  { label: 'scale-out cluster test', project: 'cluster', needs: ['nginx-light', 's3', 'postgres'] },
  // Fuzzing, security, load and crash tests (server/hardening), on PGlite and on PostgreSQL.
  {
    label: 'hardening tests on embedded PGlite',
    project: 'hardening',
    env: { DATABASE_URL: '' },
    needs: ['s3'],
  },
  { label: 'hardening tests on PostgreSQL', project: 'hardening', needs: ['s3', 'postgres'] },
  { label: 'Storybook static build', command: ['npm', 'run', 'build-storybook'] },
  // Every story of that build against visual-baselines/, with axe on each (npm run test:visual,
  // README "Storybook, state charts and visual tests"): a picture that differs, a story without a
  // baseline, a baseline without a story, or a serious or critical axe finding fails the step.
  {
    label: 'visual and accessibility tests of every story',
    project: 'visual',
    after: 'Storybook static build',
    needs: BROWSER,
  },
  { label: 'web app build', command: ['npm', 'run', 'build'] },
  // First-load JavaScript per shell against perf-budgets.json (2% tolerance), read from the build.
  { label: 'first-load JS budgets', project: 'budgets', after: 'web app build' },
  // The state inspector and the chart layout are development tools; a bundle that carries them leaks.
  {
    label: 'no state inspector or elkjs in the production bundle',
    command: ['node', 'scripts/visual/noInspector.mjs'],
    after: 'web app build',
  },
  {
    label: 'browser tests',
    project: 'e2e',
    after: 'web app build',
    needs: [...BROWSER, 'poppler-utils'],
  },
]

// --- Arguments: --list, --only "<part of a step name>,…", then files for the Vitest steps ---

function usage(message) {
  console.error(`${message}\nSteps (npm test -- --only "<part of a name>,…" [files]):`)
  for (const step of STEPS) console.error(`  ${step.label}`)
  process.exit(2)
}

const args = process.argv.slice(2)
let only
const files = []
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index]
  if (arg === '--list') {
    for (const step of STEPS) console.log(step.label)
    process.exit(0)
  } else if (arg === '--only') {
    only = args[(index += 1)]
    if (only === undefined) usage('--only needs step names.')
  } else if (arg.startsWith('--only=')) {
    only = arg.slice('--only='.length)
  } else if (arg.startsWith('-')) {
    usage(`Unknown option ${arg}.`)
  } else {
    files.push(arg)
  }
}

let selected = STEPS
if (only !== undefined) {
  const terms = only
    .split(',')
    .map((term) => term.trim().toLowerCase())
    .filter((term) => term !== '')
  for (const term of terms) {
    if (!STEPS.some((step) => step.label.toLowerCase().includes(term))) {
      usage(`No step's name contains "${term}".`)
    }
  }
  const wanted = new Set(
    STEPS.filter((step) => terms.some((term) => step.label.toLowerCase().includes(term))),
  )
  // A step that reads a build brings that build along.
  for (const step of [...wanted]) {
    if (step.after !== undefined) wanted.add(STEPS.find((other) => other.label === step.after))
  }
  selected = STEPS.filter((step) => wanted.has(step))
  console.log(`Only: ${selected.map((step) => step.label).join(', ')}`)
}

// --- Running steps (asynchronously, so a signal is handled while a step runs) ---

const reports = join(root, 'test-artifacts', 'reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []
/** Each failed test with the start of its message, repeated at the end where a CI log's tail shows it. */
const failedTests = []
/** Seconds of each step, set-up included, printed as a table at the end. */
const timings = []
/** The step's process while one runs, so a signal reaches it. */
let current
let stopping = false

function record(label, started, ok) {
  const seconds = (Date.now() - started) / 1000
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds.toFixed(1)} s)`)
  timings.push({ label, seconds, ok })
  if (!ok) failures.push(label)
  return ok
}

function run(label, command, args, env = {}, { quiet = false } = {}) {
  // Once a signal arrived the process ends in its handler; no step starts and none finishes.
  if (stopping) return new Promise(() => {})
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', quiet ? 'ignore' : 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    })
    current = child
    let settled = false
    const settle = (ok) => {
      if (settled) return
      settled = true
      current = undefined
      if (!stopping) resolve(record(label, started, ok))
    }
    child.on('error', (error) => {
      console.error(`✘ ${command}: ${error.message}`)
      settle(false)
    })
    child.on('close', (code) => settle(code === 0))
  })
}

async function vitest(label, project, env = {}) {
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`)
  await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      `--reporter=json`,
      `--outputFile.json=${report}`,
      ...files,
    ],
    env,
  )
  if (!existsSync(report)) {
    totals.failed += 1
    return
  }
  const summary = JSON.parse(readFileSync(report, 'utf8'))
  totals.passed += summary.numPassedTests
  totals.failed += summary.numFailedTests
  totals.skipped += summary.numPendingTests + (summary.numTodoTests ?? 0)
  for (const file of summary.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) {
      const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 12).join('\n')
      failedTests.push(`[${label}] ${file.name.replace(root, '')} › ${test.fullName}\n${message}`)
    }
    // A file that failed outside any test (an import, a beforeAll) has no failed assertion.
    if (failed.length === 0 && file.status === 'failed') {
      failedTests.push(
        `[${label}] ${file.name.replace(root, '')}\n${(file.message ?? '').slice(0, 1500)}`,
      )
    }
  }
  if (summary.numTotalTests === 0) {
    console.log(`✘ ${label} ran no test`)
    failures.push(`${label} (no tests)`)
  }
}

/** A set-up part, timed like a step; its failure stops the run before any test. */
async function setUp(label, action) {
  if (stopping) return new Promise(() => {})
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  try {
    await action()
    return record(label, started, true)
  } catch (error) {
    console.error(`✘ ${error instanceof Error ? error.message : error}`)
    return record(label, started, false)
  }
}

function redacted(url) {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(DATABASE_URL)'
  }
}

/** Returns false when the tests cannot run: packages missing that this user cannot install. */
async function setUpAndRun() {
  const needs = new Set(selected.flatMap((step) => step.needs ?? []))
  const ownPostgres = needs.has('postgres') && !process.env.DATABASE_URL
  const ownS3 = needs.has('s3') && !process.env.S3_TEST_ENDPOINT
  const packages = Object.keys(PACKAGE_REASONS).filter(
    (name) => needs.has(name) || (name === 'postgresql' && ownPostgres),
  )
  const chromiumPath = process.env.CHROMIUM_PATH
  if (chromiumPath !== undefined && packages.includes('chromium')) {
    // CHROMIUM_PATH names another browser: it must be there; Debian's is not needed.
    packages.splice(packages.indexOf('chromium'), 1)
    if (!existsSync(chromiumPath)) {
      console.error(`✘ CHROMIUM_PATH is ${chromiumPath}, which does not exist.`)
      return false
    }
  }
  // Installs what is missing (its apt-get steps are timed like the others), or says what to run.
  if (!(await ensureDebianPackages(packages, run))) return false

  if (needs.has('postgres')) {
    if (ownPostgres) {
      const ok = await setUp('set-up: throwaway PostgreSQL', async () => {
        const postgres = await startPostgres()
        process.env.DATABASE_URL = postgres.url
        console.log(`Started ${postgres.description} (stopped and removed at the end)`)
        console.log(`DATABASE_URL=${redacted(postgres.url)}`)
      })
      if (!ok) return true
    } else {
      console.log(
        `\nDATABASE_URL is set: the PostgreSQL steps use ${redacted(process.env.DATABASE_URL)}`,
      )
    }
  }
  if (needs.has('s3')) {
    if (ownS3) {
      const ok = await setUp('set-up: S3-protocol server', async () => {
        const s3 = await startS3()
        process.env.S3_TEST_ENDPOINT = s3.endpoint
        console.log(`Started ${s3.description} (stopped and removed at the end)`)
      })
      if (!ok) return true
    } else {
      console.log(`\nS3_TEST_ENDPOINT is set: the S3 tests use ${process.env.S3_TEST_ENDPOINT}`)
    }
  }

  const passed = new Set()
  for (const step of selected) {
    if (step.after !== undefined && !passed.has(step.after)) continue
    const before = failures.length
    if (step.project !== undefined) await vitest(step.label, step.project, step.env)
    else await run(step.label, step.command[0], step.command.slice(1), step.env)
    if (failures.length === before) passed.add(step.label)
  }
  return true
}

/** Stops the running step (passing it `signal`), then everything set up, and exits. */
function stop(reason, signal, exitCode) {
  if (stopping) return
  stopping = true
  console.log(`\n${reason}: stopping the running step, then what npm test started`)
  const child = current
  let timer
  const gone = new Promise((resolve) => {
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) resolve()
    else {
      child.once('close', resolve)
      child.kill(signal)
      timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    }
  })
  gone
    .then(() => {
      clearTimeout(timer)
      return teardown()
    })
    .finally(() => process.exit(exitCode))
}
const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 }
for (const [signal, exitCode] of Object.entries(SIGNAL_EXIT_CODES)) {
  process.on(signal, () => stop(signal, signal, exitCode))
}
// npm runs this script through `sh -c`, and a SIGTERM sent to npm alone ends that shell, not this
// process: once the parent is gone (this process was handed to another), stop as for a SIGTERM.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop('npm test was stopped', 'SIGTERM', 143)
}, 1000).unref()
// The last resort of an exit nobody planned (teardown() below already ran on the usual ones).
process.on('exit', teardownSync)

let canRun
try {
  canRun = await setUpAndRun()
} finally {
  await teardown()
}
if (!canRun) process.exit(1)

console.log('\nSeconds per step:')
const width = Math.max(...timings.map((timing) => timing.label.length))
for (const { label, seconds, ok } of timings) {
  console.log(`  ${ok ? '✔' : '✘'} ${label.padEnd(width)} ${seconds.toFixed(1).padStart(7)}`)
}
const total = timings.reduce((sum, timing) => sum + timing.seconds, 0)
console.log(`    ${'all'.padEnd(width)} ${total.toFixed(1).padStart(7)}`)
console.log('')
for (const failure of failedTests) console.log(`✘ ${failure}\n`)
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0)
