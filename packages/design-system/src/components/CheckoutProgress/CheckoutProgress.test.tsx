// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CheckoutProgress, checkoutStepStates } from './CheckoutProgress'

afterEach(cleanup)

function stepStates() {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('data-state'))
}

describe('checkoutStepStates', () => {
  it('blames order creation when a failure comes before any order exists', () => {
    expect(checkoutStepStates('failed', false)).toEqual({
      create: 'failed',
      pay: 'upcoming',
      credit: 'upcoming',
    })
    expect(checkoutStepStates('failed', true).pay).toBe('failed')
  })
})

describe('CheckoutProgress', () => {
  it('announces changes politely and marks the current step', () => {
    render(<CheckoutProgress state="waiting" orderId="GY1" />)
    const region = screen.getByRole('region', { name: '支付进度' })
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(stepStates()).toEqual(['complete', 'current', 'upcoming'])
    const current = screen.getAllByRole('listitem').find((item) => item.ariaCurrent === 'step')
    expect(current?.textContent).toContain('等待支付')
  })

  it('puts the spinner on the step in progress', () => {
    const { container } = render(<CheckoutProgress state="creating" />)
    expect(stepStates()).toEqual(['current', 'upcoming', 'upcoming'])
    const [createStep] = screen.getAllByRole('listitem')
    // A spinner, not the check or cross icons of finished steps.
    expect(createStep?.querySelector('span[aria-hidden="true"]')).not.toBeNull()
    expect(createStep?.querySelector('svg')).toBeNull()
    expect(container.textContent).toContain('正在创建订单')
  })

  it('offers to reopen the checkout while waiting', () => {
    const onOpenCheckout = vi.fn()
    render(<CheckoutProgress state="waiting" orderId="GY1" onOpenCheckout={onOpenCheckout} />)
    fireEvent.click(screen.getByRole('button', { name: '重新打开支付页面' }))
    expect(onOpenCheckout).toHaveBeenCalledTimes(1)
  })

  it('shows the points gained and the new balance on success', () => {
    const onClose = vi.fn()
    render(
      <CheckoutProgress
        state="paid"
        orderId="GY1"
        amountFen={10000}
        points={1080}
        newBalance={13940}
        onClose={onClose}
        onRetry={vi.fn()}
      />,
    )
    expect(stepStates()).toEqual(['complete', 'complete', 'complete'])
    expect(screen.getByText('充值成功')).toBeTruthy()
    expect(screen.getByText('+1,080 积分')).toBeTruthy()
    expect(screen.getByText('13,940')).toBeTruthy()
    expect(screen.getByText('¥100')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '完成' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('shows the message and a retry button on failure', () => {
    const onRetry = vi.fn()
    render(
      <CheckoutProgress
        state="failed"
        orderId="GY1"
        message="支付渠道繁忙，请稍后重试"
        onRetry={onRetry}
      />,
    )
    expect(stepStates()).toEqual(['complete', 'failed', 'upcoming'])
    expect(screen.getByText('支付渠道繁忙，请稍后重试')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '重试' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('explains an expired order with its default text', () => {
    render(<CheckoutProgress state="expired" orderId="GY1" onRetry={vi.fn()} />)
    expect(screen.getByText('订单已过期')).toBeTruthy()
    expect(screen.getByText('订单超时未支付，已自动关闭，请重新下单。')).toBeTruthy()
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy()
  })

  it.each([
    ['cancelled', '已取消支付', '重新支付'],
    ['closed', '订单已关闭', '重新下单'],
  ] as const)('tells a %s checkout calmly, without 支付失败 or red', (state, title, retry) => {
    const onRetry = vi.fn()
    const { container } = render(<CheckoutProgress state={state} orderId="GY1" onRetry={onRetry} />)
    expect(screen.getByText(title)).toBeTruthy()
    expect(container.textContent).not.toContain('支付失败')
    expect(stepStates()).not.toContain('failed')
    expect(container.querySelector('[data-state="failed"]')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: retry }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
