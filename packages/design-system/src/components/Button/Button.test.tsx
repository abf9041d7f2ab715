// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from './Button'

afterEach(cleanup)

describe('Button', () => {
  it('calls onClick when pressed', () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>登录</Button>)
    fireEvent.click(screen.getByRole('button', { name: '登录' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('ignores presses and does not submit its form while loading', () => {
    const onClick = vi.fn()
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault())
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit" loading onClick={onClick}>
          登录
        </Button>
      </form>,
    )
    const button = screen.getByRole('button')
    fireEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy()
  })

  it('defaults to type="button" so it never submits a form by accident', () => {
    render(<Button>取消</Button>)
    expect(screen.getByRole('button').getAttribute('type')).toBe('button')
  })

  it('renders its child instead of a button with asChild', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/aboutUs">关于我们</a>
      </Button>,
    )
    const link = screen.getByRole('link', { name: '关于我们' })
    expect(link.getAttribute('href')).toBe('/aboutUs')
    expect(link.className).not.toBe('')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
