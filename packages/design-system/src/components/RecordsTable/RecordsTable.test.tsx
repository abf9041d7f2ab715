// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { formatShanghaiDateTime } from '../../chinaFormat'
import { RecordsTable, type PointsRecord } from './RecordsTable'

afterEach(cleanup)

const records: PointsRecord[] = [
  {
    id: 'a',
    kind: 'topup',
    title: '充值 1,000 积分',
    // 16:05 UTC on new year's eve is already the next year in Beijing.
    time: '2024-12-31T16:05:00Z',
    amount: 1000,
    balanceAfter: 12345,
  },
  {
    id: 'b',
    kind: 'spend',
    title: 'AI 作曲',
    time: '2025-01-02T08:30:00+08:00',
    amount: -200,
    balanceAfter: 12145,
  },
  {
    id: 'c',
    kind: 'refund',
    title: '失败退回',
    time: 'not a time',
    amount: 200,
    balanceAfter: 12345,
  },
]

describe('formatShanghaiDateTime', () => {
  it('formats in Beijing time as YYYY-MM-DD HH:mm, whatever the offset given', () => {
    expect(formatShanghaiDateTime('2024-12-31T16:05:00Z')).toBe('2025-01-01 00:05')
    expect(formatShanghaiDateTime('2025-01-02T08:30:00+08:00')).toBe('2025-01-02 08:30')
    expect(formatShanghaiDateTime('2025-07-01T23:59:59-04:00')).toBe('2025-07-02 11:59')
  })

  it('gives null for text that is not a time', () => {
    expect(formatShanghaiDateTime('not a time')).toBeNull()
  })
})

describe('RecordsTable', () => {
  it('is a table named by a caption, with one row per record', () => {
    render(<RecordsTable records={records} />)
    const table = screen.getByRole('table', { name: '积分明细' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(['时间', '类型', '明细', '积分变动', '余额'])
    expect(within(table).getAllByRole('row')).toHaveLength(records.length + 1)
  })

  it('formats time, kind, signed amount and balance in each row', () => {
    render(<RecordsTable records={records} />)
    const [, topUp, spend, refund] = screen.getAllByRole('row')
    if (!topUp || !spend || !refund) throw new Error('missing rows')
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    // The balance cell carries its own 余额 label for phones, where the header row is hidden.
    expect(cells(topUp)).toEqual([
      '2025-01-01 00:05',
      '充值',
      '充值 1,000 积分',
      '+1,000',
      '余额12,345',
    ])
    expect(cells(spend)).toEqual(['2025-01-02 08:30', '消费', 'AI 作曲', '-200', '余额12,145'])
    expect(cells(refund)).toEqual(['—', '退款', '失败退回', '+200', '余额12,345'])
    expect(topUp.querySelector('time')?.getAttribute('dateTime')).toBe('2024-12-31T16:05:00Z')
  })

  it('colours gains apart from spending', () => {
    render(<RecordsTable records={records} />)
    const gain = screen.getByText('+1,000')
    const loss = screen.getByText('-200')
    expect(gain.getAttribute('data-direction')).toBe('gain')
    expect(loss.getAttribute('data-direction')).toBe('loss')
    expect(gain.className).not.toBe(loss.className)
  })

  it('shows the empty state when there are no records', () => {
    render(<RecordsTable records={[]} />)
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('暂无积分记录')).toBeTruthy()
  })

  it('takes its own empty text', () => {
    render(<RecordsTable records={[]} emptyText="暂无退款记录" />)
    expect(screen.getByText('暂无退款记录')).toBeTruthy()
  })

  it('shows busy placeholder rows while loading instead of the empty state', () => {
    render(<RecordsTable records={[]} loading loadingRows={3} />)
    const table = screen.getByRole('table')
    expect(table.getAttribute('aria-busy')).toBe('true')
    expect(table.querySelectorAll('tbody tr')).toHaveLength(3)
    expect(screen.queryByText('暂无积分记录')).toBeNull()
  })
})
