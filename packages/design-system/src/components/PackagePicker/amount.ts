import { moneyInput, twoDecimals } from '../../filters'

/**
 * The custom amount field's filter: the spec's money input (digits and one decimal point), then cut
 * to two decimals, because the provider charges whole fen.
 */
export function customAmountFilter(raw: string): string {
  return twoDecimals(moneyInput(raw))
}

/**
 * "12.3" → 1230 fen, read digit by digit so no floating-point rounding can make ¥0.29 into 28 fen.
 * Returns null when there is no amount yet ("" or "."). Extra decimals are cut, never rounded.
 */
export function parseYuanToFen(text: string): number | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match) return null
  const [, yuanDigits = '', fenDigits = ''] = match
  if (yuanDigits === '' && fenDigits === '') return null
  const yuan = yuanDigits === '' ? 0 : Number.parseInt(yuanDigits, 10)
  const fen = Number.parseInt(fenDigits.slice(0, 2).padEnd(2, '0'), 10)
  return yuan * 100 + fen
}

/** Points an amount buys at the given rate, rounded down: a partial point is never promised. */
export function pointsForFen(fen: number, pointsPerYuan: number): number {
  return Math.floor((fen * pointsPerYuan) / 100)
}

export const customAmountStatuses = ['empty', 'belowMin', 'aboveMax', 'valid'] as const
export type CustomAmountStatus = (typeof customAmountStatuses)[number]

/** Where a typed custom amount stands against the allowed range (inclusive, in yuan). */
export function checkCustomAmount(
  text: string,
  range: { minYuan: number; maxYuan: number },
): CustomAmountStatus {
  const fen = parseYuanToFen(text)
  if (fen === null) return 'empty'
  if (fen < Math.round(range.minYuan * 100)) return 'belowMin'
  if (fen > Math.round(range.maxYuan * 100)) return 'aboveMax'
  return 'valid'
}
