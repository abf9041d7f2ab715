import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stepper } from './Stepper'

const meta = {
  title: 'Design System/Stepper',
  component: Stepper,
  args: { steps: ['上传作品', '填写信息', '完成存证'], current: 0 },
} satisfies Meta<typeof Stepper>

export default meta
type Story = StoryObj<typeof meta>

export const FirstStep: Story = {}
export const SecondStep: Story = { args: { current: 1 } }
export const Finished: Story = { args: { current: 3 } }
