// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { TrackList, type TrackListItem } from './TrackList'

afterEach(cleanup)

const link = (item: { href: string }, children: ReactNode) => <a href={item.href}>{children}</a>

const track: TrackListItem = {
  id: '1',
  title: '青石巷',
  artist: 'GY音乐 AI',
  duration: 186,
  playCount: 12_840,
  href: '/copyrightedMusic/details?goodsId=1',
}

describe('TrackList', () => {
  it('names the cover link after the work, with or without a picture', () => {
    render(
      <TrackList
        tracks={[track, { ...track, id: '2', coverUrl: '/cover.jpg' }]}
        onPlay={() => {}}
        renderLink={link}
      />,
    )
    const links = screen.getAllByRole('link', { name: '青石巷' })
    // Per row: the cover and the title, both to the work's page.
    expect(links).toHaveLength(4)
    // The drawn first letter when there is no picture, the picture itself when there is.
    const covers = screen.getAllByRole('img', { name: '青石巷' })
    expect(covers.map((cover) => cover.tagName)).toEqual(['SPAN', 'IMG'])
  })

  it('keeps an unlinked cover out of the accessibility tree', () => {
    render(<TrackList tracks={[track]} onPlay={() => {}} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('img')).toBeNull()
  })
})
