import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../Button/Button'
import { EmptyState } from './EmptyState'

const meta = {
  title: 'Views/EmptyState',
  component: EmptyState,
  args: { title: '暂无作品', hint: '上传你的第一首作品，完成版权存证后即可上架销售。' },
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const WithHint: Story = {}

export const WithAction: Story = { args: { action: <Button>上传作品</Button> } }

export const TitleOnly: Story = { args: { hint: undefined } }

export const LoadFailed: Story = {
  args: {
    title: '加载失败',
    hint: '服务器异常，请稍后重试',
    action: <Button variant="secondary">重试</Button>,
  },
}
