import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { sampleCover } from '../../stories/sampleArt'
import { JOB_STATES } from '../JobProgress/JobProgress'
import { JobCard, type JobCardResult } from './JobCard'
import * as styles from './JobCard.stories.css'

const songs: JobCardResult[] = [
  {
    id: 'r1',
    name: '夏夜晚风',
    cover: sampleCover(0),
    duration: 187,
    downloadUrl: '#download-r1',
    shareId: null,
  },
  {
    id: 'r2',
    name: '夏夜晚风（版本二）',
    cover: sampleCover(4),
    duration: 203,
    downloadUrl: '#download-r2',
    shareId: 'share-2',
  },
]

const stems: JobCardResult[] = [
  {
    id: 's1',
    name: '晚风',
    roleLabel: '人声',
    cover: '',
    duration: 214,
    downloadUrl: '#download-s1',
    shareId: null,
  },
  {
    id: 's2',
    name: '晚风',
    roleLabel: '伴奏',
    cover: '',
    duration: 214,
    downloadUrl: '#download-s2',
    shareId: null,
  },
]

const meta = {
  title: 'Design System/JobCard',
  component: JobCard,
  args: {
    title: '夏夜晚风',
    kindLabel: 'AI 作曲',
    createdAt: '2025-07-12T12:30:00Z',
    state: 'queued',
    progress: 0,
    queuePosition: 3,
    error: null,
    pointsCharged: 20,
    inputSummary: '流行 · 温暖 · 96 BPM｜一首写给夏天傍晚的歌，海边、晚风和慢慢暗下来的天色',
    results: [],
    playingResultId: null,
    sharingResultId: null,
    onPlay: fn(),
    onShare: fn(),
    onRetry: fn(),
    onDelete: fn(),
  },
  argTypes: { state: { control: 'inline-radio', options: JOB_STATES } },
  decorators: [
    (Story) => (
      <div className={styles.frame}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof JobCard>

export default meta
type Story = StoryObj<typeof meta>

export const QueuedWithPosition: Story = {}

export const QueuedNext: Story = { args: { queuePosition: 1 } }

export const RunningJustStarted: Story = {
  args: { state: 'running', progress: 0, queuePosition: null },
}

export const Running: Story = { args: { state: 'running', progress: 0.42, queuePosition: null } }

/** The first song plays while it is still being made: no download or share until it is done. */
export const RunningWithLiveSong: Story = {
  args: {
    state: 'running',
    progress: 0.12,
    queuePosition: null,
    results: [{ ...songs[0], live: true } as JobCardResult],
  },
}

/** The first song is ready to hear while the second still renders. */
export const RunningWithFirstSong: Story = {
  args: { state: 'running', progress: 0.6, queuePosition: null, results: songs.slice(0, 1) },
}

export const SucceededWithTwoResults: Story = {
  args: { state: 'succeeded', progress: 1, queuePosition: null, results: songs },
}

/** Finished songs the user may deposit (存证); the first one's deposit was refused. */
export const Keepable: Story = {
  args: {
    ...SucceededWithTwoResults.args,
    results: [
      { ...songs[0], keepable: true, error: '作品还在生成，完成后才能存证' },
      { ...songs[1], keepable: true },
    ] as JobCardResult[],
    onKeep: fn(),
  },
}

export const Keeping: Story = {
  args: { ...Keepable.args, keepingResultId: 'r2' },
}

export const Playing: Story = {
  args: { ...SucceededWithTwoResults.args, playingResultId: 'r1' },
}

export const Sharing: Story = {
  args: { ...SucceededWithTwoResults.args, sharingResultId: 'r1' },
}

export const SeparatedStemsWithoutCovers: Story = {
  args: {
    title: '晚风 · 人声分离',
    kindLabel: '人声分离',
    pointsCharged: 10,
    inputSummary: '晚风.mp3',
    state: 'succeeded',
    progress: 1,
    queuePosition: null,
    results: stems,
  },
}

export const FailedWithRetry: Story = {
  args: {
    title: '晚风 · AI 翻唱',
    kindLabel: 'AI 翻唱',
    inputSummary: '歌手：清澈女声｜晚风.mp3',
    state: 'failed',
    progress: 0.35,
    queuePosition: null,
    error: '翻唱失败：音频里没有找到人声，积分已退回',
  },
}

export const FailedWithoutRetry: Story = {
  args: { ...FailedWithRetry.args, onRetry: undefined },
}

export const WithoutActions: Story = {
  args: {
    ...SucceededWithTwoResults.args,
    onPlay: undefined,
    onShare: undefined,
    onDelete: undefined,
    inputSummary: undefined,
  },
}

export const LongTexts: Story = {
  args: {
    ...SucceededWithTwoResults.args,
    title: '一首名字非常非常长的 AI 原创作品，写给所有在夜里赶路的人（完整版）',
    inputSummary:
      '民谣 · 治愈 · 吉他弹唱｜' +
      '写一首关于城市夜晚的歌，讲一个人下班后骑车穿过灯火，想起家乡的河流和夏天的蝉鸣，'.repeat(3),
    results: songs.map((song) => ({
      ...song,
      name: `${song.name}——献给每一个还在路上的你`,
    })),
  },
}
