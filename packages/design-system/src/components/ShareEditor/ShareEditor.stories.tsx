import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { ShareEditor, type ShareEditorProps, type ShareEditorRow } from './ShareEditor'

function Controlled(props: ShareEditorProps) {
  const [rows, setRows] = useState<ShareEditorRow[]>([...props.rows])
  return (
    <ShareEditor
      {...props}
      rows={rows}
      onShareChange={(id, share) =>
        setRows((current) => current.map((row) => (row.id === id ? { ...row, share } : row)))
      }
      onRemove={(id) => setRows((current) => current.filter((row) => row.id !== id))}
      onSplitEvenly={(shares) =>
        setRows((current) => current.map((row) => ({ ...row, share: shares[row.id] ?? 0 })))
      }
    />
  )
}

const meta = {
  title: 'Design System/ShareEditor',
  component: ShareEditor,
  render: (args) => <Controlled {...args} />,
  args: {
    rows: [
      { id: 'a', name: '张三', detail: '自然人', share: 60 },
      { id: 'b', name: '星光音乐有限公司', detail: '法人/组织', share: 40 },
    ],
    onShareChange: () => {},
  },
} satisfies Meta<typeof ShareEditor>

export default meta
type Story = StoryObj<typeof meta>

export const Complete: Story = {}
export const Incomplete: Story = {
  args: {
    rows: [
      { id: 'a', name: '张三', detail: '自然人', share: 60 },
      { id: 'b', name: '星光音乐有限公司', detail: '法人/组织', share: 30 },
      { id: 'c', name: '李四', detail: '自然人', share: 0 },
    ],
    error: '著作权人的份额合计必须为100%',
  },
}
export const SingleOwner: Story = { args: { rows: [{ id: 'a', name: '张三', share: 100 }] } }
