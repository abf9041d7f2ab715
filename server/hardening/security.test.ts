/**
 * Security of the API as a whole, with the routes read from the server's own API document so
 * that a route added later is covered without being listed here:
 * - every login-required operation refuses a missing, forged, expired, logged-out and
 *   superseded token with the contract's 401 (402 for the superseded one);
 * - every login-required operation that names an owner-scoped id refuses another user's id
 *   (403, or 404 where the resource is not shown to others), leaks nothing of it and changes
 *   nothing;
 * - the security headers are on every kind of answer: envelope, refusal, 404, the app's HTML and
 *   hashed assets, a stored file, a certificate PDF;
 * - stored user text with markup comes back as the same characters, as JSON data.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { AiJob } from '@gy/api/contract'
import { creditCodeCheckCharacter } from '@gy/api/creditCode'
import { residentIdCheckCharacter } from '@gy/api/idNumber'
import { SINGER_PRESET_IDS, encodeWav } from '@gy/audio'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../src/db/types'
import { SESSION_TTL_MS } from '../src/domain/sessions.repository'
import { steppedTone } from '../src/media/testTones'
import { deliverNotification, sandboxNotification } from '../src/routes/payments/pointsTestKit'
import { createPointsTestApp } from '../src/routes/payments/pointsTestKit'
import { multipartBody, uploadRequest } from '../src/routes/user-server/uploadTestKit'
import { givePoints, scriptedRunner, waitForJob } from '../src/test/aiTestKit'
import { call, loginAs, signedRequest } from '../src/test/call'
import { insertTestDeposit, insertTestImage } from '../src/test/depositFixtures'
import { createFakeClock } from '../src/test/fakeClock'
import {
  apiOperations,
  contractViolation,
  operationName,
  readApiDocument,
  refResolver,
  type ApiOperation,
} from './support/apiOperations'
import type { JsonSchema, RefResolver } from './support/schemaArbitrary'

const clock = createFakeClock(new Date())
const staticDir = await mkdtemp(path.join(tmpdir(), 'gy-hardening-web-'))
await mkdir(path.join(staticDir, 'assets'))
await writeFile(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><title>GY音乐</title></head><body><div id="root"></div></body></html>',
)
await writeFile(path.join(staticDir, 'assets', 'index-Hc9xQ2aB.js'), 'console.log("gy")\n')

const app: FastifyInstance = await createPointsTestApp({
  clock: clock.now,
  aiRunner: scriptedRunner(),
  env: { STATIC_DIR: staticDir },
})
const document = await readApiDocument(app)
const operations = apiOperations(document)
const resolve = refResolver(document)
const loginRequired = operations.filter((operation) => operation.login === 'required')

afterAll(async () => {
  await app.close()
  await rm(staticDir, { recursive: true, force: true })
})

function requestTo(operation: ApiOperation, token: string | undefined) {
  return signedRequest(app, operation.path, {
    method: operation.method,
    ...(token === undefined ? {} : { token }),
  })
}

describe('login-required operations refuse every token that is not a live session', () => {
  const tokens: Record<'expired' | 'loggedOut' | 'superseded', string> = {
    expired: '',
    loggedOut: '',
    superseded: '',
  }

  beforeAll(async () => {
    tokens.expired = (await loginAs(app, '86:13600000001')).accessToken
    // A day and a minute later that session has expired; the others are made after the move.
    clock.advance(SESSION_TTL_MS + 60_000)
    tokens.loggedOut = (await loginAs(app, '86:13600000002')).accessToken
    const loggedOut = await call(app, '/api/user-server/musicOauth/logout', {
      token: tokens.loggedOut,
    })
    expect(loggedOut.envelope.code).toBe('000')
    tokens.superseded = (await loginAs(app, '86:13600000003')).accessToken
    // A second code for the same phone may be sent a minute later.
    clock.advance(61_000)
    await loginAs(app, '86:13600000003')
  })

  it('finds the login-required operations in the document', () => {
    expect(loginRequired.length).toBeGreaterThan(50)
  })

  const cases = [
    ['no token', () => undefined, '401'],
    ['a forged token', () => 'Zm9yZ2VkLXRva2VuLW9mLXRoZS1oYXJkZW5pbmctc3VpdGU', '401'],
    ['an expired token', () => tokens.expired, '401'],
    ['a logged-out token', () => tokens.loggedOut, '401'],
    ['a superseded token', () => tokens.superseded, '402'],
  ] as const

  it.each(cases)('with %s', async (_name, tokenOf, code) => {
    const wrong: string[] = []
    for (const operation of loginRequired) {
      const response = await app.inject(requestTo(operation, tokenOf()))
      const violation = contractViolation(
        { statusCode: response.statusCode, headers: response.headers, body: response.body },
        operation,
      )
      const answered = response.json<{ code: string }>().code
      if (violation !== null || answered !== code || response.statusCode !== 401) {
        wrong.push(`${operationName(operation)}: ${response.statusCode} ${response.body}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

interface OwnedIds {
  audioFileId: string
  imageFileId: string
  depositId: string
  goodsId: string
  chargeOrderId: string
  licenceOrderId: string
  licenceId: string
  jobId: string
  resultId: string
  ownerId: string
  registrationId: string
}

const OWNER_TITLE = '甲的私人作品'

/** Everything user A owns, made through the API where it is cheap enough. */
async function makeOwnedResources(owner: { token: string; userId: string }): Promise<OwnedIds> {
  const { token, userId } = owner
  const uploaded = await app.inject(
    uploadRequest(
      app,
      token,
      multipartBody([
        { name: 'purpose', value: 'audio' },
        { name: 'file', fileName: 'a.wav', bytes: encodeWav(steppedTone(0.2)) },
      ]),
    ),
  )
  const audioFileId = uploaded.json<{ data: { fileId: string } }>().data.fileId
  const deposited = await call<{ depositId: string }>(
    app,
    '/api/music-server/keepRecord/uploadListing',
    { token, body: { fileId: audioFileId, title: OWNER_TITLE } },
  )
  const image = await insertTestImage(app, userId)
  const listedDeposit = await insertTestDeposit(app, userId, { title: OWNER_TITLE })
  const listed = await call<{ goodsId: string }>(app, '/api/music-server/musicGoods/musicListing', {
    token,
    body: { depositId: listedDeposit.id, priceFen: 990 },
  })
  // The listing's audio is prepared in a background job; the snapshots below must not race it.
  await vi.waitFor(
    async () => {
      const work = await app.db
        .selectFrom('works')
        .select('audio_ready')
        .where('id', '=', listed.envelope.data.goodsId)
        .executeTakeFirstOrThrow()
      expect(work.audio_ready).toBe(true)
    },
    { timeout: 30_000, interval: 100 },
  )
  const charge = await call<{ orderId: string }>(app, '/api/cicc-server/charge/charge', {
    token,
    body: { amountFen: 1_000 },
  })

  // A licence A bought of another musician's work, paid through the sandbox.
  const seller = await loginAs(app, '86:13600000009')
  const sellerDeposit = await insertTestDeposit(app, seller.userInfo.userId)
  const sold = await call<{ goodsId: string }>(app, '/api/music-server/musicGoods/musicListing', {
    token: seller.accessToken,
    body: { depositId: sellerDeposit.id, priceFen: 990 },
  })
  await app.db
    .updateTable('works')
    .set({ audio_ready: true })
    .where('id', '=', sold.envelope.data.goodsId)
    .execute()
  const bought = await call<{ orderId: string; amountFen: number }>(
    app,
    '/api/music-server/musicGoods/buyLicence',
    { token, body: { goodsId: sold.envelope.data.goodsId, licenceType: 'personal' } },
  )
  await deliverNotification(app, sandboxNotification(app, bought.envelope.data))
  const licence = await app.db
    .selectFrom('licences')
    .select('id')
    .where('order_id', '=', bought.envelope.data.orderId)
    .executeTakeFirstOrThrow()

  await givePoints(app, userId, 500)
  const submitted = await call<AiJob>(app, '/api/music-server/ai/music/creation', {
    token,
    body: { mode: 'smart', prompt: OWNER_TITLE },
  })
  const job = await waitForJob(app, token, submitted.envelope.data.jobId)

  const first17 = '44030419900307301'
  const owner17 = await call<{ ownerId: string }>(
    app,
    '/api/music-server/cultureCreation/addCopyrightOwner',
    {
      token,
      body: {
        type: 'person',
        name: '甲',
        idType: 'resident_id',
        idNumber: first17 + residentIdCheckCharacter(first17),
      },
    },
  )
  const registrationDeposit = await insertTestDeposit(app, userId)
  const registration = await call<{ registrationId: string }>(
    app,
    '/api/music-server/cultureCreation/addRegisterCopyright',
    { token, body: registrationDraft(registrationDeposit.id, owner17.envelope.data.ownerId) },
  )
  const ids: OwnedIds = {
    audioFileId,
    imageFileId: image.id,
    depositId: deposited.envelope.data.depositId,
    goodsId: listed.envelope.data.goodsId,
    chargeOrderId: charge.envelope.data.orderId,
    licenceOrderId: bought.envelope.data.orderId,
    licenceId: licence.id,
    jobId: job.jobId,
    resultId: job.results[0]?.id ?? '',
    ownerId: owner17.envelope.data.ownerId,
    registrationId: registration.envelope.data.registrationId,
  }
  for (const [name, value] of Object.entries(ids)) {
    if (typeof value !== 'string' || value === '') throw new Error(`no ${name} was made`)
  }
  return ids
}

