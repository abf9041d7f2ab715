// What `npm test` (scripts/test.mjs) needs around the tests, so a fresh Debian machine passes them
// after `npm ci && npm test` alone: the Debian packages (installed when the user may, otherwise
// one `apt-get install` line to run), a throwaway PostgreSQL cluster in a temporary folder on a
// free loopback port, and an S3-protocol server (s3rver, a dev dependency). Everything started
// here is registered with `teardown()`, which test.mjs calls at the end, on failure and on
// SIGINT/SIGTERM/SIGHUP; `teardownSync()` is the last resort of an unexpected exit.
import { spawn, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const isRoot = process.getuid?.() === 0

/** What each Debian package is for, said when it is installed or asked for. */
export const PACKAGE_REASONS = {
  chromium: 'the browser and visual tests run in Debian’s Chromium',
  postgresql:
    'a throwaway PostgreSQL for the server, hardening and scale-out tests (or set DATABASE_URL)',
  // The visual baselines (visual-baselines/) are drawn with exactly these fonts: Noto Sans CJK for
  // the text, DejaVu (core and extra) for the few symbols it lacks.
  'fonts-noto-cjk': 'the Chinese text of the screenshots and visual baselines',
  'fonts-dejavu-extra': 'the symbols the visual baselines draw with DejaVu',
  'poppler-utils': 'pdftotext, pdffonts and pdftoppm read the certificate PDFs in the tests',
  'nginx-light': 'nginx is the load balancer of the scale-out test',
}

function onPath(command) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((directory) => directory !== '' && existsSync(join(directory, command)))
}

function dpkgInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' })
  return result.status === 0 && result.stdout.includes('install ok installed')
}

/** The directory of the newest PostgreSQL server Debian installed, or undefined. */
export function postgresBin() {
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return undefined
  const versions = readdirSync(base)
    .filter((version) =>
      ['initdb', 'pg_ctl', 'postgres', 'psql'].every((tool) =>
        existsSync(join(base, version, 'bin', tool)),
      ),
    )
    .sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b))
  const newest = versions.at(-1)
  return newest === undefined ? undefined : { version: newest, bin: join(base, newest, 'bin') }
}

/** Whether a Debian package is missing, by the file the tests use (as .ci/run checked). */
const PRESENT = {
  chromium: () => existsSync('/usr/bin/chromium'),
  postgresql: () => postgresBin() !== undefined,
  'fonts-noto-cjk': () => dpkgInstalled('fonts-noto-cjk'),
  'fonts-dejavu-extra': () => dpkgInstalled('fonts-dejavu-extra'),
  'poppler-utils': () => ['pdftotext', 'pdffonts', 'pdftoppm'].every(onPath),
  'nginx-light': () => existsSync('/usr/sbin/nginx'),
}

export function missingPackages(packages) {
  return packages.filter((name) => !PRESENT[name]())
}

function canSudo() {
  return onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
}

/**
 * Installs the missing packages when this user may (root, or sudo without a password), saying
 * what and why. Otherwise prints the one `apt-get install` line and returns false.
 */
