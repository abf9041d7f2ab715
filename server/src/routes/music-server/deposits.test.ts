import { createHash, createPublicKey, verify } from 'node:crypto'
import { encodeMp3, encodeWav } from '@gy/audio'
import type {
  Checkpoint,
  ConsistencyProof,
  Deposit,
  DepositPage,
  DepositRecord,
  VerifyResult,
} from '@gy/api/contract'
import {
  checkpointText,
  leafHash,
  leafText,
  verifyConsistency,
  verifyInclusion,
} from '@gy/api/merkle'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256 } from '../../domain/depositLog'
import { flatPng } from '../../media/testImages'
import { steppedTone } from '../../media/testTones'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import { uploadFile } from '../user-server/uploadTestKit'

const DEPOSIT = '/api/music-server/keepRecord/uploadListing'
const LIST = '/api/music-server/keepRecord/musicListWeb'
const DETAILS = '/api/music-server/keepRecord/depositDetails'
const CHECKPOINT = '/api/music-server/keepRecord/checkpoint'
const VERIFY = '/api/music-server/keepRecord/verify'
const CONSISTENCY = '/api/music-server/keepRecord/consistency'

const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
let made = 0
/** A WAV no other test deposits. */
function freshWav(): Uint8Array {
  made++
  return encodeWav(steppedTone(0.2 + made * 0.01, 8000))
}

function checkpointSignatureValid(point: Checkpoint): boolean {
  const key = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(point.publicKey, 'base64'),
    ]),
    format: 'der',
    type: 'spki',
  })
  return verify(
    null,
    Buffer.from(checkpointText(point.treeSize, point.rootHash)),
    key,
    Buffer.from(point.signature, 'base64'),
  )
}