function registrationDraft(depositId: string, ownerId: string) {
  return {
    depositId,
    workType: 'music',
    title: OWNER_TITLE,
    authorName: '甲',
    createdOn: '2025-01-01',
    createdPlace: '北京',
    owners: [{ ownerId, share: 100 }],
    guaranteeAccepted: true,
  }
}

/**
 * The owned id a body field names, by field name. `orderId` is a top-up order except on the
 * licence routes. Fields that name things meant to be used by others are not here: a work's
 * `goodsId` to buy a licence of or cover (not the owner's listing routes), a vote's
 * `activityId`/`optionId`, a public share's `shareId`.
 */
function ownedIdFor(operation: ApiOperation, field: string, ids: OwnedIds): unknown {
  const path = operation.path
  switch (field) {
    case 'fileId':
      return ids.audioFileId
    case 'headerFileId':
    case 'coverFileId':
    case 'photoFileId':
      return ids.imageFileId
    case 'attachmentFileIds':
      return [ids.imageFileId]
    case 'depositId':
      return ids.depositId
    case 'goodsId':
      return /musicGoods\/(modifyPrice|delist)$/.test(path) ? ids.goodsId : undefined
    case 'orderId':
      return path.includes('/musicGoods/') ? ids.licenceOrderId : ids.chargeOrderId
    case 'licenceId':
      return ids.licenceId
    case 'jobId':
      return ids.jobId
    case 'resultId':
      return ids.resultId
    case 'ownerId':
      return ids.ownerId
    case 'registrationId':
      return ids.registrationId
    default:
      return undefined
  }
}

