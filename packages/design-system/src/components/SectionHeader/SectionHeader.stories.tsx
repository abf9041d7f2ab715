import type { Meta, StoryObj } from '@storybook/react-vite'
import { SectionHeader } from './SectionHeader'

const meta = {
  title: 'Views/SectionHeader',
  component: SectionHeader,
  args: { title: '新歌速递' },
} satisfies Meta<typeof SectionHeader>

export default meta
type Story = StoryObj<typeof meta>

export const TitleOnly: Story = {}

export const WithSubtitle: Story = { args: { subtitle: '本周音乐人新上架的版权作品' } }

export const WithMoreLink: Story = {
  args: { subtitle: '本周音乐人新上架的版权作品', action: <a href="#more">更多 ›</a> },
}
