/**
 * Store budget: "`musicGoods/list` with 100,000 works: p95 under 50 ms for any page, category and
 * keyword", on the embedded default (PGlite) and on PostgreSQL (DATABASE_URL, as .ci/run sets it).
 *
 * 100,000 listed works are inserted in one statement from generate_series (titles, artists and
 * lyric lines drawn from Chinese word lists, so keywords hit tens of thousands of rows, a handful,
 * or none), then every measured call is a real signed `musicGoods/list` through the server
 * (signature, nonce, envelope, signed file URLs included): first, middle and last pages of every
 * sort, the middle and last pages of every category in every sort, keywords of one, two, three and
 * more characters (Chinese and Latin) that find works and that find none, the last page of a
 * common keyword's capped results, keywords within a category, and a keyword of 10,000
 * characters (refused). Each call is checked (found, none or refused as expected). Wall clock per
 * call; the median and p95 of each group, and the p95 of all calls together.
 */
import type { WorkPage } from '@gy/api/contract'
import type { FastifyInstance } from 'fastify'
import { STORE_SEARCH_MATCHES_MAX } from '@gy/api/constants'
import { sql } from 'kysely'
import type { BenchLabels, BenchResult } from '../../scripts/bench-types'
import { listCategories } from '../src/domain/store.repository'
import { addFixtureWork } from '../src/domain/works.fixtures'
import { toWorkItems } from '../src/domain/works'
import { call } from '../src/test/call'
import { createTestApp } from '../src/test/testApp'
import { type DatabaseLabel, WITHOUT_POSTGRESQL } from './onDatabase'

const WORKS = 100_000
const BUDGET_MS = 50
const ROUNDS = 5
const PAGE_SIZE = 20

const FIRST_WORDS = ['月光', '晚风', '青石', '星河', '海边', '夏夜', '故乡', '雨巷', '山间', '城南']
const SECOND_WORDS = [
  '的歌',
  '来信',
  '小镇',
  '旧梦',
  '灯火',
  '远方',
  '少年',
  '归途',
  '长街',
  '花开',
]
const ARTISTS = ['林夕雨', '陈一舟', '苏小米', 'Neon Band', '白鹿', '阿木', '周南', '夏至乐队']
const LYRIC_LINES = ['把思念写进风里', '你在城市的另一头', '一盏灯等我回家', '唱给明天的自己']

/** The GIN indexes over the search text (migrations 0015 and 0020). */
const SEARCH_INDEXES = ['works_search_trigrams', 'works_search_grams']

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN
}

async function fill(app: FastifyInstance): Promise<number> {
  // One real work gives every row stored files the player can play and a packaged HLS playlist.
  const model = await addFixtureWork(app, { title: '基准样本', seconds: 2 })
  await toWorkItems(app, [model])
  const files = await app.db
    .selectFrom('works')
    .select(['audio_key', 'cover_key', 'hls_playlist_key'])
    .where('id', '=', model.id)
    .executeTakeFirstOrThrow()
  const categories = (await listCategories(app.db)).map((category) => category.id)
  const started = performance.now()
  // A bulk load: new rows wait in the search indexes' pending lists, merged once by VACUUM, and
  // the per-row trigger that keeps the store's counts is off; the counts are taken once after.
  for (const index of SEARCH_INDEXES) {
    await sql`ALTER INDEX ${sql.raw(index)} SET (fastupdate = on)`.execute(app.db)
  }
  await sql`ALTER TABLE works DISABLE TRIGGER works_store_counts`.execute(app.db)
  await sql`
    INSERT INTO works (title, artist, audio_key, cover_key, hls_playlist_key, duration_ms, lyric,
      price_fen, play_count, category_id, status, created_at, updated_at)
    SELECT
      (${FIRST_WORDS}::text[])[1 + n % 10] || (${SECOND_WORDS}::text[])[1 + (n / 10) % 10] || ' ' || n,
      (${ARTISTS}::text[])[1 + n % 8],
      ${files.audio_key}, ${files.cover_key}, ${files.hls_playlist_key},
      120000 + n % 90000,
      '[00:01.00]' || (${LYRIC_LINES}::text[])[1 + n % 4] || E'\n[00:05.00]' ||
        (${LYRIC_LINES}::text[])[1 + (n / 4) % 4],
      100 + (n * 37) % 50000,
      (n * 7919) % 10000,
      (${categories}::text[])[1 + n % ${categories.length}],
      'listed',
      now() - make_interval(secs => n),
      now()
    FROM generate_series(1, ${WORKS}) AS n
  `.execute(app.db)
  await sql`ALTER TABLE works ENABLE TRIGGER works_store_counts`.execute(app.db)
  await sql`
    UPDATE store_counts SET works = (
      SELECT count(*) FROM works WHERE status = 'listed' AND audio_ready
        AND (store_counts.category_id = '' OR works.category_id = store_counts.category_id)
    )
  `.execute(app.db)
  await sql`VACUUM ANALYZE works`.execute(app.db)
  for (const index of SEARCH_INDEXES) {
    await sql`ALTER INDEX ${sql.raw(index)} SET (fastupdate = off)`.execute(app.db)
  }
  return performance.now() - started
}

