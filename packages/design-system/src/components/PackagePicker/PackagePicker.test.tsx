// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkCustomAmount, customAmountFilter, parseYuanToFen, pointsForFen } from './amount'
import { PackagePicker, type PackagePickerProps, type PointsPackage } from './PackagePicker'

afterEach(cleanup)

const packages: PointsPackage[] = [
  { id: 'p10', points: 100, priceFen: 1000 },
  { id: 'p100', points: 1080, priceFen: 10000, badge: '推荐' },
  { id: 'p199', points: 2200, priceFen: 19990 },
]

const baseProps: PackagePickerProps = {
  packages,
  value: 'p10',
  onValueChange: () => {},
  customAmount: '',
  onCustomAmountChange: () => {},
  pointsPerYuan: 10,
  minYuan: 1,
  maxYuan: 5000,
}

/** Holds value and amount the way the page will, and reports every change. */
function Harness(props: Partial<PackagePickerProps>) {
  const [value, setValue] = useState(props.value ?? baseProps.value)
  const [customAmount, setCustomAmount] = useState(props.customAmount ?? '')
  return (
    <PackagePicker
      {...baseProps}
      {...props}
      value={value}
      onValueChange={(next) => {
        setValue(next)
        props.onValueChange?.(next)
      }}
      customAmount={customAmount}
      onCustomAmountChange={(next) => {
        setCustomAmount(next)
        props.onCustomAmountChange?.(next)
      }}
    />
  )
}

const setNativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set

function typeInto(input: HTMLInputElement, value: string) {
  if (!setNativeValue) throw new Error('jsdom has no value setter on HTMLInputElement')
  setNativeValue.call(input, value)
  input.setSelectionRange(value.length, value.length)
  fireEvent.input(input)
}

function customInput() {
  return screen.getByLabelText('自定义充值金额（元）') as HTMLInputElement
}

describe('amount helpers', () => {
  it('reads yuan text as integer fen without float rounding', () => {
    expect(parseYuanToFen('0.29')).toBe(29)
    expect(parseYuanToFen('12.3')).toBe(1230)
    expect(parseYuanToFen('12.')).toBe(1200)
    expect(parseYuanToFen('.5')).toBe(50)
    expect(parseYuanToFen('100')).toBe(10000)
    expect(parseYuanToFen('')).toBeNull()
    expect(parseYuanToFen('.')).toBeNull()
    expect(parseYuanToFen('1a')).toBeNull()
  })

  it('rounds points down so a fraction of a point is never promised', () => {
    expect(pointsForFen(1999, 10)).toBe(199)
    expect(pointsForFen(10000, 10)).toBe(1000)
    expect(pointsForFen(1, 10)).toBe(0)
  })

  it('filters money input first, then cuts to two decimals', () => {
    expect(customAmountFilter('０12.3.45元')).toBe('12.34')
    expect(customAmountFilter('.999')).toBe('0.99')
    expect(customAmountFilter('abc')).toBe('')
  })

  it('checks the range inclusively', () => {
    const range = { minYuan: 1, maxYuan: 5000 }
    expect(checkCustomAmount('', range)).toBe('empty')
    expect(checkCustomAmount('0.99', range)).toBe('belowMin')
    expect(checkCustomAmount('1', range)).toBe('valid')
    expect(checkCustomAmount('5000', range)).toBe('valid')
    expect(checkCustomAmount('5000.01', range)).toBe('aboveMax')
  })
})

