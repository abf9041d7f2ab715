import { describe, expect, it } from 'vitest'
import { formatSize } from './format'

describe('formatSize', () => {
  it('reads kilobytes below a megabyte and megabytes with one decimal above', () => {
    expect(formatSize(0)).toBe('1 KB')
    expect(formatSize(300 * 1024)).toBe('300 KB')
    expect(formatSize(3.44 * 1024 * 1024)).toBe('3.4 MB')
    expect(formatSize(100 * 1024 * 1024)).toBe('100.0 MB')
  })

  it('says nothing about a size it cannot read', () => {
    expect(formatSize(Number.NaN)).toBe('')
    expect(formatSize(-1)).toBe('')
  })
})
