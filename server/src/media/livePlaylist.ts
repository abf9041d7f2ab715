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

/** What the URL signature covers: never a storage key (those are 64 hex digits). */
function signedSubject(resultId: string): string {
  return `live:${resultId}`
}

export function liveSongUrl(signer: FileUrlSigner, resultId: string, now: Date): string {
  const query = signer.queryFor(signedSubject(resultId), signer.expiryFrom(now))
  return `${LIVE_SONGS_PREFIX}/${resultId}/${PLAYLIST_NAME}?${query}`
}

export function checkLiveSongUrl(
  signer: FileUrlSigner,
  resultId: string,
  expires: unknown,
  signature: unknown,
  now: Date,
): SignatureCheck {
  return signer.check(signedSubject(resultId), expires, signature, now)
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
