/**
 * The creation center's examples (musicfy/shareExamples): open to visitors, made of real shares
 * only. On a fresh platform the seed's demo account makes them through the job system (one of
 * each tool, charged like anyone with points granted through the ledger, shared once done, and
 * not made twice); later the most upvoted recent shares lead, with every tool kept in the list.
 */
import type { AiJob, ShareCreated, ShareExamples, SharedWork } from '@gy/api/contract'
import { AI_LABEL } from '@gy/api/aiLimits'
import { readMp3Aigc } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertWork } from '../../domain/works.repository'
import { toneMp3 } from '../../domain/works.fixtures'
import { CONTENT_TYPES } from '../../media/contentType'
import { SEED_ARTIST } from '../../seed/catalogue'
import { DEMO_ACCOUNT_PHONE, DEMO_PROMPT, seedAiExamples } from '../../seed/seedAiExamples'
import { givePoints, scriptedRunner, waitForJob, type ScriptedRunner } from '../../test/aiTestKit'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'

const EXAMPLES = '/api/ai-server/musicfy/shareExamples'
const CREATION = '/api/music-server/ai/music/creation'
const SHARE = '/api/ai-server/musicfy/share'
const UPVOTE = '/api/ai-server/musicfy/upvote'

const quiet = { info: () => undefined, error: () => undefined }

