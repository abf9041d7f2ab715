/**
 * Unified social credit codes of organisations (统一社会信用代码, GB 32100-2015): 17 characters
 * and a check character, from 31 characters (digits and capitals without I, O, S, V, Z). The
 * browser checks them as the user types and the server checks them again with the same function.
 */

const CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUWXY'
// 3^i mod 31 for the 17 positions, as the standard tabulates them.
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const

/** The check character the first 17 characters call for, or '' when one is not allowed. */
export function creditCodeCheckCharacter(first17: string): string {
  let sum = 0
  for (let index = 0; index < 17; index++) {
    const value = CHARACTERS.indexOf(first17[index] ?? '')
    if (value < 0) return ''
    sum += value * (WEIGHTS[index] ?? 0)
  }
  return CHARACTERS[(31 - (sum % 31)) % 31] ?? ''
}

/**
 * Whether `value` is a well-formed credit code: the allowed characters, a six-digit
 * administrative region in positions 3 to 8, and the right check character.
 */
export function isValidCreditCode(value: string): boolean {
  const normalised = value.trim().toUpperCase()
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(normalised)) return false
  if (!/^\d{6}$/.test(normalised.slice(2, 8))) return false
  return creditCodeCheckCharacter(normalised.slice(0, 17)) === normalised[17]
}
