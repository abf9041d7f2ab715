// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { VolumeControl } from './VolumeControl'

beforeAll(() => {
  // Radix measures the thumb with ResizeObserver, which jsdom does not provide.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

afterEach(cleanup)

describe('VolumeControl', () => {
  it('mutes and unmutes through the button', () => {
    const onMutedChange = vi.fn()
    const { rerender } = render(
      <VolumeControl
        value={0.6}
        muted={false}
        onValueChange={vi.fn()}
        onMutedChange={onMutedChange}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: '静音' }))
    expect(onMutedChange).toHaveBeenLastCalledWith(true)

    rerender(
      <VolumeControl value={0.6} muted onValueChange={vi.fn()} onMutedChange={onMutedChange} />,
    )
    fireEvent.click(screen.getByRole('button', { name: '取消静音' }))
    expect(onMutedChange).toHaveBeenLastCalledWith(false)
  })

  it('changes the volume from the keyboard in steps of 5%', () => {
    const onValueChange = vi.fn()
    render(
      <VolumeControl
        value={0.5}
        muted={false}
        onValueChange={onValueChange}
        onMutedChange={vi.fn()}
      />,
    )
    const slider = screen.getByRole('slider', { name: '音量' })
    expect(slider.getAttribute('aria-valuetext')).toBe('50%')
    fireEvent.keyDown(slider, { key: 'ArrowUp' })
    expect(onValueChange).toHaveBeenCalledTimes(1)
    expect(onValueChange.mock.calls[0]?.[0]).toBeCloseTo(0.55)
  })

  it('shows zero while muted', () => {
    render(<VolumeControl value={0.8} muted onValueChange={vi.fn()} onMutedChange={vi.fn()} />)
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('0')
  })
})
