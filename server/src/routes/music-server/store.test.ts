/**
 * The store's browsing calls: search (Chinese, lyric, literal punctuation), categories, sorts,
 * pages, plays, banners, a work's page, and bad input answered with a Chinese 400 that changes
 * nothing. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type {
  PlatformFigures,
  StoreBanner,
  StoreCategory,
  WorkDetails,
  WorkItem,
  WorkPage,
  WorkPlayResult,
} from '@gy/api/contract'
import type { StoreSort } from '@gy/api/constants'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkRow } from '../../db/types'
import { addFixtureWork } from '../../domain/works.fixtures'
import { listListedWorks } from '../../domain/works.repository'
import { call, loginAs } from '../../test/call'
import { insertTestDeposit } from '../../test/depositFixtures'
import { createTestApp } from '../../test/testApp'

const API = '/api/music-server'
const LIST = `${API}/musicGoods/list`
/** Each sort as the store orders it, for a plain scan to order the same way. */
const SORTS: Record<StoreSort, [column: string, direction: 'asc' | 'desc']> = {
  newest: ['created_at', 'desc'],
  plays: ['play_count', 'desc'],
  priceAsc: ['price_fen', 'asc'],
  priceDesc: ['price_fen', 'desc'],
}

describe('the store', () => {
  let app: FastifyInstance
  let dataDir: string
  const works: Record<string, WorkRow> = {}

  async function list(body: Record<string, unknown>) {
    return call<WorkPage>(app, LIST, { body })
  }
  async function titles(body: Record<string, unknown>): Promise<string[]> {
    const answer = await list(body)
    expect(answer.envelope.code).toBe('000')
    return answer.envelope.data.records.map((record) => record.musicName)
  }
  async function worksSnapshot(): Promise<unknown[]> {
    return app.db.selectFrom('works').selectAll().orderBy('id').execute()
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-store-'))
    app = await createTestApp({ env: { DATA_DIR: dataDir } })
    const day = (n: number): Date => new Date(Date.UTC(2026, 0, n))
    const fixtures = [
      { title: '月光下的小镇', artist: '林夕雨', priceFen: 1990, categoryId: 'folk' },
      { title: '青石巷', artist: '古风少年', priceFen: 990, categoryId: 'ancient' },
      {
        title: '城市夜跑',
        artist: 'Neon Band',
        priceFen: 4990,
        categoryId: 'pop',
        lyric: '[00:01.00]霓虹闪烁的街头\n[00:04.00]我们一路奔跑\n',
      },
      { title: '100% 纯音乐', artist: '百分百', priceFen: 100, categoryId: 'lofi' },
      { title: 'snake_case 之歌', artist: '程序员', priceFen: 500, categoryId: 'electronic' },
      { title: "O'Neil 的蓝调", artist: 'O\\Neil', priceFen: 3000, categoryId: 'jazz' },
    ]
    for (const [index, fixture] of fixtures.entries()) {
      works[fixture.title] = await addFixtureWork(app, {
        ...fixture,
        seconds: 2,
        createdAt: day(index + 1),
      })
    }
    await addFixtureWork(app, { title: '已下架的月光', status: 'delisted', createdAt: day(20) })
    // Starting the embedded database alone took 40 s on a machine shared by six test runs.
  }, 240_000)
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('finds a work by a Chinese keyword in its title, artist or lyric', async () => {
    expect(await titles({ keyword: '月光' })).toEqual(['月光下的小镇'])
    expect(await titles({ keyword: '古风少年' })).toEqual(['青石巷'])
    // A line of the lyric, not its time tag.
    expect(await titles({ keyword: '霓虹闪烁' })).toEqual(['城市夜跑'])
    expect(await titles({ keyword: '00:01' })).toEqual([])
    // Latin text is matched without regard to case.
    expect(await titles({ keyword: 'neon band' })).toEqual(['城市夜跑'])
  })

  it('treats %, _, \\, quotes and regex syntax in a keyword as plain characters', async () => {
    expect(await titles({ keyword: '%' })).toEqual(['100% 纯音乐'])
    expect(await titles({ keyword: '_' })).toEqual(['snake_case 之歌'])
    expect(await titles({ keyword: '\\' })).toEqual(["O'Neil 的蓝调"])
    expect(await titles({ keyword: "O'Neil" })).toEqual(["O'Neil 的蓝调"])
    expect(await titles({ keyword: '.*' })).toEqual([])
    expect(await titles({ keyword: "'; DROP TABLE works; --" })).toEqual([])
    expect((await list({ pageSize: 50 })).envelope.data.total).toBe(6)
  })

  it('searches a keyword with control characters as if they were spaces', async () => {
    expect(await titles({ keyword: '青石\u0000' })).toEqual(['青石巷'])
    expect(await titles({ keyword: '月光\t' })).toEqual(['月光下的小镇'])
    expect(await titles({ keyword: '\u0000\n' })).toEqual(await titles({ pageSize: 50 }))
  })

  it('filters by category id or name and answers the categories in order', async () => {
    expect(await titles({ categoryId: 'ancient' })).toEqual(['青石巷'])
    expect(await titles({ categoryId: '民谣' })).toEqual(['月光下的小镇'])
    const categories = await call<StoreCategory[]>(app, `${API}/mallDictionary/list`)
    expect(categories.envelope.data[0]).toEqual({ categoryId: 'pop', name: '流行' })
    expect(categories.envelope.data.map((category) => category.name)).toContain('古风')
  })

  it('sorts by newest, price both ways, and most played', async () => {
    expect((await titles({ pageSize: 3 })).at(0)).toBe("O'Neil 的蓝调")
    expect(await titles({ sort: 'priceAsc', pageSize: 3 })).toEqual([
      '100% 纯音乐',
      'snake_case 之歌',
      '青石巷',
    ])
    expect((await titles({ sort: 'priceDesc' })).at(0)).toBe('城市夜跑')

    const played = works['青石巷']?.id
    await call(app, `${API}/musicGoods/play`, { body: { goodsId: played } })
    expect((await titles({ sort: 'plays' })).at(0)).toBe('青石巷')
  })

  it('pages through the results; a page beyond the end is empty with the right total', async () => {
    const first = await list({ page: 1, pageSize: 4 })
    const second = await list({ page: 2, pageSize: 4 })
    expect(first.envelope.data.records).toHaveLength(4)
    expect(second.envelope.data.records).toHaveLength(2)
    expect(second.envelope.data.total).toBe(6)
    const beyond = await list({ page: 9_999, pageSize: 50 })
    expect(beyond.envelope).toMatchObject({ code: '000', data: { records: [], total: 6 } })
  })

  it.each([
    ['a keyword of 10,000 characters', { keyword: '歌'.repeat(10_000) }, MESSAGES.keywordInvalid],
    ['an unknown sort', { sort: 'random' }, MESSAGES.sortInvalid],
    ['an unknown category', { categoryId: 'polka' }, MESSAGES.categoryInvalid],
    ['a category that is not text', { categoryId: { $ne: 1 } }, MESSAGES.categoryInvalid],
    ['a category with a NUL character', { categoryId: 'a\u0000b' }, MESSAGES.categoryInvalid],
    ['page 0', { page: 0 }, MESSAGES.worksPageInvalid],
    ['a page size of 1,000', { pageSize: 1_000 }, MESSAGES.worksPageSizeInvalid],
  ])('refuses %s with a Chinese 400 and changes nothing', async (_name, body, message) => {
    const before = await worksSnapshot()
    const answer = await list(body)
    expect(answer.status).toBe(400)
    expect(answer.envelope).toEqual({ code: '400', msg: message, data: null })
    expect(await worksSnapshot()).toEqual(before)
  })

  it('a keyword query is answered from the pg_trgm index, not a scan', async () => {
    // With a handful of rows any planner scans; with thousands it must pick the index. The rows
    // live only inside this transaction.
    await app.db
      .transaction()
      .execute(async (transaction) => {
        const audioKey = works['青石巷']?.audio_key ?? ''
        await sql`
          INSERT INTO works (title, artist, audio_key, duration_ms, status)
          SELECT '填充作品' || n, '填充艺人' || (n % 97), ${audioKey}, 1000, 'listed'
          FROM generate_series(1, 5000) AS n
        `.execute(transaction)
        await sql`ANALYZE works`.execute(transaction)
        const page = await listListedWorks(
          transaction,
          { offset: 0, limit: 10 },
          { keyword: '月光下' },
        )
        expect(page.rows.map((row) => row.title)).toEqual(['月光下的小镇'])
        const plan = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT id FROM works
          WHERE status = 'listed' AND audio_ready AND search_text ILIKE ${'%月光下%'}
        `.execute(transaction)
        const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
        expect(text).toContain('works_search_trigrams')
        throw new RollBack()
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error
      })
  })

  it('answers every keyword exactly as a plain ILIKE scan, on every path, sort and page', async () => {
    // Short keywords go through the character-pair index, long ones through trigrams, common
    // ones (more matches than the cap) walk the sort's index: each must keep exactly the works a
    // plain scan keeps, in the same order, capped at the same place. Rolled back afterwards.
    const titleParts = [
      '月光',
      '月',
      '晚风',
      'Neon',
      'neon',
      'CAFÉ',
      'café',
      '50%',
      'a_b',
      'a\\b',
      '的',
    ]
    const artists = ['林夕雨', 'NE', '阿木', '百分百%', '']
    const lyrics = ['把思念写进风里', 'ne 月', '_x_', 'ab\\', '一盏灯']
    const keywords = [
      ...['月', '光', '的', 'n', 'N', '%', '_', '\\', 'é', 'É', '风'],
      ...['月光', 'ne', 'NE', 'a_', '%的', '0%', 'b\\', '晚风', '灯等', 'ab', 'a\\'],
      ...[
        '月光下',
        'neon',
        'Café',
        '50%',
        'a_b',
        'a\\b',
        '林夕雨',
        '一盏灯',
        '写进风里',
        '不存在的歌',
      ],
    ]
    await app.db
      .transaction()
      .execute(async (transaction) => {
        const audioKey = works['青石巷']?.audio_key ?? ''
        await sql`
          INSERT INTO works (title, artist, lyric, audio_key, duration_ms, status, price_fen,
            play_count, category_id, created_at)
          SELECT (${titleParts}::text[])[1 + n % 11] || (${titleParts}::text[])[1 + (n / 3) % 11],
            (${artists}::text[])[1 + n % 5], '[00:01.00]' || (${lyrics}::text[])[1 + (n / 2) % 5],
            ${audioKey}, 1000, 'listed', 100 * (n % 4), n % 3,
            (ARRAY['pop', 'folk', NULL])[1 + n % 3], now() - make_interval(secs => n % 5)
          FROM generate_series(1, 60) AS n
        `.execute(transaction)
        for (const keyword of keywords) {
          const pattern = `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
          for (const [sort, [column, direction]] of Object.entries(SORTS)) {
            const scanned = await sql<{ id: string }>`
              SELECT id FROM works WHERE status = 'listed' AND audio_ready
                AND search_text ILIKE ${pattern}
              ORDER BY ${sql.ref(column)} ${sql.raw(direction)}, id ${sql.raw(direction)}
            `.execute(transaction)
            const expected = scanned.rows.map((row) => row.id)
            for (const matchesMax of [1000, 5]) {
              const found: string[] = []
              for (let offset = 0; offset < expected.length + 7; offset += 7) {
                const page = await listListedWorks(
                  transaction,
                  { offset, limit: 7 },
                  { keyword, sort: sort as StoreSort },
                  matchesMax,
                )
                expect(page.total, `${keyword} ${sort}`).toBe(Math.min(expected.length, matchesMax))
                found.push(...page.rows.map((row) => row.id))
              }
              expect(found, `${keyword} ${sort} at most ${matchesMax}`).toEqual(
                expected.slice(0, matchesMax),
              )
            }
          }
        }
        throw new RollBack()
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error
      })
  }, 120_000)

  it('pages from either end of the index alike, in all and in a category', async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await list(body)).envelope.data.records.map((record) => record.musicId)
    for (const sort of Object.keys(SORTS)) {
      for (const categoryId of [undefined, 'pop']) {
        const everything = await ids({ sort, categoryId, pageSize: 50 })
        expect(everything.length).toBeGreaterThan(0)
        const paged: string[] = []
        for (let page = 1; page <= everything.length; page++) {
          paged.push(...(await ids({ sort, categoryId, page, pageSize: 1 })))
        }
        expect(paged).toEqual(everything)
      }
    }
  })

  it('counts a play once per listener per day', async () => {
    const goodsId = works['月光下的小镇']?.id
    const play = (options: { token?: string; remoteAddress?: string } = {}) =>
      call<WorkPlayResult>(app, `${API}/musicGoods/play`, { body: { goodsId }, ...options })
    const first = await play({ remoteAddress: '10.0.0.7' })
    expect(first.envelope.data).toEqual({ counted: true, playCount: 1 })
    // The same visitor again, even with another browser, does not count.
    const again = await call<WorkPlayResult>(app, `${API}/musicGoods/play`, {
      body: { goodsId },
      remoteAddress: '10.0.0.7',
      headers: { 'user-agent': 'another browser' },
    })
    expect(again.envelope.data).toEqual({ counted: false, playCount: 1 })
    const { accessToken } = await loginAs(app, '86:13900000031')
    expect((await play({ token: accessToken })).envelope.data).toEqual({
      counted: true,
      playCount: 2,
    })
    expect((await play({ token: accessToken })).envelope.data.counted).toBe(false)
    const details = await call<WorkDetails>(app, `${API}/musicGoods/details`, {
      body: { goodsId },
    })
    expect(details.envelope.data.playCount).toBe(2)

    const unknown = await call(app, `${API}/musicGoods/play`, {
      body: { goodsId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.envelope).toEqual({ code: '404', msg: MESSAGES.workNotFound, data: null })
  })

  it('details carry the category, and the deposit certificate with its verification page', async () => {
    const { userInfo } = await loginAs(app, '86:13900000032')
    const deposit = await insertTestDeposit(app, userInfo.userId, { title: '月光下的小镇' })
    const work = works['月光下的小镇']
    if (work === undefined) throw new Error('fixture missing')
    await app.db
      .updateTable('works')
      .set({ deposit_id: deposit.id, owner_user_id: userInfo.userId })
      .where('id', '=', work.id)
      .execute()
    const details = await call<WorkDetails>(app, `${API}/musicGoods/details`, {
      body: { goodsId: work.id },
    })
    expect(details.envelope.data).toMatchObject({
      goodsId: work.id,
      musicName: '月光下的小镇',
      artist: '林夕雨',
      priceFen: 1990,
      categoryId: 'folk',
      categoryName: '民谣',
      certified: false,
      certificateNo: deposit.certificate_no,
      verifyUrl: `/verify?certificateNo=${encodeURIComponent(deposit.certificate_no)}`,
    })
    expect(details.envelope.data.lyric).toContain('第一句')
    expect(details.envelope.data.duration).toBeGreaterThan(0)
  })

  it('banners point at real pages; home figures and featured works answer', async () => {
    const banners = await call<StoreBanner[]>(app, `${API}/musicBanner/list`)
    expect(banners.envelope.data.length).toBeGreaterThanOrEqual(3)
    // The banner about 《青石巷》 of the seed catalogue waits for that work.
    expect(banners.envelope.data.map((banner) => banner.bannerId)).not.toContain(
      'featured-stone-lane',
    )
    for (const banner of banners.envelope.data) {
      expect(banner.link).toMatch(/^\/(copyrightedMusic|musiciansZone|aiCreationCenter)/)
    }
    const featured = await call<WorkItem[]>(app, `${API}/homePage/queryGoods`)
    expect(featured.envelope.data.at(0)?.playCount).toBeGreaterThan(0)
    const figures = await call<PlatformFigures>(app, `${API}/homePage/informationDisplayWeb`)
    expect(figures.envelope.data.works).toBe(6)
    expect(figures.envelope.data.plays).toBeGreaterThanOrEqual(3)
  })

  it('keeps the totals as works leave and come back, in all and per category', async () => {
    const work = works['青石巷']
    if (work === undefined) throw new Error('fixture missing')
    const totals = async () => [
      (await list({})).envelope.data.total,
      (await list({ categoryId: 'ancient' })).envelope.data.total,
      (await list({ categoryId: 'folk' })).envelope.data.total,
    ]
    expect(await totals()).toEqual([6, 1, 1])
    const set = (change: { status?: 'listed' | 'delisted'; category_id?: string }) =>
      app.db.updateTable('works').set(change).where('id', '=', work.id).execute()
    await set({ status: 'delisted' })
    expect(await totals()).toEqual([5, 0, 1])
    await set({ status: 'listed', category_id: 'folk' })
    expect(await totals()).toEqual([6, 0, 2])
    await set({ category_id: 'ancient' })
    expect(await totals()).toEqual([6, 1, 1])
  })
})

/** Thrown to roll a test's transaction back. */
class RollBack extends Error {}
