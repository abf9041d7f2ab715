import { describe, expect, it } from 'vitest'
import { boundRangeToEnd, parseRange } from './byteRange'

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

  it('serves a range repeated many times once', () => {
    expect(parseRange(`bytes=${'5-9,'.repeat(1000)}5-9`, size)).toEqual({
      kind: 'partial',
      range: { start: 5, end: 9 },
    })
  })

  it('serves overlapping ranges as the one range they make', () => {
    expect(parseRange('bytes=0-99,50-199', size)).toEqual({
      kind: 'partial',
      range: { start: 0, end: 199 },
    })
  })

  it.each([
    'bytes=1000-',
    'bytes=1000-1001',
    'bytes=500-100',
    'bytes=-0',
    'bytes=99999999999999999999-',
    'bytes=1000-,2000-',
  ])('%j is unsatisfiable', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' })
  })

  // RFC 9110 section 14.2: a server ignores a Range it cannot or will not use.
  it.each([
    'bytes=x',
    'bytes=abc-',
    'bytes=-',
    'bytes=',
    'bytes=1.5-2',
    'bytes=-1-2',
    'bytes=0x10-20',
    'bytes=1e3-',
    'bytes=0-99,',
    'bytes=,',
    'bytes=0-99,200-299',
    'bytes=0-0,2-2,4-4',
    'items=0-99',
    'items=99999-',
    'Bytes=0-99',
    'bytes 0-99',
    '0-99',
    '=0-99',
    'bytes==0-99',
    '',
    'bytes=\u00000-99',
    `bytes=${Array.from({ length: 1000 }, (_, index) => `${index * 2}-${index * 2}`).join(',')}`,
  ])('ignores %j: the whole file', (header) => {
    expect(parseRange(header, size)).toEqual({ kind: 'whole' })
  })

  it('has nothing to offer from an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' })
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' })
  })
})

describe('boundRangeToEnd', () => {
  const size = 1000

  it.each([
    ['bytes=0-', 0, 99],
    ['bytes=950-', 950, 999],
    ['bytes=200-999', 200, 299],
    ['bytes=-500', 500, 599],
  ])('answers %s, which runs to the end, with bytes %i to %i', (header, start, end) => {
    expect(boundRangeToEnd(parseRange(header, size), size, 100)).toEqual({
      kind: 'partial',
      range: { start, end },
    })
  })

  it.each(['bytes=0-499', 'bytes=200-998'])(
    'serves %s, which ends inside the file, as asked',
    (header) => {
      const asked = parseRange(header, size)
      expect(boundRangeToEnd(asked, size, 100)).toEqual(asked)
    },
  )

  it('leaves a request for the whole file and an unsatisfiable one alone', () => {
    expect(boundRangeToEnd({ kind: 'whole' }, size, 100)).toEqual({ kind: 'whole' })
    expect(boundRangeToEnd({ kind: 'unsatisfiable' }, size, 100)).toEqual({ kind: 'unsatisfiable' })
  })
})
