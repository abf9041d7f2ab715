/**
 * `GET /files/<key>/<name>?expires=&signature=`: stored files behind signed URLs, with byte
 * ranges so a player can seek without downloading everything. Not under /api: media elements
 * cannot sign headers, so the URL itself carries the authorisation (media/signedUrl.ts).
 * Refusals are envelopes and serve no bytes: 403 for a URL that is expired, tampered with or for
 * another file, 404 for a file that is not stored, 416 for a range that cannot be served.
 *
 * `GET /files/live/<resultId>/index.m3u8?expires=&signature=`: the growing playlist of a generated
 * song still rendering (media/livePlaylist.ts).
 *
 * `GET /avatars/<key>`: avatar images at a stable path without a signature (a user info naming it
 * is cached for a day), served only for images that are or were someone's avatar.
 */
import { MESSAGES } from '@gy/api/messages'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { failure } from '../http/envelopeError'
import { CONTENT_TYPES } from '../media/contentType'
import { boundRangeToEnd, parseRange } from '../media/byteRange'
import { renderPlaylist } from '../media/hlsPackager'
import { FILES_PREFIX } from '../media/signedUrl'
import {
  checkLiveSongUrl,
  isResultId,
  LIVE_SONGS_PREFIX,
  renderLivePlaylist,
} from '../media/livePlaylist'
import { PLAYLIST_NAME } from '../media/hlsPackager'
import { liveSongOf } from '../domain/aiLiveSongs.repository'
import { sendEnvelope } from '../plugins/envelope'
import type { StoredFile } from '../storage/fileStorage'
import { AVATARS_PREFIX, isAvatarImage } from '../domain/users.repository'
import { isStorageKey } from '../storage/fileStorage'
import { uploadPurposeOf } from '../media/contentType'

interface FileParams {
  key: string
  name: string
}

/**
 * The most a range to the end of an audio file is answered with: 256 KB, 16 s of a 128 kbit/s MP3
 * (server bench "media": the direct MP3 row). A player asks again for the next part as it plays.
 */
export const AUDIO_RANGE_CHUNK_BYTES = 256 * 1024

/** Content-addressed: the bytes under a key never change, so any cache may keep them. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'

function single(value: unknown): unknown {
  return Array.isArray(value) ? undefined : value
}

function etagOf(file: StoredFile): string {
  return `"${file.key}"`
}

/** Headers that keep a stored file from ever running as a page of this origin (an SVG could). */
function setSafetyHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff')
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
}

async function sendPlaylist(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
): Promise<FastifyReply> {
  const template = new TextDecoder().decode(await app.storage.readAll(file.key))
  const body = renderPlaylist(template, app.fileUrls, app.fileUrls.expiryFrom(app.clock()))
  // The segment URLs in it are freshly signed each time, so this body is not cacheable.
  return sendPlaylistText(request, reply, body, 'private, no-cache')
}

function sendPlaylistText(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl)
  reply.type(CONTENT_TYPES.hlsPlaylist)
  if (request.method === 'HEAD') {
    return reply.header('content-length', Buffer.byteLength(body)).send()
  }
  return reply.send(body)
}

async function sendStoredFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
): Promise<FastifyReply> {
  const etag = etagOf(file)
  reply.header('accept-ranges', 'bytes')
  reply.header('etag', etag)
  reply.header('cache-control', IMMUTABLE_CACHE)
  reply.type(file.contentType)

  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.code(304).send()
  }
  // If-Range: a range of the version the client already holds; any other version is sent whole.
  const ifRange = request.headers['if-range']
  const rangeHeader = ifRange === undefined || ifRange === etag ? request.headers.range : undefined
  const parsed = parseRange(rangeHeader, file.size)
  const wanted = file.contentType.startsWith('audio/')
    ? boundRangeToEnd(parsed, file.size, AUDIO_RANGE_CHUNK_BYTES)
    : parsed
  if (wanted.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`)
    return sendEnvelope(reply, failure('416', MESSAGES.fileRangeInvalid))
  }
  const range = wanted.kind === 'partial' ? wanted.range : undefined
  const length = range === undefined ? file.size : range.end - range.start + 1
  if (range !== undefined) {
    reply.code(206)
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
  }
  reply.header('content-length', length)
  if (request.method === 'HEAD' || length === 0) return reply.send()
  return reply.send(app.storage.read(file.key, range))
}

/** A signed URL that does not authorise now: only a genuine one learns that it expired. */
function refuseLink(reply: FastifyReply, check: 'expired' | 'invalid'): FastifyReply {
  const message = check === 'expired' ? MESSAGES.fileLinkExpired : MESSAGES.fileLinkInvalid
  return sendEnvelope(reply, failure('403', message))
}

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.route<{ Params: FileParams; Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: `${FILES_PREFIX}/:key/:name`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      // Refusals too: nothing under /files ever runs as a page of this origin.
      setSafetyHeaders(reply)
      const { key } = request.params
      const check = app.fileUrls.check(
        key,
        single(request.query.expires),
        single(request.query.signature),
        app.clock(),
      )
      if (check !== 'valid') return refuseLink(reply, check)
      // The signer only signs storage keys; anything else never reaches the storage.
      const file = isStorageKey(key) ? await app.storage.stat(key) : null
      if (file === null) return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      if (file.contentType === CONTENT_TYPES.hlsPlaylist) {
        return sendPlaylist(app, request, reply, file)
      }
      return sendStoredFile(app, request, reply, file)
    },
  })

  app.route<{ Params: { resultId: string; name: string }; Querystring: Record<string, unknown> }>({
    method: ['GET', 'HEAD'],
    url: `${LIVE_SONGS_PREFIX}/:resultId/:name`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      setSafetyHeaders(reply)
      const { resultId, name } = request.params
      const check = checkLiveSongUrl(
        app.fileUrls,
        resultId,
        single(request.query.expires),
        single(request.query.signature),
        app.clock(),
      )
      if (check !== 'valid') return refuseLink(reply, check)
      // Only a uuid reaches SQL, even under a valid signature: a malformed one is a 404, not a 500.
      const song =
        name === PLAYLIST_NAME && isResultId(resultId)
          ? await liveSongOf(app.db, resultId)
          : undefined
      if (song === undefined) return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      const body = renderLivePlaylist(song.segments, song.ended, app.fileUrls, app.clock())
      // It grows until the song is complete: every reload must reach the server.
      return sendPlaylistText(request, reply, body, 'no-store')
    },
  })

  // Anything else under /files is not a page of the web app.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FILES_PREFIX}/*`,
    exposeHeadRoute: false,
    handler: async (_request, reply) => sendEnvelope(reply, failure('404', MESSAGES.notFound)),
  })

  // Uploads (files branch): avatars at a stable path.
  app.route<{ Params: { key: string } }>({
    method: ['GET', 'HEAD'],
    url: `${AVATARS_PREFIX}/:key`,
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      setSafetyHeaders(reply)
      const { key } = request.params
      if (!isStorageKey(key) || !(await isAvatarImage(app.db, key))) {
        return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      }
      const file = await app.storage.stat(key)
      // Only ever an image: the key was an uploaded image when it became an avatar.
      if (file === null || uploadPurposeOf(file.contentType) !== 'image') {
        return sendEnvelope(reply, failure('404', MESSAGES.notFound))
      }
      return sendStoredFile(app, request, reply, file)
    },
  })
}
