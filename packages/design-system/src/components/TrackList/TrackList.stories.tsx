import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { fn } from 'storybook/test'
import { TrackList } from './TrackList'

const storyLink = (item: { href: string }, children: ReactNode) => (
  <a href={item.href}>{children}</a>
)

const tracks = [
  {
    title: '青石巷',
    artist: 'GY音乐 AI',
    duration: 186,
    playCount: 12_840,
    price: '¥12.90',
    note: '古风',
  },
  {
    title: '晚风与灯火',
    artist: '林夕雨',
    duration: 204,
    playCount: 968,
    price: '免费试听',
    note: '民谣',
  },
  {
    title: '追光的人',
    artist: '夏至乐队',
    duration: 231,
    playCount: 1_204_000,
    price: '¥19.90',
    note: '摇滚',
  },
  {
    title: '雨夜咖啡馆',
    artist: 'Neon Band',
    duration: 172,
    playCount: 0,
    price: '¥9.90',
    note: '爵士',
  },
].map((track, index) => ({
  ...track,
  id: String(index + 1),
  href: `/copyrightedMusic/details?goodsId=${index + 1}`,
}))

const meta = {
  title: 'Design System/TrackList',
  component: TrackList,
  args: { tracks, onPlay: fn(), renderLink: storyLink },
} satisfies Meta<typeof TrackList>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Playing: Story = { args: { playingId: '3' } }

export const SecondPage: Story = { args: { start: 21 } }
