// Runs every test of the platform, in the order a failure is cheapest to find: static checks,
// unit tests, server tests on the embedded database (and on PostgreSQL when DATABASE_URL is set),
// the scale-out cluster test (PostgreSQL only), the Storybook build and every story against its
// visual baseline (with axe), then the web app build, its first-load JavaScript budgets
// (perf-budgets.json) and browser journeys against the built app and the real server.
// Ends with one "N passed, N failed" line that sums every Vitest run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

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
const reports = join(root, 'test-artifacts', 'reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const totals = { passed: 0, failed: 0, skipped: 0 }
const failures = []
/** Each failed test with the start of its message, repeated at the end where a CI log's tail shows it. */
const failedTests = []

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds} s)`)
  if (!ok) failures.push(label)
  return ok
}

function vitest(label, project, env = {}, files = []) {
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`)
  run(
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

// Every project with its own environment (the root tsconfig only lists them); `tsc -p .` would check none.
run('type check', 'npx', ['tsc', '-b'])
run('lint', 'npx', ['eslint', '.', '--max-warnings=0'])
run('format', 'npx', ['prettier', '--check', '.', '--log-level=warn'])
vitest('unit tests', 'unit')
vitest('server tests on embedded PGlite', 'server', { DATABASE_URL: '' })
if (process.env.DATABASE_URL) {
  vitest('server tests on PostgreSQL', 'server', { DATABASE_URL: process.env.DATABASE_URL })
} else {
  console.log('\n(DATABASE_URL is not set: the server tests ran on the embedded database only.)')
}
// Scale-out (README "Scaling out"): two servers, two workers, nginx, one PostgreSQL and one bucket.
if (process.env.DATABASE_URL) {
  vitest('scale-out cluster test', 'cluster', { DATABASE_URL: process.env.DATABASE_URL })
} else {
  console.log(
    '\n(DATABASE_URL is not set: the scale-out cluster test was skipped; it needs a PostgreSQL every process shares.)',
  )
}

// Fuzzing, security, load and crash tests (server/hardening), on PGlite and on PostgreSQL.
vitest('hardening tests on embedded PGlite', 'hardening', { DATABASE_URL: '' })
if (process.env.DATABASE_URL) {
  vitest('hardening tests on PostgreSQL', 'hardening', { DATABASE_URL: process.env.DATABASE_URL })
}
const chromiumPresent = existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')
if (run('Storybook static build', 'npm', ['run', 'build-storybook'])) {
  // Every story of that build against visual-baselines/, with axe on each (npm run test:visual,
  // README "Storybook, state charts and visual tests"): a picture that differs, a story without a
  // baseline, a baseline without a story, or a serious or critical axe finding fails the step.
  if (chromiumPresent) {
    vitest('visual and accessibility tests of every story', 'visual')
  } else {
    console.log('✘ the visual tests need Chromium at /usr/bin/chromium (apt-get install chromium)')
    failures.push('visual tests (no Chromium)')
  }
}
if (run('web app build', 'npm', ['run', 'build'])) {
  // First-load JavaScript per shell against perf-budgets.json (2% tolerance), read from the build.
  vitest('first-load JS budgets', 'budgets')
  // The state inspector and the chart layout are development tools; a bundle that carries them leaks.
  run('no state inspector or elkjs in the production bundle', 'node', [
    'scripts/visual/noInspector.mjs',
  ])
  if (chromiumPresent) {
    vitest('browser tests', 'e2e')
  } else {
    console.log('✘ browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)')
    failures.push('browser tests (no Chromium)')
  }
}

console.log('')
for (const failure of failedTests) console.log(`✘ ${failure}\n`)
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0)
