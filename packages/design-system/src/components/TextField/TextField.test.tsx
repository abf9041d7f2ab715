// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TextField, type TextFieldProps } from './TextField'

afterEach(cleanup)

/**
 * Types like a browser does: the new text and caret land in the DOM first, then the input event
 * fires. The native setter is needed because React watches the element's own `value` property.
 */
const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set

function typeInto(input: HTMLInputElement, value: string, caret = value.length) {
  if (!setNativeValue) throw new Error('jsdom has no value setter on HTMLInputElement')
  setNativeValue.call(input, value)
  input.setSelectionRange(caret, caret)
  fireEvent.input(input)
}

function ControlledField(props: Partial<TextFieldProps>) {
  const [value, setValue] = useState(props.defaultValue ?? '')
  return <TextField label="金额" {...props} value={value} onValueChange={setValue} />
}

describe('TextField', () => {
  it('reports filtered values through onValueChange', () => {
    const onValueChange = vi.fn()
    render(<TextField label="手机号码" filter="digitsOnly" onValueChange={onValueChange} />)
    typeInto(screen.getByLabelText('手机号码'), '13a8')
    expect(onValueChange).toHaveBeenLastCalledWith('138')
  })

  it('cuts to maxLength after filtering, so pasted spaces do not cost digits', () => {
    render(<ControlledField filter="digitsOnly" maxLength={11} />)
    const input = screen.getByLabelText('金额') as HTMLInputElement
    typeInto(input, '138 0013 8000 123')
    expect(input.value).toBe('13800138000')
  })

  it('keeps the caret where the user typed when junk is removed', () => {
    render(<ControlledField filter="digitsOnly" defaultValue="1234" />)
    const input = screen.getByLabelText('金额') as HTMLInputElement
    input.focus()
    // "x" typed between "12" and "34": the caret sits after it.
    typeInto(input, '12x34', 3)
    expect(input.value).toBe('1234')
    expect(input.selectionStart).toBe(2)
  })

  it('keeps the caret after a valid character inserted mid-value', () => {
    render(<ControlledField filter="twoDecimals" defaultValue="12.5" />)
    const input = screen.getByLabelText('金额') as HTMLInputElement
    input.focus()
    typeInto(input, '132.5', 2)
    expect(input.value).toBe('132.5')
    expect(input.selectionStart).toBe(2)
  })

  it('refuses junk without calling onValueChange', () => {
    const onValueChange = vi.fn()
    render(
      <TextField
        label="验证码"
        filter="digitsOnly"
        defaultValue="12"
        onValueChange={onValueChange}
      />,
    )
    const input = screen.getByLabelText('验证码') as HTMLInputElement
    typeInto(input, '12!')
    expect(input.value).toBe('12')
    expect(onValueChange).not.toHaveBeenCalled()
  })

  it('leaves an IME composition alone and filters when it ends', () => {
    const onValueChange = vi.fn()
    render(<TextField label="邀请码" filter="stripSymbols" onValueChange={onValueChange} />)
    const input = screen.getByLabelText('邀请码') as HTMLInputElement
    fireEvent.compositionStart(input)
    typeInto(input, 'ab yin')
    expect(input.value).toBe('ab yin')
    expect(onValueChange).not.toHaveBeenCalled()
    typeInto(input, 'ab音')
    fireEvent.compositionEnd(input)
    expect(input.value).toBe('ab')
    expect(onValueChange).toHaveBeenLastCalledWith('ab')
  })

  it('marks an error on the input and describes the input with it', () => {
    render(<TextField label="手机号码" error="请输入手机号码" />)
    const input = screen.getByLabelText('手机号码')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = input.getAttribute('aria-describedby')
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('请输入手机号码')
  })

  it('shows prefix and suffix around the input', () => {
    render(
      <TextField
        label="手机号码"
        prefix="+86"
        suffix={<button type="button">获取验证码</button>}
      />,
    )
    expect(screen.getByText('+86')).toBeTruthy()
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy()
  })

  it('passes its ref to the input', () => {
    let element: HTMLInputElement | null = null
    render(<TextField label="昵称" ref={(node) => void (element = node)} />)
    expect(element).toBe(screen.getByLabelText('昵称'))
  })
})
