import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { fn } from 'storybook/test'
import { Button } from '../Button/Button'
import { LyricDialog } from './LyricDialog'

/**
 * What the player machine's `parseLrc` makes of an LRC lyric: lines sorted by time, the chorus
 * once per tag, a blank line for an instrumental break.
 */
const timedLines = [
  { time: 0, text: '晚风吹过旧街的灯' },
  { time: 6.2, text: '你在歌里轻轻地等' },
  { time: 12.5, text: '一句一句慢慢地唱' },
  { time: 18.8, text: '让时光把心事都收藏' },
  { time: 25.1, text: '' },
  { time: 31.4, text: '城市的声音渐渐远了' },
  { time: 37.6, text: '只剩下吉他和我' },
  { time: 43.9, text: '如果你也听见这首歌' },
  { time: 50.2, text: '请替我对晚风说' },
  { time: 56.5, text: '晚风啊 晚风' },
  { time: 62.8, text: '带我回到那年夏天' },
  { time: 69.1, text: '晚风啊 晚风' },
  { time: 75.4, text: '把思念吹到你身边' },
  { time: 81.7, text: '' },
  { time: 88, text: '晚风啊 晚风' },
  { time: 94.3, text: '带我回到那年夏天' },
  { time: 100.6, text: '晚风啊 晚风' },
  { time: 106.9, text: '把思念吹到你身边' },
]

const plainLines = [
  { text: '山海之间有一条路' },
  { text: '我走了很久很久' },
  { text: '' },
  { text: '风从北方吹来' },
  { text: '带着雪的味道' },
  { text: '' },
  { text: '你说等到春天' },
  { text: '花会开满山坡' },
]

const meta = {
  title: 'Views/LyricDialog',
  component: LyricDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    title: '晚风',
    lines: timedLines,
    timed: true,
    activeIndex: 7,
    onDownload: fn(),
  },
  argTypes: {
    activeIndex: { control: { type: 'range', min: -1, max: timedLines.length - 1, step: 1 } },
  },
} satisfies Meta<typeof LyricDialog>

export default meta
type Story = StoryObj<typeof meta>

/** An LRC lyric: the line being sung is highlighted and kept in the middle. */
export const TimedWithActiveLine: Story = {}

/** Before the first line starts (`currentLyricIndex` returns -1). */
export const TimedBeforeFirstLine: Story = { args: { activeIndex: -1 } }

/** A lyric without times: plain lines, nothing highlighted. */
export const PlainLyric: Story = {
  args: { title: '山海之间', lines: plainLines, timed: false, activeIndex: -1 },
}

export const NoLyric: Story = {
  args: { title: '城市夜行', lines: [], timed: false, activeIndex: -1 },
}

export const LongTitle: Story = {
  args: { title: '一首名字非常非常长的原创民谣作品（现场版 · 2024 巡演北京站 · 加长混音）' },
}

/**
 * The lyric follows a running clock; switch the toolbar's motion to 播放 to see it glide. With
 * motion frozen (the default, and the visual test) the clock stands on the first line, so the
 * screenshot does not depend on when it is taken.
 */
export const FollowsTheSong: Story = {
  args: { open: false },
  render: function FollowingLyric(args, context) {
    const [open, setOpen] = useState(true)
    const [activeIndex, setActiveIndex] = useState(0)
    const running = context.globals.motion === 'live'
    useEffect(() => {
      if (!open || !running) return
      const timer = window.setInterval(
        () => setActiveIndex((index) => (index + 1) % timedLines.length),
        1500,
      )
      return () => window.clearInterval(timer)
    }, [open, running])
    return (
      <>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          歌词
        </Button>
        <LyricDialog {...args} open={open} onOpenChange={setOpen} activeIndex={activeIndex} />
      </>
    )
  },
}
