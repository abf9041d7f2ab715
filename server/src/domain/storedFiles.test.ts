import { mkdtemp, rm, utimes } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_TYPES } from '../media/contentType'
import { storeHlsPackage } from '../media/hlsStore'
import type { FileStorage } from '../storage/fileStorage'
import { LocalDiskStorage } from '../storage/localDiskStorage'
import { createS3Client, S3Storage } from '../storage/s3Storage'
import { startTestS3 } from '../storage/s3TestServer'
import { createTestApp } from '../test/testApp'
import { namedKeys, STORAGE_KEY_COLUMNS, sweepOrphanedFiles } from './storedFiles'
import { addFixtureWork, toneMp3 } from './works.fixtures'

/**
 * The text columns that hold no storage key, each table's in one line. A column added to the
 * schema and found in neither this list nor STORAGE_KEY_COLUMNS fails the test: whoever adds it
 * says whether the sweep must spare the files it names.
 */
const COLUMNS_WITHOUT_STORAGE_KEYS: Record<string, readonly string[]> = {
  ai_jobs: ['engine', 'error', 'input', 'kind', 'state', 'title'],
  ai_results: ['details', 'lyric', 'name', 'role'],
  ai_singer_previews: ['engine', 'singer_id'],
  certification_applications: [
    'id_number_digest',
    'id_number_masked',
    'portfolio_links',
    'real_name',
    'reason',
    'status',
  ],
  charge_orders: ['order_id', 'package_id', 'provider', 'provider_trade_id', 'purpose', 'state'],
  copyright_owners: [
    'address',
    'contact',
    'credit_code',
    'id_number',
    'id_type',
    'kind',
    'name',
    'phone',
  ],
  copyright_registration_events: ['note', 'status'],
  copyright_registrations: [
    // File ids (uploaded_files rows), whose storage keys are named there.
    'attachment_file_ids',
    'author_name',
    'created_on',
    'created_place',
    'note',
    'paid_with',
    'published_on',
    'published_place',
    'registration_no',
    'status',
    'title',
    'work_type',
  ],
  // The deposited file's sha256, which is also its uploaded_files row's storage key.
  deposits: ['certificate_no', 'genre', 'lyric', 'sha256', 'title'],
  kysely_migration: ['name', 'timestamp'],
  kysely_migration_lock: ['id'],
  licence_orders: ['artist', 'licence_type', 'order_id', 'work_title'],
  licences: ['licence_no', 'licence_type', 'order_id'],
  login_failures: ['requester_ip'],
  musician_earnings: ['order_id'],
  notices: ['content', 'title'],
  payment_refunds: ['last_error', 'order_id', 'reason', 'refund_id', 'state'],
  points_ledger: ['job_id', 'kind', 'order_id', 'title'],
  request_nonces: ['nonce'],
  sandbox_orders: ['notify_url', 'order_id', 'return_url', 'state', 'subject', 'trade_id'],
  sessions: ['token_hash'],
  sms_codes: ['code_hash', 'phone', 'requester_ip'],
  store_banners: ['id', 'link', 'subtitle', 'title', 'work_seed_key'],
  store_categories: ['id', 'name'],
  store_counts: ['category_id'],
  // The AI creation record names the result, whose files are named by ai_results.
  uploaded_files: ['ai_creation', 'content_type', 'original_name', 'purpose'],
  user_roles: ['role'],
  // `/avatars/<key>`: every avatar's key is an avatar_images row.
  users: ['header_url', 'nick_name', 'phone'],
  vote_activities: ['description', 'seed_key', 'title'],
  vote_options: ['description', 'title'],
  vote_user_days: ['per_option'],
  vote_views: ['viewer_key'],
  work_plays: ['listener'],
  works: [
    'artist',
    'category_id',
    'delivery',
    'genre',
    'lyric',
    'search_text',
    'seed_key',
    'status',
    'title',
  ],
}

let app: FastifyInstance
let root = ''

beforeAll(async () => {
  app = await createTestApp()
  root = await mkdtemp(path.join(tmpdir(), 'gy-stored-files-'))
  // Building the app takes over a minute on a loaded machine.
}, 420_000)

afterAll(async () => {
  await app?.close()
  await rm(root, { recursive: true, force: true })
})

const columnName = (table: string, column: string): string => `${table}.${column}`

/** A work whose audio is packaged as HLS in `storage`: its segments are named only by the playlist. */
async function addPackagedWork(storage: FileStorage, seconds: number): Promise<string> {
  const playlistKey = await storeHlsPackage(storage, toneMp3(seconds))
  const work = await addFixtureWork(app)
  await app.db
    .updateTable('works')
    .set({ hls_playlist_key: playlistKey })
    .where('id', '=', work.id)
    .execute()
  return playlistKey
}

