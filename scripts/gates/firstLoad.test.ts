// The first-load JavaScript gate of `npm test` (scripts/test.mjs runs it right after the web app
// build): each shell's entry page against perf-budgets.json, 2% tolerance. Static: it reads
// app/dist and needs no browser.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHELL_NAMES } from '../firstLoad'
import { APP_DIST, BUDGETS_PATH, checkBuild, readBudgets } from '../perfBudgets'

describe('first-load JavaScript of each shell, against perf-budgets.json', () => {
  it('has a built app to measure', () => {
    expect(
      existsSync(join(APP_DIST, '.vite', 'manifest.json')),
      'app/dist has no Vite manifest: run `npm run build` first',
    ).toBe(true)
  })

  const verdicts = existsSync(join(APP_DIST, '.vite', 'manifest.json'))
    ? checkBuild(APP_DIST, readBudgets(BUDGETS_PATH))
    : []

  it.each(SHELL_NAMES)('%s shell is within its budget + 2%%', (shell) => {
    const verdict = verdicts.find((candidate) => candidate.shell === shell)
    expect(verdict, `${shell} was not measured`).toBeDefined()
    expect(verdict?.pass, verdict?.message).toBe(true)
  })
})
