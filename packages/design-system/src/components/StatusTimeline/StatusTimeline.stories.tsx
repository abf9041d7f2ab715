import type { Meta, StoryObj } from '@storybook/react-vite'
import { StatusTimeline } from './StatusTimeline'

const meta = {
  title: 'Design System/StatusTimeline',
  component: StatusTimeline,
  args: {
    entries: [
      { id: '1', label: '草稿', time: '2026年11月20日 10:02' },
      { id: '2', label: '待支付', time: '2026年11月20日 10:05' },
      { id: '3', label: '已提交', time: '2026年11月20日 10:06', tone: 'accent' },
    ],
  },
} satisfies Meta<typeof StatusTimeline>

export default meta
type Story = StoryObj<typeof meta>

export const Submitted: Story = {}
export const NeedsCorrection: Story = {
  args: {
    entries: [
      { id: '1', label: '草稿', time: '2026年11月20日 10:02' },
      { id: '2', label: '已提交', time: '2026年11月20日 10:06' },
      { id: '3', label: '审核中', time: '2026年11月21日 09:00' },
      {
        id: '4',
        label: '需补正',
        time: '2026年11月21日 15:30',
        tone: 'warning',
        note: '请补充创作完成地点的详细地址',
      },
    ],
  },
}
export const Registered: Story = {
  args: {
    entries: [
      { id: '1', label: '已提交', time: '2026年11月20日 10:06' },
      { id: '2', label: '审核中', time: '2026年11月21日 09:00' },
      { id: '3', label: '已登记', time: '2026年11月22日 11:20', tone: 'success' },
    ],
  },
}
export const Rejected: Story = {
  args: {
    entries: [
      { id: '1', label: '审核中', time: '2026年11月21日 09:00' },
      {
        id: '2',
        label: '未通过',
        time: '2026年11月22日 11:20',
        tone: 'danger',
        note: '作品与已登记作品重复',
      },
    ],
  },
}
