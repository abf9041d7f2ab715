import type { WorkItem } from '@gy/api'
import { normalizeTrack } from '@gy/machines'
import { useMachines } from '../../providers/runtime'

/** 播放全部: the works become the player's queue, starting at `startIndex`. */
export function usePlayQueue(): (works: readonly WorkItem[], startIndex?: number) => void {
  const { player } = useMachines()
  return (works, startIndex = 0) => {
    if (works.length === 0) return
    player.send({ type: 'player.queue', tracks: works.map(normalizeTrack), startIndex })
  }
}
