// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SingerPicker, type SingerOption } from './SingerPicker'

afterEach(cleanup)

const singers: SingerOption[] = [
  { singerId: 'a', name: '清澈女声', avatar: '', description: '适合民谣' },
  { singerId: 'b', name: '温暖男声', avatar: '/b.png', description: '适合流行' },
  { singerId: 'c', name: '少年音', avatar: '', description: '' },
]

function StatefulPicker({ onValueChange }: { onValueChange: (id: string) => void }) {
  const [value, setValue] = useState<string | null>('a')
  return (
    <SingerPicker
      singers={singers}
      value={value}
      onValueChange={(next) => {
        setValue(next)
        onValueChange(next)
      }}
    />
  )
}

describe('SingerPicker', () => {
  it('is a radio group of singers named by their names and described by their voices', () => {
    render(<SingerPicker singers={singers} value="b" onValueChange={vi.fn()} />)
    expect(screen.getByRole('radiogroup', { name: '选择歌手' })).toBeTruthy()
    const chosen = screen.getByRole('radio', { name: '温暖男声' })
    expect(chosen.getAttribute('aria-checked')).toBe('true')
    expect(chosen.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByRole('radio', { name: '清澈女声' }).getAttribute('aria-checked')).toBe(
      'false',
    )
  })

  it('chooses a singer on a click', () => {
    const onValueChange = vi.fn()
    render(<SingerPicker singers={singers} value={null} onValueChange={onValueChange} />)
    fireEvent.click(screen.getByRole('radio', { name: '少年音' }))
    expect(onValueChange).toHaveBeenCalledWith('c')
  })

  it('moves the choice with the arrow keys', async () => {
    const onValueChange = vi.fn()
    render(<StatefulPicker onValueChange={onValueChange} />)
    const first = screen.getByRole('radio', { name: '清澈女声' })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('b'))
    const second = screen.getByRole('radio', { name: '温暖男声' })
    expect(document.activeElement).toBe(second)
    expect(second.getAttribute('aria-checked')).toBe('true')
    fireEvent.keyUp(second, { key: 'ArrowRight' })
    fireEvent.keyDown(second, { key: 'ArrowLeft' })
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('a'))
  })

  it('previews a voice with a toggle that says 停止 while it plays', () => {
    const onPreview = vi.fn()
    const onValueChange = vi.fn()
    render(
      <SingerPicker
        singers={singers}
        value="a"
        onValueChange={onValueChange}
        previewingId="b"
        onPreview={onPreview}
      />,
    )
    const preview = screen.getByRole('button', { name: '试听 清澈女声' })
    expect(preview.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(preview)
    expect(onPreview).toHaveBeenCalledWith('a')
    const stop = screen.getByRole('button', { name: '停止 温暖男声' })
    expect(stop.getAttribute('aria-pressed')).toBe('true')
    expect(stop.textContent).toBe('停止')
    fireEvent.click(stop)
    expect(onPreview).toHaveBeenLastCalledWith('b')
    // Previewing is not choosing.
    expect(onValueChange).not.toHaveBeenCalled()
  })
})
