/**
 * Copyright registration budgets: 100 concurrent payments of one registration's fee with points
 * charge it once (one spend in the ledger, 99 refusals, the balance down by one fee); the
 * application PDF is timed as the user waits for it, for reference.
 */
import type { FastifyInstance } from 'fastify'
import type { BenchLabels, BenchResult } from '../../scripts/bench-types'
import { balanceOf, grantPoints } from '../src/domain/points'
import { registrationPrice } from '../src/domain/registrations'
import { createPointsTestApp } from '../src/routes/payments/pointsTestKit'
import { insertTestDeposit } from '../src/test/depositFixtures'
import { call, loginAs } from '../src/test/call'

const CONCURRENT_PAYMENTS = 100
const API = '/api/music-server'

const BUDGET = `${CONCURRENT_PAYMENTS} concurrent points payments of one registration (PGlite)`
const PDF_SUBJECT = 'Registration application PDF, request to bytes'

export const labels: BenchLabels = { budgets: [BUDGET], references: [PDF_SUBJECT] }

function formatMs(ms: number): string {
  return ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`
}

async function submittedRegistration(
  app: FastifyInstance,
): Promise<{ token: string; userId: string; registrationId: string }> {
  const { accessToken: token, userInfo } = await loginAs(app, '86:13000000091')
  const deposit = await insertTestDeposit(app, userInfo.userId)
  const owner = await call<{ ownerId: string }>(app, `${API}/cultureCreation/addCopyrightOwner`, {
    token,
    body: { type: 'organization', name: '压测音乐有限公司', creditCode: '91110000802100433B' },
  })
  const saved = await call<{ registrationId: string }>(
    app,
    `${API}/cultureCreation/addRegisterCopyright`,
    {
      token,
      body: {
        depositId: deposit.id,
        workType: 'music',
        title: '压测作品',
        authorName: '压测',
        createdOn: '2025-01-01',
        createdPlace: '北京',
        owners: [{ ownerId: owner.envelope.data.ownerId, share: 100 }],
        guaranteeAccepted: true,
      },
    },
  )
  const registrationId = saved.envelope.data.registrationId
  await call(app, `${API}/cultureCreation/registerCopyright`, { token, body: { registrationId } })
  return { token, userId: userInfo.userId, registrationId }
}

export async function run(): Promise<BenchResult[]> {
  const app = await createPointsTestApp()
  try {
    const { token, userId, registrationId } = await submittedRegistration(app)
    const { points } = registrationPrice()
    await grantPoints(app.db, userId, points * 3, '压测赠送', app.clock())
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT_PAYMENTS }, () =>
        call(app, `${API}/payment/registerWeb`, {
          token,
          body: { registrationId, method: 'points' },
        }),
      ),
    )
    const elapsed = performance.now() - started
    const spends = await app.db
      .selectFrom('points_ledger')
      .select('id')
      .where('job_id', '=', `registration:${registrationId}`)
      .execute()
    const paid = answers.filter((answer) => answer.envelope.code === '000').length
    const refused = answers.filter((answer) => answer.envelope.code === '409').length
    const balance = await balanceOf(app.db, userId)

    const pdfStarted = performance.now()
    const link = await call<{ url: string }>(app, `${API}/cultureCreation/applicationPdf`, {
      token,
      body: { registrationId },
    })
    const pdf = await app.inject({ method: 'GET', url: link.envelope.data.url })
    const pdfElapsed = performance.now() - pdfStarted
    return [
      {
        area: 'registration',
        budget: BUDGET,
        target: 'charged exactly once',
        measured:
          `${spends.length} spend, ${paid} paid, ${refused} refused, ` +
          `balance ${balance}/${points * 2}, ${formatMs(elapsed)}`,
        pass:
          spends.length === 1 &&
          paid === 1 &&
          refused === CONCURRENT_PAYMENTS - 1 &&
          balance === points * 2,
      },
      {
        reference: true,
        area: 'registration',
        subject: PDF_SUBJECT,
        measured: `${formatMs(pdfElapsed)} (${Math.round(pdf.rawPayload.length / 1024)} KB)`,
      },
    ]
  } finally {
    await app.close()
  }
}
