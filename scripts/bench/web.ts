// First-load JavaScript of /home: every script the built index.html loads or preloads, and the
// chunks of the desktop shell and home page that the app starts loading at once (preloadShellFor
// in app/src/routes/AppRoutes.tsx), found through Vite's manifest; gzipped.
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

/** The modules the app imports on demand but starts loading with /home itself. */
const HOME_ON_START = ['src/shells/DesktopShell.tsx', 'src/features/home/HomePage.tsx']

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** A chunk's file and the files of every chunk it imports statically, from Vite's manifest. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string): string[] {
  // A renamed module would otherwise be left out silently, and the row would pass unmeasured.
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`)
  const files = new Set<string>()
  const visit = (name: string) => {
    const chunk = manifest[name]
    if (!chunk || files.has(`/${chunk.file}`)) return
    files.add(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(key)
  return [...files]
}

/** Every script the built page loads or preloads at once, gzipped. */
function measure(page: string, startsLoading: string[] = []): FirstLoad {
  const dist = join(root, 'app', 'dist')
  const html = readFileSync(join(dist, page), 'utf8')
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ]
    .map((match) => match[1] ?? '')
    .concat(startsLoading.flatMap((key) => chunkFiles(manifest, key)))
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
  const developmentShell = measure('index.html', HOME_ON_START)
  // Built last, so app/dist is left as a shell without NODE_ENV builds it.
  build(undefined)
  const plainShell = measure('index.html', HOME_ON_START)
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
