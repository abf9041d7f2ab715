/**
 * The API document cannot lie: it lists exactly the routes the router holds, each with a
 * response schema, and every route called through the app answers what the document says,
 * checked with a JSON Schema validator against the served document itself (not the zod schemas
 * it was made from).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AiJob, ChargeOrderCreated } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { WorkRow } from '../db/types'
import { addFixtureWork } from '../domain/works.fixtures'
import { success } from '../http/envelopeError'
import { apiRoute } from '../http/route'
import {
  createOrder,
  createPointsTestApp,
  sandboxNotification,
} from '../routes/payments/pointsTestKit'
import { residentIdCheckCharacter } from '@gy/api/idNumber'
import { creditCodeCheckCharacter } from '@gy/api/creditCode'
import { runAdminCommand } from '../admin'
import { latestSmsCode, loginAs, signedRequest, type CallOptions } from '../test/call'
import { insertTestDeposit, insertTestImage } from '../test/depositFixtures'
import { encodeWav } from '@gy/audio'
import { steppedTone } from '../media/testTones'
import { multipartBody, uploadRequest } from '../routes/user-server/uploadTestKit'
import { createTestApp } from '../test/testApp'
import { openApiPath } from './document'
import { givePoints, scriptedRunner, waitForJob } from '../test/aiTestKit'
import { OPENAPI_URL, REFERENCE_PAGE_URL } from './openapiPlugin'
// Votes and notices (votes branch).
import { createActivity } from '../domain/votes'
import { WELCOME_NOTICE_ID } from '../migrations/0017_votes'

interface MediaTypeObject {
  schema?: unknown
}
interface ResponseObject {
  description: string
  content?: Record<string, MediaTypeObject>
}
interface OperationObject {
  operationId: string
  summary?: string
  security?: Array<Record<string, string[]>>
  parameters?: Array<{ $ref?: string; name?: string; in?: string }>
  requestBody?: { content: Record<string, MediaTypeObject> }
  responses: Record<string, ResponseObject>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, OperationObject>>
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string }>
    schemas: Record<string, unknown>
  }
}

/** Every route the router itself holds, read from its own listing (not from our onRoute hook). */
function routerRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const routes: Array<{ method: string; url: string }> = []
  const pathAtDepth: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (match === null) continue
    const depth = (match[1] ?? '').length / 4
    const url = (depth === 0 ? '' : (pathAtDepth[depth - 1] ?? '')) + (match[2] ?? '')
    pathAtDepth[depth] = url
    pathAtDepth.length = depth + 1
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url })
  }
  return routes
}

