import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { fn } from 'storybook/test'
import { sampleCover } from '../../stories/sampleArt'
import { Button } from '../Button/Button'
import { PlayerBar, playerBarStates, type PlayerBarState } from './PlayerBar'
import * as styles from './PlayerBar.stories.css'

/**
 * Every story passes what the player machine's context and `selectPlaybackState` would give for
 * that state: `state`, musicName as `title`, musicCover as `coverUrl`, the times, volume, muted
 * and errorMessage.
 */
const meta = {
  title: 'Views/PlayerBar',
  component: PlayerBar,
  parameters: { layout: 'fullscreen' },
  args: {
    state: 'playing',
    visible: true,
    title: '晚风',
    artist: '林晚',
    coverUrl: sampleCover(0),
    currentTime: 83,
    duration: 225,
    volume: 0.8,
    muted: false,
    onToggle: fn(),
    onSeek: fn(),
    onVolumeChange: fn(),
    onMutedChange: fn(),
    onLyricClick: fn(),
    onHide: fn(),
  },
  argTypes: {
    state: { control: 'inline-radio', options: playerBarStates },
    currentTime: { control: { type: 'range', min: 0, max: 225, step: 1 } },
    volume: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
  },
  decorators: [
    (Story) => (
      <div className={styles.page}>
        <p>页面内容在播放器之上滚动。</p>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PlayerBar>

export default meta
type Story = StoryObj<typeof meta>

/** Nothing loaded: the machine's `empty` state (the app keeps the bar hidden then). */
export const Empty: Story = {
  args: {
    state: 'empty',
    title: '',
    artist: undefined,
    coverUrl: '',
    currentTime: 0,
    duration: 0,
  },
}

/** The source is loading: the duration is unknown and the button shows the spinner. */
export const Loading: Story = { args: { state: 'loading', currentTime: 0, duration: 0 } }

export const Playing: Story = { args: { bufferedTime: 150 } }

/** Playing, but the element waits for data (the machine's musicLoading). */
export const Buffering: Story = { args: { buffering: true, bufferedTime: 84 } }

export const Paused: Story = { args: { state: 'paused' } }

/** At the end: the button plays again from the start. */
export const Ended: Story = { args: { state: 'ended', currentTime: 225 } }

export const ErrorState: Story = {
  args: {
    state: 'error',
    currentTime: 0,
    duration: 0,
    errorMessage: '音频加载失败，请稍后重试',
  },
}

export const LongNames: Story = {
  args: {
    title: '一首名字非常非常长的原创民谣作品（现场版 · 2024 巡演北京站 · 加长混音）',
    artist: '一位名字同样很长的独立音乐人与他的乐队和弦乐四重奏',
    currentTime: 4512,
    duration: 4805,
  },
}

/** No cover art: a gradient with the first character, the same for the same track. */
export const NoCover: Story = { args: { coverUrl: '', title: '雨巷', artist: '陈默' } }

export const BrokenCover: Story = { args: { coverUrl: 'data:image/png;base64,broken' } }

export const Muted: Story = { args: { muted: true } }

/** Slid out of the window (`data-state="closed"`); switch `visible` to see it slide in. */
export const Hidden: Story = { args: { visible: false } }

export const WithoutHideButton: Story = { args: { onHide: undefined } }

/**
 * A stand-in for the machine: play, pause, seek, volume and hide all work, and time runs while
 * playing. Switch the toolbar's motion to 播放 to see the slide and the spinner move.
 */
export const Interactive: Story = {
  render: function InteractivePlayer(args) {
    const [state, setState] = useState<PlayerBarState>('paused')
    const [currentTime, setCurrentTime] = useState(0)
    const [volume, setVolume] = useState(args.volume)
    const [muted, setMuted] = useState(args.muted)
    const [visible, setVisible] = useState(true)

    useEffect(() => {
      if (state !== 'playing') return
      const timer = window.setInterval(() => {
        setCurrentTime((time) => {
          if (time + 1 < args.duration) return time + 1
          setState('ended')
          return args.duration
        })
      }, 1000)
      return () => window.clearInterval(timer)
    }, [state, args.duration])

    return (
      <>
        {visible ? null : (
          <Button variant="secondary" onClick={() => setVisible(true)}>
            显示播放器
          </Button>
        )}
        <PlayerBar
          {...args}
          state={state}
          visible={visible}
          currentTime={currentTime}
          volume={volume}
          muted={muted}
          onToggle={() => {
            args.onToggle()
            if (state === 'ended') setCurrentTime(0)
            setState(state === 'playing' ? 'paused' : 'playing')
          }}
          onSeek={(time) => {
            args.onSeek(time)
            setCurrentTime(time)
            if (state === 'ended') setState('paused')
          }}
          onVolumeChange={(next) => {
            args.onVolumeChange(next)
            setVolume(next)
            if (next > 0) setMuted(false)
          }}
          onMutedChange={(next) => {
            args.onMutedChange(next)
            setMuted(next)
          }}
          onHide={() => setVisible(false)}
        />
      </>
    )
  },
}
