// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { encode } from 'uqr'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QrCheckout, formatCountdown, type QrCheckoutProps } from './QrCheckout'
import { qrModulesPath } from './QrCode'

afterEach(cleanup)

const CODE_URL = 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz'

function renderQr(props: Partial<QrCheckoutProps> = {}) {
  return render(
    <QrCheckout
      state="waiting"
      codeUrl={CODE_URL}
      amountFen={3000}
      points={300}
      remainingSeconds={1799}
      {...props}
    />,
  )
}

describe('formatCountdown', () => {
  it.each([
    [1799, '29:59'],
    [60, '01:00'],
    [9, '00:09'],
    [0, '00:00'],
    [-3, '00:00'],
    [3600, '1:00:00'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text)
  })
})

describe('qrModulesPath', () => {
  it('draws one run per stretch of dark modules', () => {
    expect(
      qrModulesPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z')
  })
})

describe('QrCheckout', () => {
  it('draws the code of the URL as SVG elements, with the amount, countdown and hint', () => {
    const { container } = renderQr()
    const code = screen.getByRole('img', { name: '支付二维码' })
    expect(code.tagName.toLowerCase()).toBe('svg')
    // The drawn modules are the encoding of this very URL.
    const expected = qrModulesPath(encode(CODE_URL, { ecc: 'M', border: 2 }).data)
    expect(code.querySelector('path')?.getAttribute('d')).toBe(expected)
    expect(container.querySelector('img, canvas')).toBeNull()
    expect(screen.getByText('¥30')).toBeTruthy()
    expect(screen.getByText('300 积分')).toBeTruthy()
    expect(screen.getByRole('timer').textContent).toBe('29:59')
    expect(screen.getByText('用微信扫码支付')).toBeTruthy()
  })

  it('follows the countdown it is given', () => {
    const { rerender } = renderQr({ remainingSeconds: 61 })
    expect(screen.getByRole('timer').textContent).toBe('01:01')
    rerender(
      <QrCheckout
        state="waiting"
        codeUrl={CODE_URL}
        amountFen={3000}
        points={300}
        remainingSeconds={60}
      />,
    )
    expect(screen.getByRole('timer').textContent).toBe('01:00')
  })

  it('offers 取消支付 while waiting', () => {
    const onCancel = vi.fn()
    renderQr({ onCancel, onRetry: vi.fn() })
    expect(screen.queryByRole('button', { name: '重新下单' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '取消支付' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('greys out an expired code, says so and offers a new order', () => {
    const onRetry = vi.fn()
    const { container } = renderQr({ state: 'expired', remainingSeconds: 0, onRetry })
    expect(container.querySelector('[data-state="expired"]')).not.toBeNull()
    expect(screen.getByText('二维码已过期')).toBeTruthy()
    expect(screen.queryByRole('timer')).toBeNull()
    expect(screen.queryByRole('button', { name: '取消支付' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '重新下单' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('tells a cancellation calmly and a failure in the danger style', () => {
    const { container, unmount } = renderQr({ state: 'cancelled', onRetry: vi.fn() })
    expect(screen.getByText('已取消支付')).toBeTruthy()
    expect(container.textContent).not.toContain('支付失败')
    expect(screen.getByRole('button', { name: '重新支付' })).toBeTruthy()
    const calmClass = screen.getByText('已取消支付').className
    unmount()

    renderQr({ state: 'failed', message: '订单不存在', onRetry: vi.fn() })
    expect(screen.getByText('支付失败')).toBeTruthy()
    expect(screen.getByText('订单不存在')).toBeTruthy()
    expect(screen.getByText('支付失败').className).not.toBe(calmClass)
  })

  it('shows the points gained and the new balance once paid', () => {
    const onClose = vi.fn()
    renderQr({ state: 'paid', newBalance: 1300, onClose })
    expect(screen.getByText('充值成功')).toBeTruthy()
    expect(screen.getByText('+300 积分')).toBeTruthy()
    expect(screen.getByText('1,300')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '完成' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
