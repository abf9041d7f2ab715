import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Button } from '../Button/Button'
import { BalanceCard } from './BalanceCard'

const meta = {
  title: 'Views/BalanceCard',
  component: BalanceCard,
  args: { points: 12860, rateText: '1 元 = 10 积分', loading: false },
} satisfies Meta<typeof BalanceCard>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Loading: Story = { args: { loading: true } }

export const Empty: Story = { args: { points: 0 } }

export const LargeBalance: Story = { args: { points: 123456789 } }

export const WithAction: Story = {
  args: {
    action: (
      <Button variant="secondary" onClick={fn()}>
        积分明细
      </Button>
    ),
  },
}

export const WithoutRate: Story = { args: { rateText: undefined } }
