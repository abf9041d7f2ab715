import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { CheckoutProgress, checkoutStates } from './CheckoutProgress'

const meta = {
  title: 'Views/CheckoutProgress',
  component: CheckoutProgress,
  args: {
    state: 'idle',
    onRetry: fn(),
    onClose: fn(),
    onOpenCheckout: fn(),
  },
  argTypes: {
    state: { control: 'inline-radio', options: checkoutStates },
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CheckoutProgress>

export default meta
type Story = StoryObj<typeof meta>

const order = { orderId: 'GY202506160001', amountFen: 10000, points: 1080 }

export const Idle: Story = {}

export const Creating: Story = { args: { state: 'creating', amountFen: 10000, points: 1080 } }

export const Waiting: Story = { args: { state: 'waiting', ...order } }

export const Paid: Story = { args: { state: 'paid', ...order, newBalance: 13940 } }

export const Failed: Story = { args: { state: 'failed', ...order } }

export const FailedWithServerMessage: Story = {
  args: { state: 'failed', ...order, message: '支付渠道繁忙，请稍后重试' },
}

export const CreateOrderFailed: Story = {
  args: { state: 'failed', amountFen: 10000, points: 1080, message: '服务器异常，请稍后重试' },
}

export const Expired: Story = { args: { state: 'expired', ...order } }

/** The payer cancelled (closed the QR, or 取消支付 at the provider): calm, not 支付失败 in red. */
export const Cancelled: Story = { args: { state: 'cancelled', ...order } }

export const Closed: Story = { args: { state: 'closed', ...order } }
