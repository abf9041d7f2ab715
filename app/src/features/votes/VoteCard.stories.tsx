import { VOTE_STATUSES } from '@gy/api/votes'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { VoteCard, VoteCardPlaceholder } from './VoteCard'
import * as storyStyles from './stories.css'

const meta = {
  title: 'Views/VoteCard',
  component: VoteCard,
  argTypes: { status: { control: 'inline-radio', options: VOTE_STATUSES } },
  args: {
    title: 'GY音乐 原创人气榜 · 第一期',
    cover: '',
    status: 'open',
    startAt: '2026-11-25T00:00:00.000Z',
    endAt: '2027-01-24T00:00:00.000Z',
    totalVotes: 12840,
    views: 3021,
    optionCount: 9,
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.cardColumn}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VoteCard>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}

export const Upcoming: Story = { args: { status: 'upcoming', totalVotes: 0, views: 12 } }

export const Ended: Story = {
  args: { status: 'ended', title: '年度新声评选：结果已揭晓，感谢每一位投票的你' },
}

/** The card's place while the list loads: the same height, so the cards arrive without a shift. */
export const Placeholder: Story = { render: () => <VoteCardPlaceholder /> }
