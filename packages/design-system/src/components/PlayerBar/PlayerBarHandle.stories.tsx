import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { PlayerBarHandle } from './PlayerBarHandle'

/** What the app shows after 收起播放器 while a track is loaded: the way back to the bar. */
const meta = {
  title: 'Views/PlayerBarHandle',
  component: PlayerBarHandle,
  parameters: { layout: 'fullscreen' },
  args: { visible: true, playing: true, title: '晚风', label: '展开播放器', onShow: fn() },
} satisfies Meta<typeof PlayerBarHandle>

export default meta
type Story = StoryObj<typeof meta>

export const Playing: Story = {}

export const Paused: Story = { args: { playing: false } }

export const LongTitle: Story = {
  args: { title: '一首名字特别特别长、长到要省略的原创作品（现场版）' },
}

export const Untitled: Story = { args: { title: '' } }
