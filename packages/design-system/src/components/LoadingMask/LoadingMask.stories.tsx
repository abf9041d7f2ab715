import type { Meta, StoryObj } from '@storybook/react-vite'
import { LoadingMask } from './LoadingMask'

const meta = {
  title: 'Design System/LoadingMask',
  component: LoadingMask,
  args: { open: true, text: '登录中' },
} satisfies Meta<typeof LoadingMask>

export default meta
type Story = StoryObj<typeof meta>

export const LoggingIn: Story = {}

export const DefaultText: Story = { args: { text: undefined } }

export const Closed: Story = { args: { open: false } }
