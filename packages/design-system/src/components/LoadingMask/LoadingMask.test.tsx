// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LoadingMask } from './LoadingMask'

afterEach(cleanup)

describe('LoadingMask', () => {
  it('announces a busy state with its text while open', () => {
    render(<LoadingMask open text="登录中" />)
    const mask = screen.getByRole('alert')
    expect(mask.getAttribute('aria-busy')).toBe('true')
    expect(mask.textContent).toContain('登录中')
  })

  it('renders nothing while closed', () => {
    render(<LoadingMask open={false} text="登录中" />)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
