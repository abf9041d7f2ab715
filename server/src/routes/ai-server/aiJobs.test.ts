/**
 * The AI zone's jobs as a user meets them: submit (charged with the acceptance), follow, get
 * labelled results, share, upvote, retry and delete; and the promise that points are never lost:
 * too few points queue nothing, a final failure refunds exactly once, a retry charges nothing, a
 * job whose worker died is run again by another and charged once. The engine is scripted here;
 * aiJobs.engine.test.ts runs the real one.
 */
import type { AiJob, ShareCreated, SharedWork, SingerList, UploadedFile } from '@gy/api/contract'
import { AI_JOB_COSTS, AI_LABEL } from '@gy/api/aiLimits'
import { AI_MESSAGES } from '@gy/api/aiMessages'
import { MESSAGES } from '@gy/api/messages'
import { encodeWav, readMp3Aigc } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { steppedTone } from '../../media/testTones'
import {
  aiRowCounts,
  balanceOf,
  givePoints,
  audioFramesOf,
  scriptedRunner,
  testSongBytes,
  waitForFirstSong,
  waitForJob,
  type ScriptedRunner,
} from '../../test/aiTestKit'
import { call, loginAs, signedRequest } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import { uploadFile } from '../user-server/uploadTestKit'

const CREATION = '/api/music-server/ai/music/creation'
const MUSIC = '/api/music-server/ai/music/music'
const MUSIC_LIST = '/api/music-server/ai/music/list'
const SEPARATE = '/api/ai-server/musicfy/separateVoice'
const SEPARATE_LIST = '/api/ai-server/musicfy/separateVoiceList'
const CONVERT = '/api/ai-server/musicfy/convertVoice'
const CONVERT_QUERY = '/api/ai-server/musicfy/convertVoiceQuery'
const CONVERT_PAGE = '/api/ai-server/musicfy/convertVoicePage'
const ORIGINAL = '/api/ai-server/musicfy/convertVoiceOriginal'
const ORIGINAL_LIST = '/api/ai-server/musicfy/convertVoiceOriginalList'
const SINGERS = '/api/ai-server/musicfy/singerList'
const JOB_LIST = '/api/ai-server/musicfy/jobList'
const JOB_QUERY = '/api/ai-server/musicfy/jobQuery'
const RETRY = '/api/ai-server/musicfy/retry'
const DELETE = '/api/ai-server/musicfy/deleteJob'
const SHARE = '/api/ai-server/musicfy/share'
const SHARE_LIST = '/api/ai-server/musicfy/shareList'
const SHARE_DETAILS = '/api/ai-server/musicfy/shareDetails'
const UPVOTE = '/api/ai-server/musicfy/upvote'
const EVENTS = '/api/ai-server/musicfy/jobEvents'

const SMART = { mode: 'smart', prompt: '月下思念故乡的诗人' } as const

