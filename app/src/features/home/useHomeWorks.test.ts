// @vitest-environment jsdom
import { ApiError } from '@gy/api'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMPTY_CATALOGUE_POLL_MS, useHomeWorks } from './useHomeWorks'

/** A catalogue the test fills in: each load answers what it holds at that moment. */
function catalogue() {
  const state = { works: [] as string[], failure: null as Error | null, loads: 0 }
  const load = async (): Promise<string[]> => {
    state.loads += 1
    if (state.failure) throw state.failure
    return [...state.works]
  }
  return { state, load }
}

async function wait(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useHomeWorks', () => {
  it('asks an empty catalogue again until its first work arrives, then stops', async () => {
    const { state, load } = catalogue()
    const { result } = renderHook(() => useHomeWorks(load, '作品加载失败'))
    expect(result.current.state).toBe('loading')
    await wait(0)
    expect(result.current).toMatchObject({ state: 'ready', data: [] })

    // Between polls the empty list stays (no spinner), and each interval asks once more.
    await wait(EMPTY_CATALOGUE_POLL_MS - 1)
    expect(state.loads).toBe(1)
    expect(result.current).toMatchObject({ state: 'ready', data: [] })
    await wait(1)
    expect(state.loads).toBe(2)

    state.works = ['晚风与灯火']
    await wait(EMPTY_CATALOGUE_POLL_MS)
    expect(result.current).toMatchObject({ state: 'ready', data: ['晚风与灯火'] })
    const loadsWhenListed = state.loads

    state.works = ['晚风与灯火', '霓虹之下']
    await wait(EMPTY_CATALOGUE_POLL_MS * 5)
    expect(state.loads).toBe(loadsWhenListed)
    expect(result.current).toMatchObject({ data: ['晚风与灯火'] })
  })

  it('shows a failed poll with the catalogue message, and a retry starts over', async () => {
    const { state, load } = catalogue()
    const { result } = renderHook(() => useHomeWorks(load, '作品加载失败'))
    await wait(0)
    state.failure = new ApiError('network', 'network', '网络不给力，请稍后重试')
    await wait(EMPTY_CATALOGUE_POLL_MS)
    expect(result.current).toMatchObject({ state: 'failed', message: '网络不给力，请稍后重试' })
    // No polling while failed: the person decides.
    await wait(EMPTY_CATALOGUE_POLL_MS * 3)
    expect(state.loads).toBe(2)

    state.failure = new Error('not an api error')
    act(() => {
      if (result.current.state === 'failed') result.current.retry()
    })
    expect(result.current.state).toBe('loading')
    await wait(0)
    expect(result.current).toMatchObject({ state: 'failed', message: '作品加载失败' })

    state.failure = null
    state.works = ['晚风与灯火']
    act(() => {
      if (result.current.state === 'failed') result.current.retry()
    })
    await wait(0)
    expect(result.current).toMatchObject({ state: 'ready', data: ['晚风与灯火'] })
  })

  it('stops polling when the page goes away', async () => {
    const { state, load } = catalogue()
    const { unmount } = renderHook(() => useHomeWorks(load, '作品加载失败'))
    await wait(0)
    unmount()
    await wait(EMPTY_CATALOGUE_POLL_MS * 3)
    expect(state.loads).toBe(1)
  })

  it('waits while the tab is hidden', async () => {
    const { state, load } = catalogue()
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    renderHook(() => useHomeWorks(load, '作品加载失败'))
    await wait(EMPTY_CATALOGUE_POLL_MS * 3)
    expect(state.loads).toBe(1)
    visibility.mockReturnValue('visible')
    await wait(EMPTY_CATALOGUE_POLL_MS)
    expect(state.loads).toBe(2)
  })
})