function operationKeys(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([pathKey, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${pathKey}`),
  )
}

function operationOf(document: Document, key: string): OperationObject {
  const [method = '', pathKey = ''] = key.split(' ')
  const operation = document.paths[pathKey]?.[method.toLowerCase()]
  if (operation === undefined) throw new Error(`${key} is not in the document`)
  return operation
}

/** JSON Pointer escaping (RFC 6901). */
function pointerOf(parts: readonly string[]): string {
  return parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')
}

const PHONE = '86:13700000001'
const LOGIN_PHONE = '86:13700000002'
const SMS_PHONE = '86:13700000003'
const LOGOUT_PHONE = '86:13700000005'
const CANCEL_PHONE = '86:13700000018'

interface Fixture {
  app: FastifyInstance
  token: string
  userId: string
  work: WorkRow
  order: ChargeOrderCreated
}

type Example = (fixture: Fixture) => Promise<LightMyRequestResponse>

function signedCall(url: string, options: CallOptions = {}): Example {
  return ({ app, token }) => app.inject(signedRequest(app, url, { token, ...options }))
}

let uploadsMade = 0

/** The file id of a WAV the fixture's user uploads now, about `seconds` long, never the same bytes. */
async function uploadedAudioId({ app, token }: Fixture, seconds: number): Promise<string> {
  uploadsMade++
  const answer = await app.inject(
    uploadRequest(
      app,
      token,
      multipartBody([
        { name: 'purpose', value: 'audio' },
        {
          name: 'file',
          fileName: 'deposit.wav',
          bytes: encodeWav(steppedTone(seconds + uploadsMade / 1000)),
        },
      ]),
    ),
  )
  return answer.json<{ data: { fileId: string } }>().data.fileId
}

/** A listing of a fresh deposit of the fixture's user. */
async function listedGoodsId({ app, token, userId }: Fixture): Promise<string> {
  const deposit = await insertTestDeposit(app, userId)
  const answer = await app.inject(
    signedRequest(app, '/api/music-server/musicGoods/musicListing', {
      token,
      body: { depositId: deposit.id, priceFen: 990 },
    }),
  )
  return answer.json<{ data: { goodsId: string } }>().data.goodsId
}

/** A valid certification application with a photo of the fixture's user. */
async function certificationApplication({ app, userId }: Fixture) {
  const photo = await insertTestImage(app, userId)
  const first17 = '44030419900307301'
  return {
    realName: '张三',
    idNumber: first17 + residentIdCheckCharacter(first17),
    portfolioLinks: ['https://music.example.com/zhangsan'],
    photoFileId: photo.id,
  }
}

/** The fixture user's pending application, made now if the add example did not leave one. */
async function pendingApplicationId(fixture: Fixture): Promise<string> {
  const find = () =>
    fixture.app.db
      .selectFrom('certification_applications')
      .select('id')
      .where('status', '=', 'pending')
      .executeTakeFirst()
  const pending = await find()
  if (pending !== undefined) return pending.id
  await fixture.app.inject(
    signedRequest(fixture.app, '/api/music-server/authentication/add', {
      token: fixture.token,
      body: await certificationApplication(fixture),
    }),
  )
  return (await find())?.id ?? ''
}

async function grantReviewer({ app }: Fixture): Promise<void> {
  const result = await runAdminCommand(app.db, ['grant-reviewer', PHONE])
  if (result.exitCode !== 0) throw new Error(result.output)
}

// Licences (licence branch): the fixture's user buys licences of another musician's work.
const SELLER_PHONE = '86:13700000009'
const LICENCE_API = '/api/music-server/musicGoods'
let licenceSale: Promise<{ goodsId: string; orderId: string; amountFen: number }> | undefined

/** A listing of another user, and the fixture user's order of its 个人使用 licence. */
function licenceSaleOf({ app, token }: Fixture) {
  licenceSale ??= (async () => {
    const seller = await loginAs(app, SELLER_PHONE)
    const deposit = await insertTestDeposit(app, seller.userInfo.userId)
    const listed = await app.inject(
      signedRequest(app, `${LICENCE_API}/musicListing`, {
        token: seller.accessToken,
        body: { depositId: deposit.id, priceFen: 990 },
      }),
    )
    const goodsId = listed.json<{ data: { goodsId: string } }>().data.goodsId
    // The player's audio is prepared by a job the licence does not need to wait for here.
    await app.db.updateTable('works').set({ audio_ready: true }).where('id', '=', goodsId).execute()
    const bought = await app.inject(
      signedRequest(app, `${LICENCE_API}/buyLicence`, {
        token,
        body: { goodsId, licenceType: 'personal' },
      }),
    )
    const order = bought.json<{ data: { orderId: string; amountFen: number } }>().data
    return { goodsId, orderId: order.orderId, amountFen: order.amountFen }
  })()
  return licenceSale
}

/** The licence of that order, paid now by a sandbox notification if it was not yet. */
async function heldLicenceId(fixture: Fixture): Promise<string> {
  const { app } = fixture
  const sale = await licenceSaleOf(fixture)
  const notification = sandboxNotification(app, sale)
  await app.inject({
    method: 'POST',
    url: '/api/payments/notify/sandbox',
    headers: notification.headers,
    payload: notification.bodyText,
  })
  const licence = await app.db
    .selectFrom('licences')
    .select('id')
    .where('order_id', '=', sale.orderId)
    .executeTakeFirstOrThrow()
  return licence.id
}

function plainGet(url: string): Example {
  return ({ app }) => app.inject({ method: 'GET', url })
}

/**
 * One successful call of every route in the document. A route added without an example here
 * fails the first test below, so a new route is called and checked too.
 */
/** The AI examples' engine: scripted, so a job finishes at once (the real one has its own tests). */
const aiRunner = scriptedRunner()

const EXAMPLES: Record<string, Example> = {
  'GET /api/openapi.json': plainGet(OPENAPI_URL),
  'GET /api/docs': plainGet(REFERENCE_PAGE_URL),
  'GET /api/docs/reference.js': plainGet(`${REFERENCE_PAGE_URL}/reference.js`),
  'GET /api/docs/reference.css': plainGet(`${REFERENCE_PAGE_URL}/reference.css`),
  'GET /api/dev/sms/latest': plainGet(`/api/dev/sms/latest?phone=${PHONE}`),
  // One second: far inside every expiry the other examples rely on.
  'POST /api/dev/clock/advance': ({ app }) =>
    app.inject({ method: 'POST', url: '/api/dev/clock/advance', payload: { seconds: 1 } }),
  'POST /api/dev/points/grant': ({ app }) =>
    app.inject({
      method: 'POST',
      url: '/api/dev/points/grant',
      payload: { phone: PHONE, points: 10 },
    }),
  'POST /api/user-server/musicOauth/send-sms': signedCall('/api/user-server/musicOauth/send-sms', {
    query: { phone: SMS_PHONE, platform: '3', type: 'login' },
  }),
  'POST /api/user-server/musicOauth/login': async ({ app }) => {
    await app.inject(
      signedRequest(app, '/api/user-server/musicOauth/send-sms', {
        query: { phone: LOGIN_PHONE, platform: '3', type: 'login' },
      }),
    )
    const smsCode = await latestSmsCode(app, LOGIN_PHONE)
    return app.inject(
      signedRequest(app, '/api/user-server/musicOauth/login', {
        body: { mobile: LOGIN_PHONE, smsCode, platform: 3, smsCodeType: 'login' },
      }),
    )
  },
  // A login of its own, so that revoking it leaves the fixture's token working for the others.
  'POST /api/user-server/musicOauth/logout': async ({ app }) => {
    const { accessToken } = await loginAs(app, LOGOUT_PHONE)
    return app.inject(
      signedRequest(app, '/api/user-server/musicOauth/logout', { token: accessToken }),
    )
  },
  'POST /api/user-server/user/downloadLink': signedCall('/api/user-server/user/downloadLink'),
  // Account cancellation (mobile branch): an account of its own, since it ends for good.
  'POST /api/user-server/user/cancelAccount': async ({ app }) => {
    const { accessToken } = await loginAs(app, CANCEL_PHONE)
    return app.inject(
      signedRequest(app, '/api/user-server/user/cancelAccount', {
        token: accessToken,
        body: { confirmation: '确认注销' },
      }),
    )
  },
  'POST /api/user-server/user/appSettings': signedCall('/api/user-server/user/appSettings'),
  'POST /api/music-server/user/userDetails': signedCall('/api/music-server/user/userDetails'),
  'POST /api/music-server/user/updateUserDetails': signedCall(
    '/api/music-server/user/updateUserDetails',
    { body: { nickName: '文档读者' } },
  ),
  'POST /api/music-server/ai/music/integral': signedCall('/api/music-server/ai/music/integral'),
  'POST /api/music-server/ai/music/inquireIntegralProportion': signedCall(
    '/api/music-server/ai/music/inquireIntegralProportion',
  ),
  'POST /api/music-server/ai/music/integralLog': signedCall(
    '/api/music-server/ai/music/integralLog',
    { body: { page: 1, pageSize: 10 } },
  ),
  'POST /api/music-server/musicGoods/list': signedCall('/api/music-server/musicGoods/list', {
    body: { page: 1, pageSize: 5 },
  }),
  'POST /api/music-server/homePage/queryGoodsWeb': signedCall(
    '/api/music-server/homePage/queryGoodsWeb',
  ),
  // The store (store branch).
  'POST /api/music-server/homePage/queryGoods': signedCall('/api/music-server/homePage/queryGoods'),
  'POST /api/music-server/homePage/informationDisplayWeb': signedCall(
    '/api/music-server/homePage/informationDisplayWeb',
  ),
  'POST /api/music-server/mallDictionary/list': signedCall('/api/music-server/mallDictionary/list'),
  'POST /api/music-server/musicBanner/list': signedCall('/api/music-server/musicBanner/list'),
  'POST /api/music-server/musicGoods/play': (fixture) =>
    signedCall('/api/music-server/musicGoods/play', { body: { goodsId: fixture.work.id } })(
      fixture,
    ),
  'POST /api/music-server/musicGoods/details': (fixture) =>
    signedCall('/api/music-server/musicGoods/details', { body: { goodsId: fixture.work.id } })(
      fixture,
    ),
  'POST /api/music-server/keepRecord/musicById': (fixture) =>
    signedCall('/api/music-server/keepRecord/musicById', { body: { musicId: fixture.work.id } })(
      fixture,
    ),
  'POST /api/cicc-server/charge/charge': signedCall('/api/cicc-server/charge/charge', {
    body: { amountFen: 1_000 },
  }),
  'POST /api/cicc-server/charge/queryChargeOrder': (fixture) =>
    signedCall('/api/cicc-server/charge/queryChargeOrder', {
      body: { orderId: fixture.order.orderId },
    })(fixture),
  'POST /api/payments/notify/{provider}': ({ app, order }) => {
    const notification = sandboxNotification(app, order)
    return app.inject({
      method: 'POST',
      url: '/api/payments/notify/sandbox',
      headers: notification.headers,
      payload: notification.bodyText,
    })
  },
  // Listings (listings branch): each example lists a deposit of its own.
  'POST /api/music-server/musicGoods/musicListing': async (fixture) => {
    const deposit = await insertTestDeposit(fixture.app, fixture.userId)
    return signedCall('/api/music-server/musicGoods/musicListing', {
      body: { depositId: deposit.id, priceFen: 990 },
    })(fixture)
  },
  'POST /api/music-server/musicGoods/modifyPrice': async (fixture) =>
    signedCall('/api/music-server/musicGoods/modifyPrice', {
      body: { goodsId: await listedGoodsId(fixture), priceFen: 1990 },
    })(fixture),
  'POST /api/music-server/musicGoods/delist': async (fixture) =>
    signedCall('/api/music-server/musicGoods/delist', {
      body: { goodsId: await listedGoodsId(fixture) },
    })(fixture),
  'POST /api/music-server/musicGoods/shelf': signedCall('/api/music-server/musicGoods/shelf', {
    body: { page: 1, pageSize: 10 },
  }),
  // Licences and earnings (licence branch).
  'POST /api/music-server/musicGoods/licenceOptions': async (fixture) =>
    signedCall(`${LICENCE_API}/licenceOptions`, {
      body: { goodsId: (await licenceSaleOf(fixture)).goodsId },
    })(fixture),
  'POST /api/music-server/musicGoods/buyLicence': async (fixture) =>
    signedCall(`${LICENCE_API}/buyLicence`, {
      body: { goodsId: (await licenceSaleOf(fixture)).goodsId, licenceType: 'commercial' },
    })(fixture),
  'POST /api/music-server/musicGoods/licenceOrder': async (fixture) =>
    signedCall(`${LICENCE_API}/licenceOrder`, {
      body: { orderId: (await licenceSaleOf(fixture)).orderId },
    })(fixture),
  'POST /api/music-server/musicGoods/myLicences': signedCall(`${LICENCE_API}/myLicences`, {
    body: { page: 1, pageSize: 10 },
  }),
  'POST /api/music-server/musicGoods/licenceCertificate': async (fixture) =>
    signedCall(`${LICENCE_API}/licenceCertificate`, {
      body: { licenceId: await heldLicenceId(fixture) },
    })(fixture),
  'POST /api/music-server/musicGoods/licenceFile': async (fixture) =>
    signedCall(`${LICENCE_API}/licenceFile`, {
      body: { licenceId: await heldLicenceId(fixture) },
    })(fixture),
  'POST /api/music-server/musicGoods/earnings': signedCall(`${LICENCE_API}/earnings`, {
    body: { page: 1, pageSize: 10 },
  }),
  // Certification (certification branch): the fixture's user applies and reviews itself.
  'POST /api/music-server/authentication/add': async (fixture) =>
    signedCall('/api/music-server/authentication/add', {
      body: await certificationApplication(fixture),
    })(fixture),
  'POST /api/music-server/authentication/getStatus': signedCall(
    '/api/music-server/authentication/getStatus',
  ),
  'POST /api/music-server/authentication/reviewList': async (fixture) => {
    await grantReviewer(fixture)
    return signedCall('/api/music-server/authentication/reviewList', { body: {} })(fixture)
  },
  'POST /api/music-server/authentication/review': async (fixture) => {
    await grantReviewer(fixture)
    const id = await pendingApplicationId(fixture)
    return signedCall('/api/music-server/authentication/review', {
      body: { applicationId: id, decision: 'reject', reason: '照片不清晰' },
    })(fixture)
  },
  // Uploads (files branch): a small WAV, signed over '' as multipart is.
  // Deposits: the fixture's user deposits a WAV of its own, then reads the log.
  'POST /api/music-server/keepRecord/uploadListing': async (fixture) =>
    signedCall('/api/music-server/keepRecord/uploadListing', {
      body: { fileId: await uploadedAudioId(fixture, 0.07), title: '文档里的存证' },
    })(fixture),
  'POST /api/music-server/keepRecord/musicList': signedCall(
    '/api/music-server/keepRecord/musicList',
    {
      body: { page: 1, pageSize: 10 },
    },
  ),
  'POST /api/music-server/keepRecord/musicListWeb': signedCall(
    '/api/music-server/keepRecord/musicListWeb',
    { body: { page: 1, pageSize: 10 } },
  ),
  'POST /api/music-server/keepRecord/depositDetails': async (fixture) => {
    const deposited = await fixture.app.inject(
      signedRequest(fixture.app, '/api/music-server/keepRecord/uploadListing', {
        token: fixture.token,
        body: { fileId: await uploadedAudioId(fixture, 0.09), title: '详情' },
      }),
    )
    const depositId = deposited.json<{ data: { depositId: string } }>().data.depositId
    return signedCall('/api/music-server/keepRecord/depositDetails', { body: { depositId } })(
      fixture,
    )
  },
  'POST /api/music-server/keepRecord/checkpoint': signedCall(
    '/api/music-server/keepRecord/checkpoint',
    { body: {} },
  ),
  'POST /api/music-server/keepRecord/verify': signedCall('/api/music-server/keepRecord/verify', {
    body: { sha256: 'ab'.repeat(32) },
  }),
  'POST /api/music-server/keepRecord/consistency': async (fixture) => {
    await signedCall('/api/music-server/keepRecord/uploadListing', {
      body: { fileId: await uploadedAudioId(fixture, 0.11), title: '一致性' },
    })(fixture)
    return signedCall('/api/music-server/keepRecord/consistency', { body: { from: 1, to: 1 } })(
      fixture,
    )
  },
  'POST /api/user-server/obs/uploadFile': ({ app, token }) =>
    app.inject(
      uploadRequest(
        app,
        token,
        multipartBody([
          { name: 'purpose', value: 'audio' },
          { name: 'file', fileName: 'example.wav', bytes: encodeWav(steppedTone(0.05)) },
        ]),
      ),
    ),
}

/** A finished generation job of the fixture's user (the scripted engine makes it at once). */
let aiJob: Promise<AiJob> | undefined
function finishedAiJob({ app, token, userId }: Fixture): Promise<AiJob> {
  aiJob ??= (async () => {
    await givePoints(app, userId, 500)
    const submitted = await app.inject(
      signedRequest(app, '/api/music-server/ai/music/creation', {
        token,
        body: { mode: 'smart', prompt: '文档里的歌' },
      }),
    )
    const jobId = submitted.json<{ data: AiJob }>().data.jobId
    return waitForJob(app, token, jobId)
  })()
  return aiJob
}

async function sharedResult(fixture: Fixture): Promise<string> {
  const job = await finishedAiJob(fixture)
  const answer = await fixture.app.inject(
    signedRequest(fixture.app, '/api/ai-server/musicfy/share', {
      token: fixture.token,
      body: { jobId: job.jobId, resultId: job.results[0]?.id },
    }),
  )
  return answer.json<{ data: { shareId: string } }>().data.shareId
}

const AI_EXAMPLES: Record<string, Example> = {
  'POST /api/music-server/ai/music/creation': async (fixture) => {
    await finishedAiJob(fixture)
    return signedCall('/api/music-server/ai/music/creation', {
      body: { mode: 'advanced', title: '文档', lyrics: '[verse]\n月光', style: '流行', tempo: 90 },
    })(fixture)
  },
  'POST /api/music-server/ai/music/music': async (fixture) =>
    signedCall('/api/music-server/ai/music/music', {
      body: { jobId: (await finishedAiJob(fixture)).jobId },
    })(fixture),
  'POST /api/music-server/ai/music/list': signedCall('/api/music-server/ai/music/list', {
    body: { page: 1, pageSize: 10 },
  }),
  'POST /api/ai-server/musicfy/separateVoice': async (fixture) => {
    await finishedAiJob(fixture)
    return signedCall('/api/ai-server/musicfy/separateVoice', {
      body: { fileId: await uploadedAudioId(fixture, 0.13) },
    })(fixture)
  },
  'POST /api/ai-server/musicfy/separateVoiceList': signedCall(
    '/api/ai-server/musicfy/separateVoiceList',
    { body: {} },
  ),
  'POST /api/ai-server/musicfy/singerList': signedCall('/api/ai-server/musicfy/singerList'),
  'POST /api/ai-server/musicfy/convertVoice': async (fixture) => {
    await finishedAiJob(fixture)
    return signedCall('/api/ai-server/musicfy/convertVoice', {
      body: { singerId: 'sweet-female', goodsId: fixture.work.id, semitones: 3 },
    })(fixture)
  },
  'POST /api/ai-server/musicfy/convertVoiceQuery': async (fixture) =>
    signedCall('/api/ai-server/musicfy/convertVoiceQuery', {
      body: { jobId: (await finishedAiJob(fixture)).jobId },
    })(fixture),
  'POST /api/ai-server/musicfy/jobQuery': async (fixture) =>
    signedCall('/api/ai-server/musicfy/jobQuery', {
      body: { jobId: (await finishedAiJob(fixture)).jobId },
    })(fixture),
  'POST /api/ai-server/musicfy/convertVoicePage': signedCall(
    '/api/ai-server/musicfy/convertVoicePage',
    { body: { page: 1, pageSize: 5 } },
  ),
  'POST /api/ai-server/musicfy/convertVoiceOriginal': async (fixture) => {
    await givePoints(fixture.app, fixture.userId, 100)
    const submitted = await fixture.app.inject(
      signedRequest(fixture.app, '/api/ai-server/musicfy/convertVoice', {
        token: fixture.token,
        body: { singerId: 'warm-male', goodsId: fixture.work.id, semitones: -2 },
      }),
    )
    return signedCall('/api/ai-server/musicfy/convertVoiceOriginal', {
      body: { jobId: submitted.json<{ data: AiJob }>().data.jobId },
    })(fixture)
  },
  'POST /api/ai-server/musicfy/convertVoiceOriginalList': signedCall(
    '/api/ai-server/musicfy/convertVoiceOriginalList',
    { body: {} },
  ),
  'POST /api/ai-server/musicfy/jobList': signedCall('/api/ai-server/musicfy/jobList', {
    body: { page: 1, pageSize: 10, kind: 'generate' },
  }),
  'POST /api/ai-server/musicfy/retry': async (fixture) => {
    await givePoints(fixture.app, fixture.userId, 100)
    aiRunner.failInputWhen = (task) =>
      task.kind === 'generate' &&
      task.request.mode === 'smart' &&
      task.request.prompt === '会失败的歌'
    const submitted = await fixture.app.inject(
      signedRequest(fixture.app, '/api/music-server/ai/music/creation', {
        token: fixture.token,
        body: { mode: 'smart', prompt: '会失败的歌' },
      }),
    )
    const jobId = submitted.json<{ data: AiJob }>().data.jobId
    await waitForJob(fixture.app, fixture.token, jobId)
    return signedCall('/api/ai-server/musicfy/retry', { body: { jobId } })(fixture)
  },
  'POST /api/ai-server/musicfy/deleteJob': async (fixture) => {
    await givePoints(fixture.app, fixture.userId, 100)
    const submitted = await fixture.app.inject(
      signedRequest(fixture.app, '/api/music-server/ai/music/creation', {
        token: fixture.token,
        body: { mode: 'smart', prompt: '要删除的歌' },
      }),
    )
    const jobId = submitted.json<{ data: AiJob }>().data.jobId
    await waitForJob(fixture.app, fixture.token, jobId)
    return signedCall('/api/ai-server/musicfy/deleteJob', { body: { jobId } })(fixture)
  },
  'POST /api/ai-server/musicfy/share': async (fixture) => {
    const job = await finishedAiJob(fixture)
    return signedCall('/api/ai-server/musicfy/share', {
      body: { jobId: job.jobId, resultId: job.results[1]?.id },
    })(fixture)
  },
  'POST /api/ai-server/musicfy/shareList': signedCall('/api/ai-server/musicfy/shareList', {
    body: {},
  }),
  'POST /api/ai-server/musicfy/shareDetails': async (fixture) =>
    fixture.app.inject(
      signedRequest(fixture.app, '/api/ai-server/musicfy/shareDetails', {
        body: { shareId: await sharedResult(fixture) },
      }),
    ),
  'POST /api/ai-server/musicfy/shareExamples': async (fixture) => {
    await sharedResult(fixture)
    return fixture.app.inject(
      signedRequest(fixture.app, '/api/ai-server/musicfy/shareExamples', { body: {} }),
    )
  },
  'POST /api/ai-server/musicfy/keepResult': async (fixture) => {
    const job = await finishedAiJob(fixture)
    return signedCall('/api/ai-server/musicfy/keepResult', {
      body: { jobId: job.jobId, resultId: job.results[0]?.id },
    })(fixture)
  },
  'POST /api/ai-server/musicfy/upvote': async (fixture) =>
    signedCall('/api/ai-server/musicfy/upvote', {
      body: { shareId: await sharedResult(fixture) },
    })(fixture),
  'GET /api/ai-server/musicfy/jobEvents': async (fixture) =>
    fixture.app.inject(
      signedRequest(fixture.app, '/api/ai-server/musicfy/jobEvents', {
        method: 'GET',
        token: fixture.token,
        query: { jobId: (await finishedAiJob(fixture)).jobId },
      }),
    ),
}
Object.assign(EXAMPLES, AI_EXAMPLES)

// Votes and notices (votes branch).
/** A new open activity of two text options, made through the domain. */
async function exampleActivity({
  app,
}: Fixture): Promise<{ activityId: string; optionId: string }> {
  const now = app.clock().getTime()
  const activityId = await createActivity(app.db, {
    title: '文档里的投票',
    description: '',
    startAt: new Date(now - 60_000),
    endAt: new Date(now + 3_600_000),
    votesPerUserPerDay: 5,
    votesPerOptionPerUser: 5,
    coverKey: null,
    createdBy: null,
    options: [
      { kind: 'text', title: '甲', description: '', imageKey: null },
      { kind: 'text', title: '乙', description: '', imageKey: null },
    ],
  })
  const option = await app.db
    .selectFrom('vote_options')
    .select('id')
    .where('activity_id', '=', activityId)
    .executeTakeFirstOrThrow()
  return { activityId, optionId: option.id }
}

function voteCall(
  path: string,
  body: (activity: { activityId: string; optionId: string }) => unknown,
): Example {
  return async (fixture) =>
    signedCall(`/api/music-server/app/vote/${path}`, {
      body: body(await exampleActivity(fixture)),
    })(fixture)
}

const VOTE_EXAMPLES: Record<string, Example> = {
  'POST /api/music-server/app/vote/queryVoteActivityPage': signedCall(
    '/api/music-server/app/vote/queryVoteActivityPage',
    { body: { page: 1, pageSize: 10 } },
  ),
  'POST /api/music-server/app/vote/queryVoteActivityDetail': voteCall(
    'queryVoteActivityDetail',
    ({ activityId }) => ({ activityId }),
  ),
  'POST /api/music-server/app/vote/queryVoteTotalOption': voteCall(
    'queryVoteTotalOption',
    ({ activityId }) => ({ activityId }),
  ),
  'POST /api/music-server/app/vote/addViews': voteCall('addViews', ({ activityId }) => ({
    activityId,
  })),
  'POST /api/music-server/app/vote/queryAccountVoteDetail': voteCall(
    'queryAccountVoteDetail',
    ({ activityId }) => ({ activityId }),
  ),
  'POST /api/music-server/app/vote/accountAddVoteOption': voteCall(
    'accountAddVoteOption',
    (activity) => activity,
  ),
  'POST /api/music-server/app/vote/createActivity': async (fixture) => {
    await grantReviewer(fixture)
    const now = fixture.app.clock().getTime()
    return signedCall('/api/music-server/app/vote/createActivity', {
      body: {
        title: '文档里创建的投票',
        startAt: new Date(now).toISOString(),
        endAt: new Date(now + 3_600_000).toISOString(),
        votesPerUserPerDay: 3,
        votesPerOptionPerUser: 1,
        options: [
          { kind: 'text', title: '城市民谣' },
          { kind: 'text', title: '国风新声' },
        ],
      },
    })(fixture)
  },
  'POST /api/music-server/app/vote/closeActivity': async (fixture) => {
    await grantReviewer(fixture)
    const { activityId } = await exampleActivity(fixture)
    return signedCall('/api/music-server/app/vote/closeActivity', { body: { activityId } })(fixture)
  },
  'POST /api/music-server/notice/details': signedCall('/api/music-server/notice/details', {
    body: { id: WELCOME_NOTICE_ID },
  }),
}
Object.assign(EXAMPLES, VOTE_EXAMPLES)
// Copyright registration (registration branch): the fixture's user keeps owners, registers
// deposits of its own and, made a reviewer, reviews them.
let creditCodesMade = 0

/** A new owner of the fixture's user: an organisation with a credit code not used before. */
async function newOwnerId({ app, token }: Fixture): Promise<string> {
  creditCodesMade++
  const first17 = `9111010800000${String(creditCodesMade).padStart(4, '0')}`
  const answer = await app.inject(
    signedRequest(app, '/api/music-server/cultureCreation/addCopyrightOwner', {
      token,
      body: {
        type: 'organization',
        name: '文档音乐有限公司',
        creditCode: first17 + creditCodeCheckCharacter(first17),
      },
    }),
  )
  return answer.json<{ data: { ownerId: string } }>().data.ownerId
}

function registrationDraft(depositId: string, ownerId: string) {
  return {
    depositId,
    workType: 'music',
    title: '文档里的登记',
    authorName: '文档',
    createdOn: '2025-01-01',
    createdPlace: '北京',
    owners: [{ ownerId, share: 100 }],
    guaranteeAccepted: true,
  }
}

/** A registration of the fixture's user, moved as far as `until` says. */
async function registrationId(
  fixture: Fixture,
  until: 'draft' | 'awaiting_payment' | 'submitted',
): Promise<string> {
  const { app, token, userId } = fixture
  const deposit = await insertTestDeposit(app, userId)
  const saved = await app.inject(
    signedRequest(app, '/api/music-server/cultureCreation/addRegisterCopyright', {
      token,
      body: registrationDraft(deposit.id, await newOwnerId(fixture)),
    }),
  )
  const id = saved.json<{ data: { registrationId: string } }>().data.registrationId
  if (until === 'draft') return id
  await app.inject(
    signedRequest(app, '/api/music-server/cultureCreation/registerCopyright', {
      token,
      body: { registrationId: id },
    }),
  )
  if (until === 'awaiting_payment') return id
  await givePoints(app, userId, 3_000)
  await app.inject(
    signedRequest(app, '/api/music-server/payment/registerWeb', {
      token,
      body: { registrationId: id, method: 'points' },
    }),
  )
  return id
}

const REGISTRATION_EXAMPLES: Record<string, Example> = {
  'POST /api/music-server/cultureCreation/addCopyrightOwner': signedCall(
    '/api/music-server/cultureCreation/addCopyrightOwner',
    {
      body: {
        type: 'person',
        name: '张三',
        idType: 'resident_id',
        idNumber: '44030419900307301' + residentIdCheckCharacter('44030419900307301'),
      },
    },
  ),
  'POST /api/music-server/cultureCreation/updateCopyrightOwner': async (fixture) =>
    signedCall('/api/music-server/cultureCreation/updateCopyrightOwner', {
      body: {
        ownerId: await newOwnerId(fixture),
        type: 'person',
        name: '李四',
        idType: 'passport',
        idNumber: 'E12345678',
      },
    })(fixture),
  'POST /api/music-server/cultureCreation/removeCopyrightOwner': async (fixture) =>
    signedCall('/api/music-server/cultureCreation/removeCopyrightOwner', {
      body: { ownerId: await newOwnerId(fixture) },
    })(fixture),
  'POST /api/music-server/cultureCreation/listCopyrightOwner': signedCall(
    '/api/music-server/cultureCreation/listCopyrightOwner',
    { body: { page: 1, pageSize: 10 } },
  ),
  'POST /api/music-server/cultureCreation/price': signedCall(
    '/api/music-server/cultureCreation/price',
  ),
  'POST /api/music-server/cultureCreation/guaranteeTitle': signedCall(
    '/api/music-server/cultureCreation/guaranteeTitle',
  ),
  'POST /api/music-server/cultureCreation/addRegisterCopyright': async (fixture) =>
    signedCall('/api/music-server/cultureCreation/addRegisterCopyright', {
      body: registrationDraft(
        (await insertTestDeposit(fixture.app, fixture.userId)).id,
        await newOwnerId(fixture),
      ),
    })(fixture),
  'POST /api/music-server/cultureCreation/updateRegisterCopyright': async (fixture) => {
    const id = await registrationId(fixture, 'draft')
    const deposit = await insertTestDeposit(fixture.app, fixture.userId)
    return signedCall('/api/music-server/cultureCreation/updateRegisterCopyright', {
      body: { registrationId: id, ...registrationDraft(deposit.id, await newOwnerId(fixture)) },
    })(fixture)
  },
  'POST /api/music-server/cultureCreation/registerCopyright': async (fixture) =>
    signedCall('/api/music-server/cultureCreation/registerCopyright', {
      body: { registrationId: await registrationId(fixture, 'draft') },
    })(fixture),
  'POST /api/music-server/cultureCreation/listRegisterCopyright': signedCall(
    '/api/music-server/cultureCreation/listRegisterCopyright',
    { body: { page: 1, pageSize: 10 } },
  ),
  'POST /api/music-server/cultureCreation/applicationPdf': async (fixture) =>
    signedCall('/api/music-server/cultureCreation/applicationPdf', {
      body: { registrationId: await registrationId(fixture, 'draft') },
    })(fixture),
  'POST /api/music-server/payment/registerWeb': async (fixture) =>
    signedCall('/api/music-server/payment/registerWeb', {
      body: {
        registrationId: await registrationId(fixture, 'awaiting_payment'),
        method: 'provider',
      },
    })(fixture),
  'POST /api/cicc-server/payment/copyrightStatus': async (fixture) =>
    signedCall('/api/cicc-server/payment/copyrightStatus', {
      body: { registrationId: await registrationId(fixture, 'submitted') },
    })(fixture),
  'POST /api/music-server/cultureCreation/reviewList': async (fixture) => {
    await grantReviewer(fixture)
    return signedCall('/api/music-server/cultureCreation/reviewList', { body: {} })(fixture)
  },
  'POST /api/music-server/cultureCreation/review': async (fixture) => {
    await grantReviewer(fixture)
    return signedCall('/api/music-server/cultureCreation/review', {
      body: { registrationId: await registrationId(fixture, 'submitted'), action: 'start' },
    })(fixture)
  },
}
Object.assign(EXAMPLES, REGISTRATION_EXAMPLES)

/** Refusals every route of a kind gives, called the wrong way on purpose. */
const UNKNOWN_WORK_ID = '00000000-0000-4000-8000-000000000000'

describe('GET /api/openapi.json', () => {
  let app: FastifyInstance
  let dataDir: string
  let document: Document
  let fixture: Fixture
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)

  /** Checks an answer against the response the document gives for its status and type. */
  function expectDocumented(key: string, response: LightMyRequestResponse): void {
    const operation = operationOf(document, key)
    const status = String(response.statusCode)
    const described = operation.responses[status]
    expect(
      described,
      `${key} answered HTTP ${status}, which its document does not list`,
    ).toBeDefined()
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
    expect(Object.keys(described?.content ?? {}), `${key} answered ${mediaType}`).toContain(
      mediaType,
    )
    const [method = '', pathKey = ''] = key.split(' ')
    const pointer = pointerOf([
      'paths',
      pathKey,
      method.toLowerCase(),
      'responses',
      status,
      'content',
      mediaType ?? '',
      'schema',
    ])
    const validate = ajv.getSchema(`openapi#/${pointer}`)
    if (validate === undefined) throw new Error(`no schema at ${pointer}`)
    const value: unknown = mediaType?.endsWith('json') ? response.json() : response.body
    validate(value)
    expect(validate.errors ?? [], `${key}: ${response.body.slice(0, 500)}`).toEqual([])
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-openapi-'))
    app = await createPointsTestApp({ env: { DATA_DIR: dataDir }, aiRunner })
    const answer = await app.inject({ method: 'GET', url: OPENAPI_URL })
    expect(answer.statusCode).toBe(200)
    document = answer.json<Document>()
    ajv.addSchema(document, 'openapi')
    const login = await loginAs(app, PHONE)
    const work = await addFixtureWork(app, { title: '文档里的作品', seconds: 2 })
    const order = await createOrder(app, login.accessToken, { packageId: 'p6' })
    fixture = { app, token: login.accessToken, userId: login.userInfo.userId, work, order }
  })

  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('is OpenAPI 3.1 with bearer login and the signature headers as parameters', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    )
    const details = operationOf(document, 'POST /api/music-server/user/userDetails')
    expect(details.security).toEqual([{ bearerAuth: [] }])
    expect(details.parameters?.map((parameter) => parameter.$ref)).toEqual([
      '#/components/parameters/nonce',
      '#/components/parameters/timestamp',
      '#/components/parameters/signature',
      '#/components/parameters/platform',
    ])
    expect(Object.keys(details.responses).sort()).toEqual(['200', '400', '401', '500'])
    // Open and unsigned routes say so.
    const list = operationOf(document, 'POST /api/music-server/musicGoods/list')
    expect(list.security).toEqual([])
    expect(list.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/MusicGoodsListBody',
    })
    const devLatest = operationOf(document, 'GET /api/dev/sms/latest')
    expect(devLatest.parameters?.map((parameter) => parameter.name)).toEqual(['phone'])
    // Refusals of the route's own are listed with the codes every route of its kind gives.
    const query = operationOf(document, 'POST /api/cicc-server/charge/queryChargeOrder')
    expect(Object.keys(query.responses).sort()).toEqual(['200', '400', '401', '403', '404', '500'])
    expect(query.responses['401']?.description).toContain('402')
  })

  it('has an example call below for exactly the routes in the document', () => {
    expect(operationKeys(document).sort()).toEqual(Object.keys(EXAMPLES).sort())
  })

  it('lists every /api route the router holds, and only those', () => {
    const registered = routerRoutes(app)
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
    expect(registered.length).toBeGreaterThan(15)
    expect(operationKeys(document).sort()).toEqual([...new Set(registered)].sort())
  })

  it('gives every route a summary and every envelope route a response schema', () => {
    const undescribed = app.apiRoutes
      .filter((route) => route.method !== 'HEAD')
      .filter(
        (route) =>
          route.document === undefined ||
          route.document.summary === undefined ||
          (route.document.kind === 'envelope' && route.document.response === undefined),
      )
      .map((route) => `${route.method} ${route.url}`)
    expect(undescribed).toEqual([])
  })

  it('describes the upload as a multipart form, with its 413', () => {
    // Uploads (files branch).
    const upload = operationOf(document, 'POST /api/user-server/obs/uploadFile')
    expect(upload.requestBody?.content['multipart/form-data']?.schema).toEqual({
      $ref: '#/components/schemas/UploadForm',
    })
    expect(upload.requestBody?.content['application/json']).toBeUndefined()
    expect(Object.keys(upload.responses).sort()).toEqual(['200', '400', '401', '413', '500'])
  })

  it.each(Object.keys(EXAMPLES))('%s answers what the document says', async (key) => {
    const example = EXAMPLES[key]
    if (example === undefined) throw new Error(`no example for ${key}`)
    const response = await example(fixture)
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200)
    expectDocumented(key, response)
  })

  it('answers every signed route called without a signature as its 400 says', async () => {
    const signedKeys = operationKeys(document).filter((key) =>
      operationOf(document, key).parameters?.some((parameter) =>
        parameter.$ref?.endsWith('/signature'),
      ),
    )
    expect(signedKeys.length).toBeGreaterThan(10)
    for (const key of signedKeys) {
      const [method = 'POST', pathKey = ''] = key.split(' ')
      const response = await app.inject({ method: method as 'POST', url: pathKey })
      expect(response.json(), key).toEqual({
        code: '400',
        msg: MESSAGES.signatureMissing,
        data: null,
      })
      expectDocumented(key, response)
    }
  })

  it('answers every login route called without a token as its 401 says', async () => {
    // Routes where login is optional (security lists an empty requirement too) answer visitors.
    const loginKeys = operationKeys(document).filter((key) => {
      const security = operationOf(document, key).security ?? []
      return (
        security.some((requirement) => 'bearerAuth' in requirement) &&
        !security.some((requirement) => Object.keys(requirement).length === 0)
      )
    })
    expect(loginKeys.length).toBeGreaterThan(5)
    for (const key of loginKeys) {
      const [method = 'POST', pathKey = ''] = key.split(' ')
      const response = await app.inject(
        method === 'GET'
          ? signedRequest(app, pathKey, { method: 'GET' })
          : signedRequest(app, pathKey, { body: {} }),
      )
      expect(response.json(), key).toEqual({ code: '401', msg: MESSAGES.missingLogin, data: null })
      expectDocumented(key, response)
    }
  })

  it("answers a missing work and another user's order as their 404 and 403 say", async () => {
    const key = 'POST /api/music-server/musicGoods/details'
    const missing = await app.inject(
      signedRequest(app, '/api/music-server/musicGoods/details', {
        body: { goodsId: UNKNOWN_WORK_ID },
      }),
    )
    expect(missing.statusCode).toBe(404)
    expectDocumented(key, missing)
    const stranger = await loginAs(app, '86:13700000004')
    const forbidden = await app.inject(
      signedRequest(app, '/api/cicc-server/charge/queryChargeOrder', {
        token: stranger.accessToken,
        body: { orderId: fixture.order.orderId },
      }),
    )
    expect(forbidden.statusCode).toBe(403)
    expectDocumented('POST /api/cicc-server/charge/queryChargeOrder', forbidden)
  })

  it('serves the reference page with its script and stylesheet as files, no inline script', async () => {
    const page = await app.inject({ method: 'GET', url: REFERENCE_PAGE_URL })
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\/reference\.js"/)
      expect(content?.trim()).toBe('')
    }
    expect(page.body).not.toMatch(/\sstyle=|<style|\son[a-z]+=/i)
    expect(page.body).toContain('href="/api/docs/reference.css"')
    const script = await app.inject({ method: 'GET', url: `${REFERENCE_PAGE_URL}/reference.js` })
    expect(script.headers['content-type']).toMatch(/^text\/javascript/)
    expect(script.body).toContain(OPENAPI_URL.split('/').pop())
  })
})

