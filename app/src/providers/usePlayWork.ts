import type { WorkItem } from '@gy/api'
import { normalizeTrack } from '@gy/machines'
import { useSelector } from '@xstate/react'
import { useRuntime } from './runtime'

/**
 * What a list of works needs from the player: play (or toggle) a work, and which work is playing.
 */
export function usePlayWork(): {
  play: (work: WorkItem) => void
  playingId: string | null
} {
  const { player } = useRuntime()
  const playingId = useSelector(player, (snapshot) =>
    snapshot.context.isPlay ? snapshot.context.playMusicId : null,
  )
  return {
    play: (work) => player.send({ type: 'player.load', track: normalizeTrack(work) }),
    playingId,
  }
}
