// Runs every test of the platform, in the order a failure is cheapest to find: static checks,
// unit tests, server tests on the embedded database and on PostgreSQL, the scale-out cluster test
// (PostgreSQL only), the hardening suite on both, the Storybook build and every story against its
// visual baseline (with axe), then the web app build, its first-load JavaScript budgets
// (perf-budgets.json) and browser journeys against the built app and the real server.
// Before the tests it sets up what they need (scripts/testEnvironment.mjs): the missing Debian
// packages (installed as root or with passwordless sudo, otherwise one apt-get line to run), a
// throwaway PostgreSQL unless DATABASE_URL is set and an S3-protocol server unless
// S3_TEST_ENDPOINT is set; both are stopped and removed at the end, on failure and on a signal.
// Steps run side by side while the cores last, plus one (`cores` says how much of the machine a
// step keeps busy, `after` what it waits for); each step's output goes to test-artifacts/logs/ and
// is printed whole when the step ends. Ends with a table of each step's wall-clock and CPU seconds and one
// "N passed, N failed, N skipped" line that sums every Vitest run.
//
//   npm test                                   every step
//   npm test -- --list                         the steps' names
//   npm test -- --only "lint,unit tests"       only the steps whose names contain these
//   npm test -- --only "server tests on PostgreSQL" server/src/domain/points.test.ts
//                                              files (or name filters) go to each Vitest step
//   npm test -- --jobs 2                       cores' worth of steps at once (default: cores + 1)
//   npm test -- --record-times                 also rewrites the README's table of step times
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { stepTimesTable, writeStepTimes } from './stepTimes.mjs'
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

/**
 * Every step. `after`: the steps it waits for, and runs only if they passed (when they are
 * selected too). `cores`: how many cores it keeps busy (1 unless it runs Vitest files side by
 * side or a browser beside a server); steps start in this order while the cores last, so the
 * longest chains come first.
 */
/** Where each server run records the SQL texts it sent. */
const SQL_TEXTS = {
  postgres: join(root, 'test-artifacts', 'sql', 'postgres'),
  embedded: join(root, 'test-artifacts', 'sql', 'embedded'),
}

const STEPS = [
  // Fuzzing, security, load and crash tests (server/hardening), on PGlite and on PostgreSQL. The
  // PGlite run is the longest chain of one core (real server processes, started and killed one
  // after another), so it starts first and runs beside everything else.
  {
    label: 'hardening tests on embedded PGlite',
    project: 'hardening',
    env: { DATABASE_URL: '' },
    needs: ['s3'],
  },
  // Every project with its own environment (the root tsconfig only lists them); `tsc -p .` would check none.
  { label: 'type check', command: ['npx', 'tsc', '-b'] },
  { label: 'lint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { label: 'format', command: ['npx', 'prettier', '--check', '.', '--log-level=warn'] },
  { label: 'web app build', command: ['npm', 'run', 'build'] },
  // First-load JavaScript per shell against perf-budgets.json (2% tolerance), read from the build.
  { label: 'first-load JS budgets', project: 'budgets', after: ['web app build'] },
  // The state inspector and the chart layout are development tools; a bundle that carries them leaks.
  {
    label: 'no state inspector or elkjs in the production bundle',
    command: ['node', 'scripts/visual/noInspector.mjs'],
    after: ['web app build'],
  },
  // Two files at a time, each with its own server on a copy of one seeded data folder.
  {
    label: 'browser tests',
    project: 'e2e',
    after: ['web app build'],
    needs: [...BROWSER, 'poppler-utils'],
    cores: 2,
  },
  { label: 'unit tests', project: 'unit', cores: 2 },
  // Both runs record every SQL text they send (server/src/test/recordSqlTexts.ts): compare them with
  // `node scripts/sqlParity.mjs test-artifacts/sql/postgres test-artifacts/sql/embedded`.
  {
    label: 'server tests on PostgreSQL',
    project: 'server',
    env: { GY_SQL_TEXTS_DIR: SQL_TEXTS.postgres },
    needs: ['poppler-utils', 's3', 'postgres'],
    cores: 2,
  },
  {
    label: 'server tests on embedded PGlite',
    project: 'server',
    env: { DATABASE_URL: '', GY_SQL_TEXTS_DIR: SQL_TEXTS.embedded },
    needs: ['poppler-utils', 's3'],
    cores: 2,
  },

  { label: 'hardening tests on PostgreSQL', project: 'hardening', needs: ['s3', 'postgres'] },
  // Scale-out (README "Scaling out"): two servers, two workers, nginx, one PostgreSQL and one bucket.
  { label: 'scale-out cluster test', project: 'cluster', needs: ['nginx-light', 's3', 'postgres'] },
  { label: 'Storybook static build', command: ['npm', 'run', 'build-storybook'] },
  // Every story of that build against visual-baselines/, with axe on each (npm run test:visual,
  // README "Storybook, state charts and visual tests"): a picture that differs, a story without a
  // baseline, a baseline without a story, or a serious or critical axe finding fails the step.
  {
    label: 'visual and accessibility tests of every story',
    project: 'visual',
    after: ['Storybook static build'],
    needs: BROWSER,
    cores: 2,
  },
]

// --- Arguments: --list, --only "<part of a step name>,…", --jobs N, then files for Vitest ---

function usage(message) {
  console.error(`${message}\nSteps (npm test -- --only "<part of a name>,…" [files]):`)
  for (const step of STEPS) console.error(`  ${step.label}`)
  process.exit(2)
}

const args = process.argv.slice(2)
let only
// One step more than the cores: every step waits part of the time (for processes it started, a
// browser, a database), and the longest chain of one core runs beside the rest.
let capacity = availableParallelism() + 1
let recordTimes = false
const files = []
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index]
  const [name, inlineValue] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg]
  const value = () => inlineValue ?? args[(index += 1)] ?? usage(`${name} needs a value.`)
  if (name === '--list') {
    for (const step of STEPS) console.log(step.label)
    process.exit(0)
  } else if (name === '--only') {
    only = value()
  } else if (name === '--jobs') {
    capacity = Number(value())
    if (!Number.isInteger(capacity) || capacity < 1) usage('--jobs needs a whole number ≥ 1.')
  } else if (name === '--record-times') {
    recordTimes = true
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
    for (const label of step.after ?? []) wanted.add(STEPS.find((other) => other.label === label))
  }
  selected = selected.filter((step) => wanted.has(step))
  console.log(`Only: ${selected.map((step) => step.label).join(', ')}`)
}

