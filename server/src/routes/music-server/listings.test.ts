import { encodeMp3, encodeWav, readMp3Info } from '@gy/audio'
import type { ShelfPage, WorkItem, WorkPage } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listingsOfDeposits } from '../../domain/listings.repository'
import { steppedTone } from '../../media/testTones'
import { call, loginAs } from '../../test/call'
import { insertTestDeposit } from '../../test/depositFixtures'
import { encodeTestFlac } from '../../test/flacFixture'
import { createTestApp } from '../../test/testApp'

const LISTING = '/api/music-server/musicGoods/musicListing'
const MODIFY = '/api/music-server/musicGoods/modifyPrice'
const DELIST = '/api/music-server/musicGoods/delist'
const SHELF = '/api/music-server/musicGoods/shelf'
const STORE = '/api/music-server/musicGoods/list'
const MUSIC_BY_ID = '/api/music-server/keepRecord/musicById'

describe('music-server listings', () => {
  let app: FastifyInstance
  let owner: { token: string; userId: string }
  let stranger: { token: string; userId: string }

  beforeAll(async () => {
    app = await createTestApp()
    const first = await loginAs(app, '86:13600000001')
    const second = await loginAs(app, '86:13600000002')
    owner = { token: first.accessToken, userId: first.userInfo.userId }
    stranger = { token: second.accessToken, userId: second.userInfo.userId }
  })
  afterAll(async () => {
    await app.close()
  })

  async function worksSnapshot() {
    return app.db.selectFrom('works').selectAll().orderBy('id').execute()
  }

  /** The player's item once the listing's audio is ready (the job runs in this process). */
  function playableItem(goodsId: string): Promise<WorkItem> {
    return vi.waitFor(
      async () => {
        const answer = await call<WorkItem>(app, MUSIC_BY_ID, { body: { musicId: goodsId } })
        expect(answer.envelope, 'never playable').toMatchObject({ code: '000' })
        return answer.envelope.data
      },
      { timeout: 30_000, interval: 50 },
    )
  }

  async function fileAt(url: string): Promise<{ type: string; bytes: Uint8Array }> {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    return {
      type: String(response.headers['content-type']),
      bytes: new Uint8Array(response.rawPayload),
    }
  }

  it('lists an MP3 deposit: it appears in the store and plays as it was deposited', async () => {
    const deposit = await insertTestDeposit(app, owner.userId, { title: '海边的风', genre: '民谣' })
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 990 },
    })
    expect(listed.envelope.code).toBe('000')
    const goodsId = listed.envelope.data.goodsId
    const item = await playableItem(goodsId)
    expect(item).toMatchObject({ goodsId, musicName: '海边的风', priceFen: 990 })
    expect(item.duration).toBeGreaterThan(0.9)
    const audio = await fileAt(item.mp3Url)
    expect(audio.type).toContain('audio/mpeg')

    const store = await call<WorkPage>(app, STORE, { body: { page: 1, pageSize: 50 } })
    expect(store.envelope.data.records.map((record) => record.goodsId)).toContain(goodsId)
    const byGenre = await call<WorkPage>(app, STORE, { body: { categoryId: '民谣' } })
    expect(byGenre.envelope.data.records.map((record) => record.goodsId)).toEqual([goodsId])
  })

  it.each([
    ['WAV', 'audio/wav', () => encodeWav(steppedTone(1.5, 22050))],
    ['FLAC', 'audio/flac', () => encodeTestFlac(steppedTone(1.5, 22050))],
  ])('a %s deposit is encoded to MP3 for the player', async (_name, contentType, make) => {
    const deposit = await insertTestDeposit(app, owner.userId, { audio: make(), contentType })
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 100 },
    })
    expect(listed.envelope.code).toBe('000')
    const item = await playableItem(listed.envelope.data.goodsId)
    const audio = await fileAt(item.mp3Url)
    expect(audio.type).toContain('audio/mpeg')
    expect(readMp3Info(audio.bytes).durationSeconds).toBeCloseTo(1.5, 1)
    expect(item.duration).toBeCloseTo(1.5, 1)
  })

  it.each([
    ['zero', 0],
    ['negative', -100],
    ['a fraction of a fen', 10.5],
    ['text', '100'],
    ['above ¥100,000', 10_000_001],
    ['missing', undefined],
  ])('refuses a price that is %s and writes nothing', async (_name, priceFen) => {
    const deposit = await insertTestDeposit(app, owner.userId)
    const before = await worksSnapshot()
    const answer = await call(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen },
    })
    expect(answer.status).toBe(400)
    expect(answer.envelope.msg).toBe(MESSAGES.priceInvalid)
    expect(await worksSnapshot()).toEqual(before)
  })

  it('refuses to list someone else’s deposit, an unknown one and a malformed id', async () => {
    const deposit = await insertTestDeposit(app, owner.userId)
    const before = await worksSnapshot()
    const foreign = await call(app, LISTING, {
      token: stranger.token,
      body: { depositId: deposit.id, priceFen: 100 },
    })
    expect(foreign.status).toBe(403)
    expect(foreign.envelope.msg).toBe(MESSAGES.listingForbidden)
    const unknown = await call(app, LISTING, {
      token: owner.token,
      body: { depositId: '00000000-0000-4000-8000-000000000000', priceFen: 100 },
    })
    expect(unknown.status).toBe(404)
    const malformed = await call(app, LISTING, {
      token: owner.token,
      body: { depositId: '../etc', priceFen: 100 },
    })
    expect(malformed.status).toBe(400)
    expect(await worksSnapshot()).toEqual(before)
    const visitor = await call(app, LISTING, { body: { depositId: deposit.id, priceFen: 100 } })
    expect(visitor.status).toBe(401)
  })

  it('answers 409 for a deposit already listed, however often the button is pressed', async () => {
    const deposit = await insertTestDeposit(app, owner.userId)
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        call<{ goodsId: string }>(app, LISTING, {
          token: owner.token,
          body: { depositId: deposit.id, priceFen: 500 },
        }),
      ),
    )
    expect(answers.map((answer) => answer.envelope.code).sort()).toEqual(['000', '409', '409'])
    const refused = answers.find((answer) => answer.envelope.code === '409')
    expect(refused?.envelope.msg).toBe(MESSAGES.listingDuplicate)
    const rows = await app.db.selectFrom('works').where('deposit_id', '=', deposit.id).execute()
    expect(rows).toHaveLength(1)
  })

  it('changes the price, delists once, refuses a second delist, and lists again under the same id', async () => {
    const deposit = await insertTestDeposit(app, owner.userId, { title: '改价与下架' })
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 800 },
    })
    const goodsId = listed.envelope.data.goodsId
    await playableItem(goodsId)

    const modified = await call(app, MODIFY, {
      token: owner.token,
      body: { goodsId, priceFen: 1200 },
    })
    expect(modified.envelope.code).toBe('000')
    expect((await playableItem(goodsId)).priceFen).toBe(1200)

    const badPrice = await call(app, MODIFY, { token: owner.token, body: { goodsId, priceFen: 0 } })
    expect(badPrice.status).toBe(400)
    expect((await playableItem(goodsId)).priceFen).toBe(1200)

    const delisted = await call(app, DELIST, { token: owner.token, body: { goodsId } })
    expect(delisted.envelope.code).toBe('000')
    const gone = await call(app, MUSIC_BY_ID, { body: { musicId: goodsId } })
    expect(gone.status).toBe(404)
    const again = await call(app, DELIST, { token: owner.token, body: { goodsId } })
    expect(again.status).toBe(409)
    expect(again.envelope.msg).toBe(MESSAGES.listingAlreadyDelisted)
    const priceOfDelisted = await call(app, MODIFY, {
      token: owner.token,
      body: { goodsId, priceFen: 300 },
    })
    expect(priceOfDelisted.status).toBe(409)

    const relisted = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 300 },
    })
    expect(relisted.envelope.data.goodsId).toBe(goodsId)
    expect((await playableItem(goodsId)).priceFen).toBe(300)
  })

  it('lets nobody else change the price of or delist a listing', async () => {
    const deposit = await insertTestDeposit(app, owner.userId)
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 700 },
    })
    const goodsId = listed.envelope.data.goodsId
    const before = await worksSnapshot()
    const price = await call(app, MODIFY, { token: stranger.token, body: { goodsId, priceFen: 1 } })
    expect(price.status).toBe(403)
    const delist = await call(app, DELIST, { token: stranger.token, body: { goodsId } })
    expect(delist.status).toBe(403)
    const unknown = await call(app, DELIST, {
      token: owner.token,
      body: { goodsId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.status).toBe(404)
    expect(await worksSnapshot()).toEqual(before)
  })

  it('shows each owner their own shelf only, with status and price', async () => {
    const deposit = await insertTestDeposit(app, owner.userId)
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 2500 },
    })
    await call(app, DELIST, { token: owner.token, body: { goodsId: listed.envelope.data.goodsId } })
    const mine = await call<ShelfPage>(app, SHELF, {
      token: owner.token,
      body: { page: 1, pageSize: 50 },
    })
    expect(mine.envelope.code).toBe('000')
    expect(mine.envelope.data.total).toBeGreaterThan(3)
    const delisted = mine.envelope.data.records.find(
      (record) => record.goodsId === listed.envelope.data.goodsId,
    )
    expect(delisted).toMatchObject({ status: 'delisted', priceFen: 2500, depositId: deposit.id })
    // Most recently changed first.
    expect(mine.envelope.data.records[0]?.goodsId).toBe(listed.envelope.data.goodsId)
    for (const record of mine.envelope.data.records) {
      expect(record.certificateNo).toMatch(/^TEST-/)
    }
    const theirs = await call<ShelfPage>(app, SHELF, { token: stranger.token, body: {} })
    expect(theirs.envelope.data).toEqual({ records: [], total: 0 })
  })

  it('finds store works by keyword as plain text, % and _ included', async () => {
    const deposit = await insertTestDeposit(app, owner.userId, { title: '100%_纯音乐' })
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 100 },
    })
    await playableItem(listed.envelope.data.goodsId)
    const percent = await call<WorkPage>(app, STORE, { body: { keyword: '%_纯' } })
    expect(percent.envelope.data.records.map((record) => record.musicName)).toEqual(['100%_纯音乐'])
    const wildcard = await call<WorkPage>(app, STORE, { body: { keyword: '%' } })
    expect(wildcard.envelope.data.records.map((record) => record.musicName)).toEqual([
      '100%_纯音乐',
    ])
    const none = await call<WorkPage>(app, STORE, { body: { keyword: '不存在的歌' } })
    expect(none.envelope.data.total).toBe(0)
    const tooLong = await call(app, STORE, { body: { keyword: '长'.repeat(51) } })
    expect(tooLong.status).toBe(400)
  })

  it('tells the deposit records each deposit’s listing', async () => {
    const listedDeposit = await insertTestDeposit(app, owner.userId)
    const unlisted = await insertTestDeposit(app, owner.userId)
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: listedDeposit.id, priceFen: 4200 },
    })
    const listings = await listingsOfDeposits(app.db, [listedDeposit.id, unlisted.id])
    expect(listings.get(listedDeposit.id)).toEqual({
      goodsId: listed.envelope.data.goodsId,
      priceFen: 4200,
      status: 'listed',
    })
    expect(listings.has(unlisted.id)).toBe(false)
  })

  it('keeps an MP3 deposit’s bytes as they are (no re-encoding)', async () => {
    const mp3 = encodeMp3(steppedTone(1.234, 22050), { kbps: 64 })
    const deposit = await insertTestDeposit(app, owner.userId, { audio: mp3 })
    const listed = await call<{ goodsId: string }>(app, LISTING, {
      token: owner.token,
      body: { depositId: deposit.id, priceFen: 100 },
    })
    const item = await playableItem(listed.envelope.data.goodsId)
    expect((await fileAt(item.mp3Url)).bytes).toEqual(mp3)
  })
})
