import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { OpenAppBar } from './OpenAppBar'

const meta = {
  title: 'Design System/OpenAppBar',
  component: OpenAppBar,
  args: {
    name: 'GY音乐',
    pitch: '打开 App，听歌、存证、交易更顺手',
    downloadLabel: '下载App',
    openLabel: '打开App',
    onDownload: fn(),
    onOpenApp: fn(),
  },
} satisfies Meta<typeof OpenAppBar>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const LongPitch: Story = {
  args: { pitch: '在 App 里收藏喜欢的作品、随时查看存证证书，还能收到投票活动的提醒' },
}