describe('musicfy/shareExamples', () => {
  let app: FastifyInstance
  let runner: ScriptedRunner
  let phone = 13600000200

  async function newUser(points = 0) {
    phone += 1
    const login = await loginAs(app, `86:${phone}`)
    if (points > 0) await givePoints(app, login.userInfo.userId, points)
    return { token: login.accessToken, userId: login.userInfo.userId }
  }

  async function examples(token?: string): Promise<SharedWork[]> {
    const answer = await call<ShareExamples>(app, EXAMPLES, token === undefined ? {} : { token })
    expect(answer.envelope.code).toBe('000')
    return answer.envelope.data.records
  }

  /** A demo work of the seed catalogue, listed in full. */
  async function seedWork(seedKey: string, title: string) {
    const audio = await app.storage.put(toneMp3(3), CONTENT_TYPES.mp3)
    await insertWork(app.db, {
      title,
      artist: SEED_ARTIST,
      cover_key: null,
      audio_key: audio.key,
      delivery: 'mp3',
      duration_ms: 3000,
      price_fen: 0,
      status: 'listed',
      is_seed: true,
      seed_key: seedKey,
    })
  }

  async function demoLedger() {
    return app.db
      .selectFrom('points_ledger')
      .innerJoin('users', 'users.id', 'points_ledger.user_id')
      .select(['points_ledger.kind', 'points_ledger.amount'])
      .where('users.phone', '=', DEMO_ACCOUNT_PHONE)
      .orderBy('points_ledger.id')
      .execute()
  }

  beforeAll(async () => {
    runner = scriptedRunner()
    app = await createTestApp({ aiRunner: runner })
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers a visitor with no examples on an empty platform: nothing is made up', async () => {
    expect(await examples()).toEqual([])
  })

  it('has the seed’s demo account make and share one of each tool through the job system', async () => {
    await seedWork('seed-01-evening-lamps', '晚风与灯火')
    await seedWork('seed-02-weekend-ride', '周末骑行')
    // A preview is not a demo work to start from.
    await seedWork('seed-03-stone-lane:preview', '青石巷')

    const outcome = await seedAiExamples({ app, log: quiet, pollMs: 10 })
    expect(outcome).toEqual({ shared: ['generate', 'separate', 'cover'], missing: [] })
    // Real jobs, run by the (scripted) engine: a song from a prompt, a split and a cover of the
    // demo works.
    expect(runner.tasks.map((task) => task.kind)).toEqual(['generate', 'separate', 'cover'])
    expect(runner.tasks[0]).toMatchObject({
      kind: 'generate',
      request: { mode: 'smart', prompt: DEMO_PROMPT },
    })
    const jobs = await app.db
      .selectFrom('ai_jobs')
      .innerJoin('users', 'users.id', 'ai_jobs.user_id')
      .select(['ai_jobs.kind', 'ai_jobs.state', 'ai_jobs.input', 'users.nick_name'])
      .where('users.phone', '=', DEMO_ACCOUNT_PHONE)
      .orderBy('ai_jobs.created_at')
      .execute()
    expect(jobs.map((job) => [job.kind, job.state, job.nick_name])).toEqual([
      ['generate', 'succeeded', SEED_ARTIST],
      ['separate', 'succeeded', SEED_ARTIST],
      ['cover', 'succeeded', SEED_ARTIST],
    ])
    expect(jobs[1]?.input).toMatchObject({ fileName: '晚风与灯火.mp3' })
    expect(jobs[2]?.input).toMatchObject({ source: 'store', workTitle: '周末骑行' })
    // Charged like anyone; granted exactly what each job cost, so it ends with nothing.
    const ledger = await demoLedger()
    expect(ledger.map((entry) => entry.kind)).toEqual([
      'grant',
      'spend',
      'grant',
      'spend',
      'grant',
      'spend',
    ])
    expect(ledger.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0)

    // A visitor hears all five results: two songs, the two stems and the cover.
    const shown = await examples()
    expect(shown).toHaveLength(5)
    expect(new Set(shown.map((work) => work.kind))).toEqual(
      new Set(['generate', 'separate', 'cover']),
    )
    // A stem is named with the song it came from.
    expect(
      shown
        .filter((work) => work.kind === 'separate')
        .map((work) => work.name)
        .sort(),
    ).toEqual(['晚风与灯火 · 人声', '晚风与灯火 · 伴奏'])
    for (const work of shown) {
      expect(work).toMatchObject({ aiLabel: AI_LABEL, author: SEED_ARTIST, upvoted: false })
      expect(work.url).toBe(`/aiShare?shareId=${work.shareId}`)
      expect(work.duration).toBeGreaterThan(0)
      const audio = await app.inject({ method: 'GET', url: work.audioUrl })
      expect(audio.statusCode).toBe(200)
      expect(readMp3Aigc(new Uint8Array(audio.rawPayload))?.PropagateID).toBe(work.shareId)
    }

    // Started again (a restart): nothing is asked or charged twice.
    const again = await seedAiExamples({ app, log: quiet, pollMs: 10 })
    expect(again.shared).toEqual(['generate', 'separate', 'cover'])
    expect(runner.tasks).toHaveLength(3)
    expect(await demoLedger()).toEqual(ledger)
    expect(await examples()).toHaveLength(5)
  })

  it('puts the most upvoted recent shares first, keeps every tool, and shows at most six', async () => {
    const maker = await newUser(500)
    const fans = await Promise.all([newUser(), newUser(), newUser()])
    const shared: string[] = []
    for (let index = 0; index < 3; index++) {
      const submitted = await call<AiJob>(app, CREATION, {
        token: maker.token,
        body: { mode: 'smart', prompt: `第${index + 1}首歌` },
      })
      const job = await waitForJob(app, maker.token, submitted.envelope.data.jobId)
      for (const result of job.results) {
        const share = await call<ShareCreated>(app, SHARE, {
          token: maker.token,
          body: { jobId: job.jobId, resultId: result.id },
        })
        shared.push(share.envelope.data.shareId)
      }
    }
    // Three upvotes for one song, two for another.
    const [favourite = '', runnerUp = ''] = [shared[4], shared[1]]
    for (const fan of fans)
      await call(app, UPVOTE, { token: fan.token, body: { shareId: favourite } })
    for (const fan of fans.slice(0, 2)) {
      await call(app, UPVOTE, { token: fan.token, body: { shareId: runnerUp } })
    }

    const shown = await examples()
    expect(shown).toHaveLength(6)
    expect(shown.slice(0, 2).map((work) => [work.shareId, work.upvotes])).toEqual([
      [favourite, 3],
      [runnerUp, 2],
    ])
    // Eleven shares compete; the demo's separation and cover keep their tools in the list.
    expect(shown.filter((work) => work.kind === 'separate')).toHaveLength(1)
    expect(shown.filter((work) => work.kind === 'cover')).toHaveLength(1)
    // Ranked throughout: each example has as many upvotes as the next, or more.
    const upvotes = shown.map((work) => work.upvotes)
    expect(upvotes).toEqual([...upvotes].sort((a, b) => b - a))
    // A logged-in viewer learns what they upvoted.
    const seen = await examples(fans[2]?.token)
    expect(seen.find((work) => work.shareId === favourite)?.upvoted).toBe(true)
    expect(seen.find((work) => work.shareId === runnerUp)?.upvoted).toBe(false)

    // Shares older than a month give way to recent ones however many upvotes they have.
    await app.db
      .updateTable('ai_shares')
      .set({ created_at: new Date(Date.now() - 60 * 24 * 60 * 60 * 1000) })
      .where('id', '=', favourite)
      .execute()
    const later = await examples()
    expect(later[0]?.shareId).toBe(runnerUp)
    expect(later.map((work) => work.shareId)).not.toContain(favourite)
  })
})