describe('the columns that hold storage keys', () => {
  it('are every text column of the schema that is not known to hold something else', async () => {
    const columns = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    `.execute(app.db)
    const inSchema = new Set(columns.rows.map((row) => columnName(row.table_name, row.column_name)))
    const listed = (lists: Record<string, readonly string[]>): string[] =>
      Object.entries(lists).flatMap(([table, names]) =>
        names.map((name) => columnName(table, name)),
      )
    const keyColumns = listed(STORAGE_KEY_COLUMNS)
    const otherColumns = listed(COLUMNS_WITHOUT_STORAGE_KEYS)
    const classified = new Set([...keyColumns, ...otherColumns])
    expect([...inSchema].filter((column) => !classified.has(column)).sort()).toEqual([])
    // Nothing listed that the schema no longer has, and nothing listed twice.
    expect([...classified].filter((column) => !inSchema.has(column))).toEqual([])
    expect(keyColumns.filter((column) => otherColumns.includes(column))).toEqual([])
  })
})

describe('the orphan sweep', () => {
  it('removes old files no row names, and spares named files, segments and young files', async () => {
    const storage = new LocalDiskStorage(root)
    const encode = (text: string) => new TextEncoder().encode(text)
    const orphan = await storage.put(
      encode('bytes of an upload killed before its row'),
      'audio/wav',
    )
    const avatar = await storage.put(encode('<svg>avatar</svg>'), CONTENT_TYPES.svg)
    await app.db.insertInto('avatar_images').values({ storage_key: avatar.key }).execute()
    const playlistKey = await addPackagedWork(storage, 12)
    const foundAgain = await storage.put(encode('bytes a new upload found stored'), 'audio/wav')

    const stored: string[] = []
    for await (const file of storage.list()) stored.push(file.key)
    // Packaging 12 s in 5 s segments: three segments and the playlist.
    expect(stored).toHaveLength(7)
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
    for (const key of stored) {
      await utimes(path.join(root, key.slice(0, 2), key), twoDaysAgo, twoDaysAgo)
    }
    // A put of stored bytes renews them: the row that will name them is on its way.
    await storage.put(encode('bytes a new upload found stored'), 'audio/wav')
    const young = await storage.put(encode('bytes stored a moment ago'), 'audio/wav')

    const named = await namedKeys(app.db, storage)
    const segments = stored.filter(
      (key) => ![orphan.key, avatar.key, playlistKey, foundAgain.key].includes(key),
    )
    expect(segments).toHaveLength(3)
    for (const key of [avatar.key, playlistKey, ...segments]) expect(named.has(key)).toBe(true)

    const outcome = await sweepOrphanedFiles(app.db, storage, {
      now: new Date(),
      graceMs: 24 * 60 * 60 * 1000,
    })
    expect(outcome).toEqual({ examined: 8, candidates: 1, removed: [orphan.key] })
    expect(await storage.exists(orphan.key)).toBe(false)
    for (const key of [avatar.key, playlistKey, ...segments, foundAgain.key, young.key]) {
      expect(await storage.exists(key), key).toBe(true)
    }
    // A second sweep finds nothing more to do.
    expect(
      await sweepOrphanedFiles(app.db, storage, { now: new Date(), graceMs: 24 * 60 * 60 * 1000 }),
    ).toEqual({ examined: 7, candidates: 0, removed: [] })
  })
})

describe('the orphan sweep on S3', () => {
  it('removes an old object no row names and spares named ones and their segments', async () => {
    const s3 = await startTestS3()
    const client = createS3Client(s3.settings)
    try {
      const storage = new S3Storage(client, s3.settings.bucket)
      const orphan = await storage.put(new TextEncoder().encode('unnamed on S3'), 'audio/wav')
      await addPackagedWork(storage, 6)
      const stored: string[] = []
      for await (const file of storage.list()) stored.push(file.key)
      // The test server's dates cannot be set back: the sweep is run two days ahead instead.
      const outcome = await sweepOrphanedFiles(app.db, storage, {
        now: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
        graceMs: 24 * 60 * 60 * 1000,
      })
      expect(outcome.removed).toEqual([orphan.key])
      for (const key of stored.filter((key) => key !== orphan.key)) {
        expect(await storage.exists(key), key).toBe(true)
      }
      expect(stored.length).toBeGreaterThanOrEqual(3)
    } finally {
      client.destroy()
      await s3.close()
    }
  })
})