// --- Running steps (asynchronously, so a signal is handled while steps run) ---

const reports = join(root, 'test-artifacts', 'reports')
const logs = join(root, 'test-artifacts', 'logs')
for (const folder of [reports, logs, SQL_TEXTS.postgres, SQL_TEXTS.embedded]) {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
}

const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []
/** Each failed test with the start of its message, repeated at the end where a CI log's tail shows it. */
const failedTests = []
/** Wall-clock and CPU seconds of each step, set-up included, printed as a table at the end. */
const timings = []
/** The steps' processes while they run, so a signal reaches them. */
const running = new Set()
/** When each running step started, for the heartbeat line. */
const startedSteps = new Map()
let stopping = false
const runStarted = Date.now()

// The CPU time of a step is what its whole process tree used: Linux adds a child's CPU time (its
// own and that of every descendant it waited for) to this process's cutime and cstime when the
// child is reaped. Children are reaped one at a time, so the growth since the last reaped child
// is the CPU time of the one that just ended, whatever else runs beside it.
const TICKS_PER_SECOND = 100
function childrenCpuSeconds() {
  try {
    // The fields after the command name (which may hold spaces, so split after its ")").
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
  } catch {
    return undefined
  }
}
let childrenCpuSoFar = childrenCpuSeconds()
/** The CPU seconds of the children reaped since the last call. */
function cpuOfLastReaped() {
  const now = childrenCpuSeconds()
  const used =
    now === undefined || childrenCpuSoFar === undefined ? undefined : now - childrenCpuSoFar
  childrenCpuSoFar = now
  return used
}

