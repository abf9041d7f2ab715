import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { sampleCover } from '../../stories/sampleArt'
import * as storyStyles from '../../stories/storyLayout.css'
import { SharedWorkView, type SharedWorkViewProps } from './SharedWorkView'

const lrc = [
  '[ti:夏夜晚风]',
  '[ar:GY音乐 AI]',
  '[00:00.00][verse]',
  '[00:12.30]晚风吹过旧街口',
  '[00:15.80]路灯一盏一盏亮',
  '[00:19.20]自行车铃声响',
  '[00:22.60]穿过夏天的巷',
  '[00:26.00][chorus]',
  '[00:26.40]我们唱着歌走向远方',
  '[00:30.10]把心事都交给月光',
  '[00:33.80]不问明天在何方',
  '[00:37.20]只要你在身旁',
  '[00:41.00][verse]',
  '[00:41.50]蝉鸣落在屋檐上',
  '[00:45.00]西瓜切成两半甜',
  '[00:48.60]收音机里的老歌',
  '[00:52.10]唱了一遍又一遍',
].join('\n')

function StatefulSharedWorkView(args: SharedWorkViewProps) {
  const [playing, setPlaying] = useState(args.playing)
  const [upvoted, setUpvoted] = useState(args.upvoted)
  return (
    <SharedWorkView
      {...args}
      playing={playing}
      upvoted={upvoted}
      upvotes={
        args.upvotes + (upvoted && !args.upvoted ? 1 : 0) - (!upvoted && args.upvoted ? 1 : 0)
      }
      onPlay={() => {
        setPlaying((current) => !current)
        args.onPlay()
      }}
      onUpvote={() => {
        setUpvoted((current) => !current)
        args.onUpvote()
      }}
    />
  )
}

const meta = {
  title: 'Design System/SharedWorkView',
  component: SharedWorkView,
  render: (args) => <StatefulSharedWorkView {...args} />,
  args: {
    name: '夏夜晚风',
    author: '林晚',
    cover: sampleCover(0),
    duration: 187,
    lyric: lrc,
    upvotes: 128,
    upvoted: false,
    playing: false,
    kindLabel: 'AI 作曲',
    onPlay: fn(),
    onUpvote: fn(),
  },
} satisfies Meta<typeof SharedWorkView>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const PlayingAndUpvoted: Story = { args: { playing: true, upvoted: true, upvotes: 129 } }

export const Upvoting: Story = { args: { upvoting: true } }

export const WithoutCover: Story = { args: { cover: '', kindLabel: 'AI 翻唱' } }

export const WithoutLyrics: Story = { args: { lyric: '' } }

export const PlainLyrics: Story = {
  args: { lyric: '没有时间标签的歌词\n也能好好显示\n\n第二段\n慢慢地唱' },
}

export const LongName: Story = {
  args: {
    name: '一首名字非常非常长的 AI 原创作品，写给所有在夜里赶路的人（完整版）',
    author: '一位名字同样很长的独立音乐人与乐队',
  },
}

/** The share page is opened mostly on phones, from a link in a chat. */
export const OnAPhone: Story = {
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
}
