import { describe, expect, it } from 'vitest'
import { creditCodeCheckCharacter, isValidCreditCode } from './creditCode'
import { isValidResidentId, residentIdCheckCharacter } from './idNumber'

// Computed here from the standards' own definitions rather than copied from the code under test.
const CREDIT_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
function creditCheckByStandard(first17: string): string {
  const sum = [...first17].reduce(
    (total, character, index) => total + CREDIT_CHARACTERS.indexOf(character) * 3 ** index,
    0,
  )
  return CREDIT_CHARACTERS[(31 - (sum % 31)) % 31] ?? ''
}
function residentCheckByStandard(first17: string): string {
  // GB 11643: weight 2^(17-i) mod 11, check value (12 - sum mod 11) mod 11, 10 written X.
  const sum = [...first17].reduce(
    (total, digit, index) => total + Number(digit) * (2 ** (17 - index) % 11),
    0,
  )
  const check = (12 - (sum % 11)) % 11
  return check === 10 ? 'X' : String(check)
}

function wrongCheck(code: string, alphabet: string): string {
  const last = code.at(-1) ?? ''
  const other = [...alphabet].find((character) => character !== last) ?? '0'
  return code.slice(0, -1) + other
}

describe('unified social credit code (GB 32100)', () => {
  // Enterprise codes (9: registered by market regulation, 1: enterprise) of real format.
  const bodies = [
    '91110000802100433',
    '91440300708461136',
    '91330106MA27XF6Q0',
    '12100000400000624',
  ]

  it('accepts codes whose check character follows the standard', () => {
    for (const body of bodies) {
      const check = creditCheckByStandard(body)
      expect(creditCodeCheckCharacter(body)).toBe(check)
      expect(isValidCreditCode(body + check)).toBe(true)
      expect(isValidCreditCode((body + check).toLowerCase())).toBe(true)
    }
  })

  it('refuses a wrong check character, forbidden letters, a letter region and wrong lengths', () => {
    for (const body of bodies) {
      const code = body + creditCheckByStandard(body)
      expect(isValidCreditCode(wrongCheck(code, CREDIT_CHARACTERS))).toBe(false)
      expect(isValidCreditCode(code.slice(0, 17))).toBe(false)
      expect(isValidCreditCode(code + '0')).toBe(false)
    }
    expect(isValidCreditCode('9111000080210043IO')).toBe(false)
    const letterRegion = '91A10000802100433'
    expect(isValidCreditCode(letterRegion + creditCheckByStandard(letterRegion))).toBe(false)
    expect(isValidCreditCode('')).toBe(false)
  })
})

describe('resident ID number (GB 11643)', () => {
  const bodies = ['11010519491231002', '44030419900307301', '31011519851120402']

  it('agrees with the standard and refuses a wrong check digit', () => {
    for (const body of bodies) {
      const check = residentCheckByStandard(body)
      expect(residentIdCheckCharacter(body)).toBe(check)
      expect(isValidResidentId(body + check)).toBe(true)
      expect(isValidResidentId(wrongCheck(body + check, '0123456789X'))).toBe(false)
    }
  })
})
