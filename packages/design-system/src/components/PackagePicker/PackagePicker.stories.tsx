import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { PackagePicker, type PackagePickerProps, type PointsPackage } from './PackagePicker'

const samplePackages: PointsPackage[] = [
  { id: 'p10', points: 100, priceFen: 1000 },
  { id: 'p30', points: 300, priceFen: 3000 },
  { id: 'p50', points: 520, priceFen: 5000, badge: '赠 20' },
  { id: 'p100', points: 1080, priceFen: 10000, badge: '推荐' },
  { id: 'p200', points: 2200, priceFen: 19900 },
  { id: 'p500', points: 5600, priceFen: 49900, badge: '超值' },
]

/** Stories hold the picker's state like the page does, so clicking and typing work. */
function StatefulPicker(args: PackagePickerProps) {
  const [value, setValue] = useState(args.value)
  const [customAmount, setCustomAmount] = useState(args.customAmount)
  return (
    <PackagePicker
      {...args}
      value={value}
      onValueChange={(next) => {
        setValue(next)
        args.onValueChange(next)
      }}
      customAmount={customAmount}
      onCustomAmountChange={(next) => {
        setCustomAmount(next)
        args.onCustomAmountChange(next)
      }}
    />
  )
}

const meta = {
  title: 'Views/PackagePicker',
  component: PackagePicker,
  render: (args) => <StatefulPicker {...args} />,
  args: {
    packages: samplePackages,
    value: 'p100',
    onValueChange: fn(),
    customAmount: '',
    onCustomAmountChange: fn(),
    pointsPerYuan: 10,
    minYuan: 1,
    maxYuan: 5000,
    disabled: false,
  },
} satisfies Meta<typeof PackagePicker>

export default meta
type Story = StoryObj<typeof meta>

export const PackageSelected: Story = {}

export const NothingSelected: Story = { args: { value: null } }

export const CustomEmpty: Story = { args: { value: 'custom' } }

export const CustomWithPreview: Story = { args: { value: 'custom', customAmount: '66.6' } }

export const CustomBelowMinimum: Story = { args: { value: 'custom', customAmount: '0.5' } }

export const CustomAboveMaximum: Story = { args: { value: 'custom', customAmount: '8000' } }

export const CustomWithOuterError: Story = {
  args: { value: 'custom', customAmount: '', error: '请输入充值金额' },
}

export const Disabled: Story = { args: { disabled: true } }

export const FewPackages: Story = { args: { packages: samplePackages.slice(0, 2) } }
