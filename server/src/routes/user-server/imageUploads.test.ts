/**
 * Issue 30, finding 6: images are checked and re-encoded on upload. A decompression bomb (the
 * probe's 30000×30000 PNG) is refused before anything is stored, whatever it was meant to be,
 * and a large camera photo reaches browsers only as a bounded re-encoding without its EXIF: as an
 * avatar, as a deposit's cover and as a certification photo in the reviewers' list.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { residentIdCheckCharacter } from '@gy/api/idNumber'
import type {
  CertificationApplicationPage,
  Deposit,
  DepositRecord,
  UserInfo,
} from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import { encodeWav } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../admin'
import { AVATAR_MAX_SIDE, IMAGE_MAX_SIDE } from '../../media/images'
import { cameraJpeg, decompressionBombPng } from '../../media/testImages'
import { steppedTone } from '../../media/testTones'
import { call, loginAs } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import { filesUnder, uploadedFileRows, uploadFile } from './uploadTestKit'

const UPDATE_USER = '/api/music-server/user/updateUserDetails'
const DEPOSIT = '/api/music-server/keepRecord/uploadListing'
const DEPOSIT_DETAILS = '/api/music-server/keepRecord/depositDetails'
const APPLY = '/api/music-server/authentication/add'
const REVIEW_LIST = '/api/music-server/authentication/reviewList'

const FIRST17 = '44030419900307301'
const ID_NUMBER = FIRST17 + residentIdCheckCharacter(FIRST17)

type Use = 'avatar' | 'cover' | 'certification photo'
const USES: readonly Use[] = ['avatar', 'cover', 'certification photo']

describe('images on upload: bombs refused, photos bounded (issue 30, finding 6)', () => {
  let app: FastifyInstance
  let dataDir: string
  let storageRoot: string
  let user: { token: string; userId: string }
  let reviewerToken: string
  let bomb: Buffer
  let photo: Buffer

  /** The path and query of a link, whatever base the server puts before it. */
  const pathOf = (link: string): string => {
    const url = new URL(link, 'http://localhost')
    return url.pathname + url.search
  }

  /** Puts the uploaded image `fileId` to `use`, and answers the link a browser then gets. */
  async function show(use: Use, fileId: string): Promise<string> {
    if (use === 'avatar') {
      const answer = await call<UserInfo>(app, UPDATE_USER, {
        token: user.token,
        body: { headerFileId: fileId },
      })
      expect(answer.envelope.code).toBe('000')
      return answer.envelope.data.headerUrl
    }
    if (use === 'cover') {
      const audio = await uploadFile(
        app,
        user.token,
        'audio',
        'song.wav',
        encodeWav(steppedTone(0.3, 8000)),
      )
      const deposit = await call<Deposit>(app, DEPOSIT, {
        token: user.token,
        body: { fileId: audio.envelope.data.fileId, title: '大图封面', coverFileId: fileId },
      })
      expect(deposit.envelope.code).toBe('000')
      const details = await call<DepositRecord>(app, DEPOSIT_DETAILS, {
        token: user.token,
        body: { depositId: deposit.envelope.data.depositId },
      })
      return details.envelope.data.coverUrl
    }
    const applied = await call(app, APPLY, {
      token: user.token,
      body: {
        realName: '张三',
        idNumber: ID_NUMBER,
        portfolioLinks: ['https://music.example.com/zhangsan'],
        photoFileId: fileId,
      },
    })
    expect(applied.envelope.code).toBe('000')
    const page = await call<CertificationApplicationPage>(app, REVIEW_LIST, {
      token: reviewerToken,
      body: {},
    })
    const mine = page.envelope.data.records.find((record) => record.realName === '张三')
    return mine?.photoUrl ?? ''
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-image-uploads-'))
    storageRoot = path.join(dataDir, 'files')
    app = await createTestApp({ env: { DATA_DIR: dataDir, SEED_WORKS: '0' } })
    const login = await loginAs(app, '86:13700000601')
    user = { token: login.accessToken, userId: login.userInfo.userId }
    const reviewerPhone = '86:13700000602'
    reviewerToken = (await loginAs(app, reviewerPhone)).accessToken
    expect((await runAdminCommand(app.db, ['grant-reviewer', reviewerPhone])).exitCode).toBe(0)
    bomb = decompressionBombPng(30000, 30000)
    photo = await cameraJpeg(3000, 2000)
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  let before: { files: string[]; rows: number }
  beforeEach(async () => {
    before = { files: await filesUnder(storageRoot), rows: await uploadedFileRows(app) }
  })

  it.each(USES)(
    'refuses a 30000×30000 PNG bomb meant as %s with 400, quickly, storing nothing',
    async (use) => {
      // The probe's file: 3.5 MB, under the 5 MB limit, 3.6 GB once decoded.
      expect(bomb.length).toBeLessThan(5 * 1024 * 1024)
      const started = performance.now()
      const answer = await uploadFile(app, user.token, 'image', `${use}.png`, bomb)
      expect(performance.now() - started).toBeLessThan(5000)
      expect(answer.status).toBe(400)
      expect(answer.envelope).toEqual({
        code: '400',
        msg: MESSAGES.imageTooManyPixels,
        data: null,
      })
      expect(await filesUnder(storageRoot)).toEqual(before.files)
      expect(await uploadedFileRows(app)).toBe(before.rows)
    },
  )

  it.each(USES)(
    'serves a 3000×2000 camera photo used as %s bounded and without its EXIF',
    async (use) => {
      const uploaded = await uploadFile(app, user.token, 'image', '相机照片.jpg', photo)
      expect(uploaded.envelope.code).toBe('000')
      const link = await show(use, uploaded.envelope.data.fileId)
      expect(link).not.toBe('')
      const served = await app.inject({ method: 'GET', url: pathOf(link) })
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/jpeg')
      const image = await sharp(served.rawPayload).metadata()
      const bound = use === 'avatar' ? AVATAR_MAX_SIDE : IMAGE_MAX_SIDE
      expect(Math.max(image.width, image.height)).toBe(bound)
      expect(image.width / image.height).toBeCloseTo(3 / 2, 2)
      expect(image.exif).toBeUndefined()
      expect(served.rawPayload.includes(Buffer.from('张三'))).toBe(false)
      expect(served.rawPayload.length).toBeLessThan(photo.length)
    },
  )

  it('answers the stored re-encoding in the upload: its hash, size and type', async () => {
    const answer = await uploadFile(app, user.token, 'image', 'again.jpg', photo)
    const { sha256, size, contentType, url } = answer.envelope.data
    const served = await app.inject({ method: 'GET', url: pathOf(url) })
    expect(served.rawPayload.length).toBe(size)
    expect(contentType).toBe('image/jpeg')
    expect(createHash('sha256').update(served.rawPayload).digest('hex')).toBe(sha256)
    // The same photo sent again is the same stored file.
    const twice = await uploadFile(app, user.token, 'image', 'twice.jpg', photo)
    expect(twice.envelope.data.sha256).toBe(sha256)
  })
})
