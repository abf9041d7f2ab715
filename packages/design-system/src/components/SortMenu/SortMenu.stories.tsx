import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { SortMenu, type SortMenuProps } from './SortMenu'

const sorts = [
  { value: 'newest', label: '最新上架' },
  { value: 'plays', label: '播放最多' },
  { value: 'priceAsc', label: '价格从低到高' },
  { value: 'priceDesc', label: '价格从高到低' },
]

function StatefulSortMenu(args: SortMenuProps<string>) {
  const [value, setValue] = useState(args.value)
  return (
    <SortMenu
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
  title: 'Design System/SortMenu',
  component: SortMenu,
  render: (args) => <StatefulSortMenu {...args} />,
  args: { options: sorts, value: 'newest', onValueChange: fn(), label: '排序' },
} satisfies Meta<typeof SortMenu<string>>

export default meta
type Story = StoryObj<typeof meta>

export const Newest: Story = {}

export const MostPlayed: Story = { args: { value: 'plays' } }
