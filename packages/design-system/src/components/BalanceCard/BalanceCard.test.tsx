// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BalanceCard } from './BalanceCard'

afterEach(cleanup)

describe('BalanceCard', () => {
  it('shows the balance grouped in thousands with its unit and rate', () => {
    render(<BalanceCard points={1234567} rateText="1 元 = 10 积分" />)
    const region = screen.getByRole('region', { name: '积分余额' })
    expect(region.textContent).toContain('1,234,567')
    expect(region.textContent).toContain('积分')
    expect(screen.getByText('1 元 = 10 积分')).toBeTruthy()
  })

  it('hides the number while loading and says so to screen readers', () => {
    render(<BalanceCard points={500} loading />)
    const region = screen.getByRole('region', { name: '积分余额' })
    expect(region.textContent).not.toContain('500')
    expect(region.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByText('积分余额加载中')).toBeTruthy()
  })
})
