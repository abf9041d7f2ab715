import type { Meta, StoryObj } from '@storybook/react-vite'
import * as storyStyles from '../../stories/storyLayout.css'
import { StemPlayer, type StemTrack } from './StemPlayer'
import * as styles from './StemPlayer.stories.css'

const SAMPLE_RATE = 8000
const SECONDS = 8

/**
 * A quiet 8-bit WAV as a data URL, built in the browser, so the story plays without the network:
 * each beat sounds the next frequency of `notes` (a melody) or all of them at once (a chord).
 */
function toneWav(notes: readonly number[], mode: 'melody' | 'chord'): string {
  const samples = SAMPLE_RATE * SECONDS
  const bytes = new Uint8Array(44 + samples)
  const view = new DataView(bytes.buffer)
  const text = (offset: number, value: string) => {
    for (let index = 0; index < value.length; index += 1) {
      bytes[offset + index] = value.charCodeAt(index)
    }
  }
  text(0, 'RIFF')
  view.setUint32(4, 36 + samples, true)
  text(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, SAMPLE_RATE, true)
  view.setUint32(28, SAMPLE_RATE, true)
  view.setUint16(32, 1, true)
  view.setUint16(34, 8, true)
  text(36, 'data')
  view.setUint32(40, samples, true)
  const beat = SAMPLE_RATE / 2
  for (let index = 0; index < samples; index += 1) {
    const time = index / SAMPLE_RATE
    const inBeat = (index % beat) / beat
    const envelope = Math.min(1, inBeat * 20) * (1 - inBeat) ** 2
    const sounding =
      mode === 'melody' ? [notes[Math.floor(index / beat) % notes.length] ?? 440] : notes
    const wave = sounding.reduce((sum, hz) => sum + Math.sin(2 * Math.PI * hz * time), 0)
    bytes[44 + index] = Math.round(128 + 30 * envelope * (wave / sounding.length))
  }
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `data:audio/wav;base64,${btoa(binary)}`
}

const stems: StemTrack[] = [
  {
    id: 'vocals',
    name: '人声',
    url: toneWav([523, 587, 659, 784, 659, 587, 523, 440], 'melody'),
    downloadUrl: '#download-vocals',
  },
  {
    id: 'accompaniment',
    name: '伴奏',
    url: toneWav([131, 165, 196], 'chord'),
    downloadUrl: '#download-accompaniment',
  },
]

const meta = {
  title: 'Design System/StemPlayer',
  component: StemPlayer,
  args: { stems, title: '晚风 · 人声分离' },
  decorators: [
    (Story) => (
      <div className={styles.frame}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StemPlayer>

export default meta
type Story = StoryObj<typeof meta>

export const TwoStems: Story = {}

export const WithoutTitle: Story = { args: { title: undefined } }

export const NothingToPlayYet: Story = {
  args: { stems: stems.map((stem) => ({ ...stem, url: '', downloadUrl: '' })) },
}

export const LongNames: Story = {
  args: {
    title: '一首名字非常长的作品（现场版）· 人声分离',
    stems: stems.map((stem) => ({ ...stem, name: `${stem.name}（降噪处理后的高品质版本）` })),
  },
}

export const OnAPhone: Story = {
  decorators: [
    (Story) => (
      <div className={storyStyles.narrow}>
        <Story />
      </div>
    ),
  ],
}
