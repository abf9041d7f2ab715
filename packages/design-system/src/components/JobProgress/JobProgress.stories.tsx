import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { JOB_STATES, JobProgress } from './JobProgress'

const meta = {
  title: 'Design System/JobProgress',
  component: JobProgress,
  args: { state: 'queued', progress: 0, queuePosition: 3, error: null, onRetry: fn() },
  argTypes: {
    state: { control: 'inline-radio', options: JOB_STATES },
    progress: { control: { type: 'range', min: 0, max: 1, step: 0.01 } },
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof JobProgress>

export default meta
type Story = StoryObj<typeof meta>

export const QueuedWithPosition: Story = {}

export const QueuedNext: Story = { args: { queuePosition: 1 } }

export const QueuedPositionUnknown: Story = { args: { queuePosition: null } }

export const RunningJustStarted: Story = {
  args: { state: 'running', progress: 0, queuePosition: null },
}

export const Running: Story = { args: { state: 'running', progress: 0.42, queuePosition: null } }

export const Succeeded: Story = { args: { state: 'succeeded', progress: 1, queuePosition: null } }

export const FailedWithRetry: Story = {
  args: {
    state: 'failed',
    progress: 0.6,
    queuePosition: null,
    error: '生成失败：引擎繁忙，积分已退回，请稍后重试',
  },
}

export const Retrying: Story = { args: { ...FailedWithRetry.args, retrying: true } }

export const FailedWithoutRetry: Story = {
  args: {
    ...FailedWithRetry.args,
    error: '歌词含有不支持的内容，请修改后重新提交',
    onRetry: undefined,
  },
}

export const FailedWithoutReason: Story = {
  args: { state: 'failed', progress: 0, queuePosition: null, error: null, onRetry: undefined },
}
