import { describe, expect, it } from 'vitest'
import { randomString } from './signing'

describe('randomString', () => {
  it('gives 16 alphanumeric characters by default', () => {
    for (let round = 0; round < 200; round += 1) expect(randomString()).toMatch(/^[A-Za-z0-9]{16}$/)
  })

  it('honours the length and does not repeat itself', () => {
    expect(randomString(5)).toHaveLength(5)
    const seen = new Set(Array.from({ length: 1000 }, () => randomString()))
    expect(seen.size).toBe(1000)
  })
})