type Expected = 'found' | 'none' | 'refused'

interface Case {
  group: string
  body: Record<string, unknown>
  /** Whether the call should find works, find none, or be refused (400). */
  expected: Expected
}

const SORTS = ['newest', 'plays', 'priceAsc', 'priceDesc']

function keywordCases(group: string, keywords: readonly string[], expected: Expected): Case[] {
  return keywords.map((keyword, index) => ({
    group,
    expected,
    body: { keyword, pageSize: PAGE_SIZE, sort: SORTS[index % SORTS.length] },
  }))
}

function cases(categories: readonly string[]): Case[] {
  const lastPage = Math.ceil(WORKS / PAGE_SIZE)
  const pages = [1, 50, Math.floor(lastPage / 2), lastPage - 1, lastPage]
  // A category holds an eighth of the works; its last page and the one in its middle.
  const categoryPages = [
    Math.ceil(lastPage / categories.length / 2),
    Math.ceil(lastPage / categories.length),
  ]
  const searchPages = Math.ceil(STORE_SEARCH_MATCHES_MAX / PAGE_SIZE)
  return [
    ...SORTS.flatMap((sort) =>
      pages.map((page) => ({
        group: 'pages × sorts',
        expected: 'found' as const,
        body: { page, pageSize: PAGE_SIZE, sort },
      })),
    ),
    ...categories.flatMap((categoryId) => [
      {
        group: 'categories',
        expected: 'found' as const,
        body: { categoryId, pageSize: PAGE_SIZE },
      },
      ...SORTS.flatMap((sort) =>
        categoryPages.map((page) => ({
          group: 'categories',
          expected: 'found' as const,
          body: { categoryId, pageSize: PAGE_SIZE, page, sort },
        })),
      ),
    ]),
    ...keywordCases('keywords of 1 character', ['月', '灯', 'n', '7'], 'found'),
    ...keywordCases('keywords of 1 character', ['蝶', 'q'], 'none'),
    ...keywordCases(
      'keywords of 2 characters',
      ['月光', '远方', '阿木', '灯火', 'ne', '77'],
      'found',
    ),
    ...keywordCases('keywords of 2 characters', ['蝴蝶', 'zq'], 'none'),
    ...keywordCases(
      'keywords of 3+ characters',
      ['月光的歌', '星河旧梦 7', '林夕雨', '一盏灯等我', 'neon', 'neon band', '月光的歌 77'],
      'found',
    ),
    ...keywordCases('keywords of 3+ characters', ['不存在的歌', 'jazz'], 'none'),
    ...SORTS.flatMap((sort) =>
      ['月', '月光', '一盏灯等我'].map((keyword) => ({
        group: 'keywords, last page',
        expected: 'found' as const,
        body: { keyword, sort, page: searchPages, pageSize: PAGE_SIZE },
      })),
    ),
    ...[
      { keyword: '夏夜', categoryId: 'folk', sort: 'priceAsc' },
      { keyword: '夏', categoryId: 'rock', sort: 'plays', page: searchPages },
      { keyword: '一盏灯', categoryId: 'ancient', sort: 'newest', page: 10 },
    ].map((body) => ({ group: 'keyword + category', expected: 'found' as const, body })),
    {
      group: 'a keyword of 10,000 characters',
      expected: 'refused',
      body: { keyword: '歌'.repeat(10_000), pageSize: PAGE_SIZE },
    },
  ]
}

