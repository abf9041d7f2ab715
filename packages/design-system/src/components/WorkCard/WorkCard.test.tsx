// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fallbackArtwork, WorkCard } from './WorkCard'

afterEach(cleanup)

describe('fallbackArtwork', () => {
  it('gives the same work the same gradient and spreads different works out', () => {
    expect(fallbackArtwork('晚风|林晚')).toBe(fallbackArtwork('晚风|林晚'))
    const names = new Set(
      ['晚风', '山海之间', '城市夜行', '雨巷', '追光者', '故乡的云'].map(fallbackArtwork),
    )
    expect(names.size).toBeGreaterThan(2)
  })
})

describe('WorkCard', () => {
  it('shows a generated cover when there is no cover image', () => {
    const { container } = render(<WorkCard title="晚风" artist="林晚" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-fallback]')?.textContent).toBe('晚')
  })

  it('falls back to the generated cover when the image fails', () => {
    const { container } = render(<WorkCard title="雨巷" artist="陈默" coverUrl="/missing.jpg" />)
    const image = container.querySelector('img')
    expect(image).not.toBeNull()
    if (image) fireEvent.error(image)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-fallback]')).not.toBeNull()
  })

  it('titles the card at level 3 under a section, or at the level asked for under a page title', () => {
    const { unmount } = render(<WorkCard title="晚风" artist="林晚" />)
    expect(screen.getByRole('heading', { name: '晚风' }).tagName).toBe('H3')
    unmount()
    render(<WorkCard title="晚风" artist="林晚" headingLevel={2} />)
    expect(screen.getByRole('heading', { name: '晚风' }).tagName).toBe('H2')
  })

  it('plays through onPlay with a labelled button', () => {
    const onPlay = vi.fn()
    render(<WorkCard title="晚风" artist="林晚" onPlay={onPlay} />)
    fireEvent.click(screen.getByRole('button', { name: '播放 晚风' }))
    expect(onPlay).toHaveBeenCalledTimes(1)
  })

  it('offers pause while playing and no button without onPlay', () => {
    const { rerender } = render(<WorkCard title="晚风" artist="林晚" onPlay={vi.fn()} playing />)
    expect(screen.getByRole('button', { name: '暂停 晚风' })).toBeTruthy()
    rerender(<WorkCard title="晚风" artist="林晚" />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
