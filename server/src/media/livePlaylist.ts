/**
 * The playlist of a generated song heard while it renders:
 * `/files/live/<resultId>/index.m3u8?expires=&signature=`. Like a stored file's URL it carries
 * its own authorisation, signed for the song rather than for a stored key, and its body is made
 * from the segments stored so far each time it is asked for, so hls.js's reloads see it grow.
 */
import { PLAYLIST_NAME, livePlaylistTemplate, renderPlaylist, segmentName } from './hlsPackager'
import { FILES_PREFIX, type FileUrlSigner, type SignatureCheck } from './signedUrl'

export const LIVE_SONGS_PREFIX = `${FILES_PREFIX}/live`

export interface LiveSongSegment {
  storageKey: string
  durationMs: number
}

const RESULT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Whether `value` can be a result id (a uuid as PostgreSQL writes it), before it reaches SQL. */
export function isResultId(value: string): boolean {
  return RESULT_ID_PATTERN.test(value)
}

export function liveSongUrl(signer: FileUrlSigner, resultId: string, now: Date): string {
  if (!isResultId(resultId)) throw new Error(`Not a result id for a URL: ${resultId}`)
  const query = signer.queryFor(resultId, signer.expiryFrom(now), 'live')
  return `${LIVE_SONGS_PREFIX}/${resultId}/${PLAYLIST_NAME}?${query}`
}

export function checkLiveSongUrl(
  signer: FileUrlSigner,
  resultId: string,
  expires: unknown,
  signature: unknown,
  now: Date,
): SignatureCheck {
  return signer.check(resultId, expires, signature, now, 'live')
}

/** The playlist as served: the segments so far with signed URLs, ENDLIST once `ended`. */
export function renderLivePlaylist(
  segments: readonly LiveSongSegment[],
  ended: boolean,
  signer: FileUrlSigner,
  now: Date,
): string {
  const template = livePlaylistTemplate(
    segments.map((segment, index) => ({
      key: segment.storageKey,
      name: segmentName(index),
      durationSeconds: segment.durationMs / 1000,
    })),
    ended,
  )
  return renderPlaylist(template, signer, signer.expiryFrom(now))
}
