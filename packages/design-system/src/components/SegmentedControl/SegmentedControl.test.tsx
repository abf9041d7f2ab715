// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SegmentedControl } from './SegmentedControl'

afterEach(cleanup)

type Kind = 'all' | 'topup' | 'spend' | 'refund'
const options = [
  { value: 'all', label: '全部' },
  { value: 'topup', label: '充值' },
  { value: 'spend', label: '消费' },
  { value: 'refund', label: '退款' },
] satisfies { value: Kind; label: string }[]

describe('SegmentedControl', () => {
  it('is a labelled radio group with the value checked', () => {
    render(
      <SegmentedControl options={options} value="spend" onValueChange={vi.fn()} label="记录类型" />,
    )
    expect(screen.getByRole('radiogroup', { name: '记录类型' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: '消费' }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('radio', { name: '全部' }).getAttribute('aria-checked')).toBe('false')
  })

  it('reports a new choice and ignores a click on the chosen one', () => {
    const onValueChange = vi.fn<(value: Kind) => void>()
    render(
      <SegmentedControl options={options} value="all" onValueChange={onValueChange} label="类型" />,
    )
    fireEvent.click(screen.getByRole('radio', { name: '退款' }))
    expect(onValueChange).toHaveBeenLastCalledWith('refund')
    onValueChange.mockClear()
    fireEvent.click(screen.getByRole('radio', { name: '全部' }))
    expect(onValueChange).not.toHaveBeenCalled()
  })

  it('moves focus with the arrow keys', async () => {
    render(<SegmentedControl options={options} value="all" onValueChange={vi.fn()} label="类型" />)
    const first = screen.getByRole('radio', { name: '全部' })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: '充值' })),
    )
  })
})