export async function ensureDebianPackages(packages, runStep) {
  const missing = missingPackages(packages)
  if (missing.length === 0) return true
  const why = missing.map((name) => `  ${name}: ${PACKAGE_REASONS[name]}`).join('\n')
  const sudo = isRoot ? [] : canSudo() ? ['sudo', '-n'] : undefined
  if (sudo === undefined || !onPath('apt-get')) {
    const line = `apt-get install --no-install-recommends ${missing.join(' ')}`
    console.error(`\n✘ The tests need Debian packages that are not installed:\n${why}`)
    console.error(
      isRoot || !onPath('sudo')
        ? `Install them as root, then run npm test again:\n  ${line}`
        : `Install them, then run npm test again:\n  sudo ${line}`,
    )
    return false
  }
  console.log(`\nInstalling Debian packages the tests need (apt-get):\n${why}`)
  // Installing nginx would start the system's nginx on port 80 and postgresql its main cluster;
  // the tests start their own, so no package may start a service meanwhile (policy-rc.d says no).
  const policy = '/usr/sbin/policy-rc.d'
  const asAdmin = (command, args) => [...sudo, command, ...args]
  let policyAdded = false
  if (!existsSync(policy)) {
    const [command, ...args] = asAdmin('sh', [
      '-c',
      `printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod +x ${policy}`,
    ])
    policyAdded = spawnSync(command, args, { stdio: 'inherit' }).status === 0
    if (policyAdded) {
      onTeardown('the policy-rc.d guard', () => {
        const [rm, ...rmArgs] = asAdmin('rm', ['-f', policy])
        spawnSync(rm, rmArgs, { stdio: 'inherit' })
      })
    }
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' }
  const [update, ...updateArgs] = asAdmin('env', [
    'DEBIAN_FRONTEND=noninteractive',
    'apt-get',
    'update',
    '-qq',
  ])
  const [install, ...installArgs] = asAdmin('env', [
    'DEBIAN_FRONTEND=noninteractive',
    'apt-get',
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    ...missing,
  ])
  const ok =
    (await runStep('apt-get update', update, updateArgs, env)) &&
    (await runStep(`apt-get install ${missing.join(' ')}`, install, installArgs, env, {
      quiet: true,
    }))
  if (policyAdded) await runTeardown('the policy-rc.d guard')
  const still = missingPackages(missing)
  if (!ok || still.length > 0) {
    console.error(`✘ apt-get did not install ${still.join(' ') || missing.join(' ')}`)
    return false
  }
  return true
}

// --- Teardown: every started thing, stopped in reverse order, once ---

const teardowns = []

/** `stopSync`, when given, is what an unexpected exit runs instead of the awaited `stop`. */
export function onTeardown(name, stop, stopSync = stop) {
  teardowns.push({ name, stop, stopSync, done: false })
}

async function runTeardown(name) {
  const entry = teardowns.find((candidate) => candidate.name === name && !candidate.done)
  if (entry === undefined) return
  entry.done = true
  try {
    await entry.stop()
  } catch (error) {
    console.error(`✘ stopping ${entry.name}: ${error instanceof Error ? error.message : error}`)
  }
}

/** Stops and removes everything set up here, newest first. */
export async function teardown() {
  for (const entry of [...teardowns].reverse()) await runTeardown(entry.name)
}

/** The same, synchronously, for process.on('exit'): best effort, nothing awaited. */
export function teardownSync() {
  for (const entry of [...teardowns].reverse()) {
    if (entry.done) continue
    entry.done = true
    try {
      entry.stopSync()
    } catch {
      // Best effort: the process is exiting.
    }
  }
}

// --- The throwaway PostgreSQL cluster and the S3-protocol server ---

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function idOf(flag) {
  const result = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
  if (result.status !== 0) throw new Error('there is no postgres system user (apt-get postgresql)')
  return Number(result.stdout.trim())
}

/**
 * Starts a PostgreSQL cluster of its own in a temporary folder, on a free port of 127.0.0.1 with
 * its socket inside that folder, with the role gy (password gy) and the database gy_test, and
 * registers its stop and removal. Returns the DATABASE_URL. As root, initdb and pg_ctl run as the
 * postgres system user (initdb refuses root); otherwise as this user.
 */
export async function startPostgres() {
  const found = postgresBin()
  if (found === undefined) throw new Error('no PostgreSQL server under /usr/lib/postgresql')
  const { version, bin } = found
  const directory = mkdtempSync(join(tmpdir(), 'gy-test-postgres-'))
  const data = join(directory, 'data')
  const log = join(directory, 'postgres.log')
  const as = (tool, args, options = {}) => {
    const [command, commandArgs] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args]
    // The postgres user may not enter the checkout; the temporary folder is its own.
    return spawnSync(command, commandArgs, { cwd: directory, encoding: 'utf8', ...options })
  }
  const stopSync = () => {
    if (existsSync(join(data, 'postmaster.pid'))) {
      as('pg_ctl', ['-D', data, '-s', '-w', '-t', '60', '-m', 'fast', 'stop'])
    }
    rmSync(directory, { recursive: true, force: true, maxRetries: 5 })
  }
  onTeardown(
    'PostgreSQL',
    () => {
      console.log(`Stopping the throwaway PostgreSQL and removing ${directory}`)
      stopSync()
    },
    stopSync,
  )
  if (isRoot) chownSync(directory, idOf('-u'), idOf('-g'))

  const init = as('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ])
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`)

  let port
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort()
    // A cluster nobody keeps: no fsync (a crash loses only a test run), socket in its folder.
    const options = [
      `-p ${port}`,
      `-k '${directory}'`,
      "-c listen_addresses='127.0.0.1'",
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ')
    const start = as('pg_ctl', [
      '-D',
      data,
      '-l',
      log,
      '-s',
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ])
    if (start.status === 0) break
    const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : ''
    if (attempt === 3) throw new Error(`PostgreSQL did not start:\n${start.stderr}${tail}`)
  }
  const sql = [
    "CREATE ROLE gy LOGIN CREATEDB PASSWORD 'gy';",
    'CREATE DATABASE gy_test OWNER gy;',
  ].join('\n')
  const psql = as(
    'psql',
    [
      '-h',
      directory,
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-v',
      'ON_ERROR_STOP=1',
      '-q',
    ],
    { input: sql },
  )
  if (psql.status !== 0) throw new Error(`creating gy and gy_test failed:\n${psql.stderr}`)
  return {
    url: `postgres://gy:gy@127.0.0.1:${port}/gy_test`,
    description: `PostgreSQL ${version}, a throwaway cluster in ${directory} on 127.0.0.1:${port}`,
  }
}

/**
 * Starts s3rver (from node_modules) in a temporary folder on a free loopback port, waits until it
 * answers and registers its stop and removal. Returns S3_TEST_ENDPOINT.
 */
export async function startS3() {
  const directory = mkdtempSync(join(tmpdir(), 'gy-test-s3rver-'))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/s3rver/bin/s3rver.js'),
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--silent',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  let exited = false
  const exit = new Promise((resolve) => {
    child.on('exit', () => {
      exited = true
      resolve()
    })
    child.on('error', () => {
      exited = true
      resolve()
    })
  })
  onTeardown(
    'the S3 server',
    async () => {
      console.log(`Stopping the S3 server and removing ${directory}`)
      if (!exited) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
        await exit
        clearTimeout(timer)
      }
      rmSync(directory, { recursive: true, force: true, maxRetries: 5 })
    },
    () => {
      child.kill('SIGKILL')
      rmSync(directory, { recursive: true, force: true, maxRetries: 5 })
    },
  )
  const endpoint = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (exited) break
    try {
      await fetch(endpoint)
      return { endpoint, description: `s3rver in ${directory} on ${endpoint}` }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  throw new Error(`s3rver did not answer on ${endpoint}`)
}
