import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { formatPlaybackTime } from '../TimeText/TimeText'
import { ProgressSlider, progressSliderTones } from './ProgressSlider'

const meta = {
  title: 'Design System/ProgressSlider',
  component: ProgressSlider,
  args: {
    value: 83,
    max: 225,
    label: '播放进度',
    onValueChange: fn(),
    onValueCommit: fn(),
    getValueText: (value: number) => `${formatPlaybackTime(value)} / ${formatPlaybackTime(225)}`,
  },
  argTypes: {
    tone: { control: 'inline-radio', options: progressSliderTones },
    value: { control: { type: 'range', min: 0, max: 225, step: 1 } },
    bufferedValue: { control: { type: 'range', min: 0, max: 225, step: 1 } },
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressSlider>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Buffered: Story = { args: { bufferedValue: 160 } }

export const AtTheStart: Story = { args: { value: 0 } }

export const Ended: Story = { args: { value: 225 } }

/** The duration is not known yet (loading): nothing to seek in. */
export const Unknown: Story = { args: { value: 0, max: 0 } }

/** For settings such as volume: quiet until hovered. */
export const Neutral: Story = { args: { tone: 'neutral' } }

export const Disabled: Story = { args: { disabled: true } }

/** Drag or use the arrow keys: the value follows the thumb and commits on release. */
export const Interactive: Story = {
  render: function InteractiveSlider(args) {
    const [value, setValue] = useState(args.value)
    return (
      <ProgressSlider
        {...args}
        value={value}
        onValueCommit={(next) => {
          args.onValueCommit(next)
          setValue(next)
        }}
      />
    )
  },
}