function answered(answer: {
  envelope: { code: string; data: WorkPage | null }
}): Expected | 'failed' {
  if (answer.envelope.code !== '000' || answer.envelope.data === null) {
    return answer.envelope.code === '400' ? 'refused' : 'failed'
  }
  return answer.envelope.data.records.length > 0 ? 'found' : 'none'
}

function figures(values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  return `${percentile(sorted, 0.5).toFixed(1)}/${percentile(sorted, 0.95).toFixed(1)}`
}

const budgetOn = (database: DatabaseLabel) =>
  `musicGoods/list with ${WORKS.toLocaleString('en-US')} works, any page, category and keyword (${database})`
const fillSubjectOn = (database: DatabaseLabel) =>
  `Inserting and analysing ${WORKS.toLocaleString('en-US')} works for the bench (${database})`

export const labels: BenchLabels = {
  budgets: [budgetOn('PGlite'), budgetOn('PostgreSQL')],
  references: [fillSubjectOn('PGlite'), fillSubjectOn('PostgreSQL')],
}

async function measure(app: FastifyInstance, label: DatabaseLabel): Promise<BenchResult[]> {
  const fillMs = await fill(app)
  const categories = (await listCategories(app.db)).map((category) => category.id)
  const timings = new Map<string, number[]>()
  const wrong: string[] = []
  const all = cases(categories)
  for (let round = 0; round < ROUNDS; round++) {
    for (const { group, body, expected } of all) {
      const started = performance.now()
      const answer = await call<WorkPage>(app, '/api/music-server/musicGoods/list', { body })
      const elapsed = performance.now() - started
      if (answered(answer) !== expected && round === 0) {
        wrong.push(`${JSON.stringify(body).slice(0, 80)}: ${answered(answer)}`)
      }
      timings.set(group, [...(timings.get(group) ?? []), elapsed])
    }
  }
  const everything = [...timings.values()].flat().sort((a, b) => a - b)
  const p95 = percentile(everything, 0.95)
  const groups = [...timings.entries()].map(([group, values]) => `${group} ${figures(values)}`)
  return [
    {
      area: 'store',
      budget: budgetOn(label),
      target: `p95 < ${BUDGET_MS} ms`,
      measured:
        `p95 ${p95.toFixed(1)} ms, median ${percentile(everything, 0.5).toFixed(1)} ms over ` +
        `${everything.length} calls (median/p95 by group, ms: ${groups.join('; ')})` +
        (wrong.length > 0 ? `; ${wrong.length} calls answered wrongly: ${wrong.join('; ')}` : ''),
      pass: p95 < BUDGET_MS && wrong.length === 0,
    },
    {
      reference: true,
      area: 'store',
      subject: fillSubjectOn(label),
      measured: `${(fillMs / 1000).toFixed(1)} s`,
    },
  ]
}

export async function run(): Promise<BenchResult[]> {
  const rows: BenchResult[] = []
  const databaseUrl = process.env.DATABASE_URL
  for (const label of databaseUrl ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const)) {
    process.env.DATABASE_URL = label === 'PGlite' ? '' : databaseUrl
    const app = await createTestApp()
    try {
      rows.push(...(await measure(app, label)))
    } finally {
      await app.close()
    }
  }
  process.env.DATABASE_URL = databaseUrl
  if (!databaseUrl) {
    rows.push({
      area: 'store',
      budget: budgetOn('PostgreSQL'),
      target: `p95 < ${BUDGET_MS} ms`,
      measured: WITHOUT_POSTGRESQL,
      pass: false,
    })
  }
  return rows
}
