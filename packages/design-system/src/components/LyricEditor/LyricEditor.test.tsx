// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LyricEditor, type LyricEditorProps } from './LyricEditor'

afterEach(cleanup)

function StatefulEditor(props: Partial<LyricEditorProps> & { initial: string }) {
  const [value, setValue] = useState(props.initial)
  return (
    <LyricEditor label="歌词" maxLength={200} {...props} value={value} onValueChange={setValue} />
  )
}

describe('LyricEditor', () => {
  it('inserts a section tag on its own line at the cursor and keeps writing after it', () => {
    render(<StatefulEditor initial={'晚风吹过\n路灯亮了'} />)
    const textarea = screen.getByRole('textbox', { name: '歌词' }) as HTMLTextAreaElement
    textarea.focus()
    textarea.setSelectionRange(5, 5)
    fireEvent.click(screen.getByRole('button', { name: '插入副歌标记 [chorus]' }))
    expect(textarea.value).toBe('晚风吹过\n[chorus]\n路灯亮了')
    expect(textarea.selectionStart).toBe(14)
    expect(document.activeElement).toBe(textarea)
  })

  it('breaks the line when the cursor is inside it', () => {
    render(<StatefulEditor initial="晚风吹过" />)
    const textarea = screen.getByRole('textbox') as HTMLTextAreaElement
    textarea.setSelectionRange(2, 2)
    fireEvent.click(screen.getByRole('button', { name: /主歌/ }))
    expect(textarea.value).toBe('晚风\n[verse]\n吹过')
  })

  it('summarises the structure and counts characters', () => {
    render(<StatefulEditor initial={'一\n二\n[chorus]\n三\n四\n五'} maxLength={10} />)
    const structure = screen.getByRole('list', { name: '歌词结构' })
    expect(
      within(structure)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['主歌 · 2行', '副歌 · 3行'])
    expect(screen.getByText('18/10')).toBeTruthy()
    const textarea = screen.getByRole('textbox')
    expect(textarea.getAttribute('aria-invalid')).toBe('true')
    const counter = document.getElementById(textarea.getAttribute('aria-describedby') ?? '')
    expect(counter?.textContent).toBe('已输入 18 字，超出 8 字')
  })

  it('describes the field with its error', () => {
    render(
      <LyricEditor
        label="歌词"
        value="晚风"
        onValueChange={vi.fn()}
        maxLength={100}
        error="歌词不能包含尖括号"
      />,
    )
    const textarea = screen.getByRole('textbox', { name: '歌词' })
    expect(textarea.getAttribute('aria-invalid')).toBe('true')
    const describedBy = textarea.getAttribute('aria-describedby') ?? ''
    const texts = describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)
    expect(texts).toEqual(['已输入 2 字，最多 100 字', '歌词不能包含尖括号'])
  })

  it('moves between toolbar buttons with the arrow keys, one tab stop for the toolbar', () => {
    render(<StatefulEditor initial="" />)
    const toolbar = screen.getByRole('toolbar', { name: '插入段落标记' })
    const buttons = within(toolbar).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual([
      '前奏',
      '主歌',
      '导歌',
      '副歌',
      '桥段',
      '尾奏',
    ])
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1)
    buttons[0]?.focus()
    fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(buttons[5])
    fireEvent.keyDown(buttons[5] as HTMLElement, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(buttons[0])
  })
})
