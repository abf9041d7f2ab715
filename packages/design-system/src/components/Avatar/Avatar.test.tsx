// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Avatar, avatarInitial } from './Avatar'

afterEach(cleanup)

describe('avatarInitial', () => {
  it('takes the first character of Chinese and Latin names', () => {
    expect(avatarInitial('张三')).toBe('张')
    expect(avatarInitial('  alice')).toBe('A')
  })

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarInitial('𠮷野家')).toBe('𠮷')
  })

  it('is empty for an empty name', () => {
    expect(avatarInitial('   ')).toBe('')
  })
})

describe('Avatar', () => {
  it('shows the initial, labelled with the name, when there is no image', () => {
    render(<Avatar name="林晚" />)
    const fallback = screen.getByRole('img', { name: '林晚' })
    expect(fallback.textContent).toBe('林')
  })
})
