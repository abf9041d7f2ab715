// Fails when the built app (app/dist) contains @statelyai/inspect: the inspector is wired only
// behind import.meta.env.DEV (app/src/devtools/inspector.ts) and must never reach users.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = new URL('../../app/dist', import.meta.url).pathname
const MARKERS = ['@statelyai/inspect', 'stately.ai/inspect', 'createBrowserInspector']

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
  console.error(`the state inspector is in the production bundle: ${leaks.join(', ')}`)
  process.exit(1)
}
console.log(`${scripts.length} built files, none carries the state inspector`)