function record(label, started, ok, cpuSeconds) {
  const seconds = (Date.now() - started) / 1000
  const cpu = cpuSeconds === undefined ? '' : `, CPU ${cpuSeconds.toFixed(1)} s`
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds.toFixed(1)} s${cpu})`)
  timings.push({ label, seconds, cpuSeconds, startedAt: (started - runStarted) / 1000, ok })
  if (!ok) failures.push(label)
  return ok
}

/**
 * Runs one command to its end. `logFile`: its output goes there and is printed whole when it
 * ends, so steps running side by side do not interleave; without it, the output is the terminal's.
 */
function run(label, command, args, env = {}, { quiet = false, logFile } = {}) {
  // Once a signal arrived the process ends in its handler; no step starts and none finishes.
  if (stopping) return new Promise(() => {})
  console.log(
    `\n▶ ${label}${logFile === undefined ? '' : ` (output in ${logFile.replace(root, '')})`}`,
  )
  const started = Date.now()
  return new Promise((resolve) => {
    const output = logFile === undefined ? undefined : openSync(logFile, 'w')
    const stdout = output ?? (quiet ? 'ignore' : 'inherit')
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', stdout, output ?? 'inherit'],
      env: { ...process.env, ...env },
      // A group of its own, so a stop reaches every process of the step: npx and npm do not pass
      // a signal on to what they started.
      detached: true,
    })
    if (output !== undefined) closeSync(output)
    running.add(child)
    startedSteps.set(label, started)
    let settled = false
    const settle = (ok) => {
      if (settled) return
      settled = true
      running.delete(child)
      startedSteps.delete(label)
      const cpuSeconds = cpuOfLastReaped()
      if (stopping) return
      if (logFile !== undefined) {
        console.log(`\n━━━ ${label} ━━━`)
        process.stdout.write(readFileSync(logFile, 'utf8'))
      }
      resolve(record(label, started, ok, cpuSeconds))
    }
    child.on('error', (error) => {
      console.error(`✘ ${command}: ${error.message}`)
      settle(false)
    })
    child.on('close', (code) => settle(code === 0))
  })
}

async function vitest(label, project, env = {}) {
  const name = label.replace(/\W+/g, '-')
  const report = join(reports, `${name}.json`)
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
    { logFile: join(logs, `${name}.log`) },
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
    return record(label, started, true, cpuOfLastReaped())
  } catch (error) {
    console.error(`✘ ${error instanceof Error ? error.message : error}`)
    return record(label, started, false, cpuOfLastReaped())
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

/**
 * Runs the selected steps in the order of STEPS, each as soon as the steps it comes `after` have
 * ended and there are cores for it; a step waiting for cores holds back the ones after it. A step
 * whose `after` failed is left out. Resolves when every step has ended.
 */
function runSteps(steps) {
  const labels = new Set(steps.map((step) => step.label))
  const passed = new Set()
  const ended = new Set()
  const waiting = [...steps]
  let coresInUse = 0
  return new Promise((resolve) => {
    const startWhatCan = () => {
      for (const step of [...waiting]) {
        const after = (step.after ?? []).filter((label) => labels.has(label))
        if (after.some((label) => !ended.has(label))) continue
        if (after.some((label) => !passed.has(label))) {
          console.log(
            `\n… ${step.label} left out: ${after.filter((l) => !passed.has(l)).join(', ')} failed`,
          )
          waiting.splice(waiting.indexOf(step), 1)
          ended.add(step.label)
          continue
        }
        const cores = Math.min(step.cores ?? 1, capacity)
        // No step jumps the queue: a later, smaller one would keep a wider one waiting for ever.
        if (coresInUse > 0 && coresInUse + cores > capacity) break
        waiting.splice(waiting.indexOf(step), 1)
        coresInUse += cores
        const before = failures.length
        const finished =
          step.project !== undefined
            ? vitest(step.label, step.project, step.env)
            : run(step.label, step.command[0], step.command.slice(1), step.env, {
                logFile: join(logs, `${step.label.replace(/\W+/g, '-')}.log`),
              })
        void finished.then(() => {
          coresInUse -= cores
          ended.add(step.label)
          if (failures.length === before) passed.add(step.label)
          startWhatCan()
        })
      }
      if (waiting.length === 0 && coresInUse === 0) resolve()
    }
    startWhatCan()
  })
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

  const heartbeat = setInterval(() => {
    const names = timingsRunning()
    if (names !== '') console.log(`… running: ${names}`)
  }, 60_000)
  try {
    await runSteps(selected)
  } finally {
    clearInterval(heartbeat)
  }
  return true
}

/** The steps running now with their minutes so far, for the heartbeat line. */
function timingsRunning() {
  return [...startedSteps]
    .map(([label, started]) => `${label} (${((Date.now() - started) / 60_000).toFixed(0)} min)`)
    .join(', ')
}

/** Stops the running steps (passing them `signal`), then everything set up, and exits. */
function stop(reason, signal, exitCode) {
  if (stopping) return
  stopping = true
  console.log(`\n${reason}: stopping the running steps, then what npm test started`)
  const gone = [...running].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const killGroup = (groupSignal) => {
          try {
            process.kill(-child.pid, groupSignal)
          } catch {
            child.kill(groupSignal)
          }
        }
        const timer = setTimeout(() => killGroup('SIGKILL'), 10_000)
        child.once('close', () => {
          clearTimeout(timer)
          resolve()
        })
        killGroup(signal)
      }),
  )
  Promise.all(gone)
    .then(() => teardown())
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

const wallSeconds = (Date.now() - runStarted) / 1000
const table = stepTimesTable(timings, wallSeconds, capacity)
console.log(`\nSeconds per step (${capacity} at a time where they can):\n${table}`)
if (recordTimes) {
  if (failures.length > 0 || totals.failed > 0) {
    console.log('The README keeps its step times: this run failed.')
  } else {
    writeStepTimes(table, wallSeconds)
  }
}
console.log('')
for (const failure of failedTests) console.log(`✘ ${failure}\n`)
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0)