describe('music-server keepRecord (copyright deposits and the public log)', () => {
  let app: FastifyInstance
  let owner: { token: string; userId: string }
  let stranger: { token: string; userId: string }

  beforeAll(async () => {
    app = await createTestApp()
    const first = await loginAs(app, '86:13100000001')
    const second = await loginAs(app, '86:13100000002')
    owner = { token: first.accessToken, userId: first.userInfo.userId }
    stranger = { token: second.accessToken, userId: second.userInfo.userId }
  })
  afterAll(async () => {
    await app.close()
  })

  async function upload(token: string, purpose: 'audio' | 'image', bytes: Uint8Array) {
    const answer = await uploadFile(
      app,
      token,
      purpose,
      purpose === 'audio' ? 'song.wav' : 'cover.png',
      bytes,
    )
    expect(answer.envelope.code).toBe('000')
    return answer.envelope.data
  }

  async function snapshot() {
    const [deposits, nodes] = await Promise.all([
      app.db.selectFrom('deposits').selectAll().orderBy('log_index').execute(),
      app.db
        .selectFrom('deposit_log_nodes')
        .select(['level', 'node_index'])
        .orderBy('level')
        .orderBy('node_index')
        .execute(),
    ])
    return { deposits, nodes }
  }

  it('deposits an uploaded file: a certificate, a leaf of the log, a PDF, and a proof that checks', async () => {
    const wav = freshWav()
    const file = await upload(owner.token, 'audio', wav)
    const answer = await call<Deposit>(app, DEPOSIT, {
      token: owner.token,
      body: {
        fileId: file.fileId,
        title: '  夜空中最亮的星 ',
        lyric: '[00:01.00]第一句',
        genre: '流行',
      },
    })
    expect(answer.envelope.code).toBe('000')
    const made = answer.envelope.data
    expect(made).toMatchObject({ title: '夜空中最亮的星', sha256: hex(wav), logIndex: 0 })
    expect(made.certificateNo).toMatch(/^GYCD-\d{8}-00000000$/)
    const pdf = await app.inject({ method: 'GET', url: made.certificateUrl })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toContain('application/pdf')
    expect(pdf.body.startsWith('%PDF-')).toBe(true)

    const found = await call<VerifyResult>(app, VERIFY, {
      body: { sha256: hex(wav).toUpperCase() },
    })
    expect(found.envelope.data.found).toBe(true)
    if (!found.envelope.data.found) return
    const point = await call<Checkpoint>(app, CHECKPOINT, {
      body: { treeSize: found.envelope.data.treeSize },
    })
    expect(checkpointSignatureValid(point.envelope.data)).toBe(true)
    const leaf = await leafHash(sha256, leafText(made.certificateNo, made.sha256, made.depositedAt))
    expect(
      await verifyInclusion(
        sha256,
        made.logIndex,
        found.envelope.data.treeSize,
        leaf,
        found.envelope.data.inclusionPath,
        point.envelope.data.rootHash,
      ),
    ).toBe(true)
    expect(found.envelope.data.deposit).toMatchObject({
      certificateNo: made.certificateNo,
      ownerName: 'GY用户0001',
    })
  })

  it('answers found: false for a file never deposited, for anyone', async () => {
    const answer = await call<VerifyResult>(app, VERIFY, { body: { sha256: hex(freshWav()) } })
    expect(answer.envelope).toMatchObject({ code: '000', data: { found: false } })
    const malformed = await call(app, VERIFY, { body: { sha256: 'not-a-hash' } })
    expect(malformed.status).toBe(400)
    expect(malformed.envelope.msg).toBe(MESSAGES.sha256Invalid)
  })

  it('refuses the same audio twice, whoever deposits it, and writes nothing', async () => {
    const wav = freshWav()
    const file = await upload(owner.token, 'audio', wav)
    const first = await call(app, DEPOSIT, {
      token: owner.token,
      body: { fileId: file.fileId, title: '一次' },
    })
    expect(first.envelope.code).toBe('000')
    const before = await snapshot()
    const again = await call(app, DEPOSIT, {
      token: owner.token,
      body: { fileId: file.fileId, title: '两次' },
    })
    expect(again.status).toBe(409)
    expect(again.envelope.msg).toBe(MESSAGES.depositDuplicate)
    const theirCopy = await upload(stranger.token, 'audio', wav)
    const copied = await call(app, DEPOSIT, {
      token: stranger.token,
      body: { fileId: theirCopy.fileId, title: '抄的' },
    })
    expect(copied.status).toBe(409)
    expect(await snapshot()).toEqual(before)
  })

  it('refuses someone else’s file or cover with 403, bad fields with 400, and writes nothing', async () => {
    const file = await upload(owner.token, 'audio', freshWav())
    const cover = await upload(owner.token, 'image', await flatPng(60, 60))
    const before = await snapshot()
    const cases: Array<[string, unknown, number, string]> = [
      [
        'another user’s audio',
        { fileId: file.fileId, title: '别人的' },
        403,
        MESSAGES.fileForbidden,
      ],
      ['no title', { fileId: file.fileId, title: '   ' }, 400, MESSAGES.depositTitleRequired],
      [
        'a 51-character title',
        { fileId: file.fileId, title: '长'.repeat(51) },
        400,
        MESSAGES.depositTitleTooLong,
      ],
      [
        'a title with a control character',
        { fileId: file.fileId, title: 'a\u0007b' },
        400,
        MESSAGES.depositTitleInvalid,
      ],
      ['an image as the audio', { fileId: cover.fileId, title: '图' }, 400, MESSAGES.fileNotAudio],
      [
        'an unknown file',
        { fileId: '00000000-0000-4000-8000-000000000000', title: '无' },
        404,
        MESSAGES.fileNotFound,
      ],
      [
        'a malformed file id',
        { fileId: '../../etc/passwd', title: '无' },
        400,
        MESSAGES.fileIdInvalid,
      ],
    ]
    for (const [name, body, status, message] of cases) {
      const token = name === 'another user’s audio' ? stranger.token : owner.token
      const answer = await call(app, DEPOSIT, { token, body })
      expect([name, answer.status, answer.envelope.msg]).toEqual([name, status, message])
    }
    const foreignCover = await call(app, DEPOSIT, {
      token: stranger.token,
      body: {
        fileId: (await upload(stranger.token, 'audio', freshWav())).fileId,
        title: '封面',
        coverFileId: cover.fileId,
      },
    })
    expect(foreignCover.status).toBe(403)
    const after = await snapshot()
    expect(after).toEqual(before)
  })

  it('lists each user’s own deposits only, with the proof at deposit time, and guards the details', async () => {
    const file = await upload(
      owner.token,
      'audio',
      encodeMp3(steppedTone(0.5, 22050), { kbps: 64 }),
    )
    const made = await call<Deposit>(app, DEPOSIT, {
      token: owner.token,
      body: { fileId: file.fileId, title: '列表里的' },
    })
    const mine = await call<DepositPage>(app, LIST, {
      token: owner.token,
      body: { page: 1, pageSize: 10 },
    })
    expect(mine.envelope.data.records[0]?.depositId).toBe(made.envelope.data.depositId)
    for (const record of mine.envelope.data.records) {
      expect(record.ownerName).toBe('GY用户0001')
      expect(checkpointSignatureValid(record.checkpoint)).toBe(true)
      expect(record.checkpoint.treeSize).toBe(record.logIndex + 1)
      const leaf = await leafHash(
        sha256,
        leafText(record.certificateNo, record.sha256, record.depositedAt),
      )
      expect(
        await verifyInclusion(
          sha256,
          record.logIndex,
          record.checkpoint.treeSize,
          leaf,
          record.inclusionPath,
          record.checkpoint.rootHash,
        ),
      ).toBe(true)
    }
    const theirs = await call<DepositPage>(app, LIST, { token: stranger.token, body: {} })
    expect(theirs.envelope.data.records.every((record) => record.ownerName !== 'GY用户0001')).toBe(
      true,
    )

    const details = await call<DepositRecord>(app, DETAILS, {
      token: owner.token,
      body: { depositId: made.envelope.data.depositId },
    })
    expect(details.envelope.data).toMatchObject({
      title: '列表里的',
      contentType: 'audio/mpeg',
      listing: null,
    })
    const foreign = await call(app, DETAILS, {
      token: stranger.token,
      body: { depositId: made.envelope.data.depositId },
    })
    expect(foreign.status).toBe(403)
    const missing = await call(app, DETAILS, {
      token: owner.token,
      body: { depositId: '00000000-0000-4000-8000-000000000000' },
    })
    expect(missing.status).toBe(404)
    const visitor = await call(app, LIST, { body: {} })
    expect(visitor.status).toBe(401)
  })

  it('proves the log only grew between any two checkpoints, and refuses sizes it does not have', async () => {
    const early = await call<Checkpoint>(app, CHECKPOINT, { body: { treeSize: 1 } })
    const now = await call<Checkpoint>(app, CHECKPOINT, {})
    expect(now.envelope.data.treeSize).toBeGreaterThan(1)
    const proof = await call<ConsistencyProof>(app, CONSISTENCY, {
      body: { from: 1, to: now.envelope.data.treeSize },
    })
    expect(
      await verifyConsistency(
        sha256,
        1,
        now.envelope.data.treeSize,
        proof.envelope.data.proof,
        early.envelope.data.rootHash,
        now.envelope.data.rootHash,
      ),
    ).toBe(true)
    const beyond = await call(app, CONSISTENCY, {
      body: { from: 1, to: now.envelope.data.treeSize + 1 },
    })
    expect(beyond.status).toBe(400)
    const backwards = await call(app, CONSISTENCY, { body: { from: 3, to: 2 } })
    expect(backwards.status).toBe(400)
    const future = await call(app, CHECKPOINT, { body: { treeSize: 10_000 } })
    expect(future.status).toBe(400)
  })

  it('gives concurrent deposits distinct, gap-free leaves', async () => {
    const files = await Promise.all(
      [1, 2, 3, 4].map(() => upload(owner.token, 'audio', freshWav())),
    )
    const answers = await Promise.all(
      files.map((file, index) =>
        call<Deposit>(app, DEPOSIT, {
          token: owner.token,
          body: { fileId: file.fileId, title: `并发${index}` },
        }),
      ),
    )
    expect(answers.every((answer) => answer.envelope.code === '000')).toBe(true)
    const indexes = (
      await app.db.selectFrom('deposits').select('log_index').orderBy('log_index').execute()
    ).map((row) => Number(row.log_index))
    expect(indexes).toEqual(indexes.map((_, position) => position))
  })
})
