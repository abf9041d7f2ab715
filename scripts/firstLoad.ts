// First-load JavaScript of each shell's entry page, read statically from a build (app/dist): every
// script the built HTML loads or preloads, and the chunks of the shell and home page the app starts
// loading at once (preloadShellFor in app/src/routes/AppRoutes.tsx), with every chunk they import
// statically, found through Vite's manifest; gzipped at the level a server's on-the-fly gzip uses.
// Used by the web bench (scripts/bench/web.ts) and the first-load gate of `npm test`
// (scripts/gates/firstLoad.test.ts), so both count the same bytes. No browser is needed.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface ShellEntry {
  /** The address a visitor opens, named in messages and rows. */
  address: string
  /** The built HTML page that address is served from. */
  page: string
  /** Manifest keys of the modules the app imports on demand but starts loading with the page. */
  startsLoading: string[]
}

/** The entry page of each shell the budgets hold. */
export const SHELLS = {
  desktop: {
    address: '/home',
    page: 'index.html',
    startsLoading: ['src/shells/DesktopShell.tsx', 'src/features/home/HomePage.tsx'],
  },
  mobile: {
    address: '/m/home',
    page: 'index.html',
    startsLoading: ['src/shells/MobileShell.tsx', 'src/features/mobile/MobileHomePage.tsx'],
  },
  verify: { address: '/verify', page: 'verify.html', startsLoading: [] },
} as const satisfies Record<string, ShellEntry>

export type ShellName = keyof typeof SHELLS
export const SHELL_NAMES = Object.keys(SHELLS) as ShellName[]

export interface ChunkSize {
  /** The built file, relative to the build folder: `assets/HomePage-Cc9SMkOZ.js`. */
  file: string
  gzipBytes: number
}

export interface FirstLoad {
  chunks: ChunkSize[]
  gzipBytes: number
  /** hls.js is loaded on demand only (ARCHITECTURE.md, "Player"). */
  hlsIncluded: boolean
  /** Strings only React's development build carries. */
  developmentReact: boolean
}

interface ManifestChunk {
  file: string
  imports?: string[]
}

/** Strings only React's development build carries (the JSX dev runtime, DOM nesting warnings). */
const DEVELOPMENT_REACT = ['jsxDEV', 'cannot be a child of']
/** Vite's content hash at the end of a built file's name: `HomePage-Cc9SMkOZ.js`. */
const HASHED_NAME = /^(?:.*\/)?(.+)-[\w-]{8}\.js$/

/**
 * A built file's name without its content hash, which every change moves: `HomePage`. Two chunks
 * may share one (two `strings` modules), so figures per name are sums.
 */
export function chunkName(file: string): string {
  return HASHED_NAME.exec(file)?.[1] ?? file.replace(/^.*\//, '')
}

function readManifest(dist: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
}

/** A chunk's file and the files of every chunk it imports statically, from Vite's manifest. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string): string[] {
  // A renamed module would otherwise be left out silently, and the figure would shrink unmeasured.
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`)
  const files = new Set<string>()
  const visit = (name: string) => {
    const chunk = manifest[name]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(key)
  return [...files]
}

/** Every script `entry`'s page loads or preloads at once in the build at `dist`, gzipped. */
export function measureFirstLoad(dist: string, entry: ShellEntry): FirstLoad {
  const html = readFileSync(join(dist, entry.page), 'utf8')
  const fromHtml = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => (match[1] ?? '').replace(/^\//, ''))
  const manifest = entry.startsLoading.length > 0 ? readManifest(dist) : {}
  const files = [
    ...new Set([...fromHtml, ...entry.startsLoading.flatMap((key) => chunkFiles(manifest, key))]),
  ]
  const sources = files.map((file) => readFileSync(join(dist, file)))
  const texts = sources.map((source) => source.toString('utf8'))
  const chunks = files.map((file, index) => ({
    file,
    gzipBytes: gzipSync(sources[index] ?? Buffer.alloc(0)).length,
  }))
  return {
    chunks,
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    hlsIncluded: texts.some((text) => text.includes('hls.js')),
    developmentReact: texts.some((text) =>
      DEVELOPMENT_REACT.some((marker) => text.includes(marker)),
    ),
  }
}

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
