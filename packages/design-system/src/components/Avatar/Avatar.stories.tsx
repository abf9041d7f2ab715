import type { Meta, StoryObj } from '@storybook/react-vite'
import * as storyStyles from '../../stories/storyLayout.css'
import { Avatar, avatarSizes } from './Avatar'

// A tiny inline image, so the story needs no network.
const sampleImage =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#F6B8A6"/><stop offset="1" stop-color="#C7435A"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><circle cx="32" cy="26" r="11" fill="#fff" fill-opacity=".85"/><path d="M12 60c3-13 12-19 20-19s17 6 20 19" fill="#fff" fill-opacity=".85"/></svg>',
  )

const meta = {
  title: 'Design System/Avatar',
  component: Avatar,
  args: { name: '林晚', size: 'lg' },
  argTypes: { size: { control: 'inline-radio', options: avatarSizes } },
} satisfies Meta<typeof Avatar>

export default meta
type Story = StoryObj<typeof meta>

export const WithImage: Story = { args: { src: sampleImage } }

export const InitialFallback: Story = {}

export const LatinName: Story = { args: { name: 'alice' } }

export const BrokenImage: Story = { args: { src: 'data:image/png;base64,broken' } }

export const NoName: Story = { args: { name: '' } }

export const Sizes: Story = {
  render: (args) => (
    <div className={storyStyles.row}>
      {avatarSizes.map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
      {avatarSizes.map((size) => (
        <Avatar key={`image-${size}`} {...args} src={sampleImage} size={size} />
      ))}
    </div>
  ),
}
