import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { sampleCover } from '../../stories/sampleArt'
import * as storyStyles from '../../stories/storyLayout.css'
import { WorkCard } from './WorkCard'

const meta = {
  title: 'Views/WorkCard',
  component: WorkCard,
  args: { title: '晚风', artist: '林晚', onPlay: fn() },
  decorators: [
    (Story) => (
      <div className={storyStyles.cardColumn}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof WorkCard>

export default meta
type Story = StoryObj<typeof meta>

export const WithCover: Story = { args: { coverUrl: sampleCover(0) } }

export const GeneratedCover: Story = {}

export const WithPriceAndTag: Story = {
  args: { coverUrl: sampleCover(1), price: '¥12.00', tag: '已存证' },
}

export const Playing: Story = { args: { coverUrl: sampleCover(2), playing: true } }

export const BrokenCover: Story = {
  args: { coverUrl: 'data:image/png;base64,broken', tag: 'AI 创作' },
}

export const LongTexts: Story = {
  args: {
    title: '一首名字非常非常长的原创民谣作品（现场版）',
    artist: '一位名字同样很长的独立音乐人与乐队',
    price: '200 积分',
  },
}

export const WithoutPlayButton: Story = { args: { onPlay: undefined, coverUrl: sampleCover(3) } }
