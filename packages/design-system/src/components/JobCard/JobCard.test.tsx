// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDuration } from './formatDuration'
import { JobCard, type JobCardProps, type JobCardResult } from './JobCard'

afterEach(cleanup)

const results: JobCardResult[] = [
  { id: 'r1', name: '晚风', cover: '', duration: 185, downloadUrl: '/d/r1.mp3', shareId: null },
  {
    id: 'r2',
    name: '晚风（二）',
    cover: '/c/r2.jpg',
    duration: 62,
    downloadUrl: '/d/r2.mp3',
    shareId: 'sh2',
  },
]

function card(props: Partial<JobCardProps> = {}) {
  return (
    <JobCard
      title="夏夜晚风"
      kindLabel="AI 作曲"
      createdAt="2025-07-12T12:30:00Z"
      state="succeeded"
      progress={1}
      queuePosition={null}
      error={null}
      pointsCharged={20}
      results={results}
      {...props}
    />
  )
}

function renderCard(props: Partial<JobCardProps> = {}) {
  return render(card(props))
}

describe('JobCard', () => {
  it('shows what was asked, when, and what it cost', () => {
    renderCard({ inputSummary: '流行 · 温暖' })
    expect(screen.getByRole('heading', { name: '夏夜晚风' })).toBeTruthy()
    expect(screen.getByText('AI 作曲')).toBeTruthy()
    expect(screen.getByText('消耗 20 积分')).toBeTruthy()
    expect(screen.getByText('流行 · 温暖')).toBeTruthy()
    // 12:30 UTC is 20:30 in Beijing.
    expect(screen.getByText('2025-07-12 20:30').getAttribute('datetime')).toBe(
      '2025-07-12T12:30:00Z',
    )
  })

  it('shows the job’s progress until it succeeds', () => {
    renderCard({ state: 'running', progress: 0.42, results: [] })
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('lets the first song be played while the job still runs', () => {
    const onPlay = vi.fn()
    renderCard({ state: 'running', progress: 0.6, results: results.slice(0, 1), onPlay })
    expect(screen.getByRole('progressbar')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /晚风/ }))
    expect(onPlay).toHaveBeenCalledWith('r1')
  })

  it('offers a retry on a failed job', () => {
    const onRetry = vi.fn()
    renderCard({ state: 'failed', error: '引擎繁忙', results: [], onRetry })
    expect(screen.getByRole('alert').textContent).toBe('引擎繁忙')
    fireEvent.click(screen.getByRole('button', { name: '重试（不重复扣积分）' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('lists each result with its AI label, duration, download link and a placeholder cover', () => {
    const { container } = renderCard()
    const items = within(screen.getByRole('list', { name: '创作结果' })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    const [first] = items
    if (!first) throw new Error('no result')
    expect(within(first).getByText('AI生成')).toBeTruthy()
    expect(within(first).getByText('3:05')).toBeTruthy()
    const download = within(first).getByRole('link', { name: '下载 晚风' })
    expect(download.getAttribute('href')).toBe('/d/r1.mp3')
    expect(download.hasAttribute('download')).toBe(true)
    expect(container.querySelectorAll('[data-fallback]')).toHaveLength(1)
  })

  it('plays a result and offers pause on the one playing', () => {
    const onPlay = vi.fn()
    renderCard({ onPlay, playingResultId: 'r2' })
    fireEvent.click(screen.getByRole('button', { name: '播放 晚风' }))
    expect(onPlay).toHaveBeenLastCalledWith('r1')
    fireEvent.click(screen.getByRole('button', { name: '暂停 晚风（二）' }))
    expect(onPlay).toHaveBeenLastCalledWith('r2')
  })

  it('shares a result, and shares a shared one again to copy its link', () => {
    const onShare = vi.fn()
    renderCard({ onShare })
    fireEvent.click(screen.getByRole('button', { name: '分享 晚风' }))
    expect(onShare).toHaveBeenLastCalledWith('r1')
    fireEvent.click(screen.getByRole('button', { name: '已分享 晚风（二）' }))
    expect(onShare).toHaveBeenLastCalledWith('r2')
  })

  it('ignores share presses while the link is being made', () => {
    const onShare = vi.fn()
    renderCard({ onShare, sharingResultId: 'r1' })
    fireEvent.click(screen.getByRole('button', { name: '分享 晚风' }))
    expect(onShare).not.toHaveBeenCalled()
  })

  it('deposits a keepable result, shows its refusal under it, and offers nothing for the others', () => {
    const onKeep = vi.fn()
    const keepable = [
      { ...results[0], keepable: true, error: '作品还在生成，完成后才能存证' },
      results[1],
    ] as JobCardResult[]
    const { rerender } = renderCard({ results: keepable, onKeep })
    fireEvent.click(screen.getByRole('button', { name: '存证 晚风' }))
    expect(onKeep).toHaveBeenCalledWith('r1')
    expect(screen.queryByRole('button', { name: '存证 晚风（二）' })).toBeNull()
    const [first] = within(screen.getByRole('list', { name: '创作结果' })).getAllByRole('listitem')
    expect(within(first as HTMLElement).getByRole('alert').textContent).toBe(
      '作品还在生成，完成后才能存证',
    )
    // While its deposit is being prepared a press does nothing.
    rerender(card({ results: keepable, onKeep, keepingResultId: 'r1' }))
    fireEvent.click(screen.getByRole('button', { name: '存证 晚风' }))
    expect(onKeep).toHaveBeenCalledTimes(1)
  })

  it('deletes from its menu, and has no menu without onDelete', () => {
    const onDelete = vi.fn()
    const { rerender } = renderCard({ onDelete })
    fireEvent.keyDown(screen.getByRole('button', { name: '更多操作 夏夜晚风' }), { key: 'Enter' })
    fireEvent.click(screen.getByRole('menuitem', { name: '删除' }))
    expect(onDelete).toHaveBeenCalledTimes(1)
    rerender(card({ state: 'queued', progress: 0, queuePosition: 2, results: [] }))
    expect(screen.queryByRole('button', { name: /更多操作/ })).toBeNull()
  })
})

describe('formatDuration', () => {
  it('reads m:ss and treats unknown lengths as zero', () => {
    expect(formatDuration(185)).toBe('3:05')
    expect(formatDuration(59.9)).toBe('0:59')
    expect(formatDuration(3725)).toBe('62:05')
    expect(formatDuration(Number.NaN)).toBe('0:00')
    expect(formatDuration(-3)).toBe('0:00')
  })
})
