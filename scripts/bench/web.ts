// First-load JavaScript of /home: every script the built index.html loads or preloads, gzipped.
// The app is built by the very command `npm start` runs, once with NODE_ENV unset and once with the
// shell's NODE_ENV=development, since the budget holds however the shell is set.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BenchRow } from '../bench-types'

const BUDGET_KB = 150
/** The public verification page's own budget (issue 10). */
const VERIFY_BUDGET_KB = 80
const root = new URL('../..', import.meta.url).pathname
/** Strings only React's development build carries (the JSX dev runtime, DOM nesting warnings). */
const DEVELOPMENT_REACT = ['jsxDEV', 'cannot be a child of']

interface FirstLoad {
  page: string
  files: number
  gzipKilobytes: number
  hlsIncluded: boolean
  developmentReact: boolean
}

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

/** Every script the built page loads or preloads at once, gzipped. */
function measure(page: string): FirstLoad {
  const dist = join(root, 'app', 'dist')
  const html = readFileSync(join(dist, page), 'utf8')
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] ?? '')
  const sources = [...new Set(scripts)].map((src) =>
    readFileSync(join(dist, src.replace(/^\//, ''))),
  )
  const texts = sources.map((source) => source.toString('utf8'))
  return {
    page,
    files: sources.length,
    gzipKilobytes: sources.reduce((sum, source) => sum + gzipSync(source).length, 0) / 1024,
    hlsIncluded: texts.some((text) => text.includes('hls.js')),
    developmentReact: texts.some((text) =>
      DEVELOPMENT_REACT.some((marker) => text.includes(marker)),
    ),
  }
}

function sizeRow(label: string, load: FirstLoad): BenchRow {
  return {
    area: 'web',
    budget: `First-load JS of /home, gzip (${load.files} files), ${label}`,
    target: `≤ ${BUDGET_KB} KB, production React`,
    measured: `${load.gzipKilobytes.toFixed(1)} KB, ${load.developmentReact ? 'development' : 'production'} React`,
    pass: load.gzipKilobytes <= BUDGET_KB && !load.developmentReact,
  }
}

export async function run(): Promise<BenchRow[]> {
  build('development')
  const developmentShell = measure('index.html')
  // Built last, so app/dist is left as a shell without NODE_ENV builds it.
  build(undefined)
  const plainShell = measure('index.html')
  const verifyPage = measure('verify.html')
  return [
    {
      area: 'web',
      budget: `First-load JS of the public verification page /verify, gzip (${verifyPage.files} files)`,
      target: `≤ ${VERIFY_BUDGET_KB} KB`,
      measured: `${verifyPage.gzipKilobytes.toFixed(1)} KB`,
      pass: verifyPage.gzipKilobytes <= VERIFY_BUDGET_KB && verifyPage.files > 0,
    },
    sizeRow('NODE_ENV unset', plainShell),
    sizeRow('shell with NODE_ENV=development', developmentShell),
    {
      area: 'web',
      budget: 'hls.js kept out of the first load',
      target: 'absent',
      measured: plainShell.hlsIncluded ? 'present' : 'absent',
      pass: !plainShell.hlsIncluded,
    },
  ]
}
