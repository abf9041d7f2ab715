import { describe, expect, it } from 'vitest'
import { isValidResidentId, maskResidentId, residentIdCheckCharacter } from './idNumber'

// Numbers made up for the test; their check characters follow from GB 11643-1999.
const TODAY = new Date('2026-11-23T00:00:00Z')

describe('resident ID numbers (GB 11643-1999)', () => {
  it('computes the check character of the standard’s worked example', () => {
    // The standard's example: 11010519491231002 → X.
    expect(residentIdCheckCharacter('11010519491231002')).toBe('X')
    expect(isValidResidentId('11010519491231002X', TODAY)).toBe(true)
    expect(isValidResidentId('11010519491231002x', TODAY)).toBe(true)
  })

  it('accepts a number whose check digit is a digit', () => {
    const first17 = '44030419900307301'
    const full = first17 + residentIdCheckCharacter(first17)
    expect(isValidResidentId(full, TODAY)).toBe(true)
  })

  it('refuses every wrong check character', () => {
    const first17 = '44030419900307301'
    const right = residentIdCheckCharacter(first17)
    for (const candidate of '0123456789X') {
      expect(isValidResidentId(first17 + candidate, TODAY)).toBe(candidate === right)
    }
  })

  it.each([
    ['too short', '1101051949123100'],
    ['letters', '11010519491231A02X'],
    ['an unknown region', fixCheck('99010519491231002')],
    ['a birth date that does not exist', fixCheck('11010519490230002')],
    ['a birth date in the future', fixCheck('11010520301231002')],
    ['a birth date before 1900', fixCheck('11010518991231002')],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(isValidResidentId(value, TODAY)).toBe(false)
  })

  it('masks all but the region and the last four', () => {
    expect(maskResidentId('11010519491231002X')).toBe('110105********002X')
  })
})

function fixCheck(first17: string): string {
  return first17 + residentIdCheckCharacter(first17)
}
