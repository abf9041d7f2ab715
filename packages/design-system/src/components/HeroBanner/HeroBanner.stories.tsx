import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../Button/Button'
import { HeroBanner } from './HeroBanner'

const meta = {
  title: 'Views/HeroBanner',
  component: HeroBanner,
  parameters: { layout: 'fullscreen' },
  args: {
    eyebrow: 'GY音乐 · 音乐人的版权平台',
    title: '让价值回归音乐人',
    subtitle: '一站式完成作品存证、版权登记与交易，用 AI 激发下一首作品的灵感。',
    actions: (
      <>
        <Button size="lg">开始创作</Button>
        <Button size="lg" variant="secondary">
          浏览版权音乐
        </Button>
      </>
    ),
  },
} satisfies Meta<typeof HeroBanner>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const TitleOnly: Story = {
  args: { eyebrow: undefined, subtitle: undefined, actions: undefined },
}

export const Compact: Story = { args: { compact: true } }
