import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { OptionRow } from './OptionRow'
import * as storyStyles from './stories.css'

const meta = {
  title: 'Views/OptionRow',
  component: OptionRow,
  args: {
    position: 1,
    title: '晚风与灯火',
    subtitle: 'GY音乐 AI',
    imageUrl: '',
    votes: 128,
    totalVotes: 342,
    myVotes: 0,
    onVote: fn(),
  },
  decorators: [
    (Story) => (
      <ul className={storyStyles.listColumn}>
        <Story />
      </ul>
    ),
  ],
} satisfies Meta<typeof OptionRow>

export default meta
type Story = StoryObj<typeof meta>

export const Work: Story = { args: { onPlay: fn() } }

export const WorkPlaying: Story = { args: { onPlay: fn(), playing: true, myVotes: 2 } }

export const TextOption: Story = {
  args: {
    position: 4,
    title: '《山海谣》· 林小满',
    subtitle: '写给家乡海边小镇的民谣小样，木吉他加口琴，录在一个下雨的晚上。',
    votes: 9,
  },
}

export const Voting: Story = { args: { busy: true } }

export const Ended: Story = { args: { voteDisabledLabel: '已结束' } }