/** Valid values of the other required fields, so that the id is what the answer is about. */
function fillerFor(field: string, own: { ownerId: string }): unknown {
  const fillers: Record<string, unknown> = {
    title: '越权尝试',
    priceFen: 1990,
    licenceType: 'personal',
    semitones: 0,
    singerId: SINGER_PRESET_IDS[0],
    type: 'organization',
    name: '乙公司',
    creditCode: (() => {
      const first17 = '91110108000000999'
      return first17 + creditCodeCheckCharacter(first17)
    })(),
    workType: 'music',
    authorName: '乙',
    createdOn: '2025-01-01',
    createdPlace: '上海',
    owners: [{ ownerId: own.ownerId, share: 100 }],
    guaranteeAccepted: true,
    method: 'points',
    action: 'start',
    decision: 'reject',
    reason: '越权',
    realName: '乙某某',
    idNumber: '11010519491231002' + residentIdCheckCharacter('11010519491231002'),
    startAt: new Date(Date.now() - 60_000).toISOString(),
    endAt: new Date(Date.now() + 86_400_000).toISOString(),
    votesPerUserPerDay: 1,
    votesPerOptionPerUser: 1,
    options: [
      { kind: 'work', musicId: '00000000-0000-4000-8000-000000000001' },
      { kind: 'work', musicId: '00000000-0000-4000-8000-000000000002' },
    ],
    portfolioLinks: ['https://music.example.com/b'],
    page: 1,
    pageSize: 10,
  }
  return fillers[field]
}

function propertiesOf(
  schema: JsonSchema,
  resolve: RefResolver,
): { properties: Record<string, JsonSchema>; required: Set<string> } {
  if (schema.$ref !== undefined) return propertiesOf(resolve(schema.$ref), resolve)
  const properties: Record<string, JsonSchema> = { ...schema.properties }
  const required = new Set(schema.required ?? [])
  // Of alternatives (a person or an organisation owner), the last one's fields.
  for (const alternative of schema.anyOf ?? schema.oneOf ?? schema.allOf ?? []) {
    const inner = propertiesOf(alternative, resolve)
    Object.assign(properties, inner.properties)
    if ((schema.anyOf ?? schema.oneOf) !== undefined) required.clear()
    for (const name of inner.required) required.add(name)
  }
  return { properties, required }
}

const OWNED_TABLES = [
  'uploaded_files',
  'deposits',
  'works',
  'charge_orders',
  'licence_orders',
  'licences',
  'ai_jobs',
  'ai_results',
  'ai_shares',
  'copyright_owners',
  'copyright_registrations',
  'copyright_registration_owners',
  'certification_applications',
  'points_ledger',
] as const satisfies ReadonlyArray<keyof Database>

