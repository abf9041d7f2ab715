// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lyricLinesFromLrc } from './lyricLines'
import { SharedWorkView, type SharedWorkViewProps } from './SharedWorkView'

afterEach(cleanup)

const lrc = [
  '[ti:晚风]',
  '[ar:林晚]',
  '[00:00.00][verse]',
  '[00:12.30]晚风吹过旧街口',
  '[00:15.80]路灯一盏一盏亮',
  '',
  '[00:20.00][chorus]',
  '[00:21.10][00:45.10]我们唱着歌',
].join('\n')

function renderView(props: Partial<SharedWorkViewProps> = {}) {
  return render(
    <SharedWorkView
      name="晚风"
      author="林晚"
      cover=""
      duration={185}
      lyric={lrc}
      upvotes={12}
      upvoted={false}
      playing={false}
      onPlay={vi.fn()}
      onUpvote={vi.fn()}
      kindLabel="AI 作曲"
      {...props}
    />,
  )
}

describe('SharedWorkView', () => {
  it('shows the work with its visible AI label, sharer and length', () => {
    renderView()
    expect(screen.getByRole('heading', { level: 1, name: '晚风' })).toBeTruthy()
    expect(screen.getByTitle('该内容由人工智能生成').textContent).toBe('AI生成')
    expect(screen.getByText('林晚')).toBeTruthy()
    expect(screen.getByText('分享者', { exact: false })).toBeTruthy()
    expect(screen.getByText('3:05')).toBeTruthy()
    expect(screen.getByText('AI 作曲')).toBeTruthy()
  })

  it('plays, and offers pause while playing', () => {
    const onPlay = vi.fn()
    const { rerender } = renderView({ onPlay })
    fireEvent.click(screen.getByRole('button', { name: '播放' }))
    expect(onPlay).toHaveBeenCalledTimes(1)
    rerender(
      <SharedWorkView
        name="晚风"
        author="林晚"
        cover=""
        duration={185}
        lyric=""
        upvotes={12}
        upvoted={false}
        playing
        onPlay={onPlay}
        onUpvote={vi.fn()}
        kindLabel="AI 作曲"
      />,
    )
    expect(screen.getByRole('button', { name: '暂停' })).toBeTruthy()
  })

  it('upvotes with a toggle that shows the count and whether the visitor upvoted', () => {
    const onUpvote = vi.fn()
    renderView({ onUpvote, upvoted: true, upvotes: 13 })
    const upvote = screen.getByRole('button', { name: '点赞 13' })
    expect(upvote.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(upvote)
    expect(onUpvote).toHaveBeenCalledTimes(1)
  })

  it('ignores upvote presses while one is on its way', () => {
    const onUpvote = vi.fn()
    renderView({ onUpvote, upvoting: true })
    fireEvent.click(screen.getByRole('button', { name: '点赞 12' }))
    expect(onUpvote).not.toHaveBeenCalled()
  })

  it('shows the lyric lines without their timestamps', () => {
    renderView()
    const lyric = screen.getByRole('region', { name: '歌词' })
    expect(
      within(lyric)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['晚风吹过旧街口', '路灯一盏一盏亮', '我们唱着歌'])
    expect(lyric.textContent).not.toMatch(/\d\d:\d\d/)
  })

  it('says so when there are no lyrics', () => {
    renderView({ lyric: '' })
    expect(screen.getByText('暂无歌词')).toBeTruthy()
  })
})

describe('lyricLinesFromLrc', () => {
  it('drops timestamps, metadata and section tags, keeping one break between stanzas', () => {
    expect(lyricLinesFromLrc(lrc)).toEqual(['晚风吹过旧街口', '路灯一盏一盏亮', '', '我们唱着歌'])
  })

  it('reads plain lyrics and enhanced LRC alike', () => {
    expect(lyricLinesFromLrc('第一行\r\n\r\n\r\n第二行\n')).toEqual(['第一行', '', '第二行'])
    expect(lyricLinesFromLrc('[00:01.00]<00:01.00>晚<00:01.50>风')).toEqual(['晚风'])
    expect(lyricLinesFromLrc('')).toEqual([])
  })
})
