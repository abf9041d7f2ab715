import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { OwnerPicker, type OwnerPickerProps } from './OwnerPicker'

const OWNERS = [
  { id: 'a', name: '张三', detail: '自然人 · 居民身份证 110105********1234' },
  { id: 'b', name: '星光音乐有限公司', detail: '法人/组织 · 91110108MA01ABCD1X' },
  { id: 'c', name: '李四', detail: '自然人 · 护照 E12345678' },
]

function Controlled(props: OwnerPickerProps) {
  const [value, setValue] = useState<string[]>([...props.value])
  return <OwnerPicker {...props} value={value} onValueChange={setValue} />
}

const meta = {
  title: 'Design System/OwnerPicker',
  component: OwnerPicker,
  render: (args) => <Controlled {...args} />,
  args: { label: '选择著作权人', owners: OWNERS, value: ['a'], onValueChange: () => {} },
} satisfies Meta<typeof OwnerPicker>

export default meta
type Story = StoryObj<typeof meta>

export const OnePicked: Story = {}
export const NonePicked: Story = { args: { value: [] } }
export const Empty: Story = { args: { owners: [], value: [], empty: '还没有著作权人，请先添加' } }
