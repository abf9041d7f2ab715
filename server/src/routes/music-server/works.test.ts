import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { WorkItem, WorkPage } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkRow } from '../../db/types'
import { addFixtureWork } from '../../domain/works.fixtures'
import { call, countRows, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'

const LIST = '/api/music-server/musicGoods/list'
const HOME = '/api/music-server/homePage/queryGoodsWeb'
const DETAILS = '/api/music-server/musicGoods/details'
const MUSIC_BY_ID = '/api/music-server/keepRecord/musicById'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

async function worksSnapshot(app: FastifyInstance): Promise<unknown[]> {
  return app.db.selectFrom('works').selectAll().orderBy('id').execute()
}

describe('music-server works', () => {
  let app: FastifyInstance
  let dataDir: string
  let direct: WorkRow
  let streamed: WorkRow
  let delisted: WorkRow

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-works-'))
    app = await createTestApp({ env: { DATA_DIR: dataDir } })
    const day = (n: number): Date => new Date(Date.UTC(2026, 0, n))
    for (let index = 1; index <= 10; index++) {
      await addFixtureWork(app, { title: `作品${index}`, seconds: 3, createdAt: day(index) })
    }
    direct = await addFixtureWork(app, { title: '直接播放', createdAt: day(20) })
    streamed = await addFixtureWork(app, { title: '流式播放', delivery: 'hls', createdAt: day(21) })
    delisted = await addFixtureWork(app, {
      title: '已下架',
      status: 'delisted',
      createdAt: day(22),
    })
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('musicById answers the player item of a direct MP3 work to a visitor', async () => {
    // A hostile Host must not end up in the links (they are relative without PUBLIC_BASE_URL).
    const answer = await call<WorkItem>(app, MUSIC_BY_ID, {
      body: { musicId: direct.id },
      headers: { host: 'evil.example' },
    })
    expect(answer.status).toBe(200)
    const item = answer.envelope.data
    expect(answer.envelope.code).toBe('000')
    expect(item).toMatchObject({
      goodsId: direct.id,
      musicId: direct.id,
      musicName: '直接播放',
      artist: '测试音乐人',
      duration: 7,
      lyric: '[00:01.00]第一句\n[00:03.00]第二句\n',
      priceFen: 990,
    })
    expect(item.musicEncodeUrl).toBe(item.mp3Url)
    expect(item.mp3Url).toMatch(
      /^\/files\/[0-9a-f]{64}\/audio\.mp3\?expires=\d+&signature=[0-9a-f]{64}$/,
    )
    expect(item.hlsUrl).toMatch(
      /\/files\/[0-9a-f]{64}\/index\.m3u8\?expires=\d+&signature=[0-9a-f]{64}$/,
    )
    expect(item.hlsUrl).not.toMatch(/mp3|wav/i)
    expect(item.cover).toMatch(/\/files\/[0-9a-f]{64}\/cover\?/)

    // The URLs it hands out work.
    for (const url of [item.mp3Url, item.hlsUrl, item.cover]) {
      const response = await app.inject({
        method: 'GET',
        url,
      })
      expect(response.statusCode).toBe(200)
    }
  })

  it('an HLS work is played from its playlist, packaged on first need and remembered', async () => {
    expect(streamed.hls_playlist_key).toBeNull()
    const answer = await call<WorkItem>(app, MUSIC_BY_ID, { body: { musicId: streamed.id } })
    const item = answer.envelope.data
    expect(item.musicEncodeUrl).toBe(item.hlsUrl)
    expect(item.musicEncodeUrl).not.toMatch(/mp3|wav/i)
    expect(item.mp3Url).toContain('.mp3')
    const stored = await app.db
      .selectFrom('works')
      .select('hls_playlist_key')
      .where('id', '=', streamed.id)
      .executeTakeFirstOrThrow()
    expect(item.hlsUrl).toContain(`/files/${stored.hls_playlist_key}/index.m3u8?`)
  })

  it('details finds a work by goodsId or musicId, ids in any case', async () => {
    const byGoods = await call<WorkItem>(app, DETAILS, { body: { goodsId: streamed.id } })
    const byMusic = await call<WorkItem>(app, DETAILS, {
      body: { musicId: streamed.id.toUpperCase() },
    })
    expect(byGoods.envelope.data.musicName).toBe('流式播放')
    expect(byMusic.envelope.data.musicId).toBe(streamed.id)
  })

  it('list pages through listed works, newest first, with the total', async () => {
    const first = await call<WorkPage>(app, LIST, { body: { page: 1, pageSize: 5 } })
    expect(first.envelope.code).toBe('000')
    expect(first.envelope.data.total).toBe(12)
    expect(first.envelope.data.records.map((record) => record.musicName)).toEqual([
      '流式播放',
      '直接播放',
      '作品10',
      '作品9',
      '作品8',
    ])
    const last = await call<WorkPage>(app, LIST, { body: { page: 3, pageSize: 5 } })
    expect(last.envelope.data.records.map((record) => record.musicName)).toEqual(['作品2', '作品1'])
    const beyond = await call<WorkPage>(app, LIST, { body: { page: 9, pageSize: 5 } })
    expect(beyond.envelope.data).toEqual({ records: [], total: 12 })
    const defaults = await call<WorkPage>(app, LIST)
    expect(defaults.envelope.data.records).toHaveLength(10)
  })

  it('homePage/queryGoodsWeb answers the newest listed works', async () => {
    const answer = await call<WorkItem[]>(app, HOME, { body: {} })
    expect(answer.envelope.code).toBe('000')
    expect(answer.envelope.data).toHaveLength(8)
    expect(answer.envelope.data[0]?.musicName).toBe('流式播放')
    expect(answer.envelope.data.every((item) => item.mp3Url.includes('.mp3'))).toBe(true)
  })

  it('a logged-in user gets the same answers', async () => {
    const { accessToken } = await loginAs(app, '86:13700001111')
    const answer = await call<WorkItem>(app, MUSIC_BY_ID, {
      body: { musicId: direct.id },
      token: accessToken,
    })
    expect(answer.envelope.data.musicId).toBe(direct.id)
  })

  it('a delisted or unknown work is 404', async () => {
    for (const musicId of [delisted.id, UNKNOWN_ID]) {
      const answer = await call(app, MUSIC_BY_ID, { body: { musicId } })
      expect(answer.status).toBe(404)
      expect(answer.envelope).toEqual({ code: '404', msg: MESSAGES.workNotFound, data: null })
    }
  })

  describe('bad input answers 400 and changes nothing', () => {
    const cases: [string, unknown, string][] = [
      [MUSIC_BY_ID, {}, MESSAGES.workIdInvalid],
      [MUSIC_BY_ID, { musicId: 42 }, MESSAGES.workIdInvalid],
      [MUSIC_BY_ID, { musicId: '' }, MESSAGES.workIdInvalid],
      [MUSIC_BY_ID, { musicId: "1' OR '1'='1" }, MESSAGES.workIdInvalid],
      [MUSIC_BY_ID, { musicId: null }, MESSAGES.workIdInvalid],
      [MUSIC_BY_ID, { musicId: [UNKNOWN_ID] }, MESSAGES.workIdInvalid],
      [MUSIC_BY_ID, [], MESSAGES.bodyInvalid],
      [DETAILS, {}, MESSAGES.workIdInvalid],
      [DETAILS, { goodsId: 'abc' }, MESSAGES.workIdInvalid],
      [
        DETAILS,
        { goodsId: UNKNOWN_ID, musicId: '11111111-1111-4111-8111-111111111111' },
        MESSAGES.workIdInvalid,
      ],
      [LIST, { page: 0, pageSize: 10 }, MESSAGES.worksPageInvalid],
      [LIST, { page: 1.5, pageSize: 10 }, MESSAGES.worksPageInvalid],
      [LIST, { page: '1', pageSize: 10 }, MESSAGES.worksPageInvalid],
      [LIST, { page: 10_001, pageSize: 10 }, MESSAGES.worksPageInvalid],
      [LIST, { page: 1, pageSize: 0 }, MESSAGES.worksPageSizeInvalid],
      [LIST, { page: 1, pageSize: 51 }, MESSAGES.worksPageSizeInvalid],
      [LIST, { page: 1, pageSize: null }, MESSAGES.worksPageSizeInvalid],
      [LIST, 'page=1', MESSAGES.bodyInvalid],
    ]
    it.each(cases)('%s %j', async (url, body, message) => {
      const before = await worksSnapshot(app)
      const counts = await countRows(app, ['users', 'sessions'])
      const answer = await call(app, url, { body })
      expect(answer.status).toBe(400)
      expect(answer.envelope).toEqual({ code: '400', msg: message, data: null })
      expect(await worksSnapshot(app)).toEqual(before)
      expect(await countRows(app, ['users', 'sessions'])).toEqual(counts)
    })

    it('malformed JSON', async () => {
      const answer = await call(app, MUSIC_BY_ID, { bodyText: '{"musicId":' })
      expect(answer.status).toBe(400)
      expect(answer.envelope.code).toBe('400')
    })

    it('an unsigned call', async () => {
      const answer = await call(app, LIST, { body: { page: 1, pageSize: 5 }, unsigned: true })
      expect(answer.status).toBe(400)
      expect(answer.envelope.msg).toBe(MESSAGES.signatureMissing)
    })
  })
})
