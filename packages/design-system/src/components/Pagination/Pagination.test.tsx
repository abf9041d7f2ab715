// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PAGE_GAP, pageCountFor, Pagination, paginationItems } from './Pagination'

afterEach(cleanup)

const gap = PAGE_GAP

describe('paginationItems', () => {
  it('lists every page when they all fit', () => {
    expect(paginationItems(1, 1)).toEqual([1])
    expect(paginationItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it('puts gaps around the current page and keeps first and last', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, gap, 20])
    expect(paginationItems(10, 20)).toEqual([1, gap, 9, 10, 11, gap, 20])
    expect(paginationItems(20, 20)).toEqual([1, gap, 16, 17, 18, 19, 20])
  })

  it('never hides a single page behind a gap', () => {
    // Page 4's neighbours reach 3: a gap would hide only page 2, so page 2 shows.
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, gap, 20])
    expect(paginationItems(17, 20)).toEqual([1, gap, 16, 17, 18, 19, 20])
  })

  it('clamps a page outside the list', () => {
    expect(paginationItems(99, 3)).toEqual([1, 2, 3])
  })

  it('counts pages, with at least one', () => {
    expect(pageCountFor(0, 10)).toBe(1)
    expect(pageCountFor(10, 10)).toBe(1)
    expect(pageCountFor(11, 10)).toBe(2)
  })
})

describe('Pagination', () => {
  it('marks the current page and shows the total', () => {
    render(<Pagination page={3} pageSize={10} total={1234} onPageChange={vi.fn()} />)
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '第 3 页' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBeNull()
    expect(screen.getByText('共 1,234 条')).toBeTruthy()
  })

  it('calls onPageChange for previous, next and a page number', () => {
    const onPageChange = vi.fn()
    render(<Pagination page={5} pageSize={10} total={200} onPageChange={onPageChange} />)
    fireEvent.click(screen.getByRole('button', { name: '上一页' }))
    expect(onPageChange).toHaveBeenLastCalledWith(4)
    fireEvent.click(screen.getByRole('button', { name: '下一页' }))
    expect(onPageChange).toHaveBeenLastCalledWith(6)
    fireEvent.click(screen.getByRole('button', { name: '第 20 页' }))
    expect(onPageChange).toHaveBeenLastCalledWith(20)
    onPageChange.mockClear()
    fireEvent.click(screen.getByRole('button', { name: '第 5 页' }))
    expect(onPageChange).not.toHaveBeenCalled()
  })

  it('disables previous on the first page and next on the last', () => {
    const onPageChange = vi.fn()
    const { rerender } = render(
      <Pagination page={1} pageSize={10} total={30} onPageChange={onPageChange} />,
    )
    const previous = screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)
    expect(next.disabled).toBe(false)
    fireEvent.click(previous)
    expect(onPageChange).not.toHaveBeenCalled()

    rerender(<Pagination page={3} pageSize={10} total={30} onPageChange={onPageChange} />)
    expect(previous.disabled).toBe(false)
    expect(next.disabled).toBe(true)
  })

  it('disables both ends of an empty list', () => {
    render(<Pagination page={1} pageSize={10} total={0} onPageChange={vi.fn()} />)
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(screen.getByText('共 0 条')).toBeTruthy()
  })
})
