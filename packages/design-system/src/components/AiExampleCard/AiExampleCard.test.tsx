// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AiExampleCard, type AiExampleCardProps } from './AiExampleCard'

afterEach(cleanup)

function card(props: Partial<AiExampleCardProps> = {}) {
  return (
    <AiExampleCard
      title="晚霞与归途"
      kindLabel="AI写歌"
      author="GY音乐 AI"
      cover=""
      duration={187}
      upvotes={12}
      onPlay={() => undefined}
      href="/aiShare?shareId=s1"
      {...props}
    />
  )
}

describe('AiExampleCard', () => {
  it('shows the work with its AI label, tool, author, upvotes and length', () => {
    const { container } = render(card())
    expect(screen.getByRole('heading', { name: '晚霞与归途' })).toBeTruthy()
    expect(screen.getByText('AI生成')).toBeTruthy()
    expect(screen.getByText('AI写歌')).toBeTruthy()
    expect(screen.getByText('来自 GY音乐 AI')).toBeTruthy()
    expect(screen.getByLabelText('12 人点赞')).toBeTruthy()
    expect(screen.getByText('3:07').getAttribute('datetime')).toBe('PT3M7S')
    // No cover: a placeholder, never a broken image.
    expect(container.querySelectorAll('[data-fallback]')).toHaveLength(1)
  })

  it('plays, and offers pause while it plays', () => {
    const onPlay = vi.fn()
    const { rerender } = render(card({ onPlay }))
    fireEvent.click(screen.getByRole('button', { name: '播放 晚霞与归途' }))
    expect(onPlay).toHaveBeenCalledTimes(1)
    rerender(card({ onPlay, playing: true, author: '' }))
    const pause = screen.getByRole('button', { name: '暂停 晚霞与归途' })
    expect(pause.getAttribute('aria-pressed')).toBe('true')
    expect(screen.queryByText(/^来自/)).toBeNull()
  })

  it('links its title to the share page, through the app’s link when it gives one', () => {
    render(card())
    expect(screen.getByRole('link', { name: '晚霞与归途' }).getAttribute('href')).toBe(
      '/aiShare?shareId=s1',
    )
    cleanup()
    render(
      card({
        renderLink: (item, children) => (
          <a href={`/app${item.href}`} data-router="">
            {children}
          </a>
        ),
      }),
    )
    const link = screen.getByRole('link', { name: '晚霞与归途' })
    expect(link.getAttribute('href')).toBe('/app/aiShare?shareId=s1')
    expect(link.hasAttribute('data-router')).toBe(true)
  })
})