async function snapshotOf(tables: readonly (keyof Database)[]): Promise<string> {
  const rows: Record<string, unknown> = {}
  for (const table of tables) {
    // Sorted, because an update may change the order rows come back in without changing them.
    const tableRows = await app.db.selectFrom(table).selectAll().execute()
    rows[table] = tableRows.map((row) => JSON.stringify(row)).sort()
  }
  return JSON.stringify(rows)
}

describe("owner-scoped operations refuse another user's ids", () => {
  let ids: OwnedIds
  let owner: { token: string; userId: string }
  let intruder: { token: string; userId: string; ownerId: string }

  beforeAll(async () => {
    const a = await loginAs(app, '86:13600000010')
    owner = { token: a.accessToken, userId: a.userInfo.userId }
    ids = await makeOwnedResources(owner)
    const b = await loginAs(app, '86:13600000011')
    await givePoints(app, b.userInfo.userId, 5_000)
    const first17 = '91110108000000777'
    const own = await call<{ ownerId: string }>(
      app,
      '/api/music-server/cultureCreation/addCopyrightOwner',
      {
        token: b.accessToken,
        body: {
          type: 'organization',
          name: '乙',
          creditCode: first17 + creditCodeCheckCharacter(first17),
        },
      },
    )
    intruder = {
      token: b.accessToken,
      userId: b.userInfo.userId,
      ownerId: own.envelope.data.ownerId,
    }
  })

  it('refuses each one with 403 or 404, says nothing of the resource and changes nothing', async () => {
    const before = await snapshotOf(OWNED_TABLES)
    const tried: string[] = []
    const wrong: string[] = []
    for (const operation of loginRequired) {
      if (operation.body === null || operation.body.contentType !== 'application/json') continue
      const { properties, required } = propertiesOf(operation.body.schema, resolve)
      const body: Record<string, unknown> = {}
      let namesOwnedId = false
      for (const field of Object.keys(properties)) {
        const owned = ownedIdFor(operation, field, ids)
        if (owned !== undefined) {
          body[field] = owned
          namesOwnedId = true
        } else if (required.has(field)) {
          body[field] = fillerFor(field, intruder)
        }
      }
      if (!namesOwnedId) continue
      tried.push(operationName(operation))
      const response = await app.inject(
        signedRequest(app, operation.path, { token: intruder.token, body }),
      )
      const envelope = response.json<{ code: string; data: unknown }>()
      const leaks = response.body.includes(OWNER_TITLE) || response.body.includes(owner.userId)
      if (!['403', '404'].includes(envelope.code) || envelope.data !== null || leaks) {
        wrong.push(`${operationName(operation)} ${JSON.stringify(body)} → ${response.body}`)
      }
    }
    expect(wrong).toEqual([])
    // Files, deposits, listings, orders, licences, AI jobs and results, owners, registrations.
    expect(tried.length).toBeGreaterThan(25)
    expect(await snapshotOf(OWNED_TABLES)).toBe(before)
  })

  it("answers A's own calls with the same ids (the refusals above are about the owner)", async () => {
    const own = await call(app, '/api/ai-server/musicfy/jobQuery', {
      token: owner.token,
      body: { jobId: ids.jobId },
    })
    expect(own.envelope.code).toBe('000')
    const deposit = await call(app, '/api/music-server/keepRecord/depositDetails', {
      token: owner.token,
      body: { depositId: ids.depositId },
    })
    expect(deposit.envelope.code).toBe('000')
  })

  it('refuses a signed file URL of A once its signature is changed', async () => {
    const deposit = await call<{ certificateUrl: string }>(
      app,
      '/api/music-server/keepRecord/depositDetails',
      { token: owner.token, body: { depositId: ids.depositId } },
    )
    const url = new URL(deposit.envelope.data.certificateUrl, 'http://localhost')
    url.searchParams.set('signature', 'a'.repeat(64))
    const response = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({ code: '403', data: null })
  })
})

