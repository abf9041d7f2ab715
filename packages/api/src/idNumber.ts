/**
 * Mainland resident ID numbers (GB 11643-1999): 17 digits and a check character. The browser
 * checks them as the user types and the server checks them again with the same function.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const
const CHECK_CHARACTERS = '10X98765432'
// Province codes of GB/T 2260 (the first two digits), Hong Kong, Macao and Taiwan included.
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52,
  53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
])

/** The check character the first 17 digits call for. */
export function residentIdCheckCharacter(first17: string): string {
  let sum = 0
  for (let index = 0; index < 17; index++) sum += Number(first17[index]) * (WEIGHTS[index] ?? 0)
  return CHECK_CHARACTERS[sum % 11] ?? ''
}

function isPlausibleBirthDate(digits: string, today: Date): boolean {
  const year = Number(digits.slice(0, 4))
  const month = Number(digits.slice(4, 6))
  const day = Number(digits.slice(6, 8))
  const date = new Date(Date.UTC(year, month - 1, day))
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return real && year >= 1900 && date.getTime() <= today.getTime()
}

/** Whether `value` is a well-formed resident ID: region, real birth date, right check character. */
export function isValidResidentId(value: string, today: Date = new Date()): boolean {
  const normalised = value.trim().toUpperCase()
  if (!/^\d{17}[\dX]$/.test(normalised)) return false
  if (!PROVINCES.has(Number(normalised.slice(0, 2)))) return false
  if (!isPlausibleBirthDate(normalised.slice(6, 14), today)) return false
  return residentIdCheckCharacter(normalised.slice(0, 17)) === normalised[17]
}

/** 110105199001011234 → 110105********1234: enough to recognise, not enough to use. */
export function maskResidentId(value: string): string {
  const normalised = value.trim().toUpperCase()
  return `${normalised.slice(0, 6)}${'*'.repeat(Math.max(0, normalised.length - 10))}${normalised.slice(-4)}`
}
