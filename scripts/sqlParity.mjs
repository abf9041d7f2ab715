// The embedded database's server tests run a subset of the files the PostgreSQL run runs (the
// `server-embedded` project of vitest.config.ts). This check is what makes that safe: each run
// records every SQL text Kysely sent (server/src/test/recordSqlTexts.ts, GY_SQL_TEXTS_DIR), and it
// fails, naming each text and the PostgreSQL test files that ran it, when the embedded run never
// executed a text the PostgreSQL run did.
//
//   node scripts/sqlParity.mjs <folder of the PostgreSQL run> <folder of the embedded run>
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The statement as both databases run it: the PostgreSQL run keeps each test app in a named
 * schema, so Kysely's migration bookkeeping names that schema and a lock number derived from it,
 * where the embedded database has neither.
 */
export function normalized(sql) {
  return sql
    .replace(/"[A-Za-z0-9_]+"\."(kysely_migration(?:_lock)?)"/g, '"$1"')
    .replace(/pg_advisory_(un)?lock\(-?\d+\)/g, 'pg_advisory_$1lock(…)')
}

/** SQL text → the test files that ran it, from every record file of a run's folder. */
export function readSqlTexts(folder) {
  const texts = new Map()
  if (!existsSync(folder)) return texts
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(folder, name), 'utf8').split('\n')) {
      if (line === '') continue
      const { file, sql: text } = JSON.parse(line)
      const sql = normalized(text)
      if (!texts.has(sql)) texts.set(sql, new Set())
      texts.get(sql).add(file)
    }
  }
  return texts
}

/** The texts PostgreSQL ran that the embedded database never did, with their files. */
export function missingOnEmbedded(postgresTexts, embeddedTexts) {
  return [...postgresTexts]
    .filter(([sql]) => !embeddedTexts.has(sql))
    .map(([sql, files]) => ({ sql, files: [...files].sort() }))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [postgresFolder, embeddedFolder] = process.argv.slice(2)
  if (postgresFolder === undefined || embeddedFolder === undefined) {
    console.error('usage: node scripts/sqlParity.mjs <PostgreSQL run folder> <embedded run folder>')
    process.exit(2)
  }
  const postgres = readSqlTexts(postgresFolder)
  const embedded = readSqlTexts(embeddedFolder)
  if (postgres.size === 0 || embedded.size === 0) {
    console.error(
      `✘ No SQL recorded (${postgres.size} texts on PostgreSQL, ${embedded.size} on the embedded database): were both server runs made with GY_SQL_TEXTS_DIR?`,
    )
    process.exit(1)
  }
  const missing = missingOnEmbedded(postgres, embedded)
  console.log(
    `PostgreSQL ran ${postgres.size} distinct SQL texts, the embedded database ${embedded.size}.`,
  )
  if (missing.length === 0) {
    console.log('✔ The embedded database ran every one of PostgreSQL’s.')
    process.exit(0)
  }
  console.log(
    `✘ ${missing.length} never ran on the embedded database; add a file that runs each to the server-embedded project (vitest.config.ts):`,
  )
  for (const { sql, files } of missing) {
    console.log(
      `\n  ${sql.slice(0, 300)}${sql.length > 300 ? '…' : ''}\n    ran by ${files.join(', ')}`,
    )
  }
  process.exit(1)
}
