import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { BannerCarousel } from './BannerCarousel'

const storyLink = (item: { href: string }, children: ReactNode) => (
  <a href={item.href}>{children}</a>
)

const banners = [
  {
    id: 'store-opening',
    title: '版权音乐商城',
    subtitle: '每一首都有存证，每一次授权都回到音乐人',
    href: '/copyrightedMusic',
  },
  {
    id: 'featured-stone-lane',
    title: '本周推荐《青石巷》',
    subtitle: '古风新作，雨落青石声声慢',
    href: '/copyrightedMusic/details?goodsId=1',
  },
  {
    id: 'deposit-your-work',
    title: '为你的作品存证',
    subtitle: '上传即生成可公开验证的存证证书',
    href: '/musiciansZone/copyrightDeposit',
  },
]

const meta = {
  title: 'Design System/BannerCarousel',
  component: BannerCarousel,
  // Screenshots need a still slide.
  args: { banners, renderLink: storyLink, interval: 0 },
} satisfies Meta<typeof BannerCarousel>

export default meta
type Story = StoryObj<typeof meta>

export const FirstSlide: Story = {}

export const SecondSlide: Story = { args: { defaultIndex: 1 } }

export const OneBanner: Story = { args: { banners: banners.slice(0, 1) } }
