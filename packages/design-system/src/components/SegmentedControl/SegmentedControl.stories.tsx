import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { SegmentedControl, type SegmentedControlProps } from './SegmentedControl'

const recordFilters = [
  { value: 'all', label: '全部' },
  { value: 'topup', label: '充值' },
  { value: 'spend', label: '消费' },
  { value: 'refund', label: '退款' },
]

function StatefulSegmentedControl(args: SegmentedControlProps<string>) {
  const [value, setValue] = useState(args.value)
  return (
    <SegmentedControl
      {...args}
      value={value}
      onValueChange={(next) => {
        setValue(next)
        args.onValueChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Design System/SegmentedControl',
  component: SegmentedControl,
  render: (args) => <StatefulSegmentedControl {...args} />,
  args: { options: recordFilters, value: 'all', onValueChange: fn(), label: '记录类型' },
} satisfies Meta<typeof SegmentedControl<string>>

export default meta
type Story = StoryObj<typeof meta>

export const RecordsFilter: Story = {}

export const SecondSelected: Story = { args: { value: 'topup' } }

export const TwoOptions: Story = {
  args: {
    options: [
      { value: 'month', label: '近一个月' },
      { value: 'year', label: '近一年' },
    ],
    value: 'month',
    label: '时间范围',
  },
}

export const Disabled: Story = { args: { disabled: true } }