describe('PackagePicker', () => {
  it('shows each package as a radio with points and price, the chosen one checked', () => {
    render(<Harness />)
    const radios = screen.getAllByRole('radio')
    expect(radios).toHaveLength(4)
    expect(radios[0]?.textContent).toContain('100')
    expect(radios[0]?.textContent).toContain('¥10')
    expect(radios[2]?.textContent).toContain('¥199.90')
    expect(radios[1]?.textContent).toContain('推荐')
    expect(radios[0]?.getAttribute('aria-checked')).toBe('true')
    expect(radios[3]?.textContent).toContain('自定义金额')
    expect(screen.getByRole('radio', { name: '1,080 积分 ¥100 推荐' })).toBe(radios[1])
  })

  it('picks a package on click', () => {
    const onValueChange = vi.fn()
    render(<Harness onValueChange={onValueChange} />)
    const [, second] = screen.getAllByRole('radio')
    if (!second) throw new Error('missing radio')
    fireEvent.click(second)
    expect(onValueChange).toHaveBeenLastCalledWith('p100')
    expect(second.getAttribute('aria-checked')).toBe('true')
  })

  it('moves the choice with the arrow keys', async () => {
    const onValueChange = vi.fn()
    render(<Harness onValueChange={onValueChange} />)
    const [first] = screen.getAllByRole('radio')
    if (!first) throw new Error('missing radio')
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    await waitFor(() => expect(onValueChange).toHaveBeenLastCalledWith('p100'))
    expect(document.activeElement?.textContent).toContain('1,080')
  })

  it('keeps the chosen package when the focus only passes through the custom field', () => {
    const onValueChange = vi.fn()
    render(<Harness onValueChange={onValueChange} />)
    customInput().focus()
    customInput().blur()
    expect(onValueChange).not.toHaveBeenCalled()
    expect(screen.getAllByRole('radio')[0]?.getAttribute('aria-checked')).toBe('true')
  })

  it('selects the custom card when an amount is typed or its field is clicked', () => {
    const onValueChange = vi.fn()
    const { unmount } = render(<Harness onValueChange={onValueChange} />)
    customInput().focus()
    typeInto(customInput(), '12')
    expect(onValueChange).toHaveBeenLastCalledWith('custom')
    unmount()
    onValueChange.mockClear()
    render(<Harness onValueChange={onValueChange} />)
    fireEvent.click(customInput())
    expect(onValueChange).toHaveBeenLastCalledWith('custom')
    expect(document.activeElement).toBe(customInput())
  })

  it('selects the custom amount and focuses its field from anywhere on its card', () => {
    const onValueChange = vi.fn()
    render(<Harness onValueChange={onValueChange} />)
    fireEvent.click(screen.getByText('输入金额后显示可获得的积分'))
    expect(onValueChange).toHaveBeenLastCalledWith('custom')
    expect(document.activeElement).toBe(customInput())
  })

  it('filters the custom amount and previews the points it buys', () => {
    const onCustomAmountChange = vi.fn()
    render(<Harness value="custom" onCustomAmountChange={onCustomAmountChange} />)
    typeInto(customInput(), '66.666元')
    expect(onCustomAmountChange).toHaveBeenLastCalledWith('66.66')
    expect(customInput().value).toBe('66.66')
    expect(screen.getByText('666').closest('p')?.textContent).toBe('可获得 666 积分')
  })

  it('explains the range when the custom amount is outside it', () => {
    render(<Harness value="custom" />)
    typeInto(customInput(), '0.5')
    expect(customInput().getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('充值金额需在 1–5,000 元之间')).toBeTruthy()
    expect(screen.queryByText(/可获得/)).toBeNull()
    typeInto(customInput(), '5001')
    expect(screen.getByText('充值金额需在 1–5,000 元之间')).toBeTruthy()
    typeInto(customInput(), '5000')
    expect(customInput().getAttribute('aria-invalid')).toBeNull()
  })

  it('shows an outer error instead of the range error', () => {
    render(<Harness value="custom" error="请输入充值金额" />)
    expect(screen.getByText('请输入充值金额')).toBeTruthy()
  })

  it('does not flag a custom amount while a package is chosen', () => {
    render(<Harness value="p10" customAmount="0.5" />)
    expect(customInput().getAttribute('aria-invalid')).toBeNull()
  })
})
