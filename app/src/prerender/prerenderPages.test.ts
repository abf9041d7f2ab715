import { describe, expect, it } from 'vitest'
import { pageAssets, pageHtml } from './prerenderPages'

// The shape of Vite's manifest for the entry, a page chunk and the starter.
const MANIFEST = {
  'index.html': { file: 'assets/main-1.js', css: ['assets/main-1.css'], imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_strings.js': { file: 'assets/strings-1.js', css: ['assets/strings-1.css'] },
  'src/features/mobile/MobileHomePage.tsx': {
    file: 'assets/MobileHomePage-1.js',
    css: ['assets/MobileHomePage-1.css', 'assets/main-1.css'],
    imports: ['_react.js', '_strings.js'],
  },
  'src/prerender/startAfterPaint.ts': { file: 'assets/startAfterPaint-1.js' },
}

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>GY音乐</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/main-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

describe('a prerendered page', () => {
  const assets = pageAssets(MANIFEST, ['src/features/mobile/MobileHomePage.tsx'])

  it("names the entry first, then every chunk the entry and the page's modules import", () => {
    expect(assets.scripts).toEqual([
      '/assets/main-1.js',
      '/assets/react-1.js',
      '/assets/MobileHomePage-1.js',
      '/assets/strings-1.js',
    ])
    expect(assets.styles).toEqual(['/assets/MobileHomePage-1.css', '/assets/strings-1.css'])
    expect(assets.starter).toBe('/assets/startAfterPaint-1.js')
  })

  it('loads only the starter and the styles from its head, and holds its first screen', () => {
    const html = pageHtml(INDEX_HTML, assets, '<main>正在流行</main>')
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])
    expect(scripts).toEqual(['/assets/startAfterPaint-1.js'])
    expect(html).not.toContain('modulepreload')
    expect(html).toContain(
      '<meta name="gy-app-scripts" content="/assets/main-1.js /assets/react-1.js /assets/MobileHomePage-1.js /assets/strings-1.js">',
    )
    const stylesheets = [...html.matchAll(/rel="stylesheet" crossorigin href="([^"]+)"/g)]
    expect(stylesheets.map((match) => match[1])).toEqual([
      '/assets/main-1.css',
      '/assets/MobileHomePage-1.css',
      '/assets/strings-1.css',
    ])
    expect(html).toContain('<div id="root"><main>正在流行</main></div>')
  })

  it('refuses a module the build does not have, and an index.html it does not recognise', () => {
    expect(() => pageAssets(MANIFEST, ['src/features/missing.tsx'])).toThrow(/no chunk for/)
    expect(() => pageHtml('<html><body></body></html>', assets, '')).toThrow(
      /index.html has changed/,
    )
  })
})
