import { playerMachine, type PlayerTrack } from '@gy/machines'
import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { countPlays, readRememberedQueue } from './playerMemory'

const TRACK: PlayerTrack = {
  id: '0b8f4b7e-2a51-4c8e-9d7a-3f1b2c4d5e6f',
  name: '青石巷',
  cover: '',
  url: '/files/a.mp3',
}

describe('the player across reloads', () => {
  it('accepts a stored queue only when it is one', () => {
    expect(readRememberedQueue({ tracks: [TRACK], index: 0 })).toEqual({
      tracks: [TRACK],
      index: 0,
    })
    for (const stored of [
      null,
      'text',
      { tracks: [], index: 0 },
      { tracks: [TRACK], index: 1 },
      { tracks: [TRACK], index: -1 },
      { tracks: [{ ...TRACK, url: 7 }], index: 0 },
      { tracks: [TRACK], index: '0' },
    ]) {
      expect(readRememberedQueue(stored)).toBeNull()
    }
  })

  it('counts a store work once when it starts playing, and nothing else', async () => {
    const player = createActor(playerMachine).start()
    const recorded: string[] = []
    countPlays(player, async (goodsId) => {
      recorded.push(goodsId)
    })
    const aiSong = { ...TRACK, id: '7' }
    for (const track of [TRACK, aiSong]) {
      player.send({ type: 'player.load', track })
      player.send({ type: 'media.loadedmetadata', duration: 100 })
    }
    // Back to the store work: already counted in this page session.
    player.send({ type: 'player.load', track: TRACK })
    player.send({ type: 'media.loadedmetadata', duration: 100 })
    expect(recorded).toEqual([TRACK.id])
  })
})
