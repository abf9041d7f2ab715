// Fails when the built app (app/dist) contains the development tools: @statelyai/inspect, wired only
// behind import.meta.env.DEV (app/src/devtools/inspector.ts), or elkjs, which only Storybook's state
// chart pages use. Neither may reach users.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = new URL('../../app/dist', import.meta.url).pathname
const MARKERS = [
  '@statelyai/inspect',
  'stately.ai/inspect',
  'createBrowserInspector',
  // elkjs's compiled layout engine names its Java packages.
  'org.eclipse.elk',
]

function files(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(directory, entry.name)) : [join(directory, entry.name)],
  )
}

const scripts = files(dist).filter((file) => /\.(js|mjs|html)$/.test(file))
const leaks = scripts.filter((file) => {
  const text = readFileSync(file, 'utf8')
  return MARKERS.some((marker) => text.includes(marker))
})
if (scripts.length === 0) {
  console.error(`no scripts under ${dist}: build the app first`)
  process.exit(1)
}
if (leaks.length > 0) {
  console.error(
    `development tools (state inspector or elkjs) are in the production bundle: ${leaks.join(', ')}`,
  )
  process.exit(1)
}
console.log(`${scripts.length} built files, none carries the state inspector or elkjs`)
