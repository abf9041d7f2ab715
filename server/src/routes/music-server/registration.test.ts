import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { creditCodeCheckCharacter } from '@gy/api/creditCode'
import { residentIdCheckCharacter } from '@gy/api/idNumber'
import {
  REGISTRATION_MESSAGES as M,
  type AddRegisterCopyrightBody,
  type CopyrightOwnerPage,
  type CopyrightPaymentStatus,
  type FileLink,
  type OwnerCreated,
  type RegistrationPage,
  type RegistrationPayment,
  type RegistrationSaved,
} from '@gy/api/registration'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../admin'
import { grantPoints } from '../../domain/points'
import { insertTestDeposit } from '../../test/depositFixtures'
import { call, loginAs } from '../../test/call'
import { createFakeClock } from '../../test/fakeClock'
import {
  ACKNOWLEDGED,
  createPointsTestApp,
  deliverNotification,
  payAtProviderOnly,
  sandboxNotification,
  sandboxOrderState,
} from '../payments/pointsTestKit'

const run = promisify(execFile)
const API = '/api/music-server/cultureCreation'
const ADD_OWNER = `${API}/addCopyrightOwner`
const UPDATE_OWNER = `${API}/updateCopyrightOwner`
const REMOVE_OWNER = `${API}/removeCopyrightOwner`
const LIST_OWNERS = `${API}/listCopyrightOwner`
const ADD = `${API}/addRegisterCopyright`
const UPDATE = `${API}/updateRegisterCopyright`
const SUBMIT = `${API}/registerCopyright`
const LIST = `${API}/listRegisterCopyright`
const PRICE = `${API}/price`
const APPLICATION_PDF = `${API}/applicationPdf`
const REVIEW = `${API}/review`
const REVIEW_LIST = `${API}/reviewList`
const PAY = '/api/music-server/payment/registerWeb'
const PAYMENT_STATUS = '/api/cicc-server/payment/copyrightStatus'

const RESIDENT_17 = '11010519900307301'
const RESIDENT_ID = RESIDENT_17 + residentIdCheckCharacter(RESIDENT_17)
const CREDIT_17 = '91110108MA01ABCD1'
const CREDIT_CODE = CREDIT_17 + creditCodeCheckCharacter(CREDIT_17)

interface Person {
  phone: string
  token: string
  userId: string
}