describe('AI jobs', () => {
  let app: FastifyInstance
  let runner: ScriptedRunner
  let user: { token: string; userId: string }
  let other: { token: string; userId: string }
  let audioFileId: string
  let imageFileId: string
  let otherFileId: string
  let phone = 13700000000

  async function newUser(points: number) {
    phone += 1
    const login = await loginAs(app, `86:${phone}`)
    if (points > 0) await givePoints(app, login.userInfo.userId, points)
    return { token: login.accessToken, userId: login.userInfo.userId }
  }

  async function upload(
    token: string,
    purpose: 'audio' | 'image',
    name: string,
    bytes: Uint8Array,
  ) {
    const answer = await uploadFile(app, token, purpose, name, bytes)
    if (answer.envelope.code !== '000') throw new Error(JSON.stringify(answer.envelope))
    return (answer.envelope.data as UploadedFile).fileId
  }

  beforeAll(async () => {
    runner = scriptedRunner()
    // Two at once: a test's stalled attempt ('wait', a worker that seems dead) must not hold the
    // only slot its replacement needs.
    app = await createTestApp({ aiRunner: runner, env: { AI_WORKER_CONCURRENCY: '2' } })
    user = await newUser(1000)
    other = await newUser(1000)
    const wav = encodeWav(steppedTone(3))
    audioFileId = await upload(user.token, 'audio', '我的歌.wav', wav)
    otherFileId = await upload(other.token, 'audio', '别人的歌.wav', encodeWav(steppedTone(2.5)))
    // A 1x1 PNG.
    const png = Uint8Array.from(
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    )
    imageFileId = await upload(user.token, 'image', 'cover.png', png)
  })
  afterAll(async () => {
    await app.close()
  })
  beforeEach(() => {
    runner.reset()
  })

  it('accepts a smart generation, charges it once, and gives two labelled songs', async () => {
    const before = await balanceOf(app, user.token)
    const submitted = await call<AiJob>(app, CREATION, { token: user.token, body: SMART })
    expect(submitted.envelope.code).toBe('000')
    const job = submitted.envelope.data
    expect(job).toMatchObject({ kind: 'generate', pointsCharged: AI_JOB_COSTS.generate })
    expect(['queued', 'running', 'succeeded']).toContain(job.state)
    expect(await balanceOf(app, user.token)).toBe(before - AI_JOB_COSTS.generate)

    const done = await waitForJob(app, user.token, job.jobId)
    expect(done.state).toBe('succeeded')
    expect(done.progress).toBe(1)
    expect(done.engine).toBe('scripted@test')
    expect(done.results).toHaveLength(2)
    for (const result of done.results) {
      expect(result.aiLabel).toBe(AI_LABEL)
      expect(result.role).toBe('song')
      expect(result.url).toContain('.mp3')
      expect(result.cover).not.toBe('')
      expect(result.lyric).toContain('月光')
      const file = await app.inject({ method: 'GET', url: result.url })
      expect(file.statusCode).toBe(200)
      // The implicit label of GB 45438-2025, naming the platform and this result.
      expect(readMp3Aigc(new Uint8Array(file.rawPayload))).toEqual({
        Label: '1',
        ContentProducer: 'GY音乐',
        ProduceID: result.id,
        ContentPropagator: '',
        PropagateID: '',
      })
    }
    // The creation record is kept with the result.
    const record = await app.db
      .selectFrom('ai_results')
      .select('details')
      .where('job_id', '=', job.jobId)
      .execute()
    expect(record[0]?.details).toMatchObject({
      seed: 1,
      engine: 'scripted@test',
      request: { mode: 'smart', prompt: SMART.prompt },
    })
    expect(await balanceOf(app, user.token)).toBe(before - AI_JOB_COSTS.generate)

    const again = await call<AiJob>(app, MUSIC, { token: user.token, body: { jobId: job.jobId } })
    expect(again.envelope.data.results.map((result) => result.id)).toEqual(
      done.results.map((result) => result.id),
    )
    const list = await call<{ records: AiJob[]; total: number }>(app, MUSIC_LIST, {
      token: user.token,
      body: { page: 1, pageSize: 10 },
    })
    expect(list.envelope.data.records.map((record) => record.jobId)).toContain(job.jobId)
  })

  it('refuses with 409 积分不足，请先充值 and queues nothing when points are short', async () => {
    const poor = await newUser(5)
    const before = await aiRowCounts(app)
    const answer = await call<AiJob>(app, CREATION, { token: poor.token, body: SMART })
    expect(answer.status).toBe(409)
    expect(answer.envelope).toMatchObject({ code: '409', msg: AI_MESSAGES.aiPointsInsufficient })
    expect(await aiRowCounts(app)).toEqual(before)
    expect(await balanceOf(app, poor.token)).toBe(5)
  })

  it('refuses bad input with a Chinese message, charging nothing and changing nothing', async () => {
    const cases: [string, unknown, string][] = [
      [CREATION, { mode: 'smart', prompt: '' }, AI_MESSAGES.aiPromptRequired],
      [CREATION, { mode: 'smart', prompt: '   ' }, AI_MESSAGES.aiPromptRequired],
      [CREATION, { mode: 'smart', prompt: '歌'.repeat(10_000) }, AI_MESSAGES.aiPromptTooLong],
      [CREATION, { mode: 'smart', prompt: '<script>alert(1)</script>' }, AI_MESSAGES.aiTextInvalid],
      [CREATION, { mode: 'smart', prompt: '雨\u0000夜' }, AI_MESSAGES.aiTextInvalid],
      [CREATION, { mode: 'poem', prompt: '雨夜' }, AI_MESSAGES.aiModeInvalid],
      [
        CREATION,
        { mode: 'advanced', title: '夜', lyrics: '<b>月光</b>', style: '流行' },
        AI_MESSAGES.aiTextInvalid,
      ],
      [
        CREATION,
        { mode: 'advanced', title: '夜', lyrics: '月光\u0007', style: '流行' },
        AI_MESSAGES.aiTextInvalid,
      ],
      [
        CREATION,
        { mode: 'advanced', title: '夜', lyrics: '月光', style: '流行', tempo: 400 },
        AI_MESSAGES.aiTempoInvalid,
      ],
      [
        CREATION,
        { mode: 'advanced', title: '', lyrics: '月光', style: '流行' },
        AI_MESSAGES.aiTitleRequired,
      ],
      [
        CONVERT,
        { singerId: 'nobody', fileId: audioFileId, semitones: 0 },
        AI_MESSAGES.aiSingerUnknown,
      ],
      [
        CONVERT,
        { singerId: 'warm-male', fileId: audioFileId, semitones: 13 },
        AI_MESSAGES.aiSemitonesInvalid,
      ],
      [
        CONVERT,
        { singerId: 'warm-male', fileId: audioFileId, semitones: -13 },
        AI_MESSAGES.aiSemitonesInvalid,
      ],
      [
        CONVERT,
        { singerId: 'warm-male', fileId: audioFileId, semitones: 1.5 },
        AI_MESSAGES.aiSemitonesInvalid,
      ],
      [CONVERT, { singerId: 'warm-male', semitones: 0 }, AI_MESSAGES.aiSourceRequired],
      [
        CONVERT,
        { singerId: 'warm-male', fileId: audioFileId, semitones: 0, vocalGainDb: 40 },
        AI_MESSAGES.aiGainInvalid,
      ],
      [
        CONVERT,
        { singerId: 'warm-male', fileId: imageFileId, semitones: 0 },
        MESSAGES.fileNotAudio,
      ],
      [SEPARATE, { fileId: imageFileId }, MESSAGES.fileNotAudio],
      [SEPARATE, { fileId: 'not-a-file' }, MESSAGES.fileIdInvalid],
      [SEPARATE, {}, MESSAGES.fileIdInvalid],
    ]
    const before = await aiRowCounts(app)
    const balance = await balanceOf(app, user.token)
    for (const [url, body, message] of cases) {
      const answer = await call(app, url, { token: user.token, body })
      expect({ url, body, envelope: answer.envelope }).toMatchObject({
        envelope: { code: '400', msg: message },
      })
    }
    // An unknown style is refused by the engine's own check, before any charge.
    const style = await call(app, CREATION, {
      token: user.token,
      body: { mode: 'advanced', title: '夜', lyrics: '月光', style: '蒸汽波' },
    })
    expect(style.envelope.code).toBe('400')
    expect(style.envelope.msg).toContain('不支持的风格')
    expect(await aiRowCounts(app)).toEqual(before)
    expect(await balanceOf(app, user.token)).toBe(balance)
  })

  it("answers 403 for another user's file or job in every call, changing nothing", async () => {
    const submitted = await call<AiJob>(app, SEPARATE, {
      token: user.token,
      body: { fileId: audioFileId },
    })
    const job = await waitForJob(app, user.token, submitted.envelope.data.jobId)
    const before = await aiRowCounts(app)
    const balance = await balanceOf(app, other.token)
    const calls: [string, unknown][] = [
      [MUSIC, { jobId: job.jobId }],
      [CONVERT_QUERY, { jobId: job.jobId }],
      [JOB_QUERY, { jobId: job.jobId }],
      [ORIGINAL, { jobId: job.jobId }],
      [RETRY, { jobId: job.jobId }],
      [DELETE, { jobId: job.jobId }],
      [SHARE, { jobId: job.jobId, resultId: job.results[0]?.id }],
      [SEPARATE, { fileId: audioFileId }],
      [CONVERT, { singerId: 'warm-male', fileId: audioFileId, semitones: 0 }],
    ]
    for (const [url, body] of calls) {
      const answer = await call(app, url, { token: other.token, body })
      expect({ url, code: answer.envelope.code }).toEqual({ url, code: '403' })
    }
    const stream = await app.inject(
      signedRequest(app, EVENTS, {
        method: 'GET',
        token: other.token,
        query: { jobId: job.jobId },
      }),
    )
    expect(stream.statusCode).toBe(403)
    expect(JSON.parse(stream.body)).toMatchObject({ code: '403' })
    // Nor may one name another's upload.
    for (const [url, body] of [
      [SEPARATE, { fileId: otherFileId }],
      [CONVERT, { singerId: 'warm-male', fileId: otherFileId, semitones: 0 }],
    ] as const) {
      const answer = await call(app, url, { token: user.token, body })
      expect({ url, envelope: answer.envelope }).toMatchObject({
        envelope: { code: '403', msg: MESSAGES.fileForbidden },
      })
    }
    expect(await aiRowCounts(app)).toEqual(before)
    expect(await balanceOf(app, other.token)).toBe(balance)
    // And the lists show only one's own.
    const list = await call<{ records: AiJob[] }>(app, JOB_LIST, { token: other.token, body: {} })
    expect(list.envelope.data.records.map((record) => record.jobId)).not.toContain(job.jobId)
    const unknown = await call(app, JOB_QUERY, {
      token: user.token,
      body: { jobId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.envelope.code).toBe('404')
  })

  it('separates an upload into 人声 and 伴奏, and remembers the upload as an original', async () => {
    const submitted = await call<AiJob>(app, SEPARATE, {
      token: user.token,
      body: { fileId: audioFileId },
    })
    expect(submitted.envelope.data.pointsCharged).toBe(AI_JOB_COSTS.separate)
    const job = await waitForJob(app, user.token, submitted.envelope.data.jobId)
    expect(job.results.map((result) => [result.name, result.role])).toEqual([
      ['人声', 'vocals'],
      ['伴奏', 'accompaniment'],
    ])
    expect(runner.tasks.at(-1)?.kind).toBe('separate')
    const list = await call<{ records: AiJob[] }>(app, SEPARATE_LIST, {
      token: user.token,
      body: {},
    })
    expect(list.envelope.data.records.every((record) => record.kind === 'separate')).toBe(true)
    const originals = await call<{ records: { fileId: string; name: string }[] }>(
      app,
      ORIGINAL_LIST,
      { token: user.token, body: {} },
    )
    expect(originals.envelope.data.records.map((record) => record.name)).toContain('我的歌.wav')

    // A shared stem is named with its song: 伴奏 alone would not say which.
    const accompaniment = job.results.find((result) => result.role === 'accompaniment')
    const shared = await call<ShareCreated>(app, SHARE, {
      token: user.token,
      body: { jobId: job.jobId, resultId: accompaniment?.id },
    })
    const page = await call<SharedWork>(app, SHARE_DETAILS, {
      body: { shareId: shared.envelope.data.shareId },
    })
    expect(page.envelope.data.name).toBe(`${job.title} · 伴奏`)
  })

  it('makes a cover with a singer from singerList, and names its original', async () => {
    const singers = await call<SingerList>(app, SINGERS, { token: user.token })
    expect(singers.envelope.data.records.length).toBeGreaterThan(3)
    const singer = singers.envelope.data.records[0]
    if (singer === undefined) throw new Error('no singers')
    expect(singer.avatar).toMatch(/^data:image\/svg\+xml/)
    const submitted = await call<AiJob>(app, CONVERT, {
      token: user.token,
      body: { singerId: singer.singerId, fileId: audioFileId, semitones: -3, vocalGainDb: 2 },
    })
    expect(submitted.envelope.code).toBe('000')
    const job = await waitForJob(app, user.token, submitted.envelope.data.jobId)
    expect(job.state).toBe('succeeded')
    expect(job.input).toMatchObject({ singerId: singer.singerId, semitones: -3, vocalGainDb: 2 })
    expect(runner.tasks.at(-1)).toMatchObject({
      kind: 'cover',
      singer: singer.singerId,
      semitones: -3,
    })
    const original = await call<{ name: string; source: string }>(app, ORIGINAL, {
      token: user.token,
      body: { jobId: job.jobId },
    })
    expect(original.envelope.data).toMatchObject({ name: '我的歌.wav', source: 'upload' })
    const page = await call<{ records: AiJob[] }>(app, CONVERT_PAGE, {
      token: user.token,
      body: {},
    })
    expect(page.envelope.data.records[0]?.jobId).toBe(job.jobId)
  })

  it('refunds a job whose input cannot be processed exactly once; a retry charges nothing', async () => {
    const payer = await newUser(100)
    runner.script.push('fail-input')
    const submitted = await call<AiJob>(app, CREATION, { token: payer.token, body: SMART })
    const failed = await waitForJob(app, payer.token, submitted.envelope.data.jobId)
    expect(failed.state).toBe('failed')
    expect(failed.error).toContain('文件已损坏')
    expect(await balanceOf(app, payer.token)).toBe(100)
    const ledger = await app.db
      .selectFrom('points_ledger')
      .select(['kind', 'amount'])
      .where('user_id', '=', payer.userId)
      .orderBy('id')
      .execute()
    expect(ledger).toEqual([
      { kind: 'grant', amount: 100 },
      { kind: 'spend', amount: -AI_JOB_COSTS.generate },
      { kind: 'refund', amount: AI_JOB_COSTS.generate },
    ])

    // Retried: runs again, succeeds, and no second charge.
    const retried = await call<AiJob>(app, RETRY, {
      token: payer.token,
      body: { jobId: failed.jobId },
    })
    expect(retried.envelope.code).toBe('000')
    expect(retried.envelope.data.state).not.toBe('failed')
    const done = await waitForJob(app, payer.token, failed.jobId)
    expect(done.state).toBe('succeeded')
    expect(await balanceOf(app, payer.token)).toBe(100)
    // Only a failed job can be retried.
    const again = await call(app, RETRY, { token: payer.token, body: { jobId: failed.jobId } })
    expect(again.envelope).toMatchObject({ code: '409', msg: AI_MESSAGES.aiJobNotFailed })
  })

  it('tries a passing failure again and gives up after three attempts, refunding once', async () => {
    const payer = await newUser(100)
    runner.script.push('fail-passing', 'succeed')
    const first = await call<AiJob>(app, CREATION, { token: payer.token, body: SMART })
    // The second attempt waits RETRY_DELAY_SECONDS in the queue.
    const recovered = await waitForJob(
      app,
      payer.token,
      first.envelope.data.jobId,
      undefined,
      30_000,
    )
    expect(recovered.state).toBe('succeeded')
    expect(await balanceOf(app, payer.token)).toBe(100 - AI_JOB_COSTS.generate)

    runner.script.push('fail-passing', 'fail-passing', 'fail-passing')
    const second = await call<AiJob>(app, CREATION, { token: payer.token, body: SMART })
    const failed = await waitForJob(app, payer.token, second.envelope.data.jobId, undefined, 40_000)
    expect(failed.state).toBe('failed')
    expect(failed.error).toBe(AI_MESSAGES.aiJobFailedGeneric)
    expect(await balanceOf(app, payer.token)).toBe(100 - AI_JOB_COSTS.generate)
    const refunds = await app.db
      .selectFrom('points_ledger')
      .select('amount')
      .where('user_id', '=', payer.userId)
      .where('kind', '=', 'refund')
      .execute()
    expect(refunds).toHaveLength(1)
  }, 90_000)

  it('runs again, charged once, a job whose worker died (its lease ran out)', async () => {
    const payer = await newUser(100)
    runner.script.push('wait')
    const submitted = await call<AiJob>(app, CREATION, { token: payer.token, body: SMART })
    const jobId = submitted.envelope.data.jobId
    await waitForJob(app, payer.token, jobId, ['running'])
    // As if its process died: the worker's attempt is lost, its lease in the past.
    await app.db
      .updateTable('ai_jobs')
      .set({ attempts: 99, lease_until: new Date(Date.now() - 60_000) })
      .where('id', '=', jobId)
      .execute()
    // The old attempt's result is refused when it comes (it no longer holds the job).
    const sweeps = await waitForJob(app, payer.token, jobId, ['succeeded', 'failed'], 30_000)
    runner.release()
    // 99 attempts used: the sweep's delivery gives it up and refunds it, exactly once.
    expect(sweeps.state).toBe('failed')
    expect(await balanceOf(app, payer.token)).toBe(100)

    runner.reset()
    runner.script.push('wait')
    const second = await call<AiJob>(app, CREATION, { token: payer.token, body: SMART })
    await waitForJob(app, payer.token, second.envelope.data.jobId, ['running'])
    await app.db
      .updateTable('ai_jobs')
      .set({ lease_until: new Date(Date.now() - 60_000) })
      .where('id', '=', second.envelope.data.jobId)
      .execute()
    const resumed = await waitForJob(
      app,
      payer.token,
      second.envelope.data.jobId,
      ['succeeded'],
      30_000,
    )
    runner.release()
    expect(resumed.results).toHaveLength(2)
    expect(await balanceOf(app, payer.token)).toBe(100 - AI_JOB_COSTS.generate)
    const spends = await app.db
      .selectFrom('points_ledger')
      .select('amount')
      .where('user_id', '=', payer.userId)
      .where('kind', '=', 'spend')
      .execute()
    expect(spends).toHaveLength(2)
  }, 60_000)

  it('keeps one user from filling the queue: the sixth active job answers 429', async () => {
    const busy = await newUser(1000)
    runner.script.push('wait', 'wait', 'wait', 'wait', 'wait')
    const accepted = []
    for (let index = 0; index < 5; index++) {
      const answer = await call<AiJob>(app, CREATION, { token: busy.token, body: SMART })
      expect(answer.envelope.code).toBe('000')
      accepted.push(answer.envelope.data)
    }
    const before = await aiRowCounts(app)
    const sixth = await call(app, CREATION, { token: busy.token, body: SMART })
    expect(sixth.envelope).toMatchObject({ code: '429', msg: AI_MESSAGES.aiTooManyJobs })
    expect(await aiRowCounts(app)).toEqual(before)
    // Queued jobs know their place in line.
    const queued = await call<AiJob>(app, JOB_QUERY, {
      token: busy.token,
      body: { jobId: accepted[4]?.jobId },
    })
    expect(queued.envelope.data.state).toBe('queued')
    expect(queued.envelope.data.queuePosition).toBeGreaterThan(1)
    runner.release()
    for (const job of accepted) {
      await waitForJob(app, busy.token, job.jobId, ['succeeded'], 30_000)
    }
    expect(await balanceOf(app, busy.token)).toBe(1000 - 5 * AI_JOB_COSTS.generate)
  }, 60_000)

  it('charges concurrent submissions exactly what the balance covers', async () => {
    const payer = await newUser(AI_JOB_COSTS.separate * 3)
    const fileId = await upload(payer.token, 'audio', 'a.wav', encodeWav(steppedTone(1)))
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call<AiJob>(app, SEPARATE, { token: payer.token, body: { fileId } }),
      ),
    )
    const codes = answers.map((answer) => answer.envelope.code).sort()
    expect(codes).toEqual(['000', '000', '000', '409', '409'])
    expect(await balanceOf(app, payer.token)).toBe(0)
    const jobs = await app.db
      .selectFrom('ai_jobs')
      .select('id')
      .where('user_id', '=', payer.userId)
      .execute()
    expect(jobs).toHaveLength(3)
  })

  it('shares a result: a public page without login, the share in the file label, one upvote each', async () => {
    const submitted = await call<AiJob>(app, CREATION, { token: user.token, body: SMART })
    const job = await waitForJob(app, user.token, submitted.envelope.data.jobId)
    const result = job.results[1]
    if (result === undefined) throw new Error('no second result')
    const shared = await call<ShareCreated>(app, SHARE, {
      token: user.token,
      body: { jobId: job.jobId, resultId: result.id },
    })
    expect(shared.envelope.code).toBe('000')
    const { shareId, url } = shared.envelope.data
    expect(url).toBe(`/aiShare?shareId=${shareId}`)
    const sharedAgain = await call<ShareCreated>(app, SHARE, {
      token: user.token,
      body: { jobId: job.jobId, resultId: result.id },
    })
    expect(sharedAgain.envelope.data.shareId).toBe(shareId)
    const wrongResult = await call(app, SHARE, {
      token: user.token,
      body: { jobId: job.jobId, resultId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(wrongResult.envelope.code).toBe('404')

    // Anyone, logged in or not, opens it.
    const visitor = await call<SharedWork>(app, SHARE_DETAILS, { body: { shareId } })
    expect(visitor.envelope.code).toBe('000')
    expect(visitor.envelope.data).toMatchObject({
      shareId,
      name: result.name,
      aiLabel: AI_LABEL,
      upvotes: 0,
      upvoted: false,
      kind: 'generate',
    })
    const file = await app.inject({ method: 'GET', url: visitor.envelope.data.audioUrl })
    expect(readMp3Aigc(new Uint8Array(file.rawPayload))).toEqual({
      Label: '1',
      ContentProducer: 'GY音乐',
      ProduceID: result.id,
      ContentPropagator: 'GY音乐',
      PropagateID: shareId,
    })

    const first = await call<{ upvotes: number }>(app, UPVOTE, {
      token: other.token,
      body: { shareId },
    })
    expect(first.envelope.data.upvotes).toBe(1)
    const second = await call(app, UPVOTE, { token: other.token, body: { shareId } })
    expect(second.envelope).toMatchObject({ code: '409', msg: AI_MESSAGES.aiAlreadyUpvoted })
    const visitorUpvote = await call(app, UPVOTE, { body: { shareId } })
    expect(visitorUpvote.envelope.code).toBe('401')
    const seen = await call<SharedWork>(app, SHARE_DETAILS, {
      token: other.token,
      body: { shareId },
    })
    expect(seen.envelope.data).toMatchObject({ upvotes: 1, upvoted: true })
    const mine = await call<{ records: SharedWork[] }>(app, SHARE_LIST, {
      token: user.token,
      body: {},
    })
    expect(mine.envelope.data.records.map((record) => record.shareId)).toContain(shareId)
    const theirs = await call<{ records: SharedWork[] }>(app, SHARE_LIST, {
      token: other.token,
      body: {},
    })
    expect(theirs.envelope.data.records).toHaveLength(0)

    // The job shows its shared result; deleting the job removes the share with it.
    const shown = await call<AiJob>(app, JOB_QUERY, {
      token: user.token,
      body: { jobId: job.jobId },
    })
    expect(shown.envelope.data.results[1]?.shareId).toBe(shareId)
    const deleted = await call(app, DELETE, { token: user.token, body: { jobId: job.jobId } })
    expect(deleted.envelope.code).toBe('000')
    const gone = await call(app, SHARE_DETAILS, { body: { shareId } })
    expect(gone.envelope).toMatchObject({ code: '404', msg: AI_MESSAGES.aiShareNotFound })
  })

  it('plays the first song while it renders, through a growing playlist, and keeps its file', async () => {
    runner.script.push('wait')
    const submitted = await call<AiJob>(app, CREATION, { token: user.token, body: SMART })
    const jobId = submitted.envelope.data.jobId
    const running = await waitForFirstSong(app, user.token, jobId)
    expect(running.state).toBe('running')
    expect(running.results).toHaveLength(1)
    const first = running.results[0]
    expect(first).toMatchObject({ live: true, name: '月光', duration: 10, aiLabel: AI_LABEL })
    expect(first?.url).toMatch(/^\/files\/live\/[0-9a-f-]{36}\/index\.m3u8\?/)
    expect(first?.url).not.toMatch(/mp3|wav/)

    // A live EVENT playlist: the segments so far, no end yet; each segment labelled.
    const growing = await app.inject({ method: 'GET', url: first?.url ?? '' })
    expect(growing.statusCode).toBe(200)
    expect(growing.headers['content-type']).toContain('mpegurl')
    expect(growing.headers['cache-control']).toBe('no-store')
    expect(growing.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT')
    expect(growing.body).not.toContain('#EXT-X-ENDLIST')
    const liveSegments = growing.body.split('\n').filter((line) => line.startsWith('/files/'))
    expect(liveSegments.length).toBeGreaterThan(0)
    const segment = await app.inject({ method: 'GET', url: liveSegments[0] ?? '' })
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['content-type']).toBe('audio/mpeg')
    expect(Buffer.from(segment.rawPayload).includes(Buffer.from('AIGC'))).toBe(true)
    expect(Buffer.from(segment.rawPayload).includes(Buffer.from(first?.id ?? 'none'))).toBe(true)

    // Not yet a file: nothing to share or download.
    const share = await call(app, SHARE, {
      token: user.token,
      body: { jobId, resultId: first?.id },
    })
    expect(share.envelope).toMatchObject({ code: '409', msg: AI_MESSAGES.aiResultStillRendering })
    // The playlist's URL authorises that song only.
    const tampered = (first?.url ?? '').replace(/signature=[0-9a-f]/, 'signature=x')
    expect((await app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403)
    const otherSong = (first?.url ?? '').replace(/live\/[0-9a-f]/, (match) =>
      match.endsWith('0') ? `${match.slice(0, -1)}1` : `${match.slice(0, -1)}0`,
    )
    expect((await app.inject({ method: 'GET', url: otherSong })).statusCode).toBe(403)

    runner.release()
    const done = await waitForJob(app, user.token, jobId)
    expect(done.results).toHaveLength(2)
    const kept = done.results[0]
    expect(kept).toMatchObject({ id: first?.id, live: false })
    expect(kept?.url).toContain('.mp3')
    const file = await app.inject({ method: 'GET', url: kept?.url ?? '' })
    expect(readMp3Aigc(new Uint8Array(file.rawPayload))?.ProduceID).toBe(first?.id)

    // The playlist a listener started with now ends, and it played the file's very frames.
    const ended = await app.inject({ method: 'GET', url: first?.url ?? '' })
    expect(ended.body).toContain('#EXT-X-ENDLIST')
    const streamed: Uint8Array[] = []
    for (const line of ended.body.split('\n').filter((entry) => entry.startsWith('/files/'))) {
      const bytes = new Uint8Array((await app.inject({ method: 'GET', url: line })).rawPayload)
      streamed.push(audioFramesOf(bytes))
    }
    expect(
      Buffer.compare(Buffer.concat(streamed), Buffer.from(audioFramesOf(testSongBytes()))),
    ).toBe(0)
    const rows = await app.db
      .selectFrom('ai_results')
      .select('id')
      .where('job_id', '=', jobId)
      .where('audio_key', 'is not', null)
      .execute()
    expect(rows).toHaveLength(2)
  })

  it('refuses to delete a job that is still running', async () => {
    runner.script.push('wait')
    const submitted = await call<AiJob>(app, CREATION, { token: user.token, body: SMART })
    const jobId = submitted.envelope.data.jobId
    const answer = await call(app, DELETE, { token: user.token, body: { jobId } })
    expect(answer.envelope).toMatchObject({ code: '409', msg: AI_MESSAGES.aiJobRunning })
    runner.release()
    await waitForJob(app, user.token, jobId)
  })

  it('streams the job as server-sent events until it settles', async () => {
    runner.script.push('wait')
    const submitted = await call<AiJob>(app, CREATION, { token: user.token, body: SMART })
    const jobId = submitted.envelope.data.jobId
    await waitForJob(app, user.token, jobId, ['running'])
    const stream = await app.inject({
      ...signedRequest(app, EVENTS, { method: 'GET', token: user.token, query: { jobId } }),
      payloadAsStream: true,
    })
    expect(stream.statusCode).toBe(200)
    expect(stream.headers['content-type']).toContain('text/event-stream')
    let body = ''
    for await (const chunk of stream.stream()) {
      body += String(chunk)
      // Once the stream has told of the running job (a whole event), the job may go on and end.
      if (/^data: .*\n\n/m.test(body)) runner.release()
    }
    const events = body
      .split('\n\n')
      .filter((event) => event.startsWith('data: '))
      .map((event) => JSON.parse(event.slice(6)) as { code: string; data: AiJob })
    expect(events.length).toBeGreaterThanOrEqual(2)
    expect(events[0]?.data.state).toBe('running')
    expect(events.at(-1)?.data.state).toBe('succeeded')
    expect(events.every((event) => event.code === '000' && event.data.jobId === jobId)).toBe(true)

    const visitor = await app.inject(
      signedRequest(app, EVENTS, { method: 'GET', query: { jobId } }),
    )
    expect(visitor.statusCode).toBe(401)
    const bad = await app.inject(
      signedRequest(app, EVENTS, { method: 'GET', token: user.token, query: { jobId: 'x' } }),
    )
    expect(JSON.parse(bad.body)).toMatchObject({ code: '400', msg: AI_MESSAGES.aiJobIdInvalid })
  })
})
