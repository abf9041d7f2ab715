import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { fn } from 'storybook/test'
import { Button } from '../Button/Button'
import { ToastList, type ToastItem, type ToastKind } from './Toast'

const smsSent: ToastItem<number> = { id: 1, kind: 'success', message: '短信验证码发送成功' }
const timedOut: ToastItem<number> = { id: 2, kind: 'error', message: '请求超时，请稍后再试' }
const phoneMissing: ToastItem<number> = { id: 3, kind: 'warning', message: '请输入手机号码' }
const copied: ToastItem<number> = { id: 4, kind: 'info', message: '复制成功' }
const sampleToasts = [smsSent, timedOut, phoneMissing, copied]

const meta = {
  title: 'Design System/Toast',
  component: ToastList<number>,
  // Long enough that a screenshot never races the auto-dismiss.
  args: { toasts: sampleToasts, onDismiss: fn(), duration: 600_000 },
} satisfies Meta<typeof ToastList<number>>

export default meta
type Story = StoryObj<typeof meta>

export const AllKinds: Story = {}

export const SuccessKind: Story = { args: { toasts: [smsSent] } }

export const ErrorKind: Story = { args: { toasts: [timedOut] } }

export const WarningKind: Story = { args: { toasts: [phoneMissing] } }

export const LongMessage: Story = {
  args: {
    toasts: [
      {
        id: 9,
        kind: 'error',
        message: '服务器异常，请稍后重试。如果问题持续出现，请联系客服并提供本次操作的时间。',
      },
    ],
  },
}

/** Click the buttons: each toast leaves by itself after about three seconds. */
export const Interactive: Story = {
  args: { toasts: [], duration: 3000 },
  render: function InteractiveToasts(args) {
    const [toasts, setToasts] = useState<ReadonlyArray<ToastItem<number>>>([])
    const show = (kind: ToastKind, message: string) =>
      setToasts((current) => [...current, { id: Date.now(), kind, message }])
    return (
      <>
        <Button onClick={() => show('success', '登录成功')}>成功提示</Button>{' '}
        <Button variant="secondary" onClick={() => show('error', '请求失败！请重新登录')}>
          错误提示
        </Button>
        <ToastList
          {...args}
          toasts={toasts}
          onDismiss={(id) => setToasts((current) => current.filter((toast) => toast.id !== id))}
        />
      </>
    )
  },
}
