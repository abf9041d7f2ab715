// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkErrorBoundary, isChunkLoadError } from './ChunkErrorBoundary'

afterEach(cleanup)

// What Chromium rejects a dynamic import with when the chunk answers 404 or the network is gone.
const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Page-1a2b.js')

function failingLazyPage() {
  return lazy(() => Promise.reject(chunkError()))
}

describe('ChunkErrorBoundary', () => {
  it('shows a Chinese message and 重新加载 when a lazy page fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const onReload = vi.fn()
    const Page = failingLazyPage()
    render(
      <ChunkErrorBoundary onReload={onReload}>
        <Suspense fallback={<p>加载中</p>}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>,
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('页面加载失败')
    expect(alert.textContent).toContain('网站刚刚更新')
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }))
    expect(onReload).toHaveBeenCalledTimes(1)
  })

  it('names any other page failure without blaming the network', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    function Broken(): never {
      throw new Error('boom')
    }
    render(
      <ChunkErrorBoundary>
        <Broken />
      </ChunkErrorBoundary>,
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('页面出了点问题')
  })

  it('tries again when the path changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Page = failingLazyPage()
    const { rerender } = render(
      <ChunkErrorBoundary resetKey="/buyPoints">
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>,
    )
    await screen.findByRole('alert')
    rerender(
      <ChunkErrorBoundary resetKey="/home">
        <p>首页</p>
      </ChunkErrorBoundary>,
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('首页')).toBeTruthy()
  })

  it('recognises the chunk failures of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(chunkError())).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError('not an error')).toBe(false)
  })
})
