// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastList, TOAST_DURATION_MS } from './Toast'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('ToastList', () => {
  it('shows every toast with its message', () => {
    render(
      <ToastList
        toasts={[
          { id: 1, kind: 'success', message: '登录成功' },
          { id: 2, kind: 'error', message: '请求超时，请稍后再试' },
        ]}
        onDismiss={vi.fn()}
      />,
    )
    expect(screen.getAllByText('登录成功').length).toBeGreaterThan(0)
    expect(screen.getAllByText('请求超时，请稍后再试').length).toBeGreaterThan(0)
  })

  it('dismisses a toast by itself after about three seconds', () => {
    const onDismiss = vi.fn()
    render(
      <ToastList toasts={[{ id: 'a', kind: 'info', message: '复制成功' }]} onDismiss={onDismiss} />,
    )
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100)
    })
    expect(onDismiss).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(200)
    })
    expect(onDismiss).toHaveBeenCalledTimes(1)
    expect(onDismiss).toHaveBeenCalledWith('a')
  })

  it('dismisses a toast when its close button is pressed', () => {
    const onDismiss = vi.fn()
    render(
      <ToastList
        toasts={[{ id: 7, kind: 'warning', message: '请输入手机号码' }]}
        onDismiss={onDismiss}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: '关闭' }))
    expect(onDismiss).toHaveBeenCalledWith(7)
  })
})
