/**
 * The player across reloads (store branch): what was queued comes back, paused, with the current
 * track's signed URLs fetched again (they last an hour); and each track that starts playing is
 * counted once per page session (the server counts it once per listener per day anyway).
 */
import { type ApiClient, workDetails } from '@gy/api'
import { normalizeTrack, type PlayerTrack, type RememberedQueue } from '@gy/machines'
import type { ActorRefFrom } from 'xstate'
import type { playerMachine } from '@gy/machines'

type PlayerRef = ActorRefFrom<typeof playerMachine>

const WORK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isTrack(value: unknown): value is PlayerTrack {
  if (typeof value !== 'object' || value === null) return false
  const track = value as Record<string, unknown>
  return ['id', 'name', 'cover', 'url'].every((key) => typeof track[key] === 'string')
}

/** What storage held, if it is a queue this version can play; anything else is ignored. */
export function readRememberedQueue(stored: unknown): RememberedQueue | null {
  if (typeof stored !== 'object' || stored === null) return null
  const { tracks, index } = stored as { tracks?: unknown; index?: unknown }
  if (!Array.isArray(tracks) || !tracks.every(isTrack) || tracks.length === 0) return null
  if (typeof index !== 'number' || !Number.isInteger(index)) return null
  if (index < 0 || index >= tracks.length) return null
  return { tracks, index }
}

/**
 * Puts the queue back, paused. A store work's current track is fetched again for fresh signed
 * URLs; if that fails (delisted, offline) the stored one is kept and the player says if it breaks.
 */
export async function restorePlayer(
  api: ApiClient,
  player: PlayerRef,
  remembered: RememberedQueue,
): Promise<void> {
  const tracks = [...remembered.tracks]
  const current = tracks[remembered.index]
  if (current !== undefined && WORK_ID.test(current.id)) {
    try {
      tracks[remembered.index] = normalizeTrack(await workDetails(api, current.id))
    } catch (error) {
      console.warn('restoring the player: the track could not be refreshed', error)
    }
  }
  // The user may have started something while the refresh ran: that wins.
  if (!player.getSnapshot().matches('empty')) return
  player.send({ type: 'player.restore', tracks, index: remembered.index })
}

/** Counts a store work's play when it starts playing, once per track per page session. */
export function countPlays(player: PlayerRef, record: (goodsId: string) => Promise<unknown>): void {
  const counted = new Set<string>()
  player.subscribe((snapshot) => {
    const { isPlay, playMusicId } = snapshot.context
    if (!isPlay || !WORK_ID.test(playMusicId) || counted.has(playMusicId)) return
    counted.add(playMusicId)
    record(playMusicId).catch(() => {
      // A generated song is not a store work (404); a count is never worth bothering the user.
    })
  })
}
