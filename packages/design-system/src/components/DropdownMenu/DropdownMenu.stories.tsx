import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Button } from '../Button/Button'
import * as DropdownMenu from './DropdownMenu'

const meta = {
  title: 'Design System/DropdownMenu',
  component: DropdownMenu.Root,
  args: { defaultOpen: true, modal: false },
  render: (args) => (
    <DropdownMenu.Root {...args}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary">林晚</Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start">
        <DropdownMenu.Label>我的账号</DropdownMenu.Label>
        <DropdownMenu.Item onSelect={fn()}>账号信息</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={fn()}>音乐人专区</DropdownMenu.Item>
        <DropdownMenu.Item onSelect={fn()} disabled>
          版权登记列表
        </DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item tone="danger" onSelect={fn()}>
          退出登录
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  ),
} satisfies Meta<typeof DropdownMenu.Root>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}

export const Closed: Story = { args: { defaultOpen: false } }
