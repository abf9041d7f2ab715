import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import * as storyStyles from '../../stories/storyLayout.css'
import { LyricEditor, type LyricEditorProps } from './LyricEditor'
import * as styles from './LyricEditor.stories.css'

const lyrics = [
  '[verse]',
  '晚风吹过旧街口',
  '路灯一盏一盏亮',
  '自行车铃声响',
  '穿过夏天的巷',
  '',
  '[chorus]',
  '我们唱着歌走向远方',
  '把心事都交给月光',
  '不问明天在何方',
  '只要你在身旁',
].join('\n')

function StatefulLyricEditor(args: LyricEditorProps) {
  const [value, setValue] = useState(args.value)
  return (
    <div className={styles.frame}>
      <LyricEditor
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next)
          args.onValueChange(next)
        }}
      />
    </div>
  )
}

const meta = {
  title: 'Design System/LyricEditor',
  component: LyricEditor,
  render: (args) => <StatefulLyricEditor {...args} />,
  args: {
    label: '歌词',
    value: lyrics,
    maxLength: 2000,
    placeholder: '写下你的歌词，用上方的按钮标出主歌、副歌……',
    onValueChange: fn(),
  },
} satisfies Meta<typeof LyricEditor>

export default meta
type Story = StoryObj<typeof meta>

export const WithSections: Story = {}

export const Empty: Story = { args: { value: '' } }

export const LinesBeforeAnyTag: Story = {
  args: { value: '没有标记的第一行\n没有标记的第二行\n\n[chorus]\n副歌来了' },
}

export const OverTheLimit: Story = { args: { maxLength: 60 } }

export const WithError: Story = { args: { error: '歌词不能包含尖括号 < >' } }

export const Disabled: Story = { args: { disabled: true } }

export const OnAPhone: Story = {
  render: (args) => (
    <div className={storyStyles.narrow}>
      <StatefulLyricEditor {...args} />
    </div>
  ),
}
