import type { Meta, StoryObj } from '@storybook/react-vite'
import { TimeText } from './TimeText'

const meta = {
  title: 'Design System/TimeText',
  component: TimeText,
  args: { seconds: 83 },
  argTypes: { seconds: { control: { type: 'number', min: 0, step: 1 } } },
} satisfies Meta<typeof TimeText>

export default meta
type Story = StoryObj<typeof meta>

export const Position: Story = {}

export const Duration: Story = { args: { seconds: 245.6 } }

export const LongerThanAnHour: Story = { args: { seconds: 75 * 60 + 3 } }

export const Unknown: Story = { args: { seconds: Number.NaN } }
