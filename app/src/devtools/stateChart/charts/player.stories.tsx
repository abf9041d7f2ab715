import { type PlayerEvent, playerMachine, type PlayerTrack } from '@gy/machines'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { createActor } from 'xstate'
import { PlayerHost } from '../../../shells/PlayerHost'
import { ToastHost } from '../../../shells/ToastHost'
import { PLAYER_TEXT } from '../../../strings'
import { MachinePlayground } from '../MachinePlayground'
import { createStoryApp, STORY_TOAST_MS, StoryRuntime } from './storyRuntime'

const TRACK: PlayerTrack = {
  id: 'story-track',
  name: '夏夜晚风',
  artist: '林间乐队',
  cover: '',
  url: '/story/summer-night.mp3',
  lyric: '[00:00.00]晚风吹过山岗\n[00:12.00]星光落在肩膀\n[00:24.00]我们唱着歌回家',
}

const load: PlayerEvent = { type: 'player.load', track: TRACK }
const metadata: PlayerEvent = { type: 'media.loadedmetadata', duration: 215 }
const playing: PlayerEvent = { type: 'media.playing' }
const timeUpdate: PlayerEvent = { type: 'media.timeupdate', currentTime: 48 }
const pause: PlayerEvent = { type: 'media.pause' }

/**
 * The events the audio element would send are here too: the story has no audio, so you play the
 * element's part (media.playing, media.ended, …) by hand.
 */
const EVENTS: PlayerEvent[] = [
  load,
  { type: 'player.toggle' },
  { type: 'player.seekBy', seconds: 10 },
  { type: 'player.hide' },
  { type: 'player.show' },
  { type: 'player.lyric.open' },
  { type: 'player.lyric.close' },
  { type: 'player.dispose' },
  metadata,
  playing,
  timeUpdate,
  pause,
  { type: 'media.waiting' },
  { type: 'media.ended' },
  { type: 'media.error' },
]

function PlayerChart({ steps }: { steps: PlayerEvent[] }) {
  const [app] = useState(() => {
    const story = createStoryApp(({ toasts }) => ({
      player: createActor(
        playerMachine.provide({
          guards: { isLoggedIn: () => true },
          actions: {
            reportError: (_, { message }) =>
              toasts.show('error', message || PLAYER_TEXT.loadFailed),
          },
        }),
      ).start(),
    }))
    for (const step of steps) story.machines.player.send(step)
    return story
  })
  return (
    <StoryRuntime app={app}>
      <MachinePlayground actor={app.actors.player} events={EVENTS}>
        <PlayerHost />
        <ToastHost duration={STORY_TOAST_MS} />
      </MachinePlayground>
    </StoryRuntime>
  )
}

/**
 * The global player: empty until a track loads, then three regions at once: playback (the
 * audio's state), bar (shown or hidden) and lyric (the lyric dialog). The app's player bar sits at
 * the bottom of the page.
 */
const meta = {
  title: 'Machines/player',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: PlayerChart,
  args: { steps: [] },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PlayerChart>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}

export const Loading: Story = { args: { steps: [load] } }

export const Playing: Story = { args: { steps: [load, metadata, playing, timeUpdate] } }

export const Paused: Story = { args: { steps: [load, metadata, playing, timeUpdate, pause] } }

export const Ended: Story = {
  args: { steps: [load, metadata, playing, { type: 'media.ended' }] },
}

export const Failed: Story = { args: { steps: [load, { type: 'media.error' }] } }

export const BarHidden: Story = {
  args: { steps: [load, metadata, playing, timeUpdate, { type: 'player.hide' }] },
}

export const LyricOpen: Story = {
  args: { steps: [load, metadata, playing, timeUpdate, { type: 'player.lyric.open' }] },
}
