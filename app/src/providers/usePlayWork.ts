import type { WorkItem } from '@gy/api'
import { useActorValue, useLoadedMachines, useRuntime } from './runtime'

/**
 * What a list of works needs from the player: play (or toggle) a work, and which work is playing.
 */
export function usePlayWork(): {
  play: (work: WorkItem) => void
  playingId: string | null
} {
  // The lists are on first paint: nothing plays until the player's machine has loaded.
  const { playWork } = useRuntime()
  const player = useLoadedMachines()?.player
  const playingId = useActorValue(
    player,
    (state) => (state.context.isPlay ? state.context.playMusicId : null),
    null,
  )
  return { play: playWork, playingId }
}