describe('security headers on every kind of answer', () => {
  let certificateUrl = ''
  let audioUrl = ''

  beforeAll(async () => {
    const user = await loginAs(app, '86:13600000020')
    const uploaded = await app.inject(
      uploadRequest(
        app,
        user.accessToken,
        multipartBody([
          { name: 'purpose', value: 'audio' },
          { name: 'file', fileName: 'h.wav', bytes: encodeWav(steppedTone(0.3)) },
        ]),
      ),
    )
    const file = uploaded.json<{ data: { fileId: string; url: string } }>().data
    audioUrl = file.url
    const deposited = await call<{ certificateUrl: string }>(
      app,
      '/api/music-server/keepRecord/uploadListing',
      { token: user.accessToken, body: { fileId: file.fileId, title: '头部' } },
    )
    certificateUrl = deposited.envelope.data.certificateUrl
  })

  function pathOf(url: string): string {
    const parsed = new URL(url, 'http://localhost')
    return `${parsed.pathname}${parsed.search}`
  }

  const kinds: Array<[string, () => InjectOptions, RegExp]> = [
    [
      'a JSON envelope',
      () => signedRequest(app, '/api/user-server/user/downloadLink'),
      /^application\/json/,
    ],
    [
      'a 400 refusal',
      () => signedRequest(app, '/api/music-server/keepRecord/verify', { body: { sha256: 1 } }),
      /^application\/json/,
    ],
    ['an API 404', () => ({ method: 'POST', url: '/api/no-such-service/x' }), /^application\/json/],
    ['the health check', () => ({ method: 'GET', url: '/healthz' }), /^application\/json/],
    ['the app page', () => ({ method: 'GET', url: '/home' }), /^text\/html/],
    ['the app root', () => ({ method: 'GET', url: '/' }), /^text\/html/],
    ['a hashed asset', () => ({ method: 'GET', url: '/assets/index-Hc9xQ2aB.js' }), /javascript/],
    ['a stored audio file', () => ({ method: 'GET', url: pathOf(audioUrl) }), /^audio\//],
    [
      'a byte range of it',
      () => ({ method: 'GET', url: pathOf(audioUrl), headers: { range: 'bytes=0-99' } }),
      /^audio\//,
    ],
    [
      'a certificate PDF',
      () => ({ method: 'GET', url: pathOf(certificateUrl) }),
      /^application\/pdf/,
    ],
    [
      'a refused file URL',
      () => ({ method: 'GET', url: '/files/nope/x.mp3?expires=1&signature=00' }),
      /^application\/json/,
    ],
    ['the API document', () => ({ method: 'GET', url: '/api/openapi.json' }), /^application\/json/],
  ]

  it.each(kinds)('on %s', async (_name, request, contentType) => {
    const response = await app.inject(request())
    expect(response.statusCode).toBeLessThan(500)
    expect(String(response.headers['content-type'])).toMatch(contentType)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    const policy = String(response.headers['content-security-policy'] ?? '')
    expect(policy).not.toBe('')
    // Never framed: by frame-ancestors on pages, by a sandbox on stored files.
    expect(policy).toMatch(/frame-ancestors 'none'|sandbox/)
    expect(policy).not.toContain("'unsafe-eval'")
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['x-frame-options']).toBe('DENY')
  })
})

describe('stored user text is data', () => {
  const MARKUP = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'-alert(1)-'",
    '</script><svg onload=alert(1)>',
  ]

  it('comes back character for character, as JSON, in deposit titles and lyrics and owner names', async () => {
    const user = await loginAs(app, '86:13600000030')
    for (const [index, text] of MARKUP.entries()) {
      const deposit = await insertTestDeposit(app, user.userInfo.userId, {
        title: text,
        lyric: `${text}\n第二行`,
      })
      const details = await call<{ title: string; lyric: string }>(
        app,
        '/api/music-server/keepRecord/depositDetails',
        { token: user.accessToken, body: { depositId: deposit.id } },
      )
      expect(details.headers['content-type']).toMatch(/^application\/json/)
      expect(details.envelope.data.title).toBe(text)
      const first17 = `9111010800000${String(800 + index)}`
      const owner = await call<{ ownerId: string }>(
        app,
        '/api/music-server/cultureCreation/addCopyrightOwner',
        {
          token: user.accessToken,
          body: {
            type: 'organization',
            name: text,
            creditCode: first17 + creditCodeCheckCharacter(first17),
          },
        },
      )
      // Refused as a name, or kept as the same characters: never changed into something else.
      if (owner.envelope.code === '000') {
        const listed = await call<{ records: Array<{ ownerId: string; name: string }> }>(
          app,
          '/api/music-server/cultureCreation/listCopyrightOwner',
          { token: user.accessToken, body: { page: 1, pageSize: 50 } },
        )
        const kept = listed.envelope.data.records.find(
          (record) => record.ownerId === owner.envelope.data.ownerId,
        )
        expect(kept?.name).toBe(text)
      } else {
        expect(owner.envelope.code).toBe('400')
      }
    }
  })
})