async function pdfText(bytes: Buffer): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'gy-registration-'))
  try {
    const file = path.join(folder, 'document.pdf')
    await writeFile(file, bytes)
    return (await run('pdftotext', [file, '-'])).stdout
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

describe('copyright owners and registrations', () => {
  // Time moves only when told: the fee's provider orders expire in the tests that say so.
  const clock = createFakeClock()
  let app: FastifyInstance
  let musician: Person
  let stranger: Person
  let reviewer: Person
  let depositId: string
  let strangersDepositId: string
  let personId: string
  let companyId: string
  let strangersOwnerId: string

  async function person(phone: string): Promise<Person> {
    const login = await loginAs(app, phone)
    return { phone, token: login.accessToken, userId: login.userInfo.userId }
  }

  function draft(overrides: Partial<AddRegisterCopyrightBody> = {}): AddRegisterCopyrightBody {
    return {
      depositId,
      workType: 'music',
      title: '夜空中最亮的星',
      authorName: '张三',
      createdOn: '2025-03-01',
      createdPlace: '北京',
      publishedOn: '2025-05-20',
      publishedPlace: '北京',
      owners: [
        { ownerId: personId, share: 60 },
        { ownerId: companyId, share: 40 },
      ],
      guaranteeAccepted: true,
      attachmentFileIds: [],
      ...overrides,
    }
  }

  /** Everything a refused call must leave as it was. */
  async function registrationState() {
    const count = async (
      table:
        | 'copyright_registrations'
        | 'copyright_registration_owners'
        | 'copyright_registration_events'
        | 'copyright_owners'
        | 'points_ledger',
    ) =>
      Number(
        (
          await app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('rows'))
            .executeTakeFirstOrThrow()
        ).rows,
      )
    const statuses = await app.db
      .selectFrom('copyright_registrations')
      .select(['id', 'status', 'title', 'updated_at'])
      .orderBy('id')
      .execute()
    return {
      registrations: await count('copyright_registrations'),
      owners: await count('copyright_registration_owners'),
      events: await count('copyright_registration_events'),
      ownerRows: await count('copyright_owners'),
      ledger: await count('points_ledger'),
      statuses,
    }
  }

  async function recordOf(token: string, registrationId: string) {
    const list = await call<RegistrationPage>(app, LIST, { token, body: { page: 1, pageSize: 50 } })
    if (list.envelope.data === null) throw new Error(JSON.stringify(list.envelope))
    const record = list.envelope.data.records.find((r) => r.registrationId === registrationId)
    if (record === undefined) throw new Error(`no registration ${registrationId}`)
    return record
  }

  async function newDraft(overrides: Partial<AddRegisterCopyrightBody> = {}): Promise<string> {
    const saved = await call<RegistrationSaved>(app, ADD, {
      token: musician.token,
      body: draft(overrides),
    })
    expect(saved.envelope).toMatchObject({ code: '000' })
    return saved.envelope.data.registrationId
  }

  beforeAll(async () => {
    app = await createPointsTestApp({ clock: clock.now, env: { LOG_LEVEL: 'error' } })
    musician = await person('86:13900000011')
    stranger = await person('86:13900000012')
    reviewer = await person('86:13900000013')
    expect((await runAdminCommand(app.db, ['grant-reviewer', reviewer.phone])).exitCode).toBe(0)
    depositId = (await insertTestDeposit(app, musician.userId, { title: '夜空中最亮的星' })).id
    strangersDepositId = (await insertTestDeposit(app, stranger.userId)).id
    const theirs = await call<OwnerCreated>(app, ADD_OWNER, {
      token: stranger.token,
      body: { type: 'organization', name: '别人的公司', creditCode: CREDIT_CODE },
    })
    strangersOwnerId = theirs.envelope.data.ownerId
  })
  afterAll(async () => {
    await app.close()
  })

  describe('owners', () => {
    it('adds a person by a resident ID and an organisation by its credit code', async () => {
      const added = await call<OwnerCreated>(app, ADD_OWNER, {
        token: musician.token,
        body: {
          type: 'person',
          name: '张三',
          idType: 'resident_id',
          idNumber: RESIDENT_ID.toLowerCase(),
          phone: '13900000011',
          address: '北京市朝阳区',
        },
      })
      expect(added.envelope.code).toBe('000')
      personId = added.envelope.data.ownerId
      const company = await call<OwnerCreated>(app, ADD_OWNER, {
        token: musician.token,
        body: {
          type: 'organization',
          name: '星光音乐有限公司',
          creditCode: CREDIT_CODE,
          contact: '李四',
        },
      })
      expect(company.envelope.code).toBe('000')
      companyId = company.envelope.data.ownerId

      const list = await call<CopyrightOwnerPage>(app, LIST_OWNERS, {
        token: musician.token,
        body: { page: 1, pageSize: 10 },
      })
      expect(list.envelope.data.total).toBe(2)
      expect(list.envelope.data.records.map((owner) => owner.name).sort()).toEqual([
        '张三',
        '星光音乐有限公司',
      ])
      const zhang = list.envelope.data.records.find((owner) => owner.ownerId === personId)
      expect(zhang).toMatchObject({ idNumber: RESIDENT_ID, idType: 'resident_id', inUse: false })
    })

    it('refuses wrong check characters, unknown types and duplicates, saving nothing', async () => {
      const before = await registrationState()
      const wrongId = RESIDENT_17 + (residentIdCheckCharacter(RESIDENT_17) === '1' ? '2' : '1')
      const wrongCode = CREDIT_17 + (creditCodeCheckCharacter(CREDIT_17) === 'A' ? 'B' : 'A')
      const cases: [unknown, string, string][] = [
        [
          { type: 'person', name: '王五', idType: 'resident_id', idNumber: wrongId },
          '400',
          M.ownerResidentIdInvalid,
        ],
        [
          { type: 'organization', name: '某公司', creditCode: wrongCode },
          '400',
          M.ownerCreditCodeInvalid,
        ],
        [
          { type: 'person', name: '王五', idType: 'passport', idNumber: 'E1' },
          '400',
          M.ownerIdNumberInvalid,
        ],
        [{ type: 'robot', name: 'x' }, '400', M.ownerTypeInvalid],
        [{ type: 'organization', name: '', creditCode: CREDIT_CODE }, '400', M.ownerNameInvalid],
        [{ type: 'organization', name: '星光', creditCode: CREDIT_CODE }, '409', M.ownerDuplicate],
      ]
      for (const [body, code, msg] of cases) {
        const answer = await call(app, ADD_OWNER, { token: musician.token, body })
        expect(answer.envelope, JSON.stringify(body)).toMatchObject({ code, msg })
        expect(answer.status).toBe(Number(code))
      }
      expect(await registrationState()).toEqual(before)
    })

    it("edits its own owners only, and never someone else's", async () => {
      const edited = await call(app, UPDATE_OWNER, {
        token: musician.token,
        body: {
          ownerId: personId,
          type: 'person',
          name: '张三丰',
          idType: 'resident_id',
          idNumber: RESIDENT_ID,
        },
      })
      expect(edited.envelope.code).toBe('000')
      const foreign = await call(app, UPDATE_OWNER, {
        token: musician.token,
        body: {
          ownerId: strangersOwnerId,
          type: 'organization',
          name: '改名',
          creditCode: CREDIT_CODE,
        },
      })
      expect(foreign.envelope).toMatchObject({ code: '403', msg: M.ownerForbidden })
      const removed = await call(app, REMOVE_OWNER, {
        token: musician.token,
        body: { ownerId: strangersOwnerId },
      })
      expect(removed.envelope.code).toBe('403')
    })
  })

  describe('bad registrations', () => {
    it('refuses each with its Chinese message and saves nothing', async () => {
      const before = await registrationState()
      const cases: [Partial<AddRegisterCopyrightBody>, string, string][] = [
        [
          {
            owners: [
              { ownerId: personId, share: 60 },
              { ownerId: companyId, share: 30 },
            ],
          },
          '400',
          M.sharesNotHundred,
        ],
        [
          {
            owners: [
              { ownerId: personId, share: 50.5 },
              { ownerId: companyId, share: 49.5 },
            ],
          },
          '400',
          M.shareInvalid,
        ],
        [{ owners: [] }, '400', M.ownersRequired],
        [
          {
            owners: [
              { ownerId: personId, share: 50 },
              { ownerId: personId, share: 50 },
            ],
          },
          '400',
          M.ownersDuplicate,
        ],
        [{ createdOn: '2999-01-01', publishedOn: null }, '400', M.createdOnFuture],
        [{ publishedOn: '2999-01-01' }, '400', M.publishedOnFuture],
        [{ createdOn: '2025-06-01', publishedOn: '2025-05-01' }, '400', M.publishedBeforeCreated],
        [{ createdOn: '2025-02-30' }, '400', M.dateInvalid],
        [{ publishedPlace: '' }, '400', M.publishedPlaceRequired],
        [{ depositId: strangersDepositId }, '403', M.registrationDepositForbidden],
        [{ owners: [{ ownerId: strangersOwnerId, share: 100 }] }, '403', M.ownerForbidden],
        [{ workType: 'painting' as 'music' }, '400', M.workTypeInvalid],
      ]
      for (const [overrides, code, msg] of cases) {
        const answer = await call(app, ADD, { token: musician.token, body: draft(overrides) })
        expect(answer.envelope, JSON.stringify(overrides)).toMatchObject({ code, msg })
      }
      expect(await registrationState()).toEqual(before)
    })
  })

  describe('the fee', () => {
    it('is quoted in fen and in points', async () => {
      const price = await call(app, PRICE, { token: musician.token })
      expect(price.envelope.data).toEqual({ priceFen: 30_000, points: 3_000 })
    })

    it('is charged once with points, and the application is locked after submission', async () => {
      const registrationId = await newDraft({ guaranteeAccepted: false })
      const edited = await call<RegistrationSaved>(app, UPDATE, {
        token: musician.token,
        body: {
          registrationId,
          ...draft({ title: '夜空中最亮的星（钢琴版）', guaranteeAccepted: false }),
        },
      })
      expect(edited.envelope.data.status).toBe('draft')
      const unguaranteed = await call(app, SUBMIT, {
        token: musician.token,
        body: { registrationId },
      })
      expect(unguaranteed.envelope).toMatchObject({ code: '400', msg: M.guaranteeRequired })
      await call(app, UPDATE, {
        token: musician.token,
        body: { registrationId, ...draft({ title: '夜空中最亮的星（钢琴版）' }) },
      })
      const foreignSubmit = await call(app, SUBMIT, {
        token: stranger.token,
        body: { registrationId },
      })
      expect(foreignSubmit.envelope).toMatchObject({ code: '403', msg: M.registrationForbidden })
      const submitted = await call<RegistrationSaved>(app, SUBMIT, {
        token: musician.token,
        body: { registrationId },
      })
      expect(submitted.envelope.data.status).toBe('awaiting_payment')

      const locked = await registrationState()
      const late = await call(app, UPDATE, {
        token: musician.token,
        body: { registrationId, ...draft({ title: '改名' }) },
      })
      expect(late.envelope).toMatchObject({ code: '409', msg: M.registrationNotEditable })
      const inUse = await call(app, REMOVE_OWNER, {
        token: musician.token,
        body: { ownerId: personId },
      })
      expect(inUse.envelope, JSON.stringify(inUse.envelope)).toMatchObject({
        code: '409',
        msg: M.ownerInUse,
      })
      const poor = await call(app, PAY, {
        token: musician.token,
        body: { registrationId, method: 'points' },
      })
      expect(poor.envelope).toMatchObject({ code: '409', msg: M.pointsInsufficient })
      expect(await registrationState()).toEqual(locked)

      await grantPoints(app.db, musician.userId, 5_000, '测试赠送', app.clock())
      const paid = await call<RegistrationPayment>(app, PAY, {
        token: musician.token,
        body: { registrationId, method: 'points' },
      })
      expect(paid.envelope.data).toMatchObject({ status: 'submitted', balance: 2_000 })
      const again = await call(app, PAY, {
        token: musician.token,
        body: { registrationId, method: 'points' },
      })
      expect(again.envelope).toMatchObject({ code: '409', msg: M.registrationAlreadyPaid })
      const provider = await call(app, PAY, {
        token: musician.token,
        body: { registrationId, method: 'provider' },
      })
      expect(provider.envelope).toMatchObject({ code: '409', msg: M.registrationAlreadyPaid })
      const spends = await app.db
        .selectFrom('points_ledger')
        .select(['amount'])
        .where('job_id', '=', `registration:${registrationId}`)
        .execute()
      expect(spends).toEqual([{ amount: -3_000 }])
      const record = await recordOf(musician.token, registrationId)
      expect(record).toMatchObject({
        status: 'submitted',
        paidWith: 'points',
        title: '夜空中最亮的星（钢琴版）',
      })
      expect(record.history.map((event) => event.status)).toEqual([
        'draft',
        'awaiting_payment',
        'submitted',
      ])
    })

    it('is paid through the provider once, however often and whichever way it is paid', async () => {
      const registrationId = await newDraft()
      await call(app, SUBMIT, { token: musician.token, body: { registrationId } })
      const opened = await call<RegistrationPayment>(app, PAY, {
        token: musician.token,
        body: { registrationId, method: 'provider' },
      })
      expect(opened.envelope.data).toMatchObject({ status: 'awaiting_payment', amountFen: 30_000 })
      const orderId = opened.envelope.data.orderId ?? ''
      expect(opened.envelope.data.checkoutUrl).toContain(orderId)
      // Asked again while it can be paid, the same order: one fee, one order at a time.
      const second = await call<RegistrationPayment>(app, PAY, {
        token: musician.token,
        body: { registrationId, method: 'provider' },
      })
      expect(second.envelope.data.orderId).toBe(orderId)

      await payAtProviderOnly(app, orderId)
      const notification = sandboxNotification(app, { orderId, amountFen: 30_000 })
      expect(await deliverNotification(app, notification)).toEqual(ACKNOWLEDGED)
      expect(await deliverNotification(app, notification)).toEqual(ACKNOWLEDGED)

      const status = await call<CopyrightPaymentStatus>(app, PAYMENT_STATUS, {
        token: musician.token,
        body: { registrationId },
      })
      expect(status.envelope.data).toMatchObject({ status: 'submitted', paid: true })
      expect(await feeSpends(registrationId)).toEqual([{ amount: -3_000 }])
      expect(await refundsOf([orderId])).toEqual([])
      const foreign = await call(app, PAYMENT_STATUS, {
        token: stranger.token,
        body: { registrationId },
      })
      expect(foreign.envelope.code).toBe('403')
      expect((await recordOf(musician.token, registrationId)).paidWith).toBe('provider')
    })

    it('is paid once when three provider payments and three points payments arrive at once', async () => {
      const registrationId = await newDraft()
      await call(app, SUBMIT, { token: musician.token, body: { registrationId } })
      // Three provider orders, each paid at the provider but notified late (after our sweep
      // closed it, so the next one could be opened).
      const orderIds: string[] = []
      for (let index = 0; index < 3; index += 1) {
        const opened = await call<RegistrationPayment>(app, PAY, {
          token: musician.token,
          body: { registrationId, method: 'provider' },
        })
        const orderId = opened.envelope.data.orderId ?? ''
        orderIds.push(orderId)
        await payAtProviderOnly(app, orderId)
        clock.advance(31 * 60_000)
        await app.payments.sweepExpiredOrders()
      }
      expect(new Set(orderIds).size).toBe(3)
      await grantPoints(app.db, musician.userId, 3_000, '测试赠送', app.clock())
      const balanceBefore = await balance(musician.userId)

      const [providerAnswers, pointsAnswers] = await Promise.all([
        Promise.all(
          orderIds.map((orderId) =>
            deliverNotification(app, sandboxNotification(app, { orderId, amountFen: 30_000 })),
          ),
        ),
        Promise.all(
          Array.from({ length: 3 }, () =>
            call<RegistrationPayment>(app, PAY, {
              token: musician.token,
              body: { registrationId, method: 'points' },
            }),
          ),
        ),
      ])
      expect(providerAnswers).toEqual(Array(3).fill(ACKNOWLEDGED))

      // One fee taken, whichever way won; every other payment goes back.
      expect(await feeSpends(registrationId)).toEqual([{ amount: -3_000 }])
      const paidWith = (await recordOf(musician.token, registrationId)).paidWith
      const pointsCodes = pointsAnswers.map((answer) => answer.envelope.code).sort()
      const refunds = await refundsOf(orderIds)
      expect(refunds.every((refund) => refund.state === 'refunded')).toBe(true)
      for (const refund of refunds) {
        expect(await sandboxOrderState(app, refund.order_id)).toBe('refunded')
      }
      if (paidWith === 'points') {
        expect(pointsCodes).toEqual(['000', '409', '409'])
        expect(refunds).toHaveLength(3)
        expect(await balance(musician.userId)).toBe(balanceBefore - 3_000)
      } else {
        expect(paidWith).toBe('provider')
        expect(pointsCodes).toEqual(['409', '409', '409'])
        expect(refunds).toHaveLength(2)
        // The paying order's points were credited and spent on the fee at once.
        expect(await balance(musician.userId)).toBe(balanceBefore)
      }
      const topups = await app.db
        .selectFrom('points_ledger')
        .select('order_id')
        .where('order_id', 'in', orderIds)
        .where('kind', '=', 'topup')
        .execute()
      expect(topups).toHaveLength(paidWith === 'provider' ? 1 : 0)

      // The same notifications again change nothing.
      const ledgerBefore = await registrationState()
      for (const orderId of orderIds) {
        expect(
          await deliverNotification(app, sandboxNotification(app, { orderId, amountFen: 30_000 })),
        ).toEqual(ACKNOWLEDGED)
      }
      expect(await registrationState()).toEqual(ledgerBefore)
      expect(await refundsOf(orderIds)).toEqual(refunds)
    })
  })

  async function feeSpends(registrationId: string) {
    return app.db
      .selectFrom('points_ledger')
      .select(['amount'])
      .where('job_id', '=', `registration:${registrationId}`)
      .execute()
  }

  async function refundsOf(orderIds: string[]) {
    return app.db
      .selectFrom('payment_refunds')
      .select(['order_id', 'state', 'amount_fen', 'reason'])
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .execute()
  }

  async function balance(userId: string): Promise<number> {
    const row = await app.db
      .selectFrom('point_balances')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(row?.balance ?? 0)
  }

  describe('review', () => {
    it('goes through correction to registration, with the certificate and the application as PDFs', async () => {
      const registrationId = await newDraft({ title: '海阔天空' })
      await call(app, SUBMIT, { token: musician.token, body: { registrationId } })
      await grantPoints(app.db, musician.userId, 3_000, '测试赠送', app.clock())
      await call(app, PAY, { token: musician.token, body: { registrationId, method: 'points' } })

      const notReviewer = await call(app, REVIEW, {
        token: musician.token,
        body: { registrationId, action: 'start' },
      })
      expect(notReviewer.envelope.code).toBe('403')
      const queue = await call<RegistrationPage>(app, REVIEW_LIST, {
        token: reviewer.token,
        body: {},
      })
      expect(queue.envelope.data.records.map((r) => r.registrationId)).toContain(registrationId)

      const review = (body: Record<string, unknown>) =>
        call<RegistrationSaved>(app, REVIEW, {
          token: reviewer.token,
          body: { registrationId, ...body },
        })
      expect((await review({ action: 'register' })).envelope).toMatchObject({
        code: '409',
        msg: M.registrationTransitionRefused,
      })
      expect((await review({ action: 'start' })).envelope.data.status).toBe('in_review')
      expect((await review({ action: 'requestCorrection' })).envelope).toMatchObject({
        code: '400',
        msg: M.reviewNoteRequired,
      })
      const note = '请补充创作完成地点的详细地址'
      expect((await review({ action: 'requestCorrection', note })).envelope.data.status).toBe(
        'needs_correction',
      )
      expect(await recordOf(musician.token, registrationId)).toMatchObject({
        status: 'needs_correction',
        note,
      })

      const corrected = await call<RegistrationSaved>(app, UPDATE, {
        token: musician.token,
        body: { registrationId, ...draft({ title: '海阔天空', createdPlace: '北京市朝阳区' }) },
      })
      expect(corrected.envelope.data.status).toBe('needs_correction')
      const resubmitted = await call<RegistrationSaved>(app, SUBMIT, {
        token: musician.token,
        body: { registrationId },
      })
      expect(resubmitted.envelope.data.status).toBe('submitted')
      await review({ action: 'start' })
      expect((await review({ action: 'register' })).envelope.data.status).toBe('registered')
      expect((await review({ action: 'reject', note: '晚了' })).envelope.code).toBe('409')

      const record = await recordOf(musician.token, registrationId)
      expect(record.registrationNo).toMatch(/^GYDJ-\d{4}-B-\d{8}$/)
      expect(record.note).toBeNull()
      expect(record.history.map((event) => event.status)).toEqual([
        'draft',
        'awaiting_payment',
        'submitted',
        'in_review',
        'needs_correction',
        'submitted',
        'in_review',
        'registered',
      ])
      const certificate = await app.inject({ method: 'GET', url: record.certificateUrl ?? '' })
      expect(certificate.headers['content-type']).toContain('application/pdf')
      const certificateText = await pdfText(certificate.rawPayload)
      expect(certificateText).toContain(record.registrationNo)
      expect(certificateText).toContain('作品登记证书')
      expect(certificateText).toContain('海阔天空')

      const link = await call<FileLink>(app, APPLICATION_PDF, {
        token: musician.token,
        body: { registrationId },
      })
      // The same application renders to the same bytes: stored once, under one key.
      const again = await call<FileLink>(app, APPLICATION_PDF, {
        token: musician.token,
        body: { registrationId },
      })
      expect(again.envelope.data.url.split('?')[0]).toBe(link.envelope.data.url.split('?')[0])
      const application = await app.inject({ method: 'GET', url: link.envelope.data.url })
      const applicationText = await pdfText(application.rawPayload)
      for (const expected of [
        '作品登记申请表',
        '一、作品基本信息',
        '二、作者及著作权人',
        '三、创作及发表情况',
        '四、权利保证声明',
        '星光音乐有限公司',
        CREDIT_CODE,
        '北京市朝阳区',
        '已登记',
      ]) {
        expect(applicationText).toContain(expected)
      }
      const foreign = await call(app, APPLICATION_PDF, {
        token: stranger.token,
        body: { registrationId },
      })
      expect(foreign.envelope.code).toBe('403')
    })
  })
})
