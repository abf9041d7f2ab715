import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { CategoryChips, type CategoryChipsProps } from './CategoryChips'

const categories = [
  { value: '', label: '全部' },
  { value: 'pop', label: '流行' },
  { value: 'folk', label: '民谣' },
  { value: 'ancient', label: '古风' },
  { value: 'rock', label: '摇滚' },
  { value: 'jazz', label: '爵士' },
  { value: 'electronic', label: '电子' },
  { value: 'lofi', label: '轻音乐' },
]

function StatefulChips(args: CategoryChipsProps) {
  const [value, setValue] = useState(args.value)
  return (
    <CategoryChips
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
  title: 'Design System/CategoryChips',
  component: CategoryChips,
  render: (args) => <StatefulChips {...args} />,
  args: { options: categories, value: '', onValueChange: fn(), label: '分类' },
} satisfies Meta<typeof CategoryChips>

export default meta
type Story = StoryObj<typeof meta>

export const All: Story = {}

export const FolkPicked: Story = { args: { value: 'folk' } }
