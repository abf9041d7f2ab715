import type { Meta, StoryObj } from '@storybook/react-vite'
import { sampleCover } from '../../stories/sampleArt'
import * as storyStyles from '../../stories/storyLayout.css'
import { AI_LABEL_SIZES, AiLabel } from './AiLabel'
import * as styles from './AiLabel.stories.css'

const meta = {
  title: 'Design System/AiLabel',
  component: AiLabel,
  args: { size: 'small' },
  argTypes: { size: { control: 'inline-radio', options: AI_LABEL_SIZES } },
} satisfies Meta<typeof AiLabel>

export default meta
type Story = StoryObj<typeof meta>

export const Small: Story = {}

export const Medium: Story = { args: { size: 'medium' } }

export const BothSizes: Story = {
  render: (args) => (
    <div className={storyStyles.row}>
      {AI_LABEL_SIZES.map((size) => (
        <AiLabel key={size} {...args} size={size} />
      ))}
    </div>
  ),
}

/** On cover art, where it sits on the AI zone's cards and share page. */
export const OnCover: Story = {
  render: (args) => (
    <div className={styles.cover}>
      <img className={styles.image} src={sampleCover(2)} alt="" />
      <AiLabel {...args} className={styles.onCover} />
    </div>
  ),
}
