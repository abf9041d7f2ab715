import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { sampleCover } from '../../stories/sampleArt'
import * as storyStyles from '../../stories/storyLayout.css'
import { SingerPicker, type SingerOption, type SingerPickerProps } from './SingerPicker'

const singers: SingerOption[] = [
  {
    singerId: 'clear-female',
    name: '清澈女声',
    avatar: sampleCover(1),
    description: '清澈温柔，适合民谣与抒情',
  },
  {
    singerId: 'warm-male',
    name: '温暖男声',
    avatar: sampleCover(0),
    description: '低沉有磁性，适合流行与R&B',
  },
  {
    singerId: 'bright-female',
    name: '明亮女声',
    avatar: sampleCover(2),
    description: '明亮有力，适合摇滚与电子',
  },
  {
    singerId: 'young-male',
    name: '少年音',
    avatar: '',
    description: '干净清爽，适合校园与国风，音域偏高，高音轻松自然',
  },
]

function StatefulSingerPicker(args: SingerPickerProps) {
  const [value, setValue] = useState(args.value)
  const [previewingId, setPreviewingId] = useState(args.previewingId ?? null)
  return (
    <SingerPicker
      {...args}
      value={value}
      previewingId={previewingId}
      onValueChange={(next) => {
        setValue(next)
        args.onValueChange(next)
      }}
      onPreview={
        args.onPreview
          ? (singerId) => {
              setPreviewingId((current) => (current === singerId ? null : singerId))
              args.onPreview?.(singerId)
            }
          : undefined
      }
    />
  )
}

const meta = {
  title: 'Design System/SingerPicker',
  component: SingerPicker,
  render: (args) => <StatefulSingerPicker {...args} />,
  args: { singers, value: 'clear-female', onValueChange: fn(), onPreview: fn() },
} satisfies Meta<typeof SingerPicker>

export default meta
type Story = StoryObj<typeof meta>

export const Chosen: Story = {}

export const NothingChosen: Story = { args: { value: null } }

export const Previewing: Story = { args: { previewingId: 'warm-male' } }

export const WithoutPreview: Story = { args: { onPreview: undefined } }

export const Disabled: Story = { args: { disabled: true } }

export const OnAPhone: Story = {
  render: (args) => (
    <div className={storyStyles.narrow}>
      <StatefulSingerPicker {...args} />
    </div>
  ),
}
