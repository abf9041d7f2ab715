/** Opening the embedded database (PGlite) the same way wherever it runs. */
import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

const PG_TYPE_INT8 = 20

/** Opens an embedded database with the server's type parsing; `dataDir` null keeps it in memory. */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<PGlite> {
  if (dataDir !== null) await mkdir(dataDir, { recursive: true })
  return PGlite.create(dataDir ?? undefined, {
    ...options,
    // The store's keyword search runs on a pg_trgm index (migration 0015).
    extensions: { pg_trgm },
    // node-postgres returns int8 as text (it may not fit a JS number); PGlite would return a
    // number. Match node-postgres so code behaves the same on both.
    parsers: { [PG_TYPE_INT8]: (value: string) => value },
  })
}
