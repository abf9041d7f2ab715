import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { TagPicker, type TagPickerProps } from './TagPicker'

const styleOptions = [
  { value: 'pop', label: '流行' },
  { value: 'folk', label: '民谣' },
  { value: 'rock', label: '摇滚' },
  { value: 'electronic', label: '电子' },
  { value: 'rnb', label: 'R&B' },
  { value: 'chinese', label: '国风' },
  { value: 'jazz', label: '爵士' },
  { value: 'hiphop', label: '说唱' },
]

const moods = [
  { value: 'warm', label: '温暖' },
  { value: 'healing', label: '治愈' },
  { value: 'sad', label: '伤感' },
  { value: 'happy', label: '欢快' },
  { value: 'calm', label: '安静' },
  { value: 'epic', label: '燃' },
]

function StatefulTagPicker(args: TagPickerProps) {
  const [value, setValue] = useState<readonly string[]>(args.value)
  return (
    <div className={storyStyles.narrow}>
      <TagPicker
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next)
          args.onValueChange(next)
        }}
      />
    </div>
  )
}

const meta = {
  title: 'Design System/TagPicker',
  component: TagPicker,
  render: (args) => <StatefulTagPicker {...args} />,
  args: { label: '风格', options: styleOptions, value: ['folk'], onValueChange: fn() },
} satisfies Meta<typeof TagPicker>

export default meta
type Story = StoryObj<typeof meta>

export const SingleChoice: Story = {}

export const NothingPicked: Story = { args: { value: [] } }

export const Multiple: Story = {
  args: { label: '情绪', options: moods, value: ['warm', 'healing'], multiple: true },
}

export const MultipleWithLimit: Story = {
  args: { label: '情绪', options: moods, value: ['warm'], multiple: true, max: 3 },
}

export const LimitReached: Story = {
  args: {
    label: '情绪',
    options: moods,
    value: ['warm', 'healing', 'calm'],
    multiple: true,
    max: 3,
  },
}

export const Disabled: Story = { args: { disabled: true } }
