import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { BrowserTipOverlay, browserTipKinds } from './BrowserTipOverlay'

const meta = {
  title: 'Design System/BrowserTipOverlay',
  component: BrowserTipOverlay,
  args: {
    kind: 'wechat',
    lines: ['点击右上角', '选择「在浏览器中打开」'],
    dismissHint: '轻触任意处关闭',
    onDismiss: fn(),
  },
  argTypes: { kind: { control: 'inline-radio', options: browserTipKinds } },
} satisfies Meta<typeof BrowserTipOverlay>

export default meta
type Story = StoryObj<typeof meta>

export const WeChat: Story = {}

export const Miui: Story = {
  args: { kind: 'miui', lines: ['当前浏览器暂不支持打开App，请使用其他浏览器访问'] },
}
