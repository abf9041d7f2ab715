import { describe, expect, it } from 'vitest'
import { parseRange } from './byteRange'

describe('parseRange', () => {
  const size = 1000

  it('serves the whole file without a Range header', () => {
    expect(parseRange(undefined, size)).toEqual({ kind: 'whole' })
  })

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 999],
    ['bytes=-500', 500, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=999-999', 999, 999],
    [' bytes=10-20 ', 10, 20],
  ])('%s is bytes %i to %i', (header, start, end) => {
    expect(parseRange(header, size)).toEqual({ kind: 'partial', range: { start, end } })
  })

  it.each([
    'bytes=1000-',
    'bytes=1000-1001',
    'bytes=500-100',
    'bytes=-0',
    'bytes=0-99,200-299',
    'bytes=abc-',
    'bytes=-',
    'bytes=',
    'bytes=1.5-2',
    'bytes=-1-2',
    'items=0-99',
    '0-99',
    'bytes=99999999999999999999-',
    '',
  ])('%j is unsatisfiable', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' })
  })

  it('has nothing to offer from an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' })
  })
})
