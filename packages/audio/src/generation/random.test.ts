import { describe, expect, it } from 'vitest'
import { createRandom, hashString, normalizeSeed } from './random'

describe('createRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    const first = createRandom(1234)
    const second = createRandom(1234)
    const drawsA = Array.from({ length: 50 }, () => first.next())
    const drawsB = Array.from({ length: 50 }, () => second.next())
    expect(drawsA).toEqual(drawsB)
  })

  it('gives different sequences for neighbouring seeds', () => {
    const first = Array.from({ length: 10 }, createRandom(1).next)
    const second = Array.from({ length: 10 }, createRandom(2).next)
    expect(first).not.toEqual(second)
  })

  it('stays within its ranges and covers them', () => {
    const random = createRandom(99)
    const seen = new Set<number>()
    for (let draw = 0; draw < 2000; draw++) {
      const value = random.int(3, 7)
      expect(value).toBeGreaterThanOrEqual(3)
      expect(value).toBeLessThanOrEqual(7)
      seen.add(value)
      const unit = random.next()
      expect(unit).toBeGreaterThanOrEqual(0)
      expect(unit).toBeLessThan(1)
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7])
  })

  it('forks streams that do not depend on how much the parent drew', () => {
    const untouched = createRandom(5)
    const busy = createRandom(5)
    for (let draw = 0; draw < 10; draw++) busy.next()
    expect(untouched.fork('drums').next()).toBe(busy.fork('drums').next())
    expect(untouched.fork('drums').next()).not.toBe(untouched.fork('bass').next())
  })

  it('weights choices', () => {
    const random = createRandom(7)
    let heavy = 0
    for (let draw = 0; draw < 1000; draw++) {
      if (
        random.weighted([
          ['heavy', 9],
          ['light', 1],
        ] as const) === 'heavy'
      )
        heavy++
    }
    expect(heavy).toBeGreaterThan(850)
    expect(heavy).toBeLessThan(950)
  })
})

describe('seeds', () => {
  it('folds any number into an unsigned 32-bit seed', () => {
    expect(normalizeSeed(-5)).toBe(5)
    expect(normalizeSeed(2 ** 32 + 3)).toBe(3)
    expect(normalizeSeed(Number.NaN)).toBe(0)
    expect(normalizeSeed(1.9)).toBe(1)
  })

  it('hashes text stably', () => {
    expect(hashString('夏天')).toBe(hashString('夏天'))
    expect(hashString('夏天')).not.toBe(hashString('夏夜'))
  })
})
