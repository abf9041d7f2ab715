import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The layer rules of eslint.config.js, run through ESLint itself on snippets placed (by name
// only) inside each package, so a rule that stops matching fails here instead of going quiet.
const root = new URL('..', import.meta.url).pathname
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The ids of the layer rules that fire on `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {}\n`, { filePath })
  return (result?.messages ?? [])
    .map((message) => message.ruleId ?? message.message)
    .filter((rule) => rule === 'no-restricted-imports' || rule === 'no-restricted-globals')
}

const FORBIDDEN_IMPORTS: [file: string, source: string][] = [
  ['packages/design-system/src/components/Button/Button.tsx', '@gy/machines'],
  ['packages/design-system/src/components/Button/Button.tsx', '@gy/api'],
  ['packages/design-system/src/components/Button/Button.tsx', 'node:fs'],
  ['packages/machines/src/playerMachine.ts', '@gy/api'],
  ['packages/machines/src/playerMachine.ts', '@gy/api/contract'],
  ['packages/machines/src/playerMachine.ts', '@gy/design-system'],
  ['packages/machines/src/playerMachine.ts', 'react'],
  ['packages/machines/src/playerMachine.ts', '@xstate/react'],
  ['packages/api/src/client.ts', '@gy/machines'],
  ['packages/api/src/client.ts', '@gy/audio'],
  ['packages/api/src/client.ts', 'node:crypto'],
  ['packages/api/src/contract.ts', 'axios'],
  ['packages/api/src/messages.ts', './client'],
  ['packages/api/src/signing.ts', 'crypto-js/sha256'],
  ['packages/api/src/signing.ts', './sign'],
  ['packages/audio/src/engine.ts', '@gy/api'],
  ['packages/audio/src/engine.ts', 'node:fs'],
  ['app/src/main.tsx', '@gy/server'],
  ['app/src/main.tsx', '@gy/audio'],
  ['server/src/app.ts', '@gy/design-system'],
  ['server/src/app.ts', '@gy/app'],
  // The whole index brings crypto-js: the server takes the contract by subpath.
  ['server/src/app.ts', '@gy/api'],
]

const ALLOWED_IMPORTS: [file: string, source: string][] = [
  ['packages/machines/src/playerMachine.ts', 'xstate'],
  ['packages/api/src/contract.ts', 'zod'],
  ['packages/api/src/contract.ts', './messages'],
  ['packages/api/src/sign.ts', 'crypto-js/sha256'],
  ['app/src/main.tsx', '@gy/design-system'],
  ['app/src/main.tsx', '@gy/machines'],
  ['app/src/main.tsx', '@gy/api'],
  ['server/src/app.ts', '@gy/api/contract'],
  ['server/src/app.ts', '@gy/api/messages'],
  ['server/src/app.ts', '@gy/audio'],
  // The registration status machine decides on both sides which status changes are accepted.
  ['server/src/app.ts', '@gy/machines'],
  ['server/src/app.ts', 'node:crypto'],
  ['packages/audio/src/cli.ts', 'node:fs'],
  ['packages/api/src/client.test.ts', 'node:http'],
]

describe('the layer arrows of ARCHITECTURE.md', () => {
  it.each(FORBIDDEN_IMPORTS)('%s may not import %s', async (file, source) => {
    expect(await layerErrors(file, `import '${source}'`)).toEqual(['no-restricted-imports'])
  })

  it.each(ALLOWED_IMPORTS)('%s may import %s', async (file, source) => {
    expect(await layerErrors(file, `import '${source}'`)).toEqual([])
  })
})

describe('the globals of each layer', () => {
  it.each([
    ['packages/machines/src/playerMachine.ts', 'window.title'],
    ['packages/machines/src/playerMachine.ts', 'process.env'],
    ['packages/api/src/client.ts', 'localStorage.clear()'],
    ['packages/audio/src/engine.ts', 'Buffer.from([])'],
    ['packages/design-system/src/components/Button/Button.tsx', 'process.env'],
    ['app/src/main.tsx', 'process.env'],
    ['server/src/app.ts', 'document.title'],
  ])('%s may not use %s', async (file, code) => {
    expect(await layerErrors(file, `void ${code}`)).toEqual(['no-restricted-globals'])
  })

  it.each([
    ['packages/audio/src/engine.ts', 'new TextEncoder()'],
    ['packages/audio/src/cli.ts', 'process.argv'],
    ['app/src/main.tsx', 'document.title'],
    ['server/src/app.ts', 'process.env'],
  ])('%s may use %s', async (file, code) => {
    expect(await layerErrors(file, `void ${code}`)).toEqual([])
  })
})
