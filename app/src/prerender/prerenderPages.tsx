/**
 * The build's last step (`npm run build -w app`): renders the first screen of the pages a visitor
 * most often lands on with the app's own components and routes, and writes each into a copy of
 * index.html under dist/prerendered/, which the server sends for that address
 * (server/src/plugins/webApp.ts). A phone then paints the page from the HTML instead of waiting for
 * the JavaScript; main.tsx hydrates it, so React adopts the same elements without repainting.
 * The screens are rendered as a visitor meets them before any data has arrived (the same state
 * the client's first render has), so nothing in them is user- or time-dependent.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { lightTheme } from '@gy/design-system'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter, useRoutes } from 'react-router'
import { APP_ROUTES } from '../routes/AppRoutes'
import { MOBILE_USER_AGENT, mobileTwins } from '../routes/routeTable'

interface PrerenderedPage {
  path: string
  /** The lazily loaded modules the first screen is made of (AppRoutes.tsx): their scripts and
   * styles are linked from the page's head, so the styles paint with the HTML and the scripts
   * download alongside the entry instead of after it. */
  modules: readonly string[]
}

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  {
    path: '/m/home',
    modules: ['src/shells/MobileShell.tsx', 'src/features/mobile/MobileHomePage.tsx'],
  },
  { path: '/vote/list', modules: ['src/shells/DesktopShell.tsx', 'src/features/votes/pages.ts'] },
  // Where the server sends a phone that opens /vote/list.
  { path: '/m/vote/list', modules: ['src/shells/MobileShell.tsx', 'src/features/votes/pages.ts'] },
  { path: '/home', modules: ['src/shells/DesktopShell.tsx', 'src/features/home/HomePage.tsx'] },
]

/** The part of Vite's build manifest read here (dist/.vite/manifest.json). */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>

function App() {
  return useRoutes(APP_ROUTES)
}

export async function renderFirstScreen(pathname: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={pathname}>
        <App />
      </StaticRouter>
    </StrictMode>,
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The <link> elements for `modules`: each one's styles and the scripts it imports, except what
 * index.html already loads. Vite's loader finds these links when the chunks load and adds no second one.
 */
export function headLinksFor(manifest: Manifest, modules: readonly string[]): string {
  const loadedByEntry = new Set<string>()
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key)) return
    into.add(key)
    for (const imported of manifest[key]?.imports ?? []) collect(imported, into)
  }
  collect('index.html', loadedByEntry)
  const needed = new Set<string>()
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`the build manifest has no chunk for ${module}`)
    collect(module, needed)
  }
  const stylesOf = (keys: Iterable<string>) =>
    new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))
  const entryStyles = stylesOf(loadedByEntry)
  const styles = [...stylesOf(needed)].filter((file) => !entryStyles.has(file))
  const scripts = [...needed]
    .filter((key) => !loadedByEntry.has(key))
    .flatMap((key) => manifest[key]?.file ?? [])
  return [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('')
}

/**
 * index.html with the theme class on <html> (main.tsx puts it there too, for pages not
 * prerendered), the page's links in its head and its first screen in #root.
 */
export function pageHtml(indexHtml: string, links: string, firstScreen: string): string {
  const html = '<html lang="zh-CN">'
  const root = '<div id="root"></div>'
  if (![html, root, '</head>'].every((part) => indexHtml.includes(part))) {
    throw new Error('index.html has changed: no <html lang="zh-CN">, empty #root or </head>')
  }
  return indexHtml
    .replace(html, `<html lang="zh-CN" class="${lightTheme}">`)
    .replace('</head>', `${links}</head>`)
    .replace(root, `<div id="root">${firstScreen}</div>`)
}

/** Where the server looks for the page of `pathname` (server/src/plugins/webApp.ts). */
export function prerenderedFile(distDir: string, pathname: string): string {
  return path.join(distDir, 'prerendered', ...pathname.split('/').filter(Boolean), 'index.html')
}

export async function prerenderPages(distDir: string): Promise<void> {
  const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(
    await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest
  for (const page of PRERENDERED_PAGES) {
    const html = pageHtml(
      indexHtml,
      headLinksFor(manifest, page.modules),
      await renderFirstScreen(page.path),
    )
    const file = prerenderedFile(distDir, page.path)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, html)
  }
  // The server sends a phone that opens a desktop address to its mobile twin before any page is
  // sent, so the phone paints the mobile page from the HTML; the route table stays the one source.
  const shells: ShellsFile = {
    mobileUserAgent: { source: MOBILE_USER_AGENT.source, flags: MOBILE_USER_AGENT.flags },
    mobileTwins: mobileTwins(),
  }
  await writeFile(path.join(distDir, 'prerendered', SHELLS_FILE), JSON.stringify(shells))
}

/** dist/prerendered/shells.json, read by server/src/plugins/webApp.ts. */
export const SHELLS_FILE = 'shells.json'
interface ShellsFile {
  mobileUserAgent: { source: string; flags: string }
  mobileTwins: Record<string, string>
}
