// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AiLabel } from './AiLabel'

afterEach(cleanup)

describe('AiLabel', () => {
  it('says AI生成 and explains itself in its title', () => {
    render(<AiLabel />)
    const label = screen.getByText('AI生成')
    expect(label.getAttribute('title')).toBe('该内容由人工智能生成')
    expect(label.getAttribute('data-size')).toBe('small')
  })

  it('takes a size and a class of its own', () => {
    render(<AiLabel size="medium" className="extra" />)
    const label = screen.getByTitle('该内容由人工智能生成')
    expect(label.getAttribute('data-size')).toBe('medium')
    expect(label.className).toContain('extra')
  })
})
