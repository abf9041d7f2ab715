import { residentIdCheckCharacter } from '@gy/api/idNumber'
import type { CertificationApplicationPage, CertificationState, WorkPage } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../admin'
import { insertTestImage } from '../../test/depositFixtures'
import { insertWork } from '../../domain/works.repository'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'

const ADD = '/api/music-server/authentication/add'
const STATUS = '/api/music-server/authentication/getStatus'
const REVIEW_LIST = '/api/music-server/authentication/reviewList'
const REVIEW = '/api/music-server/authentication/review'
const STORE = '/api/music-server/musicGoods/list'

const FIRST17 = '44030419900307301'
const ID_NUMBER = FIRST17 + residentIdCheckCharacter(FIRST17)
const WRONG_CHECK = FIRST17 + (residentIdCheckCharacter(FIRST17) === '0' ? '1' : '0')

interface Person {
  phone: string
  token: string
  userId: string
}

describe('music-server authentication (musician certification)', () => {
  let app: FastifyInstance
  let musician: Person
  let stranger: Person
  let reviewer: Person
  let photoId: string

  async function person(phone: string): Promise<Person> {
    const login = await loginAs(app, phone)
    return { phone, token: login.accessToken, userId: login.userInfo.userId }
  }

  async function imageOf(userId: string): Promise<string> {
    return (await insertTestImage(app, userId)).id
  }

  function application(overrides: Record<string, unknown> = {}) {
    return {
      realName: '张三',
      idNumber: ID_NUMBER,
      portfolioLinks: ['https://music.example.com/zhangsan'],
      photoFileId: photoId,
      ...overrides,
    }
  }

  async function applications() {
    return app.db.selectFrom('certification_applications').selectAll().orderBy('id').execute()
  }

  beforeAll(async () => {
    app = await createTestApp()
    musician = await person('86:13900000001')
    stranger = await person('86:13900000002')
    reviewer = await person('86:13900000003')
    photoId = await imageOf(musician.userId)
    const granted = await runAdminCommand(app.db, ['grant-reviewer', reviewer.phone])
    expect(granted.exitCode).toBe(0)
  })
  afterAll(async () => {
    await app.close()
  })

  it('says 未认证 before any application', async () => {
    const state = await call<CertificationState>(app, STATUS, { token: musician.token })
    expect(state.envelope.data).toEqual({
      status: 'none',
      reason: null,
      realName: null,
      submittedAt: null,
      reviewedAt: null,
      isReviewer: false,
    })
  })

  it.each([
    ['a wrong check digit', { idNumber: WRONG_CHECK }, MESSAGES.idNumberInvalid],
    [
      'a birth date that does not exist',
      { idNumber: fixed('44030419900230301') },
      MESSAGES.idNumberInvalid,
    ],
    ['no real name', { realName: '' }, MESSAGES.realNameInvalid],
    ['a name with symbols', { realName: '<b>张三</b>' }, MESSAGES.realNameInvalid],
    [
      'a link that is not http',
      { portfolioLinks: ['javascript:alert(1)'] },
      MESSAGES.portfolioLinkInvalid,
    ],
    [
      'six links',
      { portfolioLinks: Array.from({ length: 6 }, (_, i) => `https://a.example/${i}`) },
      MESSAGES.portfolioTooMany,
    ],
    ['a malformed photo id', { photoFileId: 'x' }, MESSAGES.fileIdInvalid],
  ])('refuses %s and writes nothing', async (_name, change, message) => {
    const before = await applications()
    const answer = await call(app, ADD, { token: musician.token, body: application(change) })
    expect(answer.status).toBe(400)
    expect(answer.envelope.msg).toBe(message)
    expect(await applications()).toEqual(before)
  })

  it('refuses someone else’s photo with 403 and writes nothing', async () => {
    const before = await applications()
    const answer = await call(app, ADD, { token: stranger.token, body: application() })
    expect(answer.status).toBe(403)
    expect(await applications()).toEqual(before)
  })

  it('takes an application, keeps only the masked ID number, and refuses a second one', async () => {
    const answers = await Promise.all(
      [1, 2].map(() =>
        call<CertificationState>(app, ADD, { token: musician.token, body: application() }),
      ),
    )
    expect(answers.map((answer) => answer.envelope.code).sort()).toEqual(['000', '409'])
    const state = await call<CertificationState>(app, STATUS, { token: musician.token })
    expect(state.envelope.data).toMatchObject({ status: 'pending', realName: '张*', reason: null })
    const rows = await applications()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.id_number_masked).toBe(`440304********${ID_NUMBER.slice(-4)}`)
    expect(JSON.stringify(rows)).not.toContain(ID_NUMBER)
  })

  it('lets only reviewers list and review', async () => {
    const list = await call(app, REVIEW_LIST, { token: musician.token, body: {} })
    expect(list.status).toBe(403)
    expect(list.envelope.msg).toBe(MESSAGES.reviewerOnly)
    const [pending] = await applications()
    const review = await call(app, REVIEW, {
      token: musician.token,
      body: { applicationId: pending?.id, decision: 'approve' },
    })
    expect(review.status).toBe(403)
    expect((await applications())[0]?.status).toBe('pending')
  })

  it('needs a reason to reject; a rejected musician sees it and may apply again', async () => {
    const reviewerState = await call<CertificationState>(app, STATUS, { token: reviewer.token })
    expect(reviewerState.envelope.data.isReviewer).toBe(true)
    const page = await call<CertificationApplicationPage>(app, REVIEW_LIST, {
      token: reviewer.token,
      body: {},
    })
    expect(page.envelope.data.total).toBe(1)
    const pending = page.envelope.data.records[0]
    expect(pending).toMatchObject({
      realName: '张三',
      portfolioLinks: ['https://music.example.com/zhangsan'],
    })
    expect(pending?.photoUrl).toContain('/files/')
    const noReason = await call(app, REVIEW, {
      token: reviewer.token,
      body: { applicationId: pending?.applicationId, decision: 'reject' },
    })
    expect(noReason.status).toBe(400)
    expect(noReason.envelope.msg).toBe(MESSAGES.reviewReasonRequired)

    const rejected = await call(app, REVIEW, {
      token: reviewer.token,
      body: { applicationId: pending?.applicationId, decision: 'reject', reason: '照片不清晰' },
    })
    expect(rejected.envelope.code).toBe('000')
    const twice = await call(app, REVIEW, {
      token: reviewer.token,
      body: { applicationId: pending?.applicationId, decision: 'approve' },
    })
    expect(twice.status).toBe(409)
    const state = await call<CertificationState>(app, STATUS, { token: musician.token })
    expect(state.envelope.data).toMatchObject({ status: 'rejected', reason: '照片不清晰' })

    const again = await call(app, ADD, { token: musician.token, body: application() })
    expect(again.envelope.code).toBe('000')
  })

  it('approves, and the musician’s works carry the badge', async () => {
    await insertWork(app.db, {
      title: '认证后的作品',
      artist: '张三',
      owner_user_id: musician.userId,
      audio_key: 'a'.repeat(64),
      hls_playlist_key: 'b'.repeat(64),
      duration_ms: 1000,
    })
    const before = await call<WorkPage>(app, STORE, { body: { keyword: '认证后的作品' } })
    expect(before.envelope.data.records[0]?.certified).toBe(false)

    const page = await call<CertificationApplicationPage>(app, REVIEW_LIST, {
      token: reviewer.token,
      body: {},
    })
    const approved = await call(app, REVIEW, {
      token: reviewer.token,
      body: { applicationId: page.envelope.data.records[0]?.applicationId, decision: 'approve' },
    })
    expect(approved.envelope.code).toBe('000')
    const state = await call<CertificationState>(app, STATUS, { token: musician.token })
    expect(state.envelope.data.status).toBe('approved')
    const after = await call<WorkPage>(app, STORE, { body: { keyword: '认证后的作品' } })
    expect(after.envelope.data.records[0]?.certified).toBe(true)

    const more = await call(app, ADD, { token: musician.token, body: application() })
    expect(more.status).toBe(409)
    expect(more.envelope.msg).toBe(MESSAGES.certificationApproved)
  })

  it('grants and revokes the reviewer role only through the admin command', async () => {
    const unknown = await runAdminCommand(app.db, ['grant-reviewer', '86:13999999999'])
    expect(unknown.exitCode).toBe(1)
    const malformed = await runAdminCommand(app.db, ['grant-reviewer', '13900000002'])
    expect(malformed.exitCode).toBe(2)
    const usage = await runAdminCommand(app.db, ['make-me-admin'])
    expect(usage.exitCode).toBe(2)
    const listed = await runAdminCommand(app.db, ['list-reviewers'])
    expect(listed.output).toContain(reviewer.phone)
    const revoked = await runAdminCommand(app.db, ['revoke-reviewer', reviewer.phone])
    expect(revoked.exitCode).toBe(0)
    const refused = await call(app, REVIEW_LIST, { token: reviewer.token, body: {} })
    expect(refused.status).toBe(403)
    const again = await runAdminCommand(app.db, ['revoke-reviewer', reviewer.phone])
    expect(again.exitCode).toBe(1)
  })
})

function fixed(first17: string): string {
  return first17 + residentIdCheckCharacter(first17)
}
