import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { VolumeControl } from './VolumeControl'

const meta = {
  title: 'Design System/VolumeControl',
  component: VolumeControl,
  args: { value: 0.8, muted: false, onValueChange: fn(), onMutedChange: fn() },
  argTypes: { value: { control: { type: 'range', min: 0, max: 1, step: 0.05 } } },
} satisfies Meta<typeof VolumeControl>

export default meta
type Story = StoryObj<typeof meta>

export const Loud: Story = {}

export const Quiet: Story = { args: { value: 0.3 } }

export const Muted: Story = { args: { muted: true } }

export const Silent: Story = { args: { value: 0 } }

export const Disabled: Story = { args: { disabled: true } }

/** As the player machine behaves: raising the volume while muted unmutes. */
export const Interactive: Story = {
  render: function InteractiveVolume(args) {
    const [volume, setVolume] = useState(args.value)
    const [muted, setMuted] = useState(args.muted)
    return (
      <VolumeControl
        {...args}
        value={volume}
        muted={muted}
        onValueChange={(next) => {
          args.onValueChange(next)
          setVolume(next)
          if (next > 0) setMuted(false)
        }}
        onMutedChange={(next) => {
          args.onMutedChange(next)
          setMuted(next)
        }}
      />
    )
  },
}
