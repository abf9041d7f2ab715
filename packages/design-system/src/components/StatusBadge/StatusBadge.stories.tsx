import type { Meta, StoryObj } from '@storybook/react-vite'
import { StatusBadge, statusBadgeTones } from './StatusBadge'

const meta = {
  title: 'Design System/StatusBadge',
  component: StatusBadge,
  args: { tone: 'success', children: '已认证' },
  argTypes: { tone: { control: 'inline-radio', options: statusBadgeTones } },
} satisfies Meta<typeof StatusBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Approved: Story = {}
export const Pending: Story = { args: { tone: 'warning', children: '审核中' } }
export const Rejected: Story = { args: { tone: 'danger', children: '已驳回' } }
export const Listed: Story = { args: { tone: 'accent', children: '在售' } }
export const Delisted: Story = { args: { tone: 'neutral', children: '已下架' } }
