// The first-load gate itself, on a small fake build: it must fail when a chunk grows past 2%,
// name what grew, and accept a build once the budgets are updated.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chunkName, measureFirstLoad, SHELLS } from './firstLoad'
import { budgetsFrom, checkBuild, readBudgets, writeBudgets } from './perfBudgets'

/** Text gzip cannot shrink much, so added characters are added gzipped bytes. */
const incompressible = (characters: number) =>
  `/*${randomBytes(characters).toString('base64').slice(0, characters)}*/`

const FILES = {
  main: 'assets/main--i_sBrzC.js',
  shared: 'assets/Button-19MN-4Rk.js',
  desktopShell: 'assets/DesktopShell-Bwfonj_W.js',
  home: 'assets/HomePage-Cc9SMkOZ.js',
  mobileShell: 'assets/MobileShell-BjRc4Md1.js',
  mobileHome: 'assets/MobileHomePage-Csgn273H.js',
  verify: 'assets/verify-28dq3EmD.js',
  extra: 'assets/Carousel-AbCdEfGh.js',
}

let dist = ''

function writeChunk(file: string, characters: number) {
  writeFileSync(join(dist, file), incompressible(characters))
}

function writeManifest(homeImports: string[] = ['_Button-19MN-4Rk.js']) {
  const manifest = {
    'index.html': { file: FILES.main, isEntry: true, imports: ['_Button-19MN-4Rk.js'] },
    '_Button-19MN-4Rk.js': { file: FILES.shared },
    '_Carousel-AbCdEfGh.js': { file: FILES.extra },
    'src/shells/DesktopShell.tsx': { file: FILES.desktopShell, imports: ['_Button-19MN-4Rk.js'] },
    'src/features/home/HomePage.tsx': { file: FILES.home, imports: homeImports },
    'src/shells/MobileShell.tsx': { file: FILES.mobileShell },
    'src/features/mobile/MobileHomePage.tsx': { file: FILES.mobileHome },
    'verify.html': { file: FILES.verify, isEntry: true },
  }
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
}

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'gy-first-load-'))
  mkdirSync(join(dist, 'assets'))
  mkdirSync(join(dist, '.vite'))
  writeFileSync(
    join(dist, 'index.html'),
    `<script type="module" crossorigin src="/${FILES.main}"></script>` +
      `<link rel="modulepreload" crossorigin href="/${FILES.shared}">`,
  )
  writeFileSync(
    join(dist, 'verify.html'),
    `<script type="module" crossorigin src="/${FILES.verify}"></script>`,
  )
  writeChunk(FILES.main, 40_000)
  writeChunk(FILES.shared, 4_000)
  writeChunk(FILES.desktopShell, 6_000)
  writeChunk(FILES.home, 8_000)
  writeChunk(FILES.mobileShell, 5_000)
  writeChunk(FILES.mobileHome, 7_000)
  writeChunk(FILES.verify, 3_000)
  writeChunk(FILES.extra, 3_000)
  writeManifest()
})

afterEach(() => rmSync(dist, { recursive: true, force: true }))

describe('measureFirstLoad', () => {
  it('counts the page scripts, the shell and page the app starts, and what they import, once each', () => {
    const desktop = measureFirstLoad(dist, SHELLS.desktop)
    expect(desktop.chunks.map((chunk) => chunk.file).sort()).toEqual(
      [FILES.main, FILES.shared, FILES.desktopShell, FILES.home].sort(),
    )
    expect(desktop.gzipBytes).toBe(desktop.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0))
    const verify = measureFirstLoad(dist, SHELLS.verify)
    expect(verify.chunks.map((chunk) => chunk.file)).toEqual([FILES.verify])
  })

  it('refuses a shell module the manifest does not have, rather than measure less', () => {
    expect(() =>
      measureFirstLoad(dist, { ...SHELLS.desktop, startsLoading: ['src/shells/Gone.tsx'] }),
    ).toThrow('src/shells/Gone.tsx is not in the build')
  })

  it('names chunks without their content hash', () => {
    expect(chunkName('assets/main--i_sBrzC.js')).toBe('main')
    expect(chunkName('assets/strings-3-CZFNiL.js')).toBe('strings')
    expect(chunkName('assets/chunk-6KYCQHYJ-C6SupPhq.js')).toBe('chunk-6KYCQHYJ')
  })
})

describe('the first-load gate', () => {
  it('passes the build its budgets were taken from', () => {
    const verdicts = checkBuild(dist, budgetsFrom(dist))
    expect(verdicts.map((verdict) => [verdict.shell, verdict.pass])).toEqual([
      ['desktop', true],
      ['mobile', true],
      ['verify', true],
    ])
  })

  it('fails the shell whose chunk grew more than 2%, naming the figure, the budget and the chunk', () => {
    const budgets = budgetsFrom(dist)
    const before = budgets.shells.desktop.gzipBytes
    // About 5% of the desktop shell's gzipped bytes, all in its home page chunk.
    writeChunk(FILES.home, 8_000 + Math.round(before * 0.05 * 1.35))
    const [desktop, mobile, verify] = checkBuild(dist, budgets)
    expect(desktop?.pass).toBe(false)
    expect(desktop?.message).toMatch(/^desktop shell \(\/home\): first-load JS [\d.]+ KB gzip/)
    expect(desktop?.message).toContain(`budget ${(before / 1024).toFixed(1)} KB (${before} B) + 2%`)
    expect(desktop?.message).toMatch(/chunks that grew: HomePage [\d.]+ KB → [\d.]+ KB \(\+\d+ B\)/)
    expect(mobile?.pass).toBe(true)
    expect(verify?.pass).toBe(true)
  })

  it('lets a growth within 2% pass', () => {
    const budgets = budgetsFrom(dist)
    writeChunk(FILES.home, 8_000 + Math.round(budgets.shells.desktop.gzipBytes * 0.01))
    expect(checkBuild(dist, budgets).every((verdict) => verdict.pass)).toBe(true)
  })

  it('names a chunk the shell newly imports', () => {
    const budgets = budgetsFrom(dist)
    writeManifest(['_Button-19MN-4Rk.js', '_Carousel-AbCdEfGh.js'])
    const desktop = checkBuild(dist, budgets)[0]
    expect(desktop?.pass).toBe(false)
    expect(desktop?.message).toMatch(/chunks that grew: Carousel [\d.]+ KB \(new\)/)
  })

  it('accepts the grown build once the budgets file is rewritten', () => {
    const path = join(dist, 'perf-budgets.json')
    writeBudgets(path, budgetsFrom(dist))
    writeChunk(FILES.mobileHome, 20_000)
    expect(checkBuild(dist, readBudgets(path))[1]?.pass).toBe(false)
    writeBudgets(path, budgetsFrom(dist))
    expect(checkBuild(dist, readBudgets(path)).every((verdict) => verdict.pass)).toBe(true)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      tolerance: 0.02,
      shells: { mobile: { address: '/m/home', chunks: { MobileHomePage: expect.any(Number) } } },
    })
  })
})
