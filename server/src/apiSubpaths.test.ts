import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

// Loads a module in a fresh Node (through tsx, as `npm start` does) and lists every file it
// resolves from crypto-js (or axios, which the client used before it moved to fetch). The server
// takes @gy/api by subpath so that neither loads.
const PROBE = `
import { registerHooks } from 'node:module'
const loaded = new Set()
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context)
    const library = /node_modules\\/(axios|crypto-js)\\//.exec(result.url)
    if (library) loaded.add(library[1])
    return result
  },
})
await import(process.env.PROBE_TARGET)
console.log(JSON.stringify([...loaded].sort()))
process.exit(0)
`

async function browserLibrariesLoadedBy(relativePath: string): Promise<string[]> {
  const target = fileURLToPath(new URL(relativePath, import.meta.url))
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', PROBE],
    { env: { ...process.env, PROBE_TARGET: target }, timeout: 60_000 },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[]
}

describe('the server and the api package', () => {
  it('builds the server without loading axios or crypto-js', async () => {
    expect(await browserLibrariesLoadedBy('./app.ts')).toEqual([])
  })

  it('would load crypto-js through the whole @gy/api index, so the probe can see it', async () => {
    expect(await browserLibrariesLoadedBy('../../packages/api/src/index.ts')).toEqual(['crypto-js'])
  })
})
