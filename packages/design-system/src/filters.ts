/**
 * Input filters of the spec (section 5). Each is a pure function from what the user typed or pasted
 * to what the field keeps, and each is idempotent: filtering a filtered value changes nothing.
 * TextField applies them on every change and keeps the caret where the user expects it.
 */

/** What a filter is: raw text in, accepted text out. */
export type InputFilter = (raw: string) => string

/**
 * Full-width digits and punctuation (０-９, ．, －) come from Chinese IMEs in full-width mode;
 * fold them to ASCII so they are kept instead of silently dropped.
 */
function foldFullWidth(raw: string): string {
  return raw.replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
}

/** Removes symbols, Chinese characters and whitespace; keeps letters and digits. */
export function stripSymbols(raw: string): string {
  return foldFullWidth(raw).replace(/\p{Script=Han}|[^\p{L}\p{Nd}]/gu, '')
}

/** Keeps the ASCII digits 0-9 only. */
export function digitsOnly(raw: string): string {
  return foldFullWidth(raw).replace(/[^0-9]/g, '')
}

/** Keeps digits and the first decimal point; a leading point becomes "0." and leading zeros go. */
export function moneyInput(raw: string): string {
  const kept = foldFullWidth(raw).replace(/[^0-9.]/g, '')
  const pointIndex = kept.indexOf('.')
  const integerDigits = pointIndex === -1 ? kept : kept.slice(0, pointIndex)
  const integerPart = integerDigits.replace(/^0+(?=\d)/, '')
  if (pointIndex === -1) return integerPart
  const fraction = kept.slice(pointIndex + 1).replace(/\./g, '')
  return `${integerPart === '' ? '0' : integerPart}.${fraction}`
}

/** Like `moneyInput`, but a single minus sign is allowed as the first character. */
export function signedMoneyInput(raw: string): string {
  const folded = foldFullWidth(raw).trimStart()
  const negative = folded.startsWith('-')
  const unsigned = moneyInput(negative ? folded.slice(1) : folded)
  return negative ? `-${unsigned}` : unsigned
}

/** Like `moneyInput`, with anything after the second decimal digit cut off (never rounded). */
export function twoDecimals(raw: string): string {
  const money = moneyInput(raw)
  const pointIndex = money.indexOf('.')
  return pointIndex === -1 ? money : money.slice(0, pointIndex + 3)
}

/**
 * Digits of a mainland mobile number. Besides `digitsOnly` it drops a pasted country code
 * ("+86 138 0013 8000", "0086...", "86-138...") which would otherwise push the last digits past the
 * 11-digit limit; the field shows "+86" as its own prefix.
 */
export function mainlandPhoneInput(raw: string): string {
  const digits = digitsOnly(raw)
  const hasCountryCode = /^\s*(\+|00)?\s*86[\s-]*1/.test(foldFullWidth(raw))
  if (hasCountryCode && digits.length > 11) return digits.replace(/^(00)?86/, '')
  return digits
}

/** The filters by name, so a field can take `filter="digitsOnly"` and stories can list them. */
export const inputFilters = {
  stripSymbols,
  digitsOnly,
  moneyInput,
  signedMoneyInput,
  twoDecimals,
  mainlandPhoneInput,
} as const satisfies Record<string, InputFilter>

export type InputFilterName = keyof typeof inputFilters
export const inputFilterNames = Object.keys(inputFilters) as InputFilterName[]

/**
 * Applies a filter to an edit and works out where the caret belongs afterwards: filtering the text
 * before the caret tells how many of those characters survive. That holds for filters that only
 * drop or fold characters, which all of the above do apart from the "0." they may prepend, which
 * the same reasoning covers because the prefix is filtered the same way.
 */
export function applyFilter(
  filter: InputFilter,
  raw: string,
  caret: number | null,
): { value: string; caret: number | null } {
  const value = filter(raw)
  if (caret === null) return { value, caret: null }
  const filteredPrefix = filter(raw.slice(0, caret))
  return { value, caret: Math.min(filteredPrefix.length, value.length) }
}
