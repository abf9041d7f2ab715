import type { Meta, StoryObj } from '@storybook/react-vite'
import * as storyStyles from './stories.css'
import { VoteRanking } from './VoteRanking'

const entries = [
  { optionId: 'a', title: '晚风与灯火', votes: 128 },
  { optionId: 'b', title: '《霓虹以北》· 周既白', votes: 203 },
  { optionId: 'c', title: '《山海谣》· 林小满', votes: 96 },
  { optionId: 'd', title: '《纸鸢》· 阿禾', votes: 41 },
  { optionId: 'e', title: '雨后的城市', votes: 7 },
]

const meta = {
  title: 'Views/VoteRanking',
  component: VoteRanking,
  args: { entries, totalVotes: entries.reduce((sum, entry) => sum + entry.votes, 0) },
  decorators: [
    (Story) => (
      <div className={storyStyles.cardColumn}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VoteRanking>

export default meta
type Story = StoryObj<typeof meta>

export const Live: Story = {}

export const TopThree: Story = { args: { limit: 3 } }

export const NoVotesYet: Story = {
  args: { entries: entries.map((entry) => ({ ...entry, votes: 0 })), totalVotes: 0 },
}
