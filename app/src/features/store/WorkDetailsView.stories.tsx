import type { WorkDetails } from '@gy/api'
import { Button } from '@gy/design-system'
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { fn } from 'storybook/test'
import { WorkDetailsView } from './WorkDetailsView'

const storyLink = (item: { href: string }, children: ReactNode) => (
  <a href={item.href}>{children}</a>
)

const work: WorkDetails = {
  goodsId: '0b8f4b7e-2a51-4c8e-9d7a-3f1b2c4d5e6f',
  musicId: '0b8f4b7e-2a51-4c8e-9d7a-3f1b2c4d5e6f',
  musicName: '青石巷',
  artist: '林夕雨',
  cover: '',
  musicEncodeUrl: '',
  mp3Url: '',
  hlsUrl: '',
  duration: 186,
  lyric:
    '[00:01.00]青石巷里落满了细雨\n[00:05.00]油纸伞下藏着旧时语\n\n[00:10.00]雨落青石声声慢\n[00:14.00]谁在巷口把歌来弹',
  priceFen: 1290,
  createdAt: '2026-11-20T08:00:00.000Z',
  certified: true,
  playCount: 12_840,
  categoryId: 'ancient',
  categoryName: '古风',
  genre: '古风',
  certificateNo: 'GYCD-20261120-00000042',
  verifyUrl: '/verify?certificateNo=GYCD-20261120-00000042',
}

const meta = {
  title: 'Views/WorkDetailsView',
  component: WorkDetailsView,
  args: {
    work,
    playing: false,
    onPlay: fn(),
    renderLink: storyLink,
    licence: <Button disabled>购买授权</Button>,
  },
} satisfies Meta<typeof WorkDetailsView>

export default meta
type Story = StoryObj<typeof meta>

export const Certified: Story = {}

export const Playing: Story = { args: { playing: true } }

export const WithoutDepositOrLyric: Story = {
  args: {
    work: {
      ...work,
      certified: false,
      certificateNo: '',
      verifyUrl: '',
      lyric: '',
      categoryId: '',
      categoryName: '',
      genre: '',
      priceFen: 0,
    },
  },
}
