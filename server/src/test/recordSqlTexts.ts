/**
 * A setup file of the server tests: when GY_SQL_TEXTS_DIR is set, every SQL text Kysely sends is
 * appended, once per test file, to a file of that folder as a JSON line {file, sql}.
 * scripts/sqlParity.mjs then checks that the run on the embedded database executed every text
 * the run on PostgreSQL did, which is what lets the embedded run skip files whose statements
 * other files already run there.
 */
import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { observeQueries } from '../plugins/database/database'

// The one reading of the environment outside config.ts besides testApp.ts: a test-run switch.
const folder = process.env.GY_SQL_TEXTS_DIR
if (folder !== undefined && folder !== '') {
  mkdirSync(folder, { recursive: true })
  const recordFile = path.join(folder, `${process.pid}.jsonl`)
  const seen = new Set<string>()
  observeQueries((sql) => {
    const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown')
    const key = `${file}\u0000${sql}`
    if (seen.has(key)) return
    seen.add(key)
    appendFileSync(recordFile, `${JSON.stringify({ file, sql })}\n`)
  })
}
