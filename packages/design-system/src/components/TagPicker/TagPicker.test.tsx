// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TagPicker } from './TagPicker'

afterEach(cleanup)

const options = [
  { value: 'warm', label: '温暖' },
  { value: 'healing', label: '治愈' },
  { value: 'sad', label: '伤感' },
]

describe('TagPicker', () => {
  it('is a labelled group of toggle buttons showing what is picked', () => {
    render(<TagPicker label="情绪" options={options} value={['sad']} onValueChange={vi.fn()} />)
    expect(screen.getByRole('group', { name: '情绪' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '伤感' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: '温暖' }).getAttribute('aria-pressed')).toBe('false')
  })

  it('replaces the pick by default, and releases it when pressed again', () => {
    const onValueChange = vi.fn()
    render(
      <TagPicker label="情绪" options={options} value={['warm']} onValueChange={onValueChange} />,
    )
    fireEvent.click(screen.getByRole('button', { name: '治愈' }))
    expect(onValueChange).toHaveBeenLastCalledWith(['healing'])
    fireEvent.click(screen.getByRole('button', { name: '温暖' }))
    expect(onValueChange).toHaveBeenLastCalledWith([])
  })

  it('toggles each tag in multiple mode', () => {
    const onValueChange = vi.fn()
    render(
      <TagPicker
        label="情绪"
        options={options}
        value={['warm']}
        onValueChange={onValueChange}
        multiple
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: '伤感' }))
    expect(onValueChange).toHaveBeenLastCalledWith(['warm', 'sad'])
    fireEvent.click(screen.getByRole('button', { name: '温暖' }))
    expect(onValueChange).toHaveBeenLastCalledWith([])
  })

  it('stops at max until a tag is released', () => {
    const onValueChange = vi.fn()
    render(
      <TagPicker
        label="情绪"
        options={options}
        value={['warm', 'healing']}
        onValueChange={onValueChange}
        multiple
        max={2}
      />,
    )
    const sad = screen.getByRole('button', { name: '伤感' })
    expect(sad.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(sad)
    expect(onValueChange).not.toHaveBeenCalled()
    expect(screen.getByText('最多选择 2 个')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '治愈' }))
    expect(onValueChange).toHaveBeenLastCalledWith(['warm'])
  })
})
