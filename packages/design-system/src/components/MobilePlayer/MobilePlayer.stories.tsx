import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { MobilePlayer } from './MobilePlayer'

const LRC = [
  '[00:00.00]晚风 - 林晚',
  '[00:04.20]晚风吹过旧街角',
  '[00:08.60]路灯把影子拉得很长',
  '[00:13.10]我把写给你的歌',
  '[00:17.40]唱给整座城市听',
  '[00:21.80]让价值回归音乐人',
  '[00:26.00]也让每一段旋律被记得',
].join('\n')

const meta = {
  title: 'Views/MobilePlayer',
  // Checked in dark on the phone too (scripts/visual/modes.ts).
  tags: ['every-mode'],
  component: MobilePlayer,
  args: {
    title: '晚风',
    artist: '林晚',
    coverUrl: null,
    lyric: LRC,
    playing: true,
    currentTime: 14,
    duration: 186,
    onTogglePlay: fn(),
    onSeek: fn(),
    labels: {
      play: '播放',
      pause: '暂停',
      progress: '播放进度',
      lyrics: '歌词',
      noLyric: '这首作品暂无歌词',
    },
  },
} satisfies Meta<typeof MobilePlayer>

export default meta
type Story = StoryObj<typeof meta>

export const Playing: Story = {}

export const Paused: Story = { args: { playing: false, currentTime: 0 } }

export const Loading: Story = { args: { playing: false, loading: true, currentTime: 0 } }

export const PlainLyric: Story = { args: { lyric: '晚风吹过旧街角\n路灯把影子拉得很长' } }

export const WithoutLyric: Story = { args: { lyric: '' } }
