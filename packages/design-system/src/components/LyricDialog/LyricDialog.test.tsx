// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LyricDialog, type LyricDialogProps } from './LyricDialog'

afterEach(cleanup)

const timedLines = [
  { time: 0, text: '晚风吹过旧街的灯' },
  { time: 6.5, text: '你在歌里轻轻地等' },
  { time: 13, text: '' },
  { time: 19.2, text: '一句一句慢慢地唱' },
]

function renderDialog(overrides: Partial<LyricDialogProps> = {}) {
  const props: LyricDialogProps = {
    open: true,
    onOpenChange: vi.fn(),
    title: '晚风',
    lines: timedLines,
    timed: true,
    activeIndex: 1,
    onDownload: vi.fn(),
    ...overrides,
  }
  return { ...render(<LyricDialog {...props} />), props }
}

describe('LyricDialog', () => {
  it('titles the dialog with the track name', () => {
    renderDialog()
    expect(screen.getByRole('dialog', { name: '晚风' })).toBeTruthy()
  })

  it('marks only the active line of a timed lyric with aria-current', () => {
    const { props, rerender } = renderDialog()
    const current = () => screen.getAllByRole('listitem').filter((line) => line.ariaCurrent)
    expect(current().map((line) => line.textContent)).toEqual(['你在歌里轻轻地等'])

    rerender(<LyricDialog {...props} activeIndex={3} />)
    expect(current().map((line) => line.textContent)).toEqual(['一句一句慢慢地唱'])

    rerender(<LyricDialog {...props} activeIndex={-1} />)
    expect(current()).toEqual([])
  })

  it('shows a plain lyric as lines without a current one', () => {
    renderDialog({
      timed: false,
      activeIndex: 0,
      lines: [{ text: '晚风吹过旧街的灯' }, { text: '' }, { text: '你在歌里轻轻地等' }],
    })
    const lines = screen.getAllByRole('listitem')
    expect(lines).toHaveLength(3)
    expect(lines.some((line) => line.hasAttribute('aria-current'))).toBe(false)
  })

  it('says 暂无歌词 and offers no download without a lyric', () => {
    renderDialog({ lines: [], timed: false, activeIndex: -1 })
    expect(screen.getByText('暂无歌词')).toBeTruthy()
    expect(screen.queryByRole('listitem')).toBeNull()
    expect(screen.getByRole('button', { name: '下载歌词' }).hasAttribute('disabled')).toBe(true)
  })

  it('downloads through onDownload', () => {
    const { props } = renderDialog()
    fireEvent.click(screen.getByRole('button', { name: '下载歌词' }))
    expect(props.onDownload).toHaveBeenCalledTimes(1)
  })

  it('closes with Esc', () => {
    const { props } = renderDialog()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(props.onOpenChange).toHaveBeenCalledWith(false)
  })

  it('follows the song: jumps to the active line on opening, then glides', () => {
    const scrollTo = vi.fn()
    // jsdom does not scroll elements; the request is what the dialog is responsible for.
    HTMLElement.prototype.scrollTo = scrollTo
    const { props, rerender } = renderDialog({ activeIndex: 1 })
    expect(scrollTo).toHaveBeenCalledTimes(1)
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' }))

    rerender(<LyricDialog {...props} activeIndex={3} />)
    expect(scrollTo).toHaveBeenCalledTimes(2)
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'smooth' }))
  })

  it('does not glide for readers who prefer reduced motion', () => {
    const scrollTo = vi.fn()
    HTMLElement.prototype.scrollTo = scrollTo
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }))
    try {
      const { props, rerender } = renderDialog({ activeIndex: 1 })
      rerender(<LyricDialog {...props} activeIndex={2} />)
      expect(scrollTo).toHaveBeenCalledTimes(2)
      expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' }))
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('pauses following after the reader scrolls', () => {
    const scrollTo = vi.fn()
    HTMLElement.prototype.scrollTo = scrollTo
    const { props, rerender } = renderDialog({ activeIndex: 1 })
    fireEvent.wheel(screen.getByRole('list'))
    rerender(<LyricDialog {...props} activeIndex={2} />)
    expect(scrollTo).toHaveBeenCalledTimes(1)
  })

  it('renders nothing while closed', () => {
    renderDialog({ open: false })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
