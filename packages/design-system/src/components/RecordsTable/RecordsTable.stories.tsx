import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Button } from '../Button/Button'
import { RecordsTable, type PointsRecord } from './RecordsTable'

const sampleRecords: PointsRecord[] = [
  {
    id: 'r6',
    kind: 'spend',
    title: 'AI 作曲 ·《夏夜晚风》',
    time: '2025-06-18T12:42:00Z',
    amount: -200,
    balanceAfter: 12860,
  },
  {
    id: 'r5',
    kind: 'refund',
    title: 'AI 作曲失败退回',
    time: '2025-06-17T09:05:00Z',
    amount: 200,
    balanceAfter: 13060,
  },
  {
    id: 'r4',
    kind: 'spend',
    title: 'AI 作曲 ·《山海之间》',
    time: '2025-06-17T08:58:00Z',
    amount: -200,
    balanceAfter: 12860,
  },
  {
    id: 'r3',
    kind: 'topup',
    title: '充值 1,080 积分（订单 GY202506160001）',
    time: '2025-06-16T15:30:00Z',
    amount: 1080,
    balanceAfter: 13060,
  },
  {
    id: 'r2',
    kind: 'topup',
    title: '自定义金额充值',
    time: '2025-05-31T16:00:00Z',
    amount: 11980,
    balanceAfter: 11980,
  },
]

const meta = {
  title: 'Views/RecordsTable',
  component: RecordsTable,
  args: { records: sampleRecords, loading: false },
} satisfies Meta<typeof RecordsTable>

export default meta
type Story = StoryObj<typeof meta>

export const Records: Story = {}

export const Loading: Story = { args: { records: [], loading: true } }

export const Empty: Story = { args: { records: [] } }

export const EmptyWithAction: Story = {
  args: {
    records: [],
    emptyText: '暂无充值记录',
    emptyAction: <Button onClick={fn()}>去充值</Button>,
  },
}

export const OnlyTopUps: Story = {
  args: { records: sampleRecords.filter((record) => record.kind === 'topup') },
}
