import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ConfirmDialog } from './ConfirmDialog'

const meta = {
  title: 'Design System/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    message: '确定要删除这首作品吗？删除后无法恢复。',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const SessionExpired: Story = {
  args: { message: '登录状态已过期，请重新登录', confirmLabel: '重新登录' },
}

export const LoggedInElsewhere: Story = {
  args: { message: '当前账号已在其它地方登录！', confirmLabel: '重新登录' },
}

export const Confirming: Story = { args: { confirming: true } }

export const Closed: Story = { args: { open: false } }
