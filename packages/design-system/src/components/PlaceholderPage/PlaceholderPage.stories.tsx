import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../Button/Button'
import { PlaceholderPage } from './PlaceholderPage'

const meta = {
  title: 'Views/PlaceholderPage',
  component: PlaceholderPage,
  parameters: { layout: 'fullscreen' },
  args: { title: '积分充值' },
} satisfies Meta<typeof PlaceholderPage>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const WithAction: Story = {
  args: {
    title: '版权登记列表',
    action: (
      <Button asChild variant="secondary">
        <a href="#/home">返回首页</a>
      </Button>
    ),
  },
}

export const CustomNote: Story = {
  args: { title: '投票活动', note: '活动即将开始，届时可在这里为喜欢的作品投票。' },
}
