import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { FileDropZone, fileDropZoneStates } from './FileDropZone'

const meta = {
  title: 'Design System/FileDropZone',
  component: FileDropZone,
  args: {
    label: '作品音频',
    hint: '支持 MP3、WAV、FLAC，不超过 100MB',
    accept: 'audio/mpeg,audio/wav,audio/flac',
    state: 'idle',
    onFileChosen: fn(),
    onCancel: fn(),
  },
  argTypes: { state: { control: 'inline-radio', options: fileDropZoneStates } },
} satisfies Meta<typeof FileDropZone>

export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {}
export const Uploading: Story = {
  args: { state: 'uploading', progress: 0.42, fileName: '夜曲.wav' },
}
export const Done: Story = { args: { state: 'done', fileName: '夜曲.wav' } }
export const Refused: Story = {
  args: { state: 'error', fileName: '简历.pdf', error: '只支持 MP3、WAV、FLAC 格式的音频文件' },
}
