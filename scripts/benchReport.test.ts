import { describe, expect, it } from 'vitest'
import {
  type BenchReport,
  describeChange,
  leadingFigure,
  nextReport,
  reportTables,
} from './benchReport'
import type { BenchRow } from './bench-types'

const row = (overrides: Partial<BenchRow>): BenchRow => ({
  area: 'store',
  budget: 'list p95',
  target: '< 50 ms',
  measured: '40 ms',
  pass: true,
  ...overrides,
})

describe('leadingFigure', () => {
  it('reads the first number and its unit', () => {
    expect(leadingFigure('113 ms on a quiet machine (median 12.1)')).toEqual({
      value: 113,
      unit: 'ms',
    })
    expect(leadingFigure('156.8 KB: the shared core')).toEqual({ value: 156.8, unit: 'KB' })
    expect(leadingFigure('+6.8 dB (light +8.1)')).toEqual({ value: 6.8, unit: 'dB' })
    expect(leadingFigure('1,000 refused')).toEqual({ value: 1000, unit: 'refused' })
    expect(leadingFigure('30.3× with one other process')).toEqual({ value: 30.3, unit: '×' })
    expect(leadingFigure('no figure')).toBeUndefined()
  })
})

describe('describeChange', () => {
  it('says new, same, and the signed difference with the old value', () => {
    expect(describeChange(undefined, row({}))).toBe('new')
    expect(describeChange(row({}), row({}))).toBe('same')
    expect(describeChange(row({ measured: '113 ms' }), row({ measured: '38.5 ms' }))).toBe(
      '−74.5 ms (was 113 ms)',
    )
    expect(describeChange(row({ measured: '100 ms' }), row({ measured: '200 ms' }))).toBe(
      '+100 ms (was 100 ms)',
    )
  })

  it('puts a change of the pass mark first', () => {
    expect(
      describeChange(
        row({ measured: '40 ms', pass: true }),
        row({ measured: '60 ms', pass: false }),
      ),
    ).toBe('REGRESSED to failing; +20 ms (was 40 ms)')
    expect(describeChange(row({ measured: '60 ms', pass: false }), row({}))).toBe(
      'now passes; −20 ms (was 60 ms)',
    )
  })

  it('quotes the old text when the units differ', () => {
    expect(describeChange(row({ measured: '40 ms' }), row({ measured: '2 s' }))).toBe('was “40 ms”')
  })
})

describe('nextReport', () => {
  const previous: BenchReport = {
    generatedAt: '2026-11-25T10:00:00.000Z',
    rows: [
      { ...row({ measured: '90 ms', pass: false }), measuredAt: '2026-11-25T10:00:00.000Z' },
      {
        ...row({ area: 'votes', budget: 'total', target: '500', measured: '500' }),
        measuredAt: '2026-11-25T10:00:00.000Z',
      },
      {
        ...row({ budget: 'a budget that no longer exists' }),
        measuredAt: '2026-11-25T10:00:00.000Z',
      },
    ],
    references: [],
  }

  it('replaces measured areas, carries the others with their date, and drops vanished rows', () => {
    const now = new Date('2026-11-26T10:00:00.000Z')
    const { report, compared } = nextReport(previous, [row({ measured: '30 ms' })], ['store'], now)
    expect(compared.map((entry) => [entry.area, entry.change, entry.carried])).toEqual([
      ['store', 'now passes; −60 ms (was 90 ms)', false],
      ['votes', 'not measured in this run (last 2026-11-25)', true],
    ])
    expect(report.rows).toHaveLength(2)
    expect(report.rows[0]).toMatchObject({ measured: '30 ms', measuredAt: now.toISOString() })
    expect(report.rows[1]).toMatchObject({ area: 'votes', measuredAt: '2026-11-25T10:00:00.000Z' })
    expect(report.rows[0]).not.toHaveProperty('change')
  })

  it('prints one table per area with the change column, escaping pipes', () => {
    const { report, compared } = nextReport(
      undefined,
      [row({ measured: 'a | b' }), row({ area: 'web', budget: 'JS' })],
      ['store', 'web'],
      new Date('2026-11-26T10:00:00.000Z'),
    )
    const text = reportTables(compared, report.references)
    expect(text).toContain('### store')
    expect(text).toContain('### web')
    expect(text).toContain('| list p95 | < 50 ms | a \\| b | ✅ | new |')
  })
})
