/** Opening the embedded database (PGlite) the same way wherever it runs. */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

const PG_TYPE_INT8 = 20

/** The file PGlite takes as "a database is here": it then opens the folder as it is. */
const DATABASE_MARKER = 'PG_VERSION'

function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<PGlite> {
  const options: PGliteOptions = {
    // The store's keyword search runs on a pg_trgm index (migration 0015).
    extensions: { pg_trgm },
    // node-postgres returns int8 as text (it may not fit a JS number); PGlite would return a
    // number. Match node-postgres so code behaves the same on both.
    parsers: { [PG_TYPE_INT8]: (value: string) => value },
  }
  if (loadDataDir !== undefined) options.loadDataDir = loadDataDir
  return PGlite.create(dataDir, options)
}

/**
 * Makes a database folder whole or not at all. PGlite writes a new folder (initdb's files, or a
 * dump it loads) file by file, `PG_VERSION` a third of the way in, and opens any folder that has
 * `PG_VERSION` as a database: a process killed in between would leave a folder that never opens
 * again. So the folder is made beside its place and renamed into it once PGlite has closed it.
 * Whatever a killed attempt left (the `.creating` folder, or a folder without `PG_VERSION`) holds
 * no database and is removed. The caller holds the folder's lock (dataDirLock.ts).
 */
async function createDatabaseFolder(dataDir: string, loadDataDir: Blob | undefined): Promise<void> {
  const staging = `${dataDir}.creating`
  await rm(staging, { recursive: true, force: true })
  await rm(dataDir, { recursive: true, force: true })
  await mkdir(path.dirname(staging), { recursive: true })
  const pglite = await createPglite(staging, loadDataDir)
  await pglite.close()
  await rename(staging, dataDir)
}

/** Whether `dataDir` holds a database (made whole by this module, or by an older version). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, DATABASE_MARKER))
}

/**
 * Opens an embedded database with the server's type parsing; `dataDir` null keeps it in memory.
 * `loadDataDir` (a `dumpDataDir` dump) is loaded into a folder that holds no database yet.
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<PGlite> {
  if (dataDir === null) return createPglite(undefined, options.loadDataDir)
  if (!holdsDatabase(dataDir)) {
    await createDatabaseFolder(dataDir, options.loadDataDir)
  } else if (options.loadDataDir !== undefined) {
    throw new Error(`${dataDir} already holds a database: a dump loads into an empty folder only`)
  }
  return createPglite(dataDir, undefined)
}
