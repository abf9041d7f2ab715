// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PlayerBarHandle } from './PlayerBarHandle'

afterEach(cleanup)

describe('PlayerBarHandle', () => {
  it('is a labelled button, named with the track, that brings the bar back', () => {
    const onShow = vi.fn()
    render(<PlayerBarHandle visible playing title="晚风" label="展开播放器" onShow={onShow} />)
    const handle = screen.getByRole('button', { name: '展开播放器：晚风' })
    handle.focus()
    expect(document.activeElement).toBe(handle)
    fireEvent.click(handle)
    expect(onShow).toHaveBeenCalledTimes(1)
    expect(handle.dataset.playing).toBe('')
  })

  it('is out of reach while the bar itself is shown', () => {
    render(
      <PlayerBarHandle
        visible={false}
        playing={false}
        title=""
        label="展开播放器"
        onShow={() => {}}
      />,
    )
    // inert takes it out of the tab order and the accessibility tree (jsdom does not apply it).
    const hidden = document.querySelector('button[data-state="closed"]')
    expect(hidden?.hasAttribute('inert')).toBe(true)
  })
})
