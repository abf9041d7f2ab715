import type { Meta, StoryObj } from '@storybook/react-vite'
import * as storyStyles from '../../stories/storyLayout.css'
import { Spinner, spinnerSizes, spinnerTones } from './Spinner'

const meta = {
  title: 'Design System/Spinner',
  component: Spinner,
  args: { size: 'md', tone: 'accent', label: '加载中' },
  argTypes: {
    size: { control: 'inline-radio', options: spinnerSizes },
    tone: { control: 'inline-radio', options: spinnerTones },
  },
} satisfies Meta<typeof Spinner>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Sizes: Story = {
  render: (args) => (
    <div className={storyStyles.row}>
      {spinnerSizes.map((size) => (
        <Spinner key={size} {...args} size={size} />
      ))}
    </div>
  ),
}

export const Tones: Story = {
  render: (args) => (
    <div className={storyStyles.row}>
      {spinnerTones.map((tone) => (
        <Spinner key={tone} {...args} tone={tone} />
      ))}
    </div>
  ),
}
