import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { QrCheckout, qrCheckoutStates } from './QrCheckout'

const meta = {
  title: 'Views/QrCheckout',
  component: QrCheckout,
  args: {
    state: 'waiting',
    codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz',
    amountFen: 3000,
    points: 300,
    orderId: 'GY20261123203000ABCDEF',
    remainingSeconds: 1799,
    onCancel: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
  argTypes: {
    state: { control: 'inline-radio', options: qrCheckoutStates },
    remainingSeconds: { control: { type: 'range', min: 0, max: 1800 } },
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof QrCheckout>

export default meta
type Story = StoryObj<typeof meta>

/** The code, the amount and the countdown, while the machine polls the order. */
export const Waiting: Story = {}

export const WaitingLastSeconds: Story = { args: { remainingSeconds: 9 } }

/** A resumed order whose expiry the first answer has not told yet. */
export const WaitingExpiryUnknown: Story = { args: { remainingSeconds: null } }

export const Paid: Story = { args: { state: 'paid', newBalance: 1300 } }

/** The provider closed the order unpaid (e.g. cancelled on the phone). */
export const Closed: Story = { args: { state: 'closed' } }

/** The code ran out while shown: greyed out, with a new order one click away. */
export const Expired: Story = { args: { state: 'expired', remainingSeconds: 0 } }

/** The payer closed the code: a calm message, not 支付失败. */
export const Cancelled: Story = { args: { state: 'cancelled' } }

/** A real failure, in red, with the server's reason. */
export const Failed: Story = { args: { state: 'failed', message: '订单不存在' } }
