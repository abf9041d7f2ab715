import { createHmac, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Envelope } from '@gy/api/envelope'
import { MESSAGES } from '@gy/api/messages'
import { decodeAudio } from '@gy/audio'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneMp3 } from '../domain/works.fixtures'
import { CONTENT_TYPES } from '../media/contentType'
import { storeHlsPackage } from '../media/hlsStore'
import { liveSongUrl, LIVE_SONGS_PREFIX } from '../media/livePlaylist'
import { createFileUrlSigner, FILE_URL_KEY_FILE } from '../media/signedUrl'
import type { StoredFile } from '../storage/fileStorage'
import { createFakeClock } from '../test/fakeClock'
import { createTestApp } from '../test/testApp'
import { AUDIO_RANGE_CHUNK_BYTES } from './files'

const clock = createFakeClock()

function envelopeOf(body: string): Envelope {
  return JSON.parse(body) as Envelope
}

describe('GET /files/<key>/<name>', () => {
  let app: FastifyInstance
  let dataDir: string
  let audio: StoredFile
  let audioBytes: Buffer
  let url: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gy-files-'))
    app = await createTestApp({ clock: clock.now, env: { DATA_DIR: dataDir, FILE_URL_SECRET: '' } })
    audioBytes = Buffer.from(toneMp3(7))
    audio = await app.storage.put(audioBytes, CONTENT_TYPES.mp3)
    url = app.fileUrls.urlFor(audio.key, 'audio.mp3', clock.now())
  })
  afterAll(async () => {
    await app.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('serves the whole file with its type, ETag and long cache headers', async () => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('audio/mpeg')
    expect(response.headers['accept-ranges']).toBe('bytes')
    expect(response.headers.etag).toBe(`"${audio.key}"`)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-length']).toBe(String(audio.size))
    expect(response.rawPayload.equals(audioBytes)).toBe(true)
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-length']).toBe(String(audio.size))
    expect(response.rawPayload.length).toBe(0)
  })

  it('answers 304 to a client that already holds the file', async () => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': `"${audio.key}"` },
    })
    expect(response.statusCode).toBe(304)
    expect(response.rawPayload.length).toBe(0)
  })

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=-500', -500, -1],
    ['bytes=100-', 100, -1],
  ])('serves %s as 206 with Content-Range', async (range, from, to) => {
    const response = await app.inject({ method: 'GET', url, headers: { range } })
    const start = from < 0 ? audio.size + from : from
    const end = to < 0 ? audio.size + to : to
    expect(response.statusCode).toBe(206)
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${audio.size}`)
    expect(response.headers['content-length']).toBe(String(end - start + 1))
    expect(response.rawPayload.equals(audioBytes.subarray(start, end + 1))).toBe(true)
  })

  it('sends the whole file when If-Range names another version', async () => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-9', 'if-range': '"something-else"' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.length).toBe(audio.size)
  })

  describe('a long audio file', () => {
    // Larger than two parts, with a last part shorter than the others.
    const longBytes = randomBytes(AUDIO_RANGE_CHUNK_BYTES * 2 + 12_345)
    // Other bytes: storage is content-addressed, so the same bytes would be the audio file again.
    const imageBytes = randomBytes(longBytes.length)
    let longUrl = ''
    let imageUrl = ''

    beforeAll(async () => {
      const long = await app.storage.put(longBytes, CONTENT_TYPES.mp3)
      longUrl = app.fileUrls.urlFor(long.key, 'long.mp3', clock.now())
      const image = await app.storage.put(imageBytes, CONTENT_TYPES.png)
      imageUrl = app.fileUrls.urlFor(image.key, 'cover.png', clock.now())
    })

    it('answers ranges to its end in parts, which a player asks for one after another', async () => {
      const size = longBytes.length
      const received: Buffer[] = []
      const ranges: string[] = []
      // What Chromium's media stack sends: `bytes=N-` and `bytes=N-<last byte>`, alternately.
      for (let next = 0, turn = 0; next < size; turn += 1) {
        const range = turn % 2 === 0 ? `bytes=${next}-` : `bytes=${next}-${size - 1}`
        const response = await app.inject({ method: 'GET', url: longUrl, headers: { range } })
        expect(response.statusCode).toBe(206)
        ranges.push(String(response.headers['content-range']))
        expect(response.headers['content-length']).toBe(String(response.rawPayload.length))
        received.push(response.rawPayload)
        next += response.rawPayload.length
      }
      const part = AUDIO_RANGE_CHUNK_BYTES
      expect(ranges).toEqual([
        `bytes 0-${part - 1}/${size}`,
        `bytes ${part}-${2 * part - 1}/${size}`,
        `bytes ${2 * part}-${size - 1}/${size}`,
      ])
      expect(Buffer.concat(received).equals(longBytes)).toBe(true)
    })

    it('serves a range that ends inside it as asked', async () => {
      const end = AUDIO_RANGE_CHUNK_BYTES * 2
      const response = await app.inject({
        method: 'GET',
        url: longUrl,
        headers: { range: `bytes=10-${end}` },
      })
      expect(response.statusCode).toBe(206)
      expect(response.rawPayload.equals(longBytes.subarray(10, end + 1))).toBe(true)
    })

    it('sends it whole without a Range header, and an image to its end whole', async () => {
      const whole = await app.inject({ method: 'GET', url: longUrl })
      expect(whole.statusCode).toBe(200)
      expect(whole.rawPayload.equals(longBytes)).toBe(true)
      const image = await app.inject({
        method: 'GET',
        url: imageUrl,
        headers: { range: 'bytes=0-' },
      })
      expect(image.headers['content-range']).toBe(
        `bytes 0-${imageBytes.length - 1}/${imageBytes.length}`,
      )
      expect(image.rawPayload.equals(imageBytes)).toBe(true)
    })
  })

  it.each(['bytes=0-9,20-29', 'bytes=abc', 'bytes=x', 'lines=0-1', 'bytes=-', 'bytes=1.5-2'])(
    'ignores the malformed or multiple range %s: 200 and the whole file (RFC 9110)',
    async (range) => {
      const response = await app.inject({ method: 'GET', url, headers: { range } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-range']).toBeUndefined()
      expect(response.rawPayload.equals(audioBytes)).toBe(true)
    },
  )

  it.each(['bytes=9-1', 'bytes=99999999-', 'bytes=-0'])(
    'answers 416 to %s, with the size and no bytes of the file',
    async (range) => {
      const response = await app.inject({ method: 'GET', url, headers: { range } })
      expect(response.statusCode).toBe(416)
      expect(response.headers['content-range']).toBe(`bytes */${audio.size}`)
      expect(envelopeOf(response.body)).toEqual({
        code: '416',
        msg: MESSAGES.fileRangeInvalid,
        data: null,
      })
    },
  )

  describe('refuses with 403 and serves nothing', () => {
    const refusedWith = async (target: string, message: string): Promise<void> => {
      const response = await app.inject({ method: 'GET', url: target })
      expect(response.statusCode).toBe(403)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(envelopeOf(response.body)).toEqual({ code: '403', msg: message, data: null })
      expect(response.body).not.toContain('ID3')
    }

    it('an expired URL', async () => {
      const old = app.fileUrls.urlFor(
        audio.key,
        'audio.mp3',
        new Date(clock.now().getTime() - 3600_000),
      )
      await refusedWith(old, MESSAGES.fileLinkExpired)
    })

    it('a URL whose expiry or signature was changed', async () => {
      const parsed = new URL(url, 'http://localhost')
      const expires = Number(parsed.searchParams.get('expires'))
      const signature = parsed.searchParams.get('signature') ?? ''
      const base = `/files/${audio.key}/audio.mp3`
      await refusedWith(
        `${base}?expires=${expires + 86_400}&signature=${signature}`,
        MESSAGES.fileLinkInvalid,
      )
      const other = signature.replace(/^./, signature.startsWith('a') ? 'b' : 'a')
      await refusedWith(`${base}?expires=${expires}&signature=${other}`, MESSAGES.fileLinkInvalid)
      await refusedWith(`${base}?expires=${expires}`, MESSAGES.fileLinkInvalid)
      await refusedWith(base, MESSAGES.fileLinkInvalid)
      await refusedWith(
        `${base}?expires=${expires}&expires=${expires}&signature=${signature}`,
        MESSAGES.fileLinkInvalid,
      )
    })

    it("another file's signature", async () => {
      const cover = await app.storage.put(
        new TextEncoder().encode('<svg></svg>'),
        CONTENT_TYPES.svg,
      )
      const query = new URL(url, 'http://localhost').search
      await refusedWith(`/files/${cover.key}/cover${query}`, MESSAGES.fileLinkInvalid)
    })

    it('a URL signed with a key anyone can derive from SIGN_SECRET, which every browser has', async () => {
      const signSecret = app.config.signSecret
      const derivedKeys = [
        signSecret,
        createHmac('sha256', signSecret).update('gy-file-urls').digest('hex'),
      ]
      for (const derived of derivedKeys) {
        const forged = createFileUrlSigner(derived).urlFor(audio.key, 'audio.mp3', clock.now())
        await refusedWith(forged, MESSAGES.fileLinkInvalid)
      }
    })

    it('a range request on a refused URL', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/files/${audio.key}/audio.mp3?expires=1&signature=${'0'.repeat(64)}`,
        headers: { range: 'bytes=0-99' },
      })
      expect(response.statusCode).toBe(403)
    })
  })

  describe('the live playlist of a song still rendering', () => {
    // A result id ending in a digit: the digit can move between the path and `expires`.
    const resultId = '0b6ed3f4-5c2a-4e0b-9a51-3c7d2e1f0a89'
    const envelopeAnswer = async (target: string) => {
      const response = await app.inject({ method: 'GET', url: target })
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      return { status: response.statusCode, envelope: envelopeOf(response.body) }
    }

    it('answers 404 for a correctly signed id with no song', async () => {
      expect(await envelopeAnswer(liveSongUrl(app.fileUrls, resultId, clock.now()))).toEqual({
        status: 404,
        envelope: { code: '404', msg: MESSAGES.notFound, data: null },
      })
    })

    it('refuses, with 403, a URL whose path and expiry trade a character', async () => {
      const parsed = new URL(liveSongUrl(app.fileUrls, resultId, clock.now()), 'http://localhost')
      const expires = parsed.searchParams.get('expires') ?? ''
      const signature = parsed.searchParams.get('signature') ?? ''
      const refused = {
        status: 403,
        envelope: { code: '403', msg: MESSAGES.fileLinkInvalid, data: null },
      }
      const shiftedLeft = `${LIVE_SONGS_PREFIX}/${resultId.slice(0, -1)}/index.m3u8?expires=${resultId.slice(-1)}${expires}&signature=${signature}`
      expect(await envelopeAnswer(shiftedLeft)).toEqual(refused)
      const shiftedRight = `${LIVE_SONGS_PREFIX}/${resultId}${expires.slice(0, 1)}/index.m3u8?expires=${expires.slice(1)}&signature=${signature}`
      expect(await envelopeAnswer(shiftedRight)).toEqual(refused)
    })

    it.each([
      'not-a-uuid',
      `${resultId}0`,
      resultId.toUpperCase(),
      "0'; select 1; --",
      '0b6ed3f4-5c2a-4e0b-9a51-3c7d2e1f0a8',
      '\u0000',
    ])('answers 404, not 500, for a malformed id %j, even under a valid signature', async (id) => {
      const query = app.fileUrls.queryFor(id, app.fileUrls.expiryFrom(clock.now()), 'live')
      const target = `${LIVE_SONGS_PREFIX}/${encodeURIComponent(id)}/index.m3u8?${query}`
      expect(await envelopeAnswer(target)).toEqual({
        status: 404,
        envelope: { code: '404', msg: MESSAGES.notFound, data: null },
      })
      const unsigned = `${LIVE_SONGS_PREFIX}/${encodeURIComponent(id)}/index.m3u8?expires=1&signature=${'0'.repeat(64)}`
      expect((await envelopeAnswer(unsigned)).status).toBe(403)
    })

    it('answers 404 for a correctly signed path part that is not a storage key', async () => {
      const notAKey = 'A'.repeat(64)
      const query = app.fileUrls.queryFor(notAKey, app.fileUrls.expiryFrom(clock.now()))
      expect(await envelopeAnswer(`/files/${notAKey}/audio.mp3?${query}`)).toEqual({
        status: 404,
        envelope: { code: '404', msg: MESSAGES.notFound, data: null },
      })
    })
  })

  it('keeps its random key under DATA_DIR, so URLs outlive a restart', async () => {
    const key = (await readFile(path.join(dataDir, FILE_URL_KEY_FILE), 'utf8')).trim()
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(key).not.toContain(app.config.signSecret)
    const restarted = await createTestApp({
      clock: clock.now,
      env: { DATA_DIR: dataDir, FILE_URL_SECRET: '' },
    })
    try {
      const response = await restarted.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
    } finally {
      await restarted.close()
    }
  })

  it('answers 404 for a correctly signed key that is not stored, and for other /files paths', async () => {
    const missing = app.fileUrls.urlFor('c'.repeat(64), 'audio.mp3', clock.now())
    const response = await app.inject({ method: 'GET', url: missing })
    expect(response.statusCode).toBe(404)
    expect(envelopeOf(response.body).code).toBe('404')
    for (const target of ['/files/', '/files/abc', '/files/a/b/c']) {
      const other = await app.inject({ method: 'GET', url: target })
      expect(other.statusCode).toBe(404)
      expect(envelopeOf(other.body).code).toBe('404')
    }
  })

  it('keeps a stored SVG from running as a page', async () => {
    const svg = await app.storage.put(
      new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      CONTENT_TYPES.svg,
    )
    const response = await app.inject({
      method: 'GET',
      url: app.fileUrls.urlFor(svg.key, 'cover', clock.now()),
    })
    expect(response.headers['content-type']).toBe('image/svg+xml')
    expect(response.headers['content-security-policy']).toContain('sandbox')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('serves an HLS playlist with freshly signed segment URLs, each segment decodable', async () => {
    const playlistKey = await storeHlsPackage(app.storage, audioBytes)
    const playlistUrl = app.fileUrls.urlFor(playlistKey, 'index.m3u8', clock.now())
    expect(playlistUrl).not.toMatch(/mp3|wav/i)
    const response = await app.inject({ method: 'GET', url: playlistUrl })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl')
    expect(response.headers['cache-control']).toBe('private, no-cache')
    const lines = response.body.split('\n')
    expect(lines[0]).toBe('#EXTM3U')
    expect(lines).toContain('#EXT-X-ENDLIST')
    const segmentUrls = lines.filter((line) => line.startsWith('/files/'))
    expect(segmentUrls).toHaveLength(2)
    for (const segmentUrl of segmentUrls) {
      const segment = await app.inject({ method: 'GET', url: segmentUrl })
      expect(segment.statusCode).toBe(200)
      expect(segment.headers['content-type']).toBe('audio/mpeg')
      const decoded = await decodeAudio(new Uint8Array(segment.rawPayload))
      expect(decoded.channels[0]?.length).toBeGreaterThan(44100)
    }
  })
})