describe('the API document of a route registered later', () => {
  it('picks the route up from its registration, and under test refuses an answer that breaks its schema', async () => {
    const app = await createTestApp({
      registerRoutes: (scope) => {
        apiRoute(scope, {
          method: 'POST',
          url: '/api/test-server/echo',
          auth: 'none',
          summary: '测试用',
          body: z.object({ text: z.string() }),
          response: z.object({ echo: z.string() }),
          // Answers a number where its schema promises a string.
          handler: async ({ body }) =>
            success({ echo: (body.text === 'lie' ? 1 : body.text) as string }),
        })
      },
    })
    try {
      const document = (await app.inject({ method: 'GET', url: OPENAPI_URL })).json<Document>()
      const echo = operationOf(document, 'POST /api/test-server/echo')
      expect(echo.summary).toBe('测试用')
      expect(echo.responses['200']?.content?.['application/json']?.schema).toMatchObject({
        properties: { data: { properties: { echo: { type: 'string' } } } },
      })
      const truthful = await app.inject(
        signedRequest(app, '/api/test-server/echo', { body: { text: '你好' } }),
      )
      expect(truthful.json()).toEqual({ code: '000', msg: '', data: { echo: '你好' } })
      const lying = await app.inject(
        signedRequest(app, '/api/test-server/echo', { body: { text: 'lie' } }),
      )
      expect(lying.statusCode).toBe(500)
      expect(lying.json()).toEqual({ code: '500', msg: MESSAGES.serverError, data: null })
    } finally {
      await app.close()
    }
  })

  it('is served in production, without the development routes or the reference page', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SIGN_SECRET: 'a-production-secret',
        FILE_URL_SECRET: 'a-production-file-url-secret-0123456789',
        PUBLIC_BASE_URL: 'https://gy.example.com',
        SMS_PROVIDER: 'webhook',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      },
    })
    try {
      const answer = await production.inject({ method: 'GET', url: OPENAPI_URL })
      expect(answer.statusCode).toBe(200)
      const paths = Object.keys(answer.json<Document>().paths)
      expect(paths).toContain('/api/music-server/user/userDetails')
      expect(
        paths.filter(
          (pathKey) => pathKey.startsWith('/api/dev') || pathKey.startsWith('/api/docs'),
        ),
      ).toEqual([])
      for (const url of [REFERENCE_PAGE_URL, `${REFERENCE_PAGE_URL}/reference.js`]) {
        const page = await production.inject({ method: 'GET', url })
        expect(page.statusCode).toBe(404)
        expect(page.json()).toEqual({ code: '404', msg: MESSAGES.notFound, data: null })
      }
    } finally {
      await production.close()
    }
  })
})
