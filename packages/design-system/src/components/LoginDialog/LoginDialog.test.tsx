// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LinkItem } from '../../links'
import { LoginDialog, type LoginDialogProps } from './LoginDialog'

afterEach(cleanup)

const renderLink = (item: LinkItem, children: ReactNode) => <a href={item.href}>{children}</a>

function loginForm(): HTMLFormElement {
  const form = screen.getByLabelText('验证码').closest('form')
  if (!form) throw new Error('the login form is missing')
  return form
}

/** The dialog with its values held in state, as the login machine would hold them. */
function StatefulLoginDialog(props: Partial<LoginDialogProps>) {
  const [phone, setPhone] = useState('')
  const [smsCode, setSmsCode] = useState('')
  return (
    <LoginDialog
      open
      onOpenChange={vi.fn()}
      phone={phone}
      onPhoneChange={setPhone}
      smsCode={smsCode}
      onSmsCodeChange={setSmsCode}
      onSendSms={vi.fn()}
      onSubmit={vi.fn()}
      renderLink={renderLink}
      userAgreementHref="/gyServe"
      privacyPolicyHref="/gyPrivacy"
      {...props}
    />
  )
}

describe('LoginDialog', () => {
  it('sends the focus on to the fallback when the button it went back to is replaced', async () => {
    const menu = () => document.querySelector<HTMLElement>('header [aria-haspopup="menu"]')
    function Page({ open, loggedIn }: { open: boolean; loggedIn: boolean }) {
      return (
        <>
          <header>
            {loggedIn ? (
              <button key="menu" aria-haspopup="menu">
                我的
              </button>
            ) : (
              <button key="login">登录</button>
            )}
          </header>
          <StatefulLoginDialog open={open} returnFocusFallback={menu} />
        </>
      )
    }
    const { rerender } = render(<Page open={false} loggedIn={false} />)
    screen.getByRole('button', { name: '登录' }).focus()
    rerender(<Page open loggedIn={false} />)
    rerender(<Page open={false} loggedIn={false} />)
    await waitFor(() => expect(document.activeElement?.textContent).toBe('登录'))
    // The header swaps its button for the user's menu only when the user's details arrive.
    rerender(<Page open={false} loggedIn />)
    await waitFor(() => expect(document.activeElement).toBe(menu()))
  })

  it('keeps the phone to 11 digits and the code to 6 digits', () => {
    render(<StatefulLoginDialog />)
    const phone = screen.getByLabelText('手机号码') as HTMLInputElement
    const code = screen.getByLabelText('验证码') as HTMLInputElement
    fireEvent.change(phone, { target: { value: '+86 138-0013-8000 99' } })
    fireEvent.change(code, { target: { value: '12a34567' } })
    expect(phone.value).toBe('13800138000')
    expect(code.value).toBe('123456')
  })

  it('tells each field its own error, under the field', () => {
    render(<StatefulLoginDialog phoneError="请输入手机号码" smsCodeError="验证码不能为空" />)
    const phone = screen.getByLabelText('手机号码')
    const code = screen.getByLabelText('验证码')
    expect(phone.getAttribute('aria-invalid')).toBe('true')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    const describe = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent
    expect(describe(phone)).toBe('请输入手机号码')
    expect(describe(code)).toBe('验证码不能为空')
  })

  it('submits on Enter', () => {
    const onSubmit = vi.fn()
    render(<StatefulLoginDialog onSubmit={onSubmit} />)
    fireEvent.submit(loginForm())
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('does not submit again while submitting', () => {
    const onSubmit = vi.fn()
    render(<StatefulLoginDialog onSubmit={onSubmit} submitting />)
    fireEvent.submit(loginForm())
    fireEvent.click(screen.getByRole('button', { name: /登录/ }))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the SMS code with the label and state it is given', () => {
    const onSendSms = vi.fn()
    const { rerender } = render(<StatefulLoginDialog onSendSms={onSendSms} />)
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    expect(onSendSms).toHaveBeenCalledTimes(1)

    rerender(<StatefulLoginDialog onSendSms={onSendSms} smsLabel="重新发送(58)" smsDisabled />)
    const resend = screen.getByRole('button', { name: '重新发送(58)' }) as HTMLButtonElement
    expect(resend.disabled).toBe(true)
  })

  it('links the agreements through renderLink and shows the tagline', () => {
    render(<StatefulLoginDialog />)
    expect(screen.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe('/gyServe')
    expect(screen.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe(
      '/gyPrivacy',
    )
    expect(screen.getByRole('dialog').textContent).toContain('让价值回归音乐人')
  })
})
