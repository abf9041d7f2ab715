import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { sampleCover } from '../../stories/sampleArt'
import * as storyStyles from '../../stories/storyLayout.css'
import { AiExampleCard } from './AiExampleCard'

const meta = {
  title: 'Design System/AiExampleCard',
  component: AiExampleCard,
  args: {
    title: '晚霞与归途',
    kindLabel: 'AI写歌',
    author: 'GY音乐 AI',
    cover: sampleCover(0),
    duration: 187,
    upvotes: 12,
    playing: false,
    onPlay: fn(),
    href: '#share',
  },
  decorators: [
    (Story) => (
      <div className={storyStyles.cardColumn}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AiExampleCard>

export default meta
type Story = StoryObj<typeof meta>

export const Song: Story = {}

export const Playing: Story = { args: { playing: true } }

/** A stem of a separation has no cover: the placeholder is picked by its name. */
export const SeparationWithoutCover: Story = {
  args: { title: '晚风与灯火 · 伴奏', kindLabel: '人声分离', cover: '', upvotes: 0 },
}

export const Cover: Story = {
  args: { title: '青石巷（甜美女声版）', kindLabel: 'AI翻唱', cover: sampleCover(2), upvotes: 3 },
}

export const LongTexts: Story = {
  args: {
    title: '一首名字非常非常长的 AI 作品，写夏天傍晚海边的晚风和慢慢暗下来的天色',
    author: '一位名字同样很长的分享者和他的朋友们',
    upvotes: 12_345,
    duration: 3725,
  },
}
