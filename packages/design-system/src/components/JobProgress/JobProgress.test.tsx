// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jobPercent, JobProgress } from './JobProgress'

afterEach(cleanup)

describe('JobProgress', () => {
  it('says how many tasks are ahead while queued', () => {
    render(<JobProgress state="queued" progress={0} queuePosition={4} error={null} />)
    expect(screen.getByRole('status').textContent).toBe('排队中')
    expect(screen.getByText('前面还有 3 个任务')).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('says the job is about to start when it is next in the queue', () => {
    render(<JobProgress state="queued" progress={0} queuePosition={1} error={null} />)
    expect(screen.getByText('即将开始')).toBeTruthy()
    expect(screen.queryByText(/前面还有/)).toBeNull()
  })

  it('shows the percent in words and on the progress bar while running', () => {
    render(<JobProgress state="running" progress={0.423} queuePosition={null} error={null} />)
    expect(screen.getByText('正在创作 42%')).toBeTruthy()
    const bar = screen.getByRole('progressbar', { name: '创作进度' })
    expect(bar.getAttribute('aria-valuenow')).toBe('42')
    expect(bar.getAttribute('aria-valuemax')).toBe('100')
  })

  it('says 已完成 when the job succeeded', () => {
    render(<JobProgress state="succeeded" progress={1} queuePosition={null} error={null} />)
    expect(screen.getByRole('status').textContent).toBe('已完成')
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('alerts the reason of a failure and retries without charging again', () => {
    const onRetry = vi.fn()
    render(
      <JobProgress
        state="failed"
        progress={0.5}
        queuePosition={null}
        error="引擎繁忙，请稍后重试"
        onRetry={onRetry}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe('引擎繁忙，请稍后重试')
    fireEvent.click(screen.getByRole('button', { name: '重试（不重复扣积分）' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('offers no retry without onRetry and ignores presses while retrying', () => {
    const onRetry = vi.fn()
    const { rerender } = render(
      <JobProgress state="failed" progress={0} queuePosition={null} error={null} />,
    )
    expect(screen.getByRole('alert').textContent).toBe('创作失败')
    expect(screen.queryByRole('button')).toBeNull()
    rerender(
      <JobProgress
        state="failed"
        progress={0}
        queuePosition={null}
        error={null}
        onRetry={onRetry}
        retrying
      />,
    )
    fireEvent.click(screen.getByRole('button'))
    expect(onRetry).not.toHaveBeenCalled()
  })
})

describe('jobPercent', () => {
  it('clamps and rounds whatever arrives', () => {
    expect(jobPercent(0.426)).toBe(43)
    expect(jobPercent(-1)).toBe(0)
    expect(jobPercent(3)).toBe(100)
    expect(jobPercent(Number.NaN)).toBe(0)
  })
})
