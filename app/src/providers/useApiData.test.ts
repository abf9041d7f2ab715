// @vitest-environment jsdom
import { ApiError } from '@gy/api'
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useApiData } from './useApiData'

/** A load the test answers by hand, one pending answer per call. */
function controlledLoad() {
  const answers: { resolve: (value: string) => void; reject: (error: unknown) => void }[] = []
  const load = vi.fn(
    () => new Promise<string>((resolve, reject) => answers.push({ resolve, reject })),
  )
  return { load, answers }
}

async function flush(): Promise<void> {
  await act(async () => {
    await vi.runAllTimersAsync()
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useApiData', () => {
  it('starts its request after the render, in a task of its own, and shows the answer', async () => {
    const { load, answers } = controlledLoad()
    const { result } = renderHook(() => useApiData('works', load, '加载失败'))
    expect(result.current.state).toBe('loading')
    expect(load).not.toHaveBeenCalled()
    await flush()
    expect(load).toHaveBeenCalledTimes(1)
    await act(async () => answers[0]?.resolve('第一页'))
    expect(result.current).toMatchObject({ state: 'ready', data: '第一页' })
  })

  it('sends nothing for a page left before its request started', async () => {
    const { load } = controlledLoad()
    const { unmount } = renderHook(() => useApiData('works', load, '加载失败'))
    unmount()
    await flush()
    expect(load).not.toHaveBeenCalled()
  })

  it('ignores the answer to an older key, and shows the API message of a failure', async () => {
    const { load, answers } = controlledLoad()
    const { result, rerender } = renderHook(({ key }) => useApiData(key, load, '加载失败'), {
      initialProps: { key: 'works:page=1' },
    })
    await flush()
    rerender({ key: 'works:page=2' })
    await flush()
    expect(load).toHaveBeenCalledTimes(2)
    await act(async () => answers[1]?.reject(new ApiError('business', '500', '服务开小差了')))
    await act(async () => answers[0]?.resolve('第一页'))
    expect(result.current).toMatchObject({ state: 'failed', message: '服务开小差了' })
  })

  it('loads again on retry', async () => {
    const { load, answers } = controlledLoad()
    const { result } = renderHook(() => useApiData('works', load, '加载失败'))
    await flush()
    await act(async () => answers[0]?.reject(new Error('network')))
    expect(result.current).toMatchObject({ state: 'failed', message: '加载失败' })
    if (result.current.state !== 'failed') throw new Error('expected a failure')
    const { retry } = result.current
    act(() => retry())
    expect(result.current.state).toBe('loading')
    await flush()
    await act(async () => answers[1]?.resolve('重新加载'))
    expect(result.current).toMatchObject({ state: 'ready', data: '重新加载' })
  })
})
