import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { sampleCover, sampleWorks } from '../../stories/sampleArt'
import { WorkCard } from '../WorkCard/WorkCard'
import { WorkGrid } from './WorkGrid'

const meta = {
  title: 'Views/WorkGrid',
  component: WorkGrid,
  args: {
    children: sampleWorks.map((work, index) => (
      <WorkCard
        key={work.id}
        title={work.title}
        artist={work.artist}
        coverUrl={work.cover ? sampleCover(index) : null}
        price={'price' in work ? work.price : undefined}
        tag={'tag' in work ? work.tag : undefined}
        onPlay={fn()}
        playing={index === 1}
      />
    )),
  },
} satisfies Meta<typeof WorkGrid>

export default meta
type Story = StoryObj<typeof meta>

export const SixWorks: Story = {}

export const OneWork: Story = {
  args: {
    children: <WorkCard title="晚风" artist="林晚" coverUrl={sampleCover(0)} onPlay={fn()} />,
  },
}
