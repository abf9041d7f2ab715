// First-load JavaScript of /home: every script the built index.html loads or preloads, gzipped.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BenchRow } from '../bench-types'

const BUDGET_KB = 150
const root = new URL('../..', import.meta.url).pathname

export async function run(): Promise<BenchRow[]> {
  execFileSync('npm', ['run', 'build', '-w', 'app'], { cwd: root, stdio: 'ignore' })
  const dist = join(root, 'app', 'dist')
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] ?? '')
  const unique = [...new Set(scripts)]
  const gzipBytes = unique.reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(dist, src.replace(/^\//, '')))).length,
    0,
  )
  const hlsInFirstLoad = unique.some((src) =>
    readFileSync(join(dist, src.replace(/^\//, '')), 'utf8').includes('hls.js'),
  )
  const kilobytes = gzipBytes / 1024
  return [
    {
      area: 'web',
      budget: `First-load JS of /home, gzip (${unique.length} files)`,
      target: `≤ ${BUDGET_KB} KB`,
      measured: `${kilobytes.toFixed(1)} KB`,
      pass: kilobytes <= BUDGET_KB,
    },
    {
      area: 'web',
      budget: 'hls.js kept out of the first load',
      target: 'absent',
      measured: hlsInFirstLoad ? 'present' : 'absent',
      pass: !hlsInFirstLoad,
    },
  ]
}
