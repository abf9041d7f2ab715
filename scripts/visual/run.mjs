// npm run test:visual [-- --update] [-- --build]: renders every story of the built Storybook in
// headless Chromium, compares it with visual-baselines/ and runs axe on it. Builds Storybook first
// when storybook-static/ is missing (or with --build); --update rewrites every baseline.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('../..', import.meta.url).pathname
const args = process.argv.slice(2)
const update = args.includes('--update')
const rest = args.filter((arg) => arg !== '--update' && arg !== '--build')

if (args.includes('--build') || !existsSync(join(root, 'storybook-static', 'index.json'))) {
  const build = spawnSync('npm', ['run', 'build-storybook'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'visual', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VISUAL_UPDATE: update ? '1' : '' },
})
process.exit(result.status ?? 1)
