// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ProgressSlider } from './ProgressSlider'

const TRACK_LEFT = 0
const TRACK_WIDTH = 200

beforeAll(() => {
  // Radix measures the thumb with ResizeObserver and the slider with getBoundingClientRect, and
  // captures the pointer; jsdom has none of these (nor PointerEvent, so fireEvent would drop
  // clientX), so a 200px-wide slider under a mouse is simulated.
  globalThis.PointerEvent ??= class extends MouseEvent {
    readonly pointerId: number
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerId = init.pointerId ?? 0
    }
  } as typeof PointerEvent
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  const captured = new Set<number>()
  HTMLElement.prototype.setPointerCapture = (id: number) => void captured.add(id)
  HTMLElement.prototype.releasePointerCapture = (id: number) => void captured.delete(id)
  HTMLElement.prototype.hasPointerCapture = (id: number) => captured.has(id)
  HTMLElement.prototype.getBoundingClientRect = () =>
    DOMRect.fromRect({ x: TRACK_LEFT, y: 0, width: TRACK_WIDTH, height: 16 })
})

afterEach(cleanup)

function sliderRoot(): HTMLElement {
  const root = screen.getByRole('slider').closest('[data-orientation="horizontal"]:not([role])')
  if (!(root instanceof HTMLElement)) throw new Error('slider root not found')
  return root
}

/** A pointer at `x` pixels from the track's left edge; pointer 1, as a mouse. */
function at(x: number) {
  return { clientX: TRACK_LEFT + x, pointerId: 1, button: 0 }
}

describe('ProgressSlider', () => {
  it('names the thumb and reports value, range and value text', () => {
    render(
      <ProgressSlider
        value={83}
        max={225}
        label="播放进度"
        getValueText={(value) => `${value} 秒`}
        onValueCommit={vi.fn()}
      />,
    )
    const thumb = screen.getByRole('slider', { name: '播放进度' })
    expect(thumb.getAttribute('aria-valuenow')).toBe('83')
    expect(thumb.getAttribute('aria-valuemax')).toBe('225')
    expect(thumb.getAttribute('aria-valuetext')).toBe('83 秒')
  })

  it('commits every keyboard step without a preview', () => {
    const onValueChange = vi.fn()
    const onValueCommit = vi.fn()
    render(
      <ProgressSlider
        value={100}
        max={200}
        step={1}
        onValueChange={onValueChange}
        onValueCommit={onValueCommit}
      />,
    )
    const thumb = screen.getByRole('slider')
    fireEvent.keyDown(thumb, { key: 'ArrowRight' })
    fireEvent.keyDown(thumb, { key: 'PageDown' })
    fireEvent.keyDown(thumb, { key: 'End' })
    expect(onValueCommit.mock.calls).toEqual([[101], [90], [200]])
    expect(onValueChange).not.toHaveBeenCalled()
  })

  it('previews while dragging and commits once, on release, where the pointer let go', () => {
    const onValueChange = vi.fn()
    const onValueCommit = vi.fn()
    const { rerender } = render(
      <ProgressSlider
        value={10}
        max={200}
        onValueChange={onValueChange}
        onValueCommit={onValueCommit}
      />,
    )
    const root = sliderRoot()
    fireEvent.pointerDown(root, at(50))
    fireEvent.pointerMove(root, at(120))
    expect(onValueChange.mock.calls).toEqual([[50], [120]])
    expect(onValueCommit).not.toHaveBeenCalled()

    // Playback moves on underneath; the thumb stays under the pointer.
    rerender(
      <ProgressSlider
        value={11}
        max={200}
        onValueChange={onValueChange}
        onValueCommit={onValueCommit}
      />,
    )
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('120')

    fireEvent.pointerUp(root, at(120))
    expect(onValueCommit.mock.calls).toEqual([[120]])
    // After the release the slider follows `value` again.
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('11')
  })

  it('commits a drag that returns to where it started', () => {
    const onValueCommit = vi.fn()
    render(<ProgressSlider value={40} max={200} onValueCommit={onValueCommit} />)
    const root = sliderRoot()
    fireEvent.pointerDown(root, at(90))
    fireEvent.pointerMove(root, at(40))
    fireEvent.pointerUp(root, at(40))
    expect(onValueCommit.mock.calls).toEqual([[40]])
  })

  it('is disabled, and sends nothing, while the range is unknown', () => {
    const onValueCommit = vi.fn()
    render(<ProgressSlider value={0} max={0} onValueCommit={onValueCommit} />)
    const thumb = screen.getByRole('slider')
    expect(thumb.hasAttribute('data-disabled')).toBe(true)
    fireEvent.keyDown(thumb, { key: 'ArrowRight' })
    fireEvent.pointerDown(sliderRoot(), at(100))
    fireEvent.pointerUp(sliderRoot(), at(100))
    expect(onValueCommit).not.toHaveBeenCalled()
  })

  it('clamps a value past the end', () => {
    render(<ProgressSlider value={230} max={225} onValueCommit={vi.fn()} />)
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('225')
  })
})
