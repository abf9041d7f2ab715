import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { encodeMp3, encodeWav } from '@gy/audio'
import { UPLOAD_MAX_BYTES } from '@gy/api/contract'
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cameraJpeg, flatPng, paddedPng } from '../../media/testImages'
import { steppedTone } from '../../media/testTones'
import { startTestS3, type TestS3 } from '../../storage/s3TestServer'
import { call, loginAs, signedRequest } from '../../test/call'
import { createTestApp } from '../../test/testApp'
import {
  filesUnder,
  multipartBody,
  postUpload,
  streamedUploadBody,
  UPLOAD_URL,
  uploadFile,
  uploadHeaders,
  uploadedFileRows,
} from './uploadTestKit'

const wav = encodeWav(steppedTone(0.3))
const mp3 = encodeMp3(steppedTone(0.3), { kbps: 128 })
const flac = new Uint8Array([...Buffer.from('fLaC'), 0, 0, 0, 34, ...new Uint8Array(200).fill(7)])
// Real images: an image is decoded and re-encoded on upload. The PNG has transparency, so it
// stays a PNG (an opaque one is stored as a JPEG).
const png = await flatPng(40, 30, 0.5)
const jpeg = await cameraJpeg(40, 30)
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

describe('user-server obs/uploadFile', () => {
  let app: FastifyInstance
  let dataDir: string
  let storageRoot: string
  let token: string
  let userId: string

  /** Storage and the table exactly as they were: the proof every refusal must give. */
  const expectUntouched = async (before: { files: string[]; rows: number }): Promise<void> => {
    expect(await filesUnder(storageRoot)).toEqual(before.files)
    expect(await uploadedFileRows(app)).toBe(before.rows)
  }
  const snapshot = async (): Promise<{ files: string[]; rows: number }> => ({
    files: await filesUnder(storageRoot),
    rows: await uploadedFileRows(app),
  })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-uploads-'))
    storageRoot = path.join(dataDir, 'files')
    app = await createTestApp({ env: { DATA_DIR: dataDir, SEED_WORKS: '0' } })
    const login = await loginAs(app, '86:13500000101')
    token = login.accessToken
    userId = login.userInfo.userId
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  let address: Promise<string> | undefined
  /** The app on a loopback port, for the tests that need a real socket. */
  const listening = (): Promise<string> => (address ??= app.listen({ port: 0, host: '127.0.0.1' }))

  let before: { files: string[]; rows: number }
  beforeEach(async () => {
    before = await snapshot()
  })

  it('stores an audio file by its hash and answers a signed URL that serves it', async () => {
    const answer = await uploadFile(app, token, 'audio', '我的歌.wav', wav)
    expect(answer.status).toBe(200)
    const data = answer.envelope.data
    expect(data).toMatchObject({ sha256: sha256(wav), size: wav.length, contentType: 'audio/wav' })
    expect(data.url).toMatch(new RegExp(`^/files/${sha256(wav)}/audio\\.wav\\?expires=`))
    const row = await app.db
      .selectFrom('uploaded_files')
      .selectAll()
      .where('id', '=', data.fileId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      owner_user_id: userId,
      purpose: 'audio',
      storage_key: sha256(wav),
      content_type: 'audio/wav',
      original_name: '我的歌.wav',
    })
    const served = await app.inject({ method: 'GET', url: data.url })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(Buffer.from(wav))).toBe(true)
    expect(await filesUnder(path.join(storageRoot, 'tmp'))).toEqual([])
  })

  it('keeps the name as the user sees it, quotes included', async () => {
    // Browsers percent-encode `"` in a form's file name.
    const answer = await uploadFile(app, token, 'audio', '夜曲 %22live%22.wav', wav)
    const row = await app.db
      .selectFrom('uploaded_files')
      .select('original_name')
      .where('id', '=', answer.envelope.data.fileId)
      .executeTakeFirstOrThrow()
    expect(row.original_name).toBe('夜曲 "live".wav')
  })

  it('judges MP3, FLAC, PNG and JPEG by their bytes, whatever they are called', async () => {
    for (const [purpose, name, bytes, type] of [
      ['audio', 'a.bin', mp3, 'audio/mpeg'],
      ['audio', 'b', flac, 'audio/flac'],
      ['image', 'c.gif', png, 'image/png'],
      ['image', 'd.png', jpeg, 'image/jpeg'],
    ] as const) {
      const answer = await uploadFile(app, token, purpose, name, bytes)
      expect(answer.envelope.data.contentType).toBe(type)
    }
  })

  it('stores the same bytes once, with one row for each upload', async () => {
    const bytes = encodeWav(steppedTone(0.1))
    const first = await uploadFile(app, token, 'audio', 'one.wav', bytes)
    const second = await uploadFile(app, token, 'audio', 'two.wav', bytes)
    expect(first.envelope.data.fileId).not.toBe(second.envelope.data.fileId)
    expect(second.envelope.data.sha256).toBe(first.envelope.data.sha256)
    expect(await uploadedFileRows(app)).toBe(before.rows + 2)
    // One file and its type sidecar.
    expect((await filesUnder(storageRoot)).length).toBe(before.files.length + 2)
  })

  it("gives another user uploading the same bytes a file of their own, not this user's", async () => {
    const bytes = encodeWav(steppedTone(0.12))
    const mine = (await uploadFile(app, token, 'audio', 'mine.wav', bytes)).envelope.data
    const other = await loginAs(app, '86:13500000103')
    const theirs = (await uploadFile(app, other.accessToken, 'audio', 'theirs.wav', bytes)).envelope
      .data
    expect(theirs.fileId).not.toBe(mine.fileId)
    const owners = await app.db
      .selectFrom('uploaded_files')
      .select(['id', 'owner_user_id', 'original_name'])
      .where('id', 'in', [mine.fileId, theirs.fileId])
      .orderBy('original_name')
      .execute()
    expect(owners).toEqual([
      { id: mine.fileId, owner_user_id: userId, original_name: 'mine.wav' },
      { id: theirs.fileId, owner_user_id: other.userInfo.userId, original_name: 'theirs.wav' },
    ])
  })

  it('takes `purpose` after the file too, and still checks it', async () => {
    const after = await postUpload(
      app,
      token,
      multipartBody([
        { name: 'file', fileName: 'cover.png', bytes: png },
        { name: 'purpose', value: 'image' },
      ]),
    )
    expect(after.envelope.data.contentType).toBe('image/png')

    const snapshotBefore = await snapshot()
    const mismatched = await postUpload(
      app,
      token,
      multipartBody([
        { name: 'file', fileName: 'x.png', bytes: encodeWav(steppedTone(0.05)) },
        { name: 'purpose', value: 'image' },
      ]),
    )
    expect(mismatched.status).toBe(400)
    expect(mismatched.envelope.msg).toBe(MESSAGES.fileTypeImage)
    await expectUntouched(snapshotBefore)
  })

  it('refuses a renamed non-audio file as audio, storing nothing', async () => {
    const answer = await uploadFile(app, token, 'audio', 'song.mp3', png)
    expect(answer.status).toBe(400)
    expect(answer.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileTypeAudio })
    await expectUntouched(before)
  })

  it('refuses text, SVG and anything it does not know, storing nothing', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    const svgAnswer = await uploadFile(app, token, 'image', 'logo.svg', svg)
    expect(svgAnswer.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileTypeImage })
    const textAnswer = await uploadFile(app, token, 'audio', 'notes.txt', Buffer.from('你好'))
    expect(textAnswer.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileTypeAudio })
    const empty = await uploadFile(app, token, 'audio', 'empty.mp3', new Uint8Array())
    expect(empty.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileTypeAudio })
    await expectUntouched(before)
  })

  it('refuses an image over 5 MB with 413, leaving no partial file', async () => {
    const large = new Uint8Array(UPLOAD_MAX_BYTES.image + 1)
    large.set(png.subarray(0, 8))
    const answer = await uploadFile(app, token, 'image', 'big.png', large)
    expect(answer.status).toBe(413)
    expect(answer.envelope).toMatchObject({ code: '413', msg: MESSAGES.fileTooLargeImage })
    await expectUntouched(before)
  })

  it('takes an image of exactly 5 MB, and stores its re-encoding', async () => {
    const largest = paddedPng(png, UPLOAD_MAX_BYTES.image)
    expect(largest.length).toBe(UPLOAD_MAX_BYTES.image)
    const answer = await uploadFile(app, token, 'image', 'largest.png', largest)
    expect(answer.envelope.code).toBe('000')
    expect(answer.envelope.data).toMatchObject({ contentType: 'image/png' })
    expect(answer.envelope.data.size).toBeLessThan(1024)
  })

  it('refuses an image that only starts like one, storing nothing', async () => {
    const fake = new Uint8Array([...png.subarray(0, 8), ...new Uint8Array(300)])
    const answer = await uploadFile(app, token, 'image', 'fake.png', fake)
    expect(answer.status).toBe(400)
    expect(answer.envelope).toMatchObject({ code: '400', msg: MESSAGES.imageUnreadable })
    await expectUntouched(before)
  })

  it('refuses file names with a path or control characters', async () => {
    for (const name of [
      '../../etc/passwd',
      'C:\\music\\a.wav',
      'dir/a.wav',
      '..',
      'a\u0007.wav',
      'song\u202Evaw.exe',
      // A line break as browsers send one in a form's file name.
      'a%0Ab.wav',
    ]) {
      const answer = await uploadFile(app, token, 'audio', name, wav)
      expect(answer.envelope, name).toMatchObject({ code: '400', msg: MESSAGES.fileNameInvalid })
    }
    await expectUntouched(before)
  })

  it('asks for a file when there is none, and for a known purpose', async () => {
    const noFile = await postUpload(
      app,
      token,
      multipartBody([{ name: 'purpose', value: 'audio' }]),
    )
    expect(noFile.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileMissing })
    const badPurpose = await uploadFile(app, token, 'video', 'a.wav', wav)
    expect(badPurpose.envelope).toMatchObject({ code: '400', msg: MESSAGES.filePurposeInvalid })
    const noPurpose = await postUpload(
      app,
      token,
      multipartBody([{ name: 'file', fileName: 'a.wav', bytes: encodeWav(steppedTone(0.07)) }]),
    )
    expect(noPurpose.envelope).toMatchObject({ code: '400', msg: MESSAGES.filePurposeInvalid })
    await expectUntouched(before)
  })

  it('takes one file a request, and keeps neither of two', async () => {
    const answer = await postUpload(
      app,
      token,
      multipartBody([
        { name: 'purpose', value: 'audio' },
        { name: 'file', fileName: 'one.wav', bytes: encodeWav(steppedTone(0.13)) },
        { name: 'file', fileName: 'two.wav', bytes: encodeWav(steppedTone(0.14)) },
      ]),
    )
    expect(answer.envelope).toMatchObject({ code: '400', msg: MESSAGES.bodyInvalid })
    await expectUntouched(before)
  })

  it('refuses a multipart body cut off in the middle of the file, storing nothing', async () => {
    const whole = multipartBody([
      { name: 'purpose', value: 'audio' },
      { name: 'file', fileName: 'cut.wav', bytes: encodeWav(steppedTone(2)) },
    ])
    const cut = { ...whole, body: whole.body.subarray(0, Math.floor(whole.body.length / 2)) }
    const answer = await postUpload(app, token, cut)
    expect(answer.status).toBe(400)
    expect(answer.envelope).toMatchObject({ code: '400', msg: MESSAGES.fileUploadIncomplete })
    await expectUntouched(before)
  })

  it('checks login and signature before storing a byte', async () => {
    const noLogin = await uploadFile(app, undefined, 'audio', 'a.wav', wav)
    expect(noLogin.status).toBe(401)
    const unsigned = await postUpload(
      app,
      token,
      multipartBody([
        { name: 'purpose', value: 'audio' },
        { name: 'file', fileName: 'a.wav', bytes: encodeWav(steppedTone(0.11)) },
      ]),
      { unsigned: true },
    )
    expect(unsigned.status).toBe(400)
    await expectUntouched(before)
  })

  it('keeps every other route JSON only', async () => {
    const body = multipartBody([{ name: 'nickName', value: '新名字' }])
    const request = signedRequest(app, '/api/music-server/user/updateUserDetails', { token })
    const answer = await app.inject({
      ...request,
      payload: body.body,
      headers: { ...request.headers, 'content-type': body.contentType },
    })
    expect(answer.statusCode).toBe(400)
    const details = await call<{ nickName: string }>(app, '/api/music-server/user/userDetails', {
      token,
    })
    expect(details.envelope.data.nickName).not.toBe('新名字')
  })

  it('answers 413 to a client still sending a large file, and keeps nothing', async () => {
    const body = streamedUploadBody('image', 'huge.png')
    const fileBytes = 20 * 1024 * 1024
    const chunk = Buffer.alloc(1024 * 1024)
    chunk.set(png.subarray(0, 8))
    const base = await listening()
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = request(new URL(UPLOAD_URL, base), {
        method: 'POST',
        headers: uploadHeaders(
          app,
          token,
          body.contentType,
          body.opening.length + fileBytes + body.closing.length,
        ),
      })
      outgoing.on('response', (response) => {
        let text = ''
        response.on('data', (data: Buffer) => (text += data.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
      })
      outgoing.on('error', reject)
      outgoing.write(body.opening)
      let sent = 0
      const pump = (): void => {
        while (sent < fileBytes) {
          sent += chunk.length
          if (!outgoing.write(chunk)) {
            outgoing.once('drain', pump)
            return
          }
        }
        outgoing.end(body.closing)
      }
      pump()
    })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.text)).toMatchObject({ msg: MESSAGES.fileTooLargeImage })
    await expectUntouched(before)
  })

  it('leaves nothing behind when the client goes away halfway through the file', async () => {
    const port = Number(new URL(await listening()).port)
    const whole = multipartBody([
      { name: 'purpose', value: 'audio' },
      { name: 'file', fileName: 'gone.wav', bytes: encodeWav(steppedTone(20)) },
    ])
    const headers = uploadHeaders(app, token, whole.contentType, whole.body.length)
    const socket = connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    const head =
      `POST ${UPLOAD_URL} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n'
    socket.write(head)
    socket.write(whole.body.subarray(0, Math.floor(whole.body.length / 2)))
    const temporaries = async (): Promise<number> =>
      (await filesUnder(path.join(storageRoot, 'tmp'))).length
    // The server has started streaming into storage: its temporary is there.
    await expect.poll(temporaries, { timeout: 5_000, interval: 10 }).toBe(1)
    socket.destroy()
    // Gone again once the server has given the upload up (or renamed under its key, which
    // expectUntouched would find).
    await expect.poll(temporaries, { timeout: 5_000, interval: 10 }).toBe(0)
    await expectUntouched(before)
  })
})

describe('user-server obs/uploadFile on S3 storage', () => {
  let s3: TestS3
  let app: FastifyInstance
  let token: string

  beforeAll(async () => {
    s3 = await startTestS3()
    const { settings } = s3
    app = await createTestApp({
      env: {
        SEED_WORKS: '0',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: settings.endpoint ?? '',
        S3_BUCKET: settings.bucket,
        S3_ACCESS_KEY_ID: settings.credentials?.accessKeyId ?? '',
        S3_SECRET_ACCESS_KEY: settings.credentials?.secretAccessKey ?? '',
      },
    })
    token = (await loginAs(app, '86:13500000102')).accessToken
  })
  afterAll(async () => {
    await app.close()
    await s3.close()
  })

  it('streams an upload into the bucket and serves it back through a signed URL', async () => {
    const answer = await uploadFile(app, token, 'audio', 'song.wav', wav)
    expect(answer.envelope.data.sha256).toBe(sha256(wav))
    const served = await app.inject({ method: 'GET', url: answer.envelope.data.url })
    expect(served.rawPayload.equals(Buffer.from(wav))).toBe(true)
    const ranged = await app.inject({
      method: 'GET',
      url: answer.envelope.data.url,
      headers: { range: 'bytes=10-19' },
    })
    expect(ranged.statusCode).toBe(206)
    expect(ranged.rawPayload.equals(Buffer.from(wav.subarray(10, 20)))).toBe(true)
  })

  it('refuses an image over the limit, leaving nothing in the bucket', async () => {
    const large = new Uint8Array(UPLOAD_MAX_BYTES.image + 1)
    large.set(png.subarray(0, 8))
    const answer = await uploadFile(app, token, 'image', 'big.png', large)
    expect(answer.status).toBe(413)
    expect(await app.storage.exists(sha256(large))).toBe(false)
  })
})
