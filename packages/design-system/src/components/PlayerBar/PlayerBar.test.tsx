// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PlayerBar, type PlayerBarProps } from './PlayerBar'

const SLIDER_WIDTH = 225

beforeAll(() => {
  // Radix measures slider thumbs with ResizeObserver, measures sliders with getBoundingClientRect
  // and captures the pointer; jsdom has none of these, nor PointerEvent. Every slider here is
  // 225px wide, so a pixel is a second of the 225-second track.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.PointerEvent ??= class extends MouseEvent {
    readonly pointerId: number
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerId = init.pointerId ?? 0
    }
  } as typeof PointerEvent
  const captured = new Set<number>()
  HTMLElement.prototype.setPointerCapture = (id: number) => void captured.add(id)
  HTMLElement.prototype.releasePointerCapture = (id: number) => void captured.delete(id)
  HTMLElement.prototype.hasPointerCapture = (id: number) => captured.has(id)
  HTMLElement.prototype.getBoundingClientRect = () =>
    DOMRect.fromRect({ x: 0, y: 0, width: SLIDER_WIDTH, height: 16 })
})

afterEach(cleanup)

function renderBar(overrides: Partial<PlayerBarProps> = {}) {
  const props: PlayerBarProps = {
    state: 'playing',
    visible: true,
    title: '晚风',
    artist: '林晚',
    currentTime: 83,
    duration: 225,
    volume: 0.8,
    muted: false,
    onToggle: vi.fn(),
    onSeek: vi.fn(),
    onVolumeChange: vi.fn(),
    onMutedChange: vi.fn(),
    onLyricClick: vi.fn(),
    onHide: vi.fn(),
    ...overrides,
  }
  const view = render(<PlayerBar {...props} />)
  return { ...view, props, bar: screen.getByRole('region', { name: '播放器' }) }
}

describe('PlayerBar', () => {
  it('shows the track, the elapsed and the total time', () => {
    const { bar } = renderBar()
    expect(within(bar).getByText('晚风')).toBeTruthy()
    expect(within(bar).getByText('林晚')).toBeTruthy()
    expect(within(bar).getByText('01:23')).toBeTruthy()
    expect(within(bar).getByText('03:45')).toBeTruthy()
    expect(bar.getAttribute('data-state')).toBe('open')
  })

  it('toggles with a button that says what a press will do', () => {
    const { props, rerender } = renderBar({ state: 'playing' })
    fireEvent.click(screen.getByRole('button', { name: '暂停' }))
    expect(props.onToggle).toHaveBeenCalledTimes(1)

    rerender(<PlayerBar {...props} state="paused" />)
    fireEvent.click(screen.getByRole('button', { name: '播放' }))
    expect(props.onToggle).toHaveBeenCalledTimes(2)
  })

  it('shows a busy pause button while loading', () => {
    renderBar({ state: 'loading', duration: 0, currentTime: 0 })
    const button = screen.getByRole('button', { name: '暂停' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('slider', { name: '播放进度' }).hasAttribute('data-disabled')).toBe(
      true,
    )
  })

  it('seeks from the progress slider', () => {
    const { props } = renderBar()
    const progress = screen.getByRole('slider', { name: '播放进度' })
    expect(progress.getAttribute('aria-valuetext')).toBe('01:23 / 03:45')
    fireEvent.keyDown(progress, { key: 'ArrowRight' })
    expect(props.onSeek).toHaveBeenCalledWith(84)
    fireEvent.keyDown(progress, { key: 'Home' })
    expect(props.onSeek).toHaveBeenLastCalledWith(0)
  })

  it('shows the dragged time while scrubbing and seeks once on release', () => {
    const { props, bar } = renderBar()
    const track = screen.getByRole('slider', { name: '播放进度' }).closest('[dir]')
    if (!(track instanceof HTMLElement)) throw new Error('progress slider not found')
    fireEvent.pointerDown(track, { clientX: 150, pointerId: 1 })
    fireEvent.pointerMove(track, { clientX: 200, pointerId: 1 })
    expect(within(bar).getByText('03:20')).toBeTruthy()
    expect(within(bar).queryByText('01:23')).toBeNull()
    expect(props.onSeek).not.toHaveBeenCalled()

    fireEvent.pointerUp(track, { clientX: 200, pointerId: 1 })
    expect(props.onSeek).toHaveBeenCalledTimes(1)
    expect(props.onSeek).toHaveBeenCalledWith(200)
    // Back to the playing time, which the machine moves to the seek target.
    expect(within(bar).getByText('01:23')).toBeTruthy()
  })

  it('changes and mutes the volume', () => {
    const { props } = renderBar()
    fireEvent.keyDown(screen.getByRole('slider', { name: '音量' }), { key: 'ArrowLeft' })
    expect(props.onVolumeChange).toHaveBeenCalledTimes(1)
    expect(vi.mocked(props.onVolumeChange).mock.calls[0]?.[0]).toBeCloseTo(0.75)
    fireEvent.click(screen.getByRole('button', { name: '静音' }))
    expect(props.onMutedChange).toHaveBeenCalledWith(true)
  })

  it('opens the lyric and hides the bar', () => {
    const { props } = renderBar()
    fireEvent.click(screen.getByRole('button', { name: '歌词' }))
    expect(props.onLyricClick).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: '收起播放器' }))
    expect(props.onHide).toHaveBeenCalledTimes(1)
  })

  it('shows the error message as an alert and stays usable', () => {
    const { props } = renderBar({ state: 'error', errorMessage: '音频加载失败，请稍后重试' })
    expect(screen.getByRole('alert').textContent).toBe('音频加载失败，请稍后重试')
    // The artist gives way to the message; play retries.
    expect(screen.queryByText('林晚')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '播放' }))
    expect(props.onToggle).toHaveBeenCalledTimes(1)
  })

  it('has nothing to play or seek when empty', () => {
    renderBar({ state: 'empty', title: '', artist: undefined, currentTime: 0, duration: 0 })
    expect(screen.getByText('暂无播放')).toBeTruthy()
    expect(screen.getByRole('button', { name: '播放' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: '歌词' }).hasAttribute('disabled')).toBe(true)
  })

  it('names an untitled track and draws a cover when there is none', () => {
    const { container } = renderBar({ title: '  ', coverUrl: undefined })
    expect(screen.getByText('未命名作品')).toBeTruthy()
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-fallback]')?.textContent).toBe('未')
  })

  it('falls back to the drawn cover when the image fails', () => {
    const { container } = renderBar({ coverUrl: '/missing.jpg' })
    const image = container.querySelector('img')
    expect(image).not.toBeNull()
    if (image) fireEvent.error(image)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[data-fallback]')?.textContent).toBe('晚')
  })

  it('slides out inert when not visible', () => {
    const { bar } = renderBar({ visible: false })
    expect(bar.getAttribute('data-state')).toBe('closed')
    expect(bar.hasAttribute('inert')).toBe(true)
  })

  it('leaves the hide button out without onHide', () => {
    renderBar({ onHide: undefined })
    expect(screen.queryByRole('button', { name: '收起播放器' })).toBeNull()
  })
})
