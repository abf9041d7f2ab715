/**
 * Depositing a generated work (musicfy/keepResult, then keepRecord/uploadListing): the owner's
 * finished song or cover becomes their own uploaded audio without a second copy of its bytes,
 * once however often it is asked; the deposit of that file carries the result's creation record
 * (the request, seed, engine and time) on its record and its certificate PDF, even after the job
 * is deleted. Anyone else, an unknown id, a failed or unfinished job and a separated stem are
 * refused with a Chinese reason, and nothing is written.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { AiJob, Deposit, DepositRecord, UploadedFile } from '@gy/api/contract'
import { AI_MESSAGES } from '@gy/api/aiMessages'
import { MESSAGES } from '@gy/api/messages'
import { encodeWav, readMp3Aigc } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addFixtureWork } from '../../domain/works.fixtures'
import { steppedTone } from '../../media/testTones'
import {
  givePoints,
  scriptedRunner,
  waitForFirstSong,
  waitForJob,
  type ScriptedRunner,
} from '../../test/aiTestKit'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import { filesUnder, uploadFile } from '../user-server/uploadTestKit'

const CREATION = '/api/music-server/ai/music/creation'
const SEPARATE = '/api/ai-server/musicfy/separateVoice'
const CONVERT = '/api/ai-server/musicfy/convertVoice'
const DELETE = '/api/ai-server/musicfy/deleteJob'
const KEEP = '/api/ai-server/musicfy/keepResult'
const DEPOSIT = '/api/music-server/keepRecord/uploadListing'
const DETAILS = '/api/music-server/keepRecord/depositDetails'

const PROMPT = '夏夜海边的轻快民谣，吉他和口琴'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

const run = promisify(execFile)

describe('musicfy/keepResult and the deposit of a generated work', () => {
  let app: FastifyInstance
  let runner: ScriptedRunner
  let dataDir: string
  let owner: { token: string; userId: string }
  let other: { token: string; userId: string }
  let phone = 13600000100

  async function newUser() {
    phone += 1
    const login = await loginAs(app, `86:${phone}`)
    await givePoints(app, login.userInfo.userId, 500)
    return { token: login.accessToken, userId: login.userInfo.userId }
  }

  async function finished(url: string, body: unknown, token = owner.token): Promise<AiJob> {
    const submitted = await call<AiJob>(app, url, { token, body })
    expect(submitted.envelope.code).toBe('000')
    return waitForJob(app, token, submitted.envelope.data.jobId)
  }

  const keep = (jobId: string, resultId: string | undefined, token = owner.token) =>
    call<UploadedFile>(app, KEEP, { token, body: { jobId, resultId } })

  /** What a refusal must leave as it was: the files table and the stored bytes. */
  async function snapshot() {
    const rows = await app.db.selectFrom('uploaded_files').select('id').execute()
    return { rows: rows.length, files: await filesUnder(path.join(dataDir, 'files')) }
  }

  async function pdfText(url: string): Promise<string> {
    const pdf = await app.inject({ method: 'GET', url })
    expect(pdf.statusCode).toBe(200)
    const file = path.join(dataDir, `certificate-${Date.now()}.pdf`)
    await writeFile(file, pdf.rawPayload)
    const { stdout } = await run('pdftotext', ['-layout', file, '-'])
    return stdout
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-keep-result-'))
    runner = scriptedRunner()
    app = await createTestApp({ aiRunner: runner, env: { DATA_DIR: dataDir, SEED_WORKS: '0' } })
    owner = await newUser()
    other = await newUser()
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    runner.reset()
  })

  it('files the owner’s finished song as their own audio, once, without copying its bytes', async () => {
    const job = await finished(CREATION, { mode: 'smart', prompt: PROMPT })
    const result = job.results[0]
    if (result === undefined) throw new Error('no result')
    const before = await snapshot()

    const kept = await keep(job.jobId, result.id)
    expect(kept.envelope).toMatchObject({ code: '000', msg: MESSAGES.ok })
    const file = kept.envelope.data
    expect(file).toMatchObject({ contentType: 'audio/mpeg' })
    // Content addressed: the file is the result's own labelled MP3, not a copy.
    const stored = await app.db
      .selectFrom('ai_results')
      .select('audio_key')
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow()
    expect(file.sha256).toBe(stored.audio_key)
    expect(await snapshot()).toEqual({ rows: before.rows + 1, files: before.files })
    const served = await app.inject({ method: 'GET', url: file.url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.length).toBe(file.size)
    expect(readMp3Aigc(new Uint8Array(served.rawPayload))?.ProduceID).toBe(result.id)

    // The caller's own upload, with the creation record beside it.
    const row = await app.db
      .selectFrom('uploaded_files')
      .selectAll()
      .where('id', '=', file.fileId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      owner_user_id: owner.userId,
      purpose: 'audio',
      storage_key: file.sha256,
      original_name: `${result.name}.mp3`,
      ai_result_id: result.id,
    })
    expect(row.ai_creation).toMatchObject({
      resultId: result.id,
      kind: 'generate',
      engine: 'scripted@test',
      seed: 1,
      key: 'C',
      tempo: 96,
      // The engine's style id, as the product names it.
      style: '流行',
      request: { mode: 'smart', prompt: PROMPT },
    })

    // Again, and twice at once: the same file every time.
    const again = await Promise.all([keep(job.jobId, result.id), keep(job.jobId, result.id)])
    expect(again.map((answer) => answer.envelope.data.fileId)).toEqual([file.fileId, file.fileId])
    expect(await snapshot()).toEqual({ rows: before.rows + 1, files: before.files })
    // The other song of the job is a file of its own.
    const second = await keep(job.jobId, job.results[1]?.id)
    expect(second.envelope.data.fileId).not.toBe(file.fileId)
  })

  it('deposits the kept song with its creation record, on the record and the certificate, after the job is gone too', async () => {
    const job = await finished(CREATION, {
      mode: 'advanced',
      title: '海边',
      lyrics: '[verse]\n浪花拍岸\n[chorus]\n晚风吹过',
      style: '民谣',
      mood: '温柔',
      tempo: 88,
      key: 'G',
      seed: 4242,
    })
    const result = job.results[0]
    if (result === undefined) throw new Error('no result')
    const file = (await keep(job.jobId, result.id)).envelope.data
    const deposited = await call<Deposit>(app, DEPOSIT, {
      token: owner.token,
      body: { fileId: file.fileId, title: '海边（AI 创作）', lyric: '浪花拍岸\n晚风吹过' },
    })
    expect(deposited.envelope.code).toBe('000')
    expect(deposited.envelope.data.sha256).toBe(file.sha256)
    const depositId = deposited.envelope.data.depositId

    const details = async () =>
      (await call<DepositRecord>(app, DETAILS, { token: owner.token, body: { depositId } }))
        .envelope
    expect(await details()).toMatchObject({
      code: '000',
      data: {
        aiCreation: {
          resultId: result.id,
          kind: 'generate',
          engine: 'scripted@test',
          request: { mode: 'advanced', title: '海边', style: '民谣', tempo: 88, seed: 4242 },
        },
      },
    })
    const text = await pdfText(deposited.envelope.data.certificateUrl)
    for (const expected of [
      '作品存证证书',
      'GY音乐 AI 生成',
      'AI 创作记录',
      'AI写歌 · 自定义模式',
      '浪花拍岸',
      '88 BPM',
      'scripted@test',
      result.id,
    ]) {
      expect(text).toContain(expected)
    }

    // The job and its results may go; the deposit keeps the record it was made with.
    const deleted = await call(app, DELETE, { token: owner.token, body: { jobId: job.jobId } })
    expect(deleted.envelope.code).toBe('000')
    expect((await details()).data.aiCreation).toMatchObject({ resultId: result.id })
  })

  it('keeps a cover with its singer and settings; an ordinary upload’s deposit has no AI record', async () => {
    const work = await addFixtureWork(app, { title: '青石巷', seconds: 2 })
    const job = await finished(CONVERT, { singerId: 'warm-male', goodsId: work.id, semitones: -4 })
    const file = (await keep(job.jobId, job.results[0]?.id)).envelope.data
    const deposited = await call<Deposit>(app, DEPOSIT, {
      token: owner.token,
      body: { fileId: file.fileId, title: '青石巷（翻唱）' },
    })
    const record = await call<DepositRecord>(app, DETAILS, {
      token: owner.token,
      body: { depositId: deposited.envelope.data.depositId },
    })
    expect(record.envelope.data.aiCreation).toMatchObject({
      kind: 'cover',
      seed: null,
      request: { source: 'store', workTitle: '青石巷', singerId: 'warm-male', semitones: -4 },
    })
    expect(await pdfText(deposited.envelope.data.certificateUrl)).toContain('AI翻唱')

    const upload = await uploadFile(
      app,
      owner.token,
      'audio',
      '我的歌.wav',
      encodeWav(steppedTone(1.3)),
    )
    const plain = await call<Deposit>(app, DEPOSIT, {
      token: owner.token,
      body: { fileId: (upload.envelope.data as UploadedFile).fileId, title: '我的歌' },
    })
    const plainRecord = await call<DepositRecord>(app, DETAILS, {
      token: owner.token,
      body: { depositId: plain.envelope.data.depositId },
    })
    expect(plainRecord.envelope.data.aiCreation).toBeNull()
    expect(await pdfText(plain.envelope.data.certificateUrl)).not.toContain('AI 创作记录')
  })

  it('refuses anyone else, unknown ids, failed and unfinished jobs and stems, writing nothing', async () => {
    const song = await finished(CREATION, { mode: 'smart', prompt: PROMPT })
    runner.script.push('fail-input')
    const failed = await finished(CREATION, { mode: 'smart', prompt: '会失败的歌' })
    expect(failed.state).toBe('failed')
    const upload = await uploadFile(
      app,
      owner.token,
      'audio',
      '分离.wav',
      encodeWav(steppedTone(1.1)),
    )
    const separated = await finished(SEPARATE, {
      fileId: (upload.envelope.data as UploadedFile).fileId,
    })
    runner.script.push('wait')
    const submitted = await call<AiJob>(app, CREATION, {
      token: owner.token,
      body: { mode: 'smart', prompt: PROMPT },
    })
    // A generation hands over its first song while it still runs.
    const running = await waitForFirstSong(app, owner.token, submitted.envelope.data.jobId)
    expect(running.state).toBe('running')

    const before = await snapshot()
    const cases: [string, { token: string }, unknown, string, string][] = [
      [
        'another user',
        other,
        { jobId: song.jobId, resultId: song.results[0]?.id },
        '403',
        AI_MESSAGES.aiJobForbidden,
      ],
      [
        'an unknown job',
        owner,
        { jobId: UNKNOWN_ID, resultId: song.results[0]?.id },
        '404',
        AI_MESSAGES.aiJobNotFound,
      ],
      [
        'an unknown result',
        owner,
        { jobId: song.jobId, resultId: UNKNOWN_ID },
        '404',
        AI_MESSAGES.aiResultNotFound,
      ],
      [
        'another job’s result',
        owner,
        { jobId: song.jobId, resultId: separated.results[0]?.id },
        '404',
        AI_MESSAGES.aiResultNotFound,
      ],
      [
        'a failed job',
        owner,
        { jobId: failed.jobId, resultId: UNKNOWN_ID },
        '409',
        AI_MESSAGES.aiKeepJobFailed,
      ],
      [
        'a stem',
        owner,
        { jobId: separated.jobId, resultId: separated.results[0]?.id },
        '400',
        AI_MESSAGES.aiKeepRoleRefused,
      ],
      [
        'a song still rendering',
        owner,
        { jobId: running.jobId, resultId: running.results[0]?.id },
        '409',
        AI_MESSAGES.aiKeepNotFinished,
      ],
      [
        'a malformed job id',
        owner,
        { jobId: 'x', resultId: UNKNOWN_ID },
        '400',
        AI_MESSAGES.aiJobIdInvalid,
      ],
      [
        'a malformed result id',
        owner,
        { jobId: song.jobId, resultId: 'x' },
        '400',
        AI_MESSAGES.aiResultIdInvalid,
      ],
    ]
    for (const [what, caller, body, code, msg] of cases) {
      const answer = await call(app, KEEP, { token: caller.token, body })
      expect({ what, code: answer.envelope.code, msg: answer.envelope.msg }).toEqual({
        what,
        code,
        msg,
      })
    }
    const visitor = await call(app, KEEP, {
      body: { jobId: song.jobId, resultId: song.results[0]?.id },
    })
    expect(visitor.envelope.code).toBe('401')
    expect(await snapshot()).toEqual(before)
    runner.release()
    await waitForJob(app, owner.token, running.jobId)
  })
})
