import { MESSAGES } from '@gy/api/messages'
import {
  VOTE_MESSAGES,
  type AccountVoteDetail,
  type Notice,
  type ViewCount,
  type VoteActivityDetail,
  type VoteActivityPage,
  type VoteCast,
  type VoteTotals,
} from '@gy/api/votes'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../admin'
import { insertWork } from '../../domain/works.repository'
import { WELCOME_NOTICE_ID } from '../../migrations/0017_votes'
import { call, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import { createTestApp } from '../../test/testApp'
import { ensureDemoVoteActivity } from '../../seed/seedVotes'

const VOTE = '/api/music-server/app/vote/'
const HOUR = 60 * 60 * 1000
const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd'

interface Person {
  phone: string
  token: string
}

describe('music-server app/vote (voting activities) and notice/details', () => {
  // Real time, moved by hand: the welcome notice is published at migration time.
  const clock = createFakeClock(new Date())
  let app: FastifyInstance
  let reviewer: Person
  let voter: Person
  let workId: string
  let openId: string
  let options: VoteActivityDetail['options']

  async function person(phone: string): Promise<Person> {
    return { phone, token: (await loginAs(app, phone)).accessToken }
  }

  /** Moves the clock, and logs in again: an idle session expires meanwhile. */
  async function advance(milliseconds: number): Promise<void> {
    clock.advance(milliseconds)
    reviewer = await person(reviewer.phone)
    voter = await person(voter.phone)
  }

  async function create(overrides: Record<string, unknown> = {}) {
    return call<{ activityId: string }>(app, `${VOTE}createActivity`, {
      token: reviewer.token,
      body: {
        title: '新歌人气投票',
        description: '选出你最喜欢的新歌',
        startAt: new Date(clock.now().getTime() - HOUR).toISOString(),
        endAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
        votesPerUserPerDay: 3,
        votesPerOptionPerUser: 2,
        options: [
          { kind: 'work', musicId: workId },
          { kind: 'text', title: '城市民谣', description: '木吉他和口琴' },
          { kind: 'text', title: '国风新声' },
        ],
        ...overrides,
      },
    })
  }

  const vote = (token: string | undefined, activityId: string, optionId: string) =>
    call<VoteCast>(app, `${VOTE}accountAddVoteOption`, {
      ...(token === undefined ? {} : { token }),
      body: { activityId, optionId },
    })

  const totals = async (activityId: string) =>
    (await call<VoteTotals>(app, `${VOTE}queryVoteTotalOption`, { body: { activityId } })).envelope
      .data

  /** Every option's total is the count of its ballots, and no day row exceeds its limit. */
  async function expectLedgerInvariant(): Promise<void> {
    const rows = await app.db
      .selectFrom('vote_options')
      .leftJoin('vote_ballots', 'vote_ballots.option_id', 'vote_options.id')
      .select((eb) => [
        'vote_options.id',
        'vote_options.votes',
        eb.fn.count('vote_ballots.id').as('n'),
      ])
      .groupBy(['vote_options.id', 'vote_options.votes'])
      .execute()
    for (const row of rows) expect(Number(row.votes)).toBe(Number(row.n))
    const days = await app.db
      .selectFrom('vote_user_days')
      .innerJoin('vote_activities', 'vote_activities.id', 'vote_user_days.activity_id')
      .select(['used', 'votes_per_user_per_day'])
      .execute()
    for (const day of days) expect(day.used).toBeLessThanOrEqual(day.votes_per_user_per_day)
  }

  beforeAll(async () => {
    app = await createTestApp({ clock: clock.now })
    reviewer = await person('86:13900000101')
    voter = await person('86:13900000102')
    expect((await runAdminCommand(app.db, ['grant-reviewer', reviewer.phone])).exitCode).toBe(0)
    const work = await insertWork(app.db, {
      title: '晚风与灯火',
      artist: 'GY音乐 AI',
      audio_key: 'a'.repeat(64),
      hls_playlist_key: 'b'.repeat(64),
      duration_ms: 1000,
      status: 'listed',
    })
    workId = work?.id ?? ''
    const created = await create()
    expect(created.envelope.code).toBe('000')
    openId = created.envelope.data.activityId
    const detail = await call<VoteActivityDetail>(app, `${VOTE}queryVoteActivityDetail`, {
      body: { activityId: openId },
    })
    options = detail.envelope.data.options
    // Minutes, not seconds, on a busy machine: a fresh database and three logins.
  }, 120_000)
  afterAll(async () => {
    await app.close()
  })

  it('lists and details an activity for a visitor: status, options, rules, a playable work', async () => {
    const page = await call<VoteActivityPage>(app, `${VOTE}queryVoteActivityPage`, { body: {} })
    expect(page.envelope.code).toBe('000')
    expect(page.envelope.data.records.find((record) => record.activityId === openId)).toMatchObject(
      { title: '新歌人气投票', status: 'open', totalVotes: 0, optionCount: 3 },
    )
    expect(options.map((option) => option.title)).toEqual(['晚风与灯火', '城市民谣', '国风新声'])
    expect(options[0]?.work?.musicId).toBe(workId)
    expect(options[0]?.work?.mp3Url).toContain('/files/')
    expect(options[1]?.work).toBeNull()
  })

  it('asks a visitor to log in before voting, and refuses bad ids with a Chinese message', async () => {
    const visitor = await vote(undefined, openId, options[0]?.optionId ?? '')
    expect(visitor.envelope.code).toBe('401')
    const malformed = await vote(voter.token, 'not-an-id', options[0]?.optionId ?? '')
    expect([malformed.status, malformed.envelope.msg]).toEqual([
      400,
      VOTE_MESSAGES.activityIdInvalid,
    ])
    const unknown = await vote(voter.token, UNKNOWN_ID, options[0]?.optionId ?? '')
    expect([unknown.status, unknown.envelope.msg]).toEqual([404, VOTE_MESSAGES.activityNotFound])
    const unknownDetail = await call(app, `${VOTE}queryVoteActivityDetail`, {
      body: { activityId: UNKNOWN_ID },
    })
    expect(unknownDetail.envelope.code).toBe('404')
  })

  it('refuses an option of another activity, and counts nothing', async () => {
    const other = await create({ title: '另一个活动' })
    const otherDetail = await call<VoteActivityDetail>(app, `${VOTE}queryVoteActivityDetail`, {
      body: { activityId: other.envelope.data.activityId },
    })
    const foreign = otherDetail.envelope.data.options[1]?.optionId ?? ''
    const refused = await vote(voter.token, openId, foreign)
    expect([refused.status, refused.envelope.msg]).toEqual([404, VOTE_MESSAGES.optionNotInActivity])
    expect((await totals(openId)).totalVotes).toBe(0)
    expect((await totals(other.envelope.data.activityId)).totalVotes).toBe(0)
  })

  it('enforces votes per option and per day, and says what is left', async () => {
    const [work, folk, guofeng] = options.map((option) => option.optionId)
    const first = await vote(voter.token, openId, work ?? '')
    expect(first.envelope).toMatchObject({
      code: '000',
      msg: VOTE_MESSAGES.voted,
      data: { remainingToday: 2, optionRemainingToday: 1, votes: 1 },
    })
    expect((await vote(voter.token, openId, work ?? '')).envelope.data.remainingToday).toBe(1)
    const third = await vote(voter.token, openId, work ?? '')
    expect([third.status, third.envelope.msg]).toEqual([409, VOTE_MESSAGES.optionLimit])
    expect((await vote(voter.token, openId, folk ?? '')).envelope.data.remainingToday).toBe(0)
    const beyond = await vote(voter.token, openId, guofeng ?? '')
    expect([beyond.status, beyond.envelope.msg]).toEqual([409, VOTE_MESSAGES.dailyLimit])

    const mine = await call<AccountVoteDetail>(app, `${VOTE}queryAccountVoteDetail`, {
      token: voter.token,
      body: { activityId: openId },
    })
    expect(mine.envelope.data).toMatchObject({ remainingToday: 0, votedToday: 3 })
    expect(await totals(openId)).toEqual({
      options: [
        { optionId: work, votes: 2 },
        { optionId: folk, votes: 1 },
        { optionId: guofeng, votes: 0 },
      ],
      totalVotes: 3,
    })
    await expectLedgerInvariant()
  })

  it('starts the daily limit again at midnight in China', async () => {
    const now = clock.now()
    // The next 00:00 in UTC+8 is 16:00 UTC.
    const nextMidnight = new Date(now)
    nextMidnight.setUTCHours(16, 0, 1, 0)
    if (nextMidnight <= now) nextMidnight.setUTCDate(nextMidnight.getUTCDate() + 1)
    await advance(nextMidnight.getTime() - now.getTime())
    const mine = await call<AccountVoteDetail>(app, `${VOTE}queryAccountVoteDetail`, {
      token: voter.token,
      body: { activityId: openId },
    })
    expect(mine.envelope.data).toMatchObject({ remainingToday: 3, votedToday: 0 })
    const folk = options[1]?.optionId ?? ''
    expect((await vote(voter.token, openId, folk)).envelope.data.remainingToday).toBe(2)
  })

  it('lets one of two tabs through at the limit, and keeps totals exact under concurrent voters', async () => {
    const tabs = await person('86:13900000103')
    const [work, folk] = options.map((option) => option.optionId ?? '')
    await vote(tabs.token, openId, work ?? '')
    await vote(tabs.token, openId, folk ?? '')
    const before = (await totals(openId)).totalVotes
    const both = await Promise.all([
      vote(tabs.token, openId, folk ?? ''),
      vote(tabs.token, openId, options[2]?.optionId ?? ''),
    ])
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409])

    const crowd = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        person(`86:139000002${String(index).padStart(2, '0')}`),
      ),
    )
    const answers = await Promise.all(crowd.map((member) => vote(member.token, openId, work ?? '')))
    expect(answers.every((answer) => answer.envelope.code === '000')).toBe(true)
    expect((await totals(openId)).totalVotes).toBe(before + 1 + 20)
    await expectLedgerInvariant()
  }, 120_000)

  it('refuses votes before the start and after the end (400), and after a reviewer closes it', async () => {
    const later = await create({
      title: '下周的活动',
      startAt: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
      endAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
    })
    const laterId = later.envelope.data.activityId
    const laterDetail = await call<VoteActivityDetail>(app, `${VOTE}queryVoteActivityDetail`, {
      body: { activityId: laterId },
    })
    expect(laterDetail.envelope.data.status).toBe('upcoming')
    const early = await vote(
      voter.token,
      laterId,
      laterDetail.envelope.data.options[0]?.optionId ?? '',
    )
    expect([early.status, early.envelope.msg]).toEqual([400, VOTE_MESSAGES.notStarted])

    const short = await create({
      title: '一小时的活动',
      endAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    })
    const shortId = short.envelope.data.activityId
    const shortOption =
      (
        await call<VoteActivityDetail>(app, `${VOTE}queryVoteActivityDetail`, {
          body: { activityId: shortId },
        })
      ).envelope.data.options[1]?.optionId ?? ''
    expect((await vote(voter.token, shortId, shortOption)).envelope.code).toBe('000')
    await advance(2 * HOUR)
    const late = await vote(voter.token, shortId, shortOption)
    expect([late.status, late.envelope.msg]).toEqual([400, VOTE_MESSAGES.ended])
    expect((await totals(shortId)).totalVotes).toBe(1)

    const stranger = await call(app, `${VOTE}closeActivity`, {
      token: voter.token,
      body: { activityId: openId },
    })
    expect([stranger.status, stranger.envelope.msg]).toEqual([403, MESSAGES.reviewerOnly])
    const closed = await call(app, `${VOTE}closeActivity`, {
      token: reviewer.token,
      body: { activityId: openId },
    })
    expect(closed.envelope.code).toBe('000')
    const again = await call(app, `${VOTE}closeActivity`, {
      token: reviewer.token,
      body: { activityId: openId },
    })
    expect([again.status, again.envelope.msg]).toEqual([409, VOTE_MESSAGES.activityClosed])
    const afterClose = await vote(voter.token, openId, options[2]?.optionId ?? '')
    expect([afterClose.status, afterClose.envelope.msg]).toEqual([400, VOTE_MESSAGES.ended])
  })

  it('checks a new activity: reviewers only, a valid period, known works, 2 to 30 options', async () => {
    const byVoter = await call(app, `${VOTE}createActivity`, {
      token: voter.token,
      body: { title: 'x' },
    })
    expect(byVoter.status).toBe(400)
    const notReviewer = await call(app, `${VOTE}createActivity`, {
      token: voter.token,
      body: {
        title: '我的活动',
        startAt: clock.now().toISOString(),
        endAt: new Date(clock.now().getTime() + HOUR).toISOString(),
        votesPerUserPerDay: 1,
        votesPerOptionPerUser: 1,
        options: [
          { kind: 'text', title: '甲' },
          { kind: 'text', title: '乙' },
        ],
      },
    })
    expect([notReviewer.status, notReviewer.envelope.msg]).toEqual([403, MESSAGES.reviewerOnly])
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('vote_activities')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { endAt: new Date(clock.now().getTime() - 2 * HOUR).toISOString() },
        VOTE_MESSAGES.periodInvalid,
      ],
      [{ options: [{ kind: 'text', title: '只有一个' }] }, VOTE_MESSAGES.optionsInvalid],
      [{ votesPerUserPerDay: 0 }, VOTE_MESSAGES.limitInvalid],
      [{ votesPerOptionPerUser: 5 }, VOTE_MESSAGES.optionLimitAboveDaily],
      [{ startAt: '明天' }, VOTE_MESSAGES.timeInvalid],
      [
        {
          options: [
            { kind: 'work', musicId: UNKNOWN_ID },
            { kind: 'text', title: '乙' },
          ],
        },
        VOTE_MESSAGES.optionWorkUnknown,
      ],
      [
        {
          options: [
            { kind: 'work', musicId: workId },
            { kind: 'work', musicId: workId },
          ],
        },
        VOTE_MESSAGES.optionWorkRepeated,
      ],
    ]
    for (const [overrides, message] of cases) {
      const refused = await create(overrides)
      expect([refused.status, refused.envelope.msg]).toEqual([400, message])
    }
    expect(await count()).toBe(before)
  })

  it('counts a view once per user or per address per day, however often it is sent', async () => {
    const views = (token?: string, remoteAddress?: string) =>
      call<ViewCount>(app, `${VOTE}addViews`, {
        body: { activityId: openId },
        ...(token === undefined ? {} : { token }),
        ...(remoteAddress === undefined ? {} : { remoteAddress }),
      })
    const start = (await views(undefined, '203.0.113.1')).envelope.data.views
    const flood = await Promise.all(Array.from({ length: 30 }, () => views(voter.token)))
    expect(new Set(flood.map((answer) => answer.envelope.data.views)).size).toBeLessThanOrEqual(2)
    await Promise.all(Array.from({ length: 10 }, () => views(undefined, '203.0.113.1')))
    await views(undefined, '203.0.113.2')
    expect((await views(voter.token)).envelope.data.views).toBe(start + 2)
    const unknown = await call(app, `${VOTE}addViews`, { body: { activityId: UNKNOWN_ID } })
    expect([unknown.status, unknown.envelope.msg]).toEqual([404, VOTE_MESSAGES.activityNotFound])
  })

  it('serves the welcome notice, and refuses unknown and malformed ids', async () => {
    const welcome = await call<Notice>(app, '/api/music-server/notice/details', {
      body: { id: WELCOME_NOTICE_ID },
    })
    expect(welcome.envelope.data.title).toBe('欢迎来到 GY音乐')
    expect(welcome.envelope.data.content.length).toBeGreaterThan(100)
    const unknown = await call(app, '/api/music-server/notice/details', {
      body: { id: UNKNOWN_ID },
    })
    expect([unknown.status, unknown.envelope.msg]).toEqual([404, VOTE_MESSAGES.noticeNotFound])
    const malformed = await call(app, '/api/music-server/notice/details', { body: { id: 7 } })
    expect([malformed.status, malformed.envelope.msg]).toEqual([400, VOTE_MESSAGES.noticeIdInvalid])
  })

  it('lets an operator list, create and close activities with npm run admin', async () => {
    const created = await runAdminCommand(app.db, [
      'create-vote',
      '命令行创建的活动',
      // The command's clock is the wall clock, not the test's.
      new Date(Date.now() - HOUR).toISOString(),
      new Date(Date.now() + HOUR).toISOString(),
      '2',
      '1',
      `work:${workId}`,
      'text:城市民谣',
    ])
    expect(created.exitCode).toBe(0)
    const id = /Created ([0-9a-f-]{36})/.exec(created.output)?.[1] ?? ''
    expect((await runAdminCommand(app.db, ['list-votes'])).output).toContain(`${id}\t进行中`)
    expect((await runAdminCommand(app.db, ['close-vote', id])).exitCode).toBe(0)
    expect((await runAdminCommand(app.db, ['list-votes'])).output).toContain(`${id}\t已结束`)
    const bad = await runAdminCommand(app.db, ['create-vote', '坏', 'x', 'y', '1', '1', 'a', 'b'])
    expect(bad).toEqual({ exitCode: 2, output: VOTE_MESSAGES.timeInvalid })
  })

  it('seeds one open demo activity, idempotently, and adds seed works as they are listed', async () => {
    const seed = { db: app.db, storage: app.storage, clock: clock.now }
    const demoId = await ensureDemoVoteActivity(seed)
    expect(await ensureDemoVoteActivity(seed)).toBe(demoId)
    const titles = async () =>
      (
        await call<VoteActivityDetail>(app, `${VOTE}queryVoteActivityDetail`, {
          body: { activityId: demoId },
        })
      ).envelope.data
    const before = await titles()
    expect(before.status).toBe('open')
    expect(before.options).toHaveLength(3)
    expect(before.options.every((option) => option.imageUrl !== '')).toBe(true)
    await insertWork(app.db, {
      title: '种子作品',
      artist: 'GY音乐 AI',
      audio_key: 'c'.repeat(64),
      hls_playlist_key: 'd'.repeat(64),
      duration_ms: 1000,
      status: 'listed',
      is_seed: true,
      seed_key: 'seed-test',
    })
    await ensureDemoVoteActivity(seed)
    await ensureDemoVoteActivity(seed)
    const after = await titles()
    expect(after.options.map((option) => option.title)).toEqual([
      ...before.options.map((option) => option.title),
      '种子作品',
    ])
    expect(after.options[3]?.work?.musicName).toBe('种子作品')
  })
})
