// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatPlaybackTime, TimeText } from './TimeText'

afterEach(cleanup)

describe('formatPlaybackTime', () => {
  it('pads minutes and seconds to two digits', () => {
    expect(formatPlaybackTime(0)).toBe('00:00')
    expect(formatPlaybackTime(7)).toBe('00:07')
    expect(formatPlaybackTime(65)).toBe('01:05')
    expect(formatPlaybackTime(225.9)).toBe('03:45')
  })

  it('keeps counting minutes past the hour instead of wrapping', () => {
    expect(formatPlaybackTime(75 * 60 + 3)).toBe('75:03')
  })

  it('shows 00:00 for unknown times', () => {
    for (const unknown of [Number.NaN, undefined, null, -1, Number.POSITIVE_INFINITY]) {
      expect(formatPlaybackTime(unknown)).toBe('00:00')
    }
  })
})

describe('TimeText', () => {
  it('renders mm:ss with a machine-readable duration', () => {
    const { container } = render(<TimeText seconds={225} />)
    const time = container.querySelector('time')
    expect(time?.textContent).toBe('03:45')
    expect(time?.getAttribute('datetime')).toBe('PT3M45S')
  })

  it('renders 00:00 without a datetime when the time is unknown', () => {
    const { container } = render(<TimeText seconds={Number.NaN} />)
    const time = container.querySelector('time')
    expect(time?.textContent).toBe('00:00')
    expect(time?.hasAttribute('datetime')).toBe(false)
  })
})
